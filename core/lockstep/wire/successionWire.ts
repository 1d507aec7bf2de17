/**
 * Host succession on the wire (issue 13): the order the host announces, and the two datagrams a
 * takeover needs when the host is gone.
 *
 * Control message (host → client, in the reliable stream; kind in control.ts):
 *   0x12 succession  u8 host's slot (255: a dedicated host), u32 the tag of its player's token
 *                    (0: none; a successor lets that player rejoin), u8 n ≤ MAX_SUCCESSORS,
 *                    n × (u8 slot, str addr(48), u32 tag) — players by slot, then spectators;
 *                    u8 m ≤ MAX_VOTERS, m × (u8 slot, u32 tag) — the match's other peers, in
 *                    the same order: they vote and re-attach (known by their tag), never host
 *   0x13 rejoiners   u8 n ≤ MAX_SLOTS, n × (u8 slot, u32 tag) — the players away from the match
 *                    (crashed, unplugged, restarting) or still catching up, by slot: a successor
 *                    lets each rejoin with its token (v8; sent with the order, whenever it changes)
 *   0x14 keys        u8 n ≤ KEYS_PER_MESSAGE, n × (str addr(48), 32 B public key) — the keys the
 *                    host's sealer holds for peers of the match (v9; after the order, whenever
 *                    it changes, in as many messages as needed): a successor is sent every peer's,
 *                    the others the successors'. Opaque to core: the peers' links seal what a
 *                    successor and its peers say to each other with them (electron/…/secure)
 * Datagram SUCCEED (type 0x15, header as every lockstep datagram):
 *   u8 kind
 *   1 lost   (peer → the successor it addresses) u32 my token, u8 index of the successor in the
 *            order, u16 my recvKey, u8 n ≤ LOST_UPDATES, then n UPDATEs of keys recvKey−n+1 …
 *            recvKey (the host frame's layout): the newest updates I hold, so a successor that
 *            missed some still resumes from the furthest key any peer reached
 *   2 claim  (new host → a peer that reported) u32 your token (proof it read your report),
 *            u8 my index in the order
 *   3 fence  (host → every peer of the order) u32 nonce: I may have been replaced (my process
 *            stood still, or a peer reported me lost); I release no key until each answers
 *   4 follow (peer → its host) u32 my token, u32 the fence's nonce: I still follow you
 *   5 replaced (the new host, or a peer that follows it → the old host) u32 my token, u8 the new
 *            host's index in the order: you were replaced; the old host releases nothing more and
 *            hands its peers to that successor
 * A peer that reports the host lost also sends the host a lost report addressed to TO_HOST, without
 * updates, so a host that is alive but unheard learns it (and raises its fence).
 * `tag` = successionTag(token, match seed): the successor checks a report's token against it, and
 * never learns another's token from the list (a 32-bit tag of a 32-bit token can be searched for:
 * it is an obstacle, not a secret; what binds a peer is the key in `keys`, with which the secure
 * link seals everything a successor and its peers say to each other).
 */
import { HEADER_BYTES, MAX_PAYLOAD_BYTES, writeHeader } from '../../net';
import { MAX_SLOTS, SPECTATOR_SLOT } from '../types';
import type { KeyUpdate, Rejoiner, Voter } from '../types';
import { Reader, Writer } from './bytes';
import { readUpdate } from './decodeFrames';
import { updateSize, writeUpdate } from './encodeFrames';
import { LockstepType } from './frames';
import { unwrap16 } from './wire';

/** Longest succession order announced (deeper successors never matter: each takes ~1.5 s to skip). */
export const MAX_SUCCESSORS = 16;
/** Most voters announced after the order (with 16 successors of the longest address, it fits MAX_CTL_BYTES). */
export const MAX_VOTERS = 40;
/** Longest peer address in the order ("[v6]:port"). */
export const MAX_ADDR_BYTES = 48;
/** Most updates a lost report carries. */
export const LOST_UPDATES = 32;
/** Public keys per `keys` message (13 of the longest address, 81 bytes each, fit MAX_CTL_BYTES). */
export const KEYS_PER_MESSAGE = 13;
export const PUBLIC_KEY_BYTES = 32;

/** A peer's address (as the host sees it) and the public key its session with the host was sealed with. */
export interface PeerKey {
  readonly addr: string;
  readonly key: Uint8Array;
}

/** The `to` of a lost report sent to the host itself ("I lost you"), not to a successor. */
export const TO_HOST = 255;

export interface SuccessionEntry {
  readonly slot: number;
  readonly addr: string;
  readonly tag: number;
}

export interface Succession {
  /** The announcing host's own slot (SPECTATOR_SLOT: a dedicated host without a player). */
  readonly host: number;
  /** successionTag of the host's player's token (0: a dedicated host): its rejoin is recognised. */
  readonly hostTag: number;
  readonly order: readonly SuccessionEntry[];
  readonly voters: readonly Voter[];
}

export type SucceedMsg =
  | { readonly kind: 'lost'; readonly token: number; readonly to: number; readonly recvKey: number; readonly updates: readonly KeyUpdate[] }
  | { readonly kind: 'claim'; readonly token: number; readonly from: number }
  | { readonly kind: 'fence'; readonly nonce: number }
  | { readonly kind: 'follow'; readonly token: number; readonly nonce: number }
  | { readonly kind: 'replaced'; readonly token: number; readonly index: number };

/** The tag of a session token in the succession order of a match with seed `seed`. */
export function successionTag(token: number, seed: number): number {
  let h = Math.imul((token ^ 0x5bd1e995) >>> 0, 0x9e3779b1) ^ seed;
  for (let i = 0; i < 4; i++) {
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
    h = Math.imul(h ^ token, 0x297a2d39);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

export function writeSuccession(w: Writer, s: Succession): void {
  const order = s.order.slice(0, MAX_SUCCESSORS);
  w.u8(s.host).u32(s.hostTag).u8(order.length);
  for (const e of order) w.u8(e.slot).str(e.addr, MAX_ADDR_BYTES).u32(e.tag);
  const voters = s.voters.slice(0, MAX_VOTERS);
  w.u8(voters.length);
  for (const v of voters) w.u8(v.slot).u32(v.tag);
}

const validSlot = (slot: number): boolean => slot < MAX_SLOTS || slot === SPECTATOR_SLOT;

export function readSuccession(r: Reader): Succession {
  const host = r.u8();
  const hostTag = r.u32();
  const n = r.count(MAX_SUCCESSORS);
  const order: SuccessionEntry[] = [];
  for (let i = 0; i < n && !r.failed; i++) order.push({ slot: r.u8(), addr: r.str(MAX_ADDR_BYTES), tag: r.u32() });
  const m = r.count(MAX_VOTERS);
  const voters: Voter[] = [];
  for (let i = 0; i < m && !r.failed; i++) voters.push({ slot: r.u8(), tag: r.u32() });
  if (!validSlot(host) || order.some((e) => e.addr === '' || !validSlot(e.slot)) || !voters.every((v) => validSlot(v.slot))) r.fail();
  return { host, hostTag, order, voters };
}

export function writeRejoiners(w: Writer, rejoiners: readonly Rejoiner[]): void {
  const list = rejoiners.slice(0, MAX_SLOTS);
  w.u8(list.length);
  for (const x of list) w.u8(x.slot).u32(x.tag);
}

export function readRejoiners(r: Reader): Rejoiner[] {
  const n = r.count(MAX_SLOTS);
  const out: Rejoiner[] = [];
  for (let i = 0; i < n && !r.failed; i++) out.push({ slot: r.u8(), tag: r.u32() });
  if (out.some((x) => x.slot >= MAX_SLOTS)) r.fail();
  return out;
}

export function writeKeys(w: Writer, keys: readonly PeerKey[]): void {
  const list = keys.slice(0, KEYS_PER_MESSAGE);
  w.u8(list.length);
  for (const k of list) w.str(k.addr, MAX_ADDR_BYTES).bytes(k.key.subarray(0, PUBLIC_KEY_BYTES));
}

export function readKeys(r: Reader): PeerKey[] {
  const n = r.count(KEYS_PER_MESSAGE);
  const out: PeerKey[] = [];
  for (let i = 0; i < n && !r.failed; i++) out.push({ addr: r.str(MAX_ADDR_BYTES), key: r.bytesOf(PUBLIC_KEY_BYTES) });
  if (out.some((k) => k.addr === '' || k.key.length !== PUBLIC_KEY_BYTES)) r.fail();
  return out;
}

function begin(): Writer {
  const h = new Uint8Array(HEADER_BYTES);
  writeHeader(h, LockstepType.Succeed);
  return new Writer(MAX_PAYLOAD_BYTES).bytes(h);
}

/** A lost report with as many of `updates` (the newest, ending at recvKey) as fit. */
export function encodeLost(token: number, to: number, recvKey: number, updates: readonly KeyUpdate[]): Uint8Array {
  const w = begin().u8(1).u32(token).u8(to).u16(recvKey & 0xffff);
  let room = MAX_PAYLOAD_BYTES - HEADER_BYTES - 9;
  const fit: KeyUpdate[] = [];
  for (let i = updates.length - 1; i >= 0 && fit.length < LOST_UPDATES; i--) {
    const u = updates[i] as KeyUpdate;
    room -= updateSize(u);
    if (room < 0) break;
    fit.unshift(u);
  }
  w.u8(fit.length);
  for (const u of fit) writeUpdate(w, u);
  return w.finish();
}

export function encodeClaim(token: number, from: number): Uint8Array {
  return begin().u8(2).u32(token).u8(from).finish();
}

export function encodeFence(nonce: number): Uint8Array {
  return begin().u8(3).u32(nonce).finish();
}

export function encodeFollow(token: number, nonce: number): Uint8Array {
  return begin().u8(4).u32(token).u32(nonce).finish();
}

export function encodeReplaced(token: number, index: number): Uint8Array {
  return begin().u8(5).u32(token).u8(index).finish();
}

/**
 * The tag of a voter (no address is announced for it): its token's, bound to its address as the
 * host saw it, so a report with its token from another address matches nothing.
 */
export function voterTag(token: number, seed: number, addr: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < addr.length; i++) h = Math.imul(h ^ addr.charCodeAt(i), 0x01000193);
  return successionTag((token ^ h) >>> 0, seed);
}

/** The entry of the order or the voter a report from `from` with `token` stands for (undefined: none). */
export function findMember(s: Succession, token: number, seed: number, from: string): { readonly slot: number } | undefined {
  const tag = successionTag(token, seed);
  const vtag = voterTag(token, seed, from);
  return s.order.find((e) => e.addr === from && e.tag === tag) ?? s.voters.find((v) => v.tag === vtag);
}

/** The rejoiner a report's token names (its tag is not bound to an address: a rejoiner may have a new one). */
export function findRejoiner(rejoiners: readonly Rejoiner[], token: number, seed: number): Rejoiner | undefined {
  const tag = successionTag(token, seed);
  return rejoiners.find((x) => x.tag === tag);
}

/** Decodes a SUCCEED datagram (header already checked); null when malformed. Never throws. */
export function decodeSucceed(bytes: Uint8Array, refKey: number): SucceedMsg | null {
  const r = new Reader(bytes, HEADER_BYTES);
  const kind = r.u8();
  let m: SucceedMsg | null = null;
  if (kind === 1) {
    const token = r.u32();
    const to = r.u8();
    const recvKey = unwrap16(r.u16(), refKey);
    const n = r.count(LOST_UPDATES);
    const updates: KeyUpdate[] = [];
    for (let i = 0; i < n && !r.failed; i++) updates.push(readUpdate(r, recvKey - n + 1 + i));
    if (recvKey - n + 1 < 0 || (to >= MAX_SUCCESSORS && to !== TO_HOST)) r.fail();
    m = { kind: 'lost', token, to, recvKey, updates };
  } else if (kind === 2) {
    m = { kind: 'claim', token: r.u32(), from: r.u8() };
  } else if (kind === 3) {
    m = { kind: 'fence', nonce: r.u32() };
  } else if (kind === 4) {
    m = { kind: 'follow', token: r.u32(), nonce: r.u32() };
  } else if (kind === 5) {
    m = { kind: 'replaced', token: r.u32(), index: r.u8() };
    if (m.index >= MAX_SUCCESSORS) r.fail();
  }
  return m && r.done() ? m : null;
}
