/**
 * Session tokens for rejoining (issue 8): the token a host's ACCEPT gave this app, stored by the
 * host's "ip:port" in `rejoin-tokens.json` in the user data folder, so that after a crash or a
 * closed window the app can take its slot back (`net:join {rejoin: true}`). An entry lives for
 * one match: written on accept, removed on a normal leave, at the match's end, or when the host
 * no longer knows it. The file is untrusted input: a damaged file or entry is ignored (with a
 * notice for the file) and never stops the app; writes go through a temp file and a rename.
 * Invariant: at most one entry per address; tokens are non-zero uint32.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const TOKENS_FILE = 'rejoin-tokens.json';
/** An entry older than this is from a match that cannot still run: ignored and dropped. */
export const TOKEN_MAX_AGE_MS = 12 * 3600 * 1000;
const MAX_ENTRIES = 32;

export interface StoredToken {
  readonly address: string;
  readonly token: number;
  /** ms since the epoch (Date.now) when it was stored. */
  readonly at: number;
}

const ADDRESS = /^(\d{1,3}\.){3}\d{1,3}:\d{1,5}$/;

function entryOf(v: unknown): StoredToken | null {
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const { address, token, at } = o;
  if (typeof address !== 'string' || !ADDRESS.test(address)) return null;
  if (typeof token !== 'number' || !Number.isInteger(token) || token <= 0 || token > 0xffffffff) return null;
  if (typeof at !== 'number' || !Number.isFinite(at)) return null;
  return { address, token, at };
}

/** One session's stored token, kept under its host's address (`moveTo`: another peer hosts the match now). */
export interface SessionToken {
  set(token: number): void;
  remove(): void;
  moveTo(address: string): void;
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

  set(address: string, token: number): void {
    const rest = this.load().filter((e) => e.address !== address);
    this.save([...rest.slice(-(MAX_ENTRIES - 1)), { address, token: token >>> 0, at: this.clock() }]);
  }

  /** The token of the session joined at `address`. */
  at(address: string): SessionToken {
    let at = address;
    return {
      set: (token) => this.set(at, token),
      remove: () => this.remove(at),
      moveTo: (next) => {
        const token = this.get(at);
        this.remove(at);
        at = next;
        if (token !== null) this.set(next, token);
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
