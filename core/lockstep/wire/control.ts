/**
 * Control messages: the lobby, loading, chat, votes, pause and desync traffic carried by the
 * reliable ordered control stream (ReliableChannel) inside CFRAME/HFRAME datagrams.
 * Owns: their byte layout (u8 kind, then the body below; strings are u8-length UTF-8) and total
 * decoding (`decodeControl` returns null for anything malformed; it never throws).
 *
 * host → client                                      client → host
 * 0x01 settings  str room(64) str map(64) u16 secs    0x41 ready     u8 0/1
 *                u8 keyInterval u8 maxSlots           0x42 chat      str text(200)
 *                u8 voteS u8 forceS u8 loadS          0x43 progress  u8 percent
 * 0x02 slots     u8 first, u8 n, n × (u8 kind,        0x44 vote      u8 slot to drop
 *                u8 difficulty, u8 colour, u8 ready,  0x45 pause     u8 1 pause / 0 resume
 *                str name(48))                        0x46 subhash   u16 key, u8 n, n × u32
 * 0x03 chat      u8 from, str text(200)               0x47 leave     (empty)
 * 0x04 loading   u32 seed, u32 trees (v5)             0x48 colour    u8 colour
 * 0x05 progress  u8 n, n × (u8 slot, u8 percent)      0x50 settings  as 0x01   (room owner only)
 * 0x06 start     u32 seed, u8 delay/5ms, u8 n,        0x51 slot      u8 slot, u8 kind, u8 difficulty
 *                n × (u8 slot, u8 kind, u8 diff),     0x52 kick      u8 slot
 *                u32 trees (v5)
 * 0x07 lobby     str reason(200)                      0x53 start     (empty)
 * 0x08 desync    u16 key, u16 agreedKey, u32 refHash, u8 refSlot, u8 n, n × u8 slot
 * 0x09 refsub    u16 key, u8 refSlot, u8 n, n × u32
 * 0x0a pause     u8 paused, u8 by, u8 your pauses left
 * 0x0b dropped   u8 slot, u16 key, u8 why (1 vote, 2 timeout, 3 left, 4 kicked, 5 resyncing:
 *                out of step, its bot plays while the host sends it the state, 6 the host that
 *                played it is gone and another peer hosts now)
 * 0x0c kicked    str reason(200)
 * 0x0d end       u16 lastKey, u32 hash, u8 agreed         0x49 live      u16 key (caught up)
 * 0x0e resync    u32 seed, u8 delay/5ms, u8 n, n × (u8 slot, u8 kind, u8 diff) — the roster in
 *                effect at the snapshot's key —, u32 key, u32 snapshot bytes (0: none, run from
 *                key 0), u32 checksum, u32 trees (v5)  (a rejoin or a mid-match spectator)
 * 0x0f takeover  u8 slot, u16 key (that slot's human controls its ball again from this key)
 * 0x10 closed    str reason(200) — the host closed the room (v4): terminal, sent in a final burst
 *                and honoured even beyond a gap in the stream (goodbye.ts)
 * 0x11 trees     a chunk of the host's bot trees (v5) 0x4a trees     my trees' fingerprints (v5)
 *                (both layouts in treesWire.ts)       0x4b group     u8 listening 0/1 (v10)
 * 0x12 succession who takes over if the host goes (successionWire.ts)
 * 0x13 rejoiners  the players who may rejoin a successor: away or catching up (successionWire.ts, v8)
 * 0x14 keys       peers' public keys, for what a successor and its peers say to each other (successionWire.ts, v9)
 * Names and room names (v6: 48 and 64 bytes, were 24 and 32) follow core/lockstep/names.ts; the
 * sender checked them, so the encoder's cut to the limit never applies to one.
 * `trees` in loading, start and resync (v5): the fingerprint of the bot trees the match runs
 * (core/ai BotBrains.fingerprint, the host's); a peer simulates only with trees of that fingerprint.
 */
import { Reader, Writer } from './bytes';
import { DELAY_UNIT_MS, MAX_CHAT_BYTES, MAX_KEY_INTERVAL, MAX_MAP_BYTES, MAX_SLOTS, MIN_KEY_INTERVAL } from '../types';
import { MAX_NAME_BYTES, ROOM_NAME_BYTES } from '../names';
import type { LobbySlot, Rejoiner, RoomSettings, SlotKind } from '../types';
import { MAX_CTL_BYTES } from './frames';
import type { ControlSection } from './frames';
import { unwrap16 } from './wire';
import { MAX_SNAPSHOT_BYTES } from './snapshotWire';
import { readKeys, readRejoiners, readSuccession, writeKeys, writeRejoiners, writeSuccession } from './successionWire';
import type { PeerKey, Succession } from './successionWire';
import { readTreeChunk, readTreeReport, writeTreeChunk, writeTreeReport } from './treesWire';
import type { TreeChunk } from './treesWire';

export const MAX_SUBHASHES = 255;

export type SlotSpec = { readonly slot: number; readonly kind: SlotKind; readonly difficulty: number };
export type DropWhy = 1 | 2 | 3 | 4 | 5 | 6;

export type HostControl =
  | { readonly t: 'settings'; readonly settings: RoomSettings }
  | { readonly t: 'slots'; readonly first: number; readonly slots: readonly LobbySlot[] }
  | { readonly t: 'chat'; readonly from: number; readonly text: string }
  | { readonly t: 'loading'; readonly seed: number; readonly trees: number }
  | { readonly t: 'progress'; readonly entries: readonly { readonly slot: number; readonly percent: number }[] }
  | { readonly t: 'start'; readonly seed: number; readonly delayMs: number; readonly slots: readonly SlotSpec[]; readonly trees: number }
  | { readonly t: 'lobby'; readonly reason: string }
  | { readonly t: 'desync'; readonly key: number; readonly agreedKey: number; readonly refHash: number; readonly refSlot: number; readonly slots: readonly number[] }
  | { readonly t: 'refsub'; readonly key: number; readonly refSlot: number; readonly hashes: readonly number[] }
  | { readonly t: 'pause'; readonly paused: boolean; readonly by: number; readonly pausesLeft: number }
  | { readonly t: 'dropped'; readonly slot: number; readonly key: number; readonly why: DropWhy }
  | { readonly t: 'kicked'; readonly reason: string }
  | { readonly t: 'end'; readonly lastKey: number; readonly hash: number; readonly agreed: boolean }
  | { readonly t: 'resync'; readonly seed: number; readonly delayMs: number; readonly slots: readonly SlotSpec[]; readonly key: number; readonly size: number; readonly checksum: number; readonly trees: number }
  | { readonly t: 'takeover'; readonly slot: number; readonly key: number }
  | { readonly t: 'closed'; readonly reason: string }
  | ({ readonly t: 'trees' } & TreeChunk)
  | ({ readonly t: 'succession' } & Succession)
  | { readonly t: 'rejoiners'; readonly rejoiners: readonly Rejoiner[] }
  | { readonly t: 'keys'; readonly keys: readonly PeerKey[] };

export type ClientControl =
  | { readonly t: 'ready'; readonly ready: boolean }
  | { readonly t: 'chat'; readonly text: string }
  | { readonly t: 'progress'; readonly percent: number }
  | { readonly t: 'vote'; readonly slot: number }
  | { readonly t: 'pause'; readonly pause: boolean }
  | { readonly t: 'subhash'; readonly key: number; readonly hashes: readonly number[] }
  | { readonly t: 'leave' }
  | { readonly t: 'colour'; readonly colour: number }
  | { readonly t: 'setSettings'; readonly settings: RoomSettings }
  | { readonly t: 'setSlot'; readonly slot: number; readonly kind: SlotKind; readonly difficulty: number }
  | { readonly t: 'kick'; readonly slot: number }
  | { readonly t: 'start' }
  | { readonly t: 'live'; readonly key: number }
  | { readonly t: 'trees'; readonly prints: readonly number[] }
  /** Whether I receive the host's group frames now (the link joined its multicast group). */
  | { readonly t: 'group'; readonly listening: boolean };

export type ControlMsg = HostControl | ClientControl;

const HOST_KIND = { settings: 1, slots: 2, chat: 3, loading: 4, progress: 5, start: 6, lobby: 7, desync: 8, refsub: 9, pause: 10, dropped: 11, kicked: 12, end: 13, resync: 14, takeover: 15, closed: 16, trees: 17, succession: 18, rejoiners: 19, keys: 20 } as const;
const CLIENT_KIND = { ready: 0x41, chat: 0x42, progress: 0x43, vote: 0x44, pause: 0x45, subhash: 0x46, leave: 0x47, colour: 0x48, setSettings: 0x50, setSlot: 0x51, kick: 0x52, start: 0x53, live: 0x49, trees: 0x4a, group: 0x4b } as const;

/** The kind byte of the host's tree chunks (a peer counts a malformed one as a broken transfer). */
export const TREES_KIND = HOST_KIND.trees;

function writeSettings(w: Writer, s: RoomSettings): void {
  w.str(s.roomName, ROOM_NAME_BYTES).str(s.map, MAX_MAP_BYTES).u16(s.matchSeconds).u8(s.keyInterval).u8(s.maxSlots);
  w.u8(s.dropVoteSeconds).u8(s.forceDropSeconds).u8(s.loadTimeoutSeconds);
}

function readSettings(r: Reader): RoomSettings {
  const s = { roomName: r.str(ROOM_NAME_BYTES), map: r.str(MAX_MAP_BYTES), matchSeconds: r.u16(), keyInterval: r.u8(), maxSlots: r.u8(), dropVoteSeconds: r.u8(), forceDropSeconds: r.u8(), loadTimeoutSeconds: r.u8() };
  if (s.keyInterval < MIN_KEY_INTERVAL || s.keyInterval > MAX_KEY_INTERVAL || s.maxSlots < 1 || s.maxSlots > MAX_SLOTS || s.matchSeconds < 1) r.fail();
  return s;
}

function readKind(r: Reader): SlotKind {
  const k = r.u8();
  if (k > 3) r.fail();
  return (k & 3) as SlotKind;
}

function readU32s(r: Reader): number[] {
  const n = r.count(MAX_SUBHASHES);
  const out: number[] = [];
  for (let i = 0; i < n && !r.failed; i++) out.push(r.u32());
  return out;
}

function writeHostBody(w: Writer, m: HostControl): void {
  switch (m.t) {
    case 'settings': return writeSettings(w, m.settings);
    case 'slots':
      w.u8(m.first).u8(m.slots.length);
      for (const s of m.slots) w.u8(s.kind).u8(s.difficulty).u8(s.colour).u8(s.ready ? 1 : 0).str(s.name, MAX_NAME_BYTES);
      return;
    case 'chat': w.u8(m.from).str(m.text, MAX_CHAT_BYTES); return;
    case 'loading': w.u32(m.seed).u32(m.trees); return;
    case 'progress':
      w.u8(m.entries.length);
      for (const e of m.entries) w.u8(e.slot).u8(e.percent);
      return;
    case 'start': case 'resync':
      w.u32(m.seed).u8(Math.min(255, Math.max(1, Math.round(m.delayMs / DELAY_UNIT_MS)))).u8(m.slots.length);
      for (const s of m.slots) w.u8(s.slot).u8(s.kind).u8(s.difficulty);
      if (m.t === 'resync') w.u32(m.key).u32(m.size).u32(m.checksum);
      w.u32(m.trees);
      return;
    case 'trees': return writeTreeChunk(w, m);
    case 'succession': return writeSuccession(w, m);
    case 'rejoiners': return writeRejoiners(w, m.rejoiners);
    case 'keys': return writeKeys(w, m.keys);
    case 'takeover': w.u8(m.slot).u16(m.key); return;
    case 'lobby': w.str(m.reason, MAX_CHAT_BYTES); return;
    case 'desync':
      w.u16(m.key).u16(m.agreedKey).u32(m.refHash).u8(m.refSlot).u8(m.slots.length);
      for (const s of m.slots) w.u8(s);
      return;
    case 'refsub':
      w.u16(m.key).u8(m.refSlot).u8(m.hashes.length);
      for (const h of m.hashes) w.u32(h);
      return;
    case 'pause': w.u8(m.paused ? 1 : 0).u8(m.by).u8(m.pausesLeft); return;
    case 'dropped': w.u8(m.slot).u16(m.key).u8(m.why); return;
    case 'kicked': case 'closed': w.str(m.reason, MAX_CHAT_BYTES); return;
    case 'end': w.u16(m.lastKey).u32(m.hash).u8(m.agreed ? 1 : 0); return;
  }
}

function writeClientBody(w: Writer, m: ClientControl): void {
  switch (m.t) {
    case 'ready': w.u8(m.ready ? 1 : 0); return;
    case 'chat': w.str(m.text, MAX_CHAT_BYTES); return;
    case 'progress': w.u8(m.percent); return;
    case 'vote': w.u8(m.slot); return;
    case 'pause': w.u8(m.pause ? 1 : 0); return;
    case 'subhash':
      w.u16(m.key).u8(Math.min(MAX_SUBHASHES, m.hashes.length));
      for (const h of m.hashes.slice(0, MAX_SUBHASHES)) w.u32(h);
      return;
    case 'leave': case 'start': return;
    case 'colour': w.u8(m.colour); return;
    case 'setSettings': return writeSettings(w, m.settings);
    case 'setSlot': w.u8(m.slot).u8(m.kind).u8(m.difficulty); return;
    case 'kick': w.u8(m.slot); return;
    case 'live': w.u16(m.key); return;
    case 'trees': return writeTreeReport(w, m.prints);
    case 'group': w.u8(m.listening ? 1 : 0); return;
  }
}

/** Encodes a host→client control message. */
export function encodeHostControl(m: HostControl): Uint8Array {
  const w = new Writer(MAX_CTL_BYTES).u8(HOST_KIND[m.t]);
  writeHostBody(w, m);
  return w.finish();
}

/** Encodes a client→host control message. */
export function encodeClientControl(m: ClientControl): Uint8Array {
  const w = new Writer(MAX_CTL_BYTES).u8(CLIENT_KIND[m.t]);
  writeClientBody(w, m);
  return w.finish();
}

function readHost(r: Reader, kind: number, ref: number): HostControl | null {
  switch (kind) {
    case 1: return { t: 'settings', settings: readSettings(r) };
    case 2: {
      const first = r.u8();
      const n = r.count(MAX_SLOTS);
      if (first + n > MAX_SLOTS) r.fail();
      const slots: LobbySlot[] = [];
      for (let i = 0; i < n && !r.failed; i++) slots.push({ kind: readKind(r), difficulty: r.u8(), colour: r.u8(), ready: r.u8() === 1, name: r.str(MAX_NAME_BYTES) });
      return { t: 'slots', first, slots };
    }
    case 3: return { t: 'chat', from: r.u8(), text: r.str(MAX_CHAT_BYTES) };
    case 4: return { t: 'loading', seed: r.u32(), trees: r.u32() };
    case 5: {
      const n = r.count(MAX_SLOTS);
      const entries: { slot: number; percent: number }[] = [];
      for (let i = 0; i < n && !r.failed; i++) entries.push({ slot: r.u8(), percent: Math.min(100, r.u8()) });
      return { t: 'progress', entries };
    }
    case 6: case 14: {
      const seed = r.u32();
      const delay = r.u8();
      const n = r.count(MAX_SLOTS);
      const slots: SlotSpec[] = [];
      for (let i = 0; i < n && !r.failed; i++) {
        const slot = r.u8();
        if (slot >= MAX_SLOTS) r.fail();
        slots.push({ slot, kind: readKind(r), difficulty: r.u8() });
      }
      if (delay < 1) r.fail();
      if (kind === 6) return { t: 'start', seed, delayMs: delay * DELAY_UNIT_MS, slots, trees: r.u32() };
      const key = r.u32();
      const size = r.u32();
      const checksum = r.u32();
      if (key > 0xffffff || size > MAX_SNAPSHOT_BYTES || (size === 0 && key !== 0)) r.fail();
      return { t: 'resync', seed, delayMs: delay * DELAY_UNIT_MS, slots, key, size, checksum, trees: r.u32() };
    }
    case 17: return { t: 'trees', ...readTreeChunk(r) };
    case 18: return { t: 'succession', ...readSuccession(r) };
    case 19: return { t: 'rejoiners', rejoiners: readRejoiners(r) };
    case 20: return { t: 'keys', keys: readKeys(r) };
    case 15: {
      const slot = r.u8();
      if (slot >= MAX_SLOTS) r.fail();
      return { t: 'takeover', slot, key: unwrap16(r.u16(), ref) };
    }
    case 7: return { t: 'lobby', reason: r.str(MAX_CHAT_BYTES) };
    case 8: {
      const m = { key: unwrap16(r.u16(), ref), agreedKey: unwrap16(r.u16(), ref), refHash: r.u32(), refSlot: r.u8() };
      const n = r.count(MAX_SLOTS + 1);
      const slots: number[] = [];
      for (let i = 0; i < n && !r.failed; i++) slots.push(r.u8());
      return { t: 'desync', ...m, slots };
    }
    case 9: return { t: 'refsub', key: unwrap16(r.u16(), ref), refSlot: r.u8(), hashes: readU32s(r) };
    case 10: return { t: 'pause', paused: r.u8() === 1, by: r.u8(), pausesLeft: r.u8() };
    case 11: {
      const slot = r.u8();
      const key = unwrap16(r.u16(), ref);
      const why = r.u8();
      if (why < 1 || why > 6) r.fail();
      return { t: 'dropped', slot, key, why: why as DropWhy };
    }
    case 12: return { t: 'kicked', reason: r.str(MAX_CHAT_BYTES) };
    case 16: return { t: 'closed', reason: r.str(MAX_CHAT_BYTES) };
    case 13: return { t: 'end', lastKey: unwrap16(r.u16(), ref), hash: r.u32(), agreed: r.u8() === 1 };
    default: return null;
  }
}

function readClient(r: Reader, kind: number, ref: number): ClientControl | null {
  switch (kind) {
    case 0x41: return { t: 'ready', ready: r.u8() === 1 };
    case 0x42: return { t: 'chat', text: r.str(MAX_CHAT_BYTES) };
    case 0x43: return { t: 'progress', percent: Math.min(100, r.u8()) };
    case 0x44: return { t: 'vote', slot: r.u8() };
    case 0x45: return { t: 'pause', pause: r.u8() === 1 };
    case 0x46: return { t: 'subhash', key: unwrap16(r.u16(), ref), hashes: readU32s(r) };
    case 0x47: return { t: 'leave' };
    case 0x48: return { t: 'colour', colour: r.u8() };
    case 0x50: return { t: 'setSettings', settings: readSettings(r) };
    case 0x51: return { t: 'setSlot', slot: r.u8(), kind: readKind(r), difficulty: Math.min(3, r.u8()) };
    case 0x52: return { t: 'kick', slot: r.u8() };
    case 0x53: return { t: 'start' };
    case 0x49: return { t: 'live', key: unwrap16(r.u16(), ref) };
    case 0x4a: return { t: 'trees', prints: readTreeReport(r) };
    case 0x4b: {
      const b = r.u8();
      if (b > 1) r.fail();
      return { t: 'group', listening: b === 1 };
    }
    default: return null;
  }
}

/** Decodes a host→client control message; null when malformed. Keys restored relative to `refKey`. */
export function decodeHostControl(bytes: Uint8Array, refKey = 0): HostControl | null {
  const r = new Reader(bytes);
  const m = readHost(r, r.u8(), refKey);
  return m && r.done() ? m : null;
}

/** Decodes a client→host control message; null when malformed. */
export function decodeClientControl(bytes: Uint8Array, refKey = 0): ClientControl | null {
  const r = new Reader(bytes);
  const m = readClient(r, r.u8(), refKey);
  return m && r.done() ? m : null;
}

/**
 * The reason of the host's goodbye (a `closed` message, protocol v4) anywhere in a control
 * section, even past a gap in the stream: it is terminal, so it is honoured out of order. Never throws.
 */
export function goodbyeIn(section: ControlSection | undefined): string | null {
  for (const b of section?.msgs ?? []) {
    if (b[0] !== HOST_KIND.closed) continue;
    const c = decodeHostControl(b);
    if (c?.t === 'closed') return c.reason;
  }
  return null;
}
