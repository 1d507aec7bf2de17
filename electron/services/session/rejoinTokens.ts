/**
 * Session tokens for rejoining (issue 8): the token a host's ACCEPT gave this app, stored by the
 * host's "ip:port" in `rejoin-tokens.json` in the user data folder, so that after a crash or a
 * closed window the app can take its slot back (`net:join {rejoin: true}`). An entry lives for
 * one match: written on accept, removed on a normal leave, at the match's end, or when the host
 * no longer knows it. The file is untrusted input: a damaged file or entry is ignored (with a
 * notice for the file) and never stops the app; writes go through a temp file and a rename.
 * Beside the token goes the private key this app joined with (base64, 32 bytes): a rejoin must
 * prove it (electron/services/lockstep/secure), so the token alone, which crosses the wire, takes
 * no slot. A host's own player joined over a loopback and has none.
 * Invariant: at most one entry per address; tokens are non-zero uint32.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RejectReason } from '../../../core/lockstep';
import type { PeerEvent } from '../../../core/lockstep';

export const TOKENS_FILE = 'rejoin-tokens.json';
/** An entry older than this is from a match that cannot still run: ignored and dropped. */
export const TOKEN_MAX_AGE_MS = 12 * 3600 * 1000;
const MAX_ENTRIES = 32;

export interface StoredToken {
  readonly address: string;
  readonly token: number;
  /** ms since the epoch (Date.now) when it was stored. */
  readonly at: number;
  /** The session's private key, base64 of 32 bytes. */
  readonly key?: string;
}

const ADDRESS = /^(\d{1,3}\.){3}\d{1,3}:\d{1,5}$/;
/** base64 of 32 bytes. */
const KEY = /^[A-Za-z0-9+/]{43}=$/;

function entryOf(v: unknown): StoredToken | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const { address, token, at } = o;
  if (typeof address !== 'string' || !ADDRESS.test(address)) return null;
  if (typeof token !== 'number' || !Number.isInteger(token) || token <= 0 || token > 0xffffffff) return null;
  if (typeof at !== 'number' || !Number.isFinite(at)) return null;
  if (o['key'] === undefined) return { address, token, at };
  if (typeof o['key'] !== 'string' || !KEY.test(o['key'])) return null;
  return { address, token, at, key: o['key'] };
}

/** One session's stored token, kept under its host's address (`moveTo`: another peer hosts the match now). */
export interface SessionToken {
  set(token: number): void;
  remove(): void;
  moveTo(address: string): void;
}

/**
 * The stored token lives from the ACCEPT to the match's end (or until the host forgets it). It
 * follows the match to a new host (issue 13), and is no use once this app hosts it.
 */
export function followToken(t: SessionToken, e: PeerEvent, peer: { readonly sessionToken: number; readonly host: string }): void {
  if (e.t === 'accepted' && peer.sessionToken !== 0) t.set(peer.sessionToken);
  else if (e.t === 'hosting' && !e.me) t.moveTo(peer.host);
  else if (e.t === 'end' || e.t === 'kicked' || e.t === 'hosting' || (e.t === 'rejected' && e.reason === RejectReason.UnknownToken)) t.remove();
}

export class TokenStore {
  private entries: StoredToken[] | null = null;
  /** Why the file was ignored (shown once), or null. */
  notice: string | null = null;

  constructor(
    private readonly dir: string,
    private readonly clock: () => number = Date.now,
  ) {}

  get file(): string {
    return path.join(this.dir, TOKENS_FILE);
  }

  /** The live token for `address` ("ip:port"), if one is stored. */
  get(address: string): number | null {
    return this.load().find((e) => e.address === address)?.token ?? null;
  }

  /** The private key stored with `address`'s token, if any. */
  key(address: string): Uint8Array | null {
    const key = this.load().find((e) => e.address === address)?.key;
    return key === undefined ? null : Uint8Array.from(Buffer.from(key, 'base64'));
  }

  set(address: string, token: number, key?: Uint8Array | null): void {
    const rest = this.load().filter((e) => e.address !== address);
    const entry: StoredToken = { address, token: token >>> 0, at: this.clock(), ...(key && key.length === 32 ? { key: Buffer.from(key).toString('base64') } : {}) };
    this.save([...rest.slice(-(MAX_ENTRIES - 1)), entry]);
  }

  /** The token of the session joined at `address` with the private key `key`. */
  at(address: string, key?: Uint8Array): SessionToken {
    let at = address;
    return {
      set: (token) => this.set(at, token, key),
      remove: () => this.remove(at),
      moveTo: (next) => {
        const token = this.get(at);
        this.remove(at);
        at = next;
        if (token !== null) this.set(next, token, key);
      },
    };
  }

  remove(address: string): void {
    const all = this.load();
    if (all.some((e) => e.address === address)) this.save(all.filter((e) => e.address !== address));
  }

  private load(): StoredToken[] {
    if (this.entries) return this.prune(this.entries);
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return (this.entries = []);
    }
    try {
      const doc = JSON.parse(text) as unknown;
      const list = (doc as { version?: unknown; entries?: unknown } | null);
      if (!list || list.version !== 1 || !Array.isArray(list.entries)) throw new Error('not a version 1 token list');
      this.entries = list.entries.slice(0, MAX_ENTRIES).map(entryOf).filter((e): e is StoredToken => e !== null);
    } catch (e) {
      this.notice = `Ignored the stored rejoin sessions (${TOKENS_FILE}): ${(e as Error).message.slice(0, 120)}`;
      this.entries = [];
    }
    return this.prune(this.entries);
  }

  private prune(all: StoredToken[]): StoredToken[] {
    const now = this.clock();
    return all.filter((e) => now - e.at >= 0 && now - e.at < TOKEN_MAX_AGE_MS);
  }

  private save(entries: StoredToken[]): void {
    this.entries = entries;
    try {
      if (entries.length === 0) return rmSync(this.file, { force: true });
      const tmp = `${this.file}.tmp`;
      writeFileSync(tmp, JSON.stringify({ version: 1, entries }, null, 1));
      renameSync(tmp, this.file);
    } catch (e) {
      // A read-only or full disk only costs the ability to rejoin after a crash.
      this.notice = `Could not store the rejoin session: ${(e as Error).message.slice(0, 120)}`;
    }
  }
}
