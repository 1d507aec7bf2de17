/**
 * Control messages: the lobby, loading, chat, votes, pause and desync traffic carried by the
 * reliable ordered control stream (ReliableChannel) inside CFRAME/HFRAME datagrams.
 * Each message is declared once, in HOST_MESSAGES or CLIENT_MESSAGES: its kind byte, its body's
 * type, writer and reader (the byte layout beside it: u8 kind, then the body; strings are
 * u8-length UTF-8), and for a host message whether a peer hands it on as an event (`event`).
 * The HostControl / ClientControl unions, the kind tables, the encoders and the total decoders
 * (null for anything malformed, never a throw) all come from those tables. Adding a message is
 * one entry here, its sender and its receiver.
 * Names follow core/lockstep/names.ts (the sender checked them: the encoder's cut never applies).
 * `trees` in loading, start and resync: the fingerprint of the bot trees the match runs (core/ai
 * BotBrains.fingerprint, the host's); a peer simulates only with trees of that fingerprint.
 */
import { Reader, Writer } from './bytes';
import { MAX_CHAT_BYTES, MAX_SLOTS } from '../types';
import { MAX_NAME_BYTES } from '../names';
import { MAX_SUBHASHES, readDifficulty, readKind, readPercent, readRoster, readScope, readSettings, readSlot, readTeam, readU32s, writeRoster, writeSettings } from './controlFields';
import type { Roster, SlotSpec } from './controlFields';
import type { LobbySlot, Rejoiner, RoomSettings, SlotKind } from '../types';
import { MAX_CTL_BYTES } from './frames';
import type { ControlSection } from './frames';
import { unwrap16 } from './wire';
import { MAX_SNAPSHOT_BYTES } from './snapshotWire';
import { readKeys, readRejoiners, readSuccession, writeKeys, writeRejoiners, writeSuccession } from './successionWire';
import type { PeerKey, Succession } from './successionWire';
import { readTreeChunk, readTreeReport, writeTreeChunk, writeTreeReport } from './treesWire';
import type { TreeChunk } from './treesWire';

export type DropWhy = 1 | 2 | 3 | 4 | 5 | 6;
export { MAX_SUBHASHES };
export type { SlotSpec };

/** One control message: its kind byte, and how its body (`B`, the message without `t`) is written and read. */
interface MessageDef<B> {
  readonly kind: number;
  write(w: Writer, m: B): void;
  /** Reads the body; `ref` restores 16-bit keys. Fails `r` on a bad value (never throws). */
  read(r: Reader, ref: number): B;
  /** A host message a peer hands on as a PeerEvent, as it came (after acting on it). */
  readonly event?: true;
}

const def = <B>(d: MessageDef<B>): MessageDef<B> => d;
/** A host message that peers hand on as an event. */
const ev = <B>(d: MessageDef<B>): MessageDef<B> & { readonly event: true } => ({ ...d, event: true });
const empty = (kind: number): MessageDef<object> => ({ kind, write: () => undefined, read: () => ({}) });
const bool = (r: Reader): boolean => r.u8() === 1;

/** str reason(200). */
const reason = (kind: number): MessageDef<{ readonly reason: string }> & { readonly event: true } => ev({ kind, write: (w, m) => void w.str(m.reason, MAX_CHAT_BYTES), read: (r) => ({ reason: r.str(MAX_CHAT_BYTES) }) });

/** Host → client. */
export const HOST_MESSAGES = {
  /** str room(64) str map(64) u16 secs u8 keyInterval u8 maxSlots u8 voteS u8 forceS u8 loadS */
  settings: ev<{ readonly settings: RoomSettings }>({ kind: 0x01, write: (w, m) => writeSettings(w, m.settings), read: (r) => ({ settings: readSettings(r) }) }),
  /** u8 first, u8 n, n × (u8 kind, u8 difficulty, u8 colour, u8 ready, str name(48), u8 team (v13)) */
  slots: ev<{ readonly first: number; readonly slots: readonly LobbySlot[] }>({
    kind: 0x02,
    write: (w, m) => {
      w.u8(m.first).u8(m.slots.length);
      for (const s of m.slots) w.u8(s.kind).u8(s.difficulty).u8(s.colour).u8(s.ready ? 1 : 0).str(s.name, MAX_NAME_BYTES).u8(s.team);
    },
    read: (r) => {
      const first = r.u8();
      const n = r.count(MAX_SLOTS);
      if (first + n > MAX_SLOTS) r.fail();
      const slots: LobbySlot[] = [];
      for (let i = 0; i < n && !r.failed; i++) slots.push({ kind: readKind(r), difficulty: r.u8(), colour: r.u8(), ready: bool(r), name: r.str(MAX_NAME_BYTES), team: readTeam(r) });
      return { first, slots };
    },
  }),
  /** u8 from, str text(200), u8 scope (v15: 0 all, 1 team — a team line reaches the sender's team only) */
  chat: ev<{ readonly from: number; readonly text: string; readonly team: boolean }>({ kind: 0x03, write: (w, m) => void w.u8(m.from).str(m.text, MAX_CHAT_BYTES).u8(m.team ? 1 : 0), read: (r) => ({ from: r.u8(), text: r.str(MAX_CHAT_BYTES), team: readScope(r) }) }),
  /** u32 seed, u32 trees (v5) */
  loading: ev<{ readonly seed: number; readonly trees: number }>({ kind: 0x04, write: (w, m) => void w.u32(m.seed).u32(m.trees), read: (r) => ({ seed: r.u32(), trees: r.u32() }) }),
  /** u8 n, n × (u8 slot, u8 percent) */
  progress: ev<{ readonly entries: readonly { readonly slot: number; readonly percent: number }[] }>({
    kind: 0x05,
    write: (w, m) => {
      w.u8(m.entries.length);
      for (const e of m.entries) w.u8(e.slot).u8(e.percent);
    },
    read: (r) => {
      const n = r.count(MAX_SLOTS);
      const entries: { slot: number; percent: number }[] = [];
      for (let i = 0; i < n && !r.failed; i++) entries.push({ slot: r.u8(), percent: readPercent(r) });
      return { entries };
    },
  }),
  /** the roster (writeRoster), u32 trees (v5). A peer turns it into its own 'start' event (ClientTrees). */
  start: def<Roster & { readonly trees: number }>({
    kind: 0x06,
    write: (w, m) => void (writeRoster(w, m), w.u32(m.trees)),
    read: (r) => ({ ...readRoster(r), trees: r.u32() }),
  }),
  /** str reason(200) */
  lobby: reason(0x07),
  /** u16 key, u16 agreedKey, u32 refHash, u8 refSlot, u8 n, n × u8 slot */
  desync: ev<{ readonly key: number; readonly agreedKey: number; readonly refHash: number; readonly refSlot: number; readonly slots: readonly number[] }>({
    kind: 0x08,
    write: (w, m) => {
      w.u16(m.key).u16(m.agreedKey).u32(m.refHash).u8(m.refSlot).u8(m.slots.length);
      for (const s of m.slots) w.u8(s);
    },
    read: (r, ref) => {
      const m = { key: unwrap16(r.u16(), ref), agreedKey: unwrap16(r.u16(), ref), refHash: r.u32(), refSlot: r.u8() };
      const n = r.count(MAX_SLOTS + 1);
      const slots: number[] = [];
      for (let i = 0; i < n && !r.failed; i++) slots.push(r.u8());
      return { ...m, slots };
    },
  }),
  /** u16 key, u8 refSlot, u8 n, n × u32 */
  refsub: ev<{ readonly key: number; readonly refSlot: number; readonly hashes: readonly number[] }>({
    kind: 0x09,
    write: (w, m) => {
      w.u16(m.key).u8(m.refSlot).u8(m.hashes.length);
      for (const h of m.hashes) w.u32(h);
    },
    read: (r, ref) => ({ key: unwrap16(r.u16(), ref), refSlot: r.u8(), hashes: readU32s(r) }),
  }),
  /** u8 paused, u8 by, u8 your pauses left */
  pause: ev<{ readonly paused: boolean; readonly by: number; readonly pausesLeft: number }>({ kind: 0x0a, write: (w, m) => void w.u8(m.paused ? 1 : 0).u8(m.by).u8(m.pausesLeft), read: (r) => ({ paused: bool(r), by: r.u8(), pausesLeft: r.u8() }) }),
  /**
   * u8 slot, u16 key, u8 why (1 vote, 2 timeout, 3 left, 4 kicked, 5 resyncing: out of step, its
   * bot plays while the host sends it the state, 6 the host that played it is gone and another
   * peer hosts now)
   */
  dropped: ev<{ readonly slot: number; readonly key: number; readonly why: DropWhy }>({
    kind: 0x0b,
    write: (w, m) => void w.u8(m.slot).u16(m.key).u8(m.why),
    read: (r, ref) => {
      const slot = r.u8();
      const key = unwrap16(r.u16(), ref);
      const why = r.u8();
      if (why < 1 || why > 6) r.fail();
      return { slot, key, why: why as DropWhy };
    },
  }),
  /** str reason(200) */
  kicked: reason(0x0c),
  /** u16 lastKey, u32 hash, u8 agreed */
  end: ev<{ readonly lastKey: number; readonly hash: number; readonly agreed: boolean }>({ kind: 0x0d, write: (w, m) => void w.u16(m.lastKey).u32(m.hash).u8(m.agreed ? 1 : 0), read: (r, ref) => ({ lastKey: unwrap16(r.u16(), ref), hash: r.u32(), agreed: bool(r) }) }),
  /**
   * The roster in effect at the snapshot's key (writeRoster), u32 key, u32 snapshot bytes (0: none,
   * run from key 0), u32 checksum, u32 trees (v5): a rejoin or a mid-match spectator (ClientResync).
   */
  resync: def<Roster & { readonly key: number; readonly size: number; readonly checksum: number; readonly trees: number }>({
    kind: 0x0e,
    write: (w, m) => void (writeRoster(w, m), w.u32(m.key).u32(m.size).u32(m.checksum).u32(m.trees)),
    read: (r) => {
      const roster = readRoster(r);
      const key = r.u32();
      const size = r.u32();
      const checksum = r.u32();
      if (key > 0xffffff || size > MAX_SNAPSHOT_BYTES || (size === 0 && key !== 0)) r.fail();
      return { ...roster, key, size, checksum, trees: r.u32() };
    },
  }),
  /** u8 slot, u16 key: that slot's human controls its ball again from this key */
  takeover: ev<{ readonly slot: number; readonly key: number }>({ kind: 0x0f, write: (w, m) => void w.u8(m.slot).u16(m.key), read: (r, ref) => ({ slot: readSlot(r), key: unwrap16(r.u16(), ref) }) }),
  /** str reason(200): the host closed the room (v4); terminal, sent in a final burst and honoured even beyond a gap in the stream (goodbyeIn) */
  closed: reason(0x10),
  /** a chunk of the host's bot trees (v5; treesWire.ts) */
  trees: def<TreeChunk>({ kind: 0x11, write: writeTreeChunk, read: readTreeChunk }),
  /** who takes over if the host goes (successionWire.ts) */
  succession: def<Succession>({ kind: 0x12, write: writeSuccession, read: readSuccession }),
  /** the players who may rejoin a successor: away or catching up (successionWire.ts, v8) */
  rejoiners: def<{ readonly rejoiners: readonly Rejoiner[] }>({ kind: 0x13, write: (w, m) => writeRejoiners(w, m.rejoiners), read: (r) => ({ rejoiners: readRejoiners(r) }) }),
  /** peers' public keys, for what a successor and its peers say to each other (successionWire.ts, v9) */
  keys: def<{ readonly keys: readonly PeerKey[] }>({ kind: 0x14, write: (w, m) => writeKeys(w, m.keys), read: (r) => ({ keys: readKeys(r) }) }),
  /**
   * u16 key, u16 at (v14): my input for `key` reached the host after that key was released, so it
   * went into key `at` (> key), the earliest then not yet released; to me alone.
   */
  landed: def<{ readonly key: number; readonly at: number }>({ kind: 0x15, write: (w, m) => void w.u16(m.key).u16(m.at), read: (r, ref) => ({ key: unwrap16(r.u16(), ref), at: unwrap16(r.u16(), ref) }) }),
};

/** Client → host. */
export const CLIENT_MESSAGES = {
  /** u8 0/1 */
  ready: def<{ readonly ready: boolean }>({ kind: 0x41, write: (w, m) => void w.u8(m.ready ? 1 : 0), read: (r) => ({ ready: bool(r) }) }),
  /** str text(200), u8 scope (v15: 0 all, 1 my team) */
  chat: def<{ readonly text: string; readonly team: boolean }>({ kind: 0x42, write: (w, m) => void w.str(m.text, MAX_CHAT_BYTES).u8(m.team ? 1 : 0), read: (r) => ({ text: r.str(MAX_CHAT_BYTES), team: readScope(r) }) }),
  /** u8 percent */
  progress: def<{ readonly percent: number }>({ kind: 0x43, write: (w, m) => void w.u8(m.percent), read: (r) => ({ percent: readPercent(r) }) }),
  /** u8 slot to drop */
  vote: def<{ readonly slot: number }>({ kind: 0x44, write: (w, m) => void w.u8(m.slot), read: (r) => ({ slot: r.u8() }) }),
  /** u8 1 pause / 0 resume */
  pause: def<{ readonly pause: boolean }>({ kind: 0x45, write: (w, m) => void w.u8(m.pause ? 1 : 0), read: (r) => ({ pause: bool(r) }) }),
  /** u16 key, u8 n, n × u32 */
  subhash: def<{ readonly key: number; readonly hashes: readonly number[] }>({
    kind: 0x46,
    write: (w, m) => {
      w.u16(m.key).u8(Math.min(MAX_SUBHASHES, m.hashes.length));
      for (const h of m.hashes.slice(0, MAX_SUBHASHES)) w.u32(h);
    },
    read: (r, ref) => ({ key: unwrap16(r.u16(), ref), hashes: readU32s(r) }),
  }),
  /** (empty) */
  leave: empty(0x47),
  /** u8 colour */
  colour: def<{ readonly colour: number }>({ kind: 0x48, write: (w, m) => void w.u8(m.colour), read: (r) => ({ colour: r.u8() }) }),
  /** u16 key: caught up after a resync */
  live: def<{ readonly key: number }>({ kind: 0x49, write: (w, m) => void w.u16(m.key), read: (r, ref) => ({ key: unwrap16(r.u16(), ref) }) }),
  /** my trees' fingerprints (v5; treesWire.ts) */
  trees: def<{ readonly prints: readonly number[] }>({ kind: 0x4a, write: (w, m) => writeTreeReport(w, m.prints), read: (r) => ({ prints: readTreeReport(r) }) }),
  /** u8 listening 0/1 (v10): whether I receive the host's group frames now (the link joined its multicast group) */
  group: def<{ readonly listening: boolean }>({
    kind: 0x4b,
    write: (w, m) => void w.u8(m.listening ? 1 : 0),
    read: (r) => {
      const b = r.u8();
      if (b > 1) r.fail();
      return { listening: b === 1 };
    },
  }),
  /** as the host's settings (room owner only) */
  setSettings: def<{ readonly settings: RoomSettings }>({ kind: 0x50, write: (w, m) => writeSettings(w, m.settings), read: (r) => ({ settings: readSettings(r) }) }),
  /** u8 slot, u8 kind, u8 difficulty (room owner only) */
  setSlot: def<{ readonly slot: number; readonly kind: SlotKind; readonly difficulty: number }>({ kind: 0x51, write: (w, m) => void w.u8(m.slot).u8(m.kind).u8(m.difficulty), read: (r) => ({ slot: r.u8(), kind: readKind(r), difficulty: readDifficulty(r) }) }),
  /** u8 slot, u8 team (v13): a player puts itself on a team; the room owner moves any player or bot */
  team: def<{ readonly slot: number; readonly team: number }>({ kind: 0x54, write: (w, m) => void w.u8(m.slot).u8(m.team), read: (r) => ({ slot: readSlot(r), team: readTeam(r) }) }),
  /** u8 slot (room owner only) */
  kick: def<{ readonly slot: number }>({ kind: 0x52, write: (w, m) => void w.u8(m.slot), read: (r) => ({ slot: r.u8() }) }),
  /** (empty; room owner only) */
  start: empty(0x53),
};

type Table = Readonly<Record<string, MessageDef<unknown>>>;
type Body<D> = D extends MessageDef<infer B> ? B : never;
/** The messages of a table, each `{ t: name } & body`. */
type MessagesOf<T> = { [K in keyof T & string]: { readonly t: K } & Body<T[K]> }[keyof T & string];

export type HostControl = MessagesOf<typeof HOST_MESSAGES>;
export type ClientControl = MessagesOf<typeof CLIENT_MESSAGES>;
export type ControlMsg = HostControl | ClientControl;
/** The host messages a peer hands on as events (declared `event: true`). */
export type HostEventName = { [K in keyof typeof HOST_MESSAGES]: (typeof HOST_MESSAGES)[K] extends { readonly event: true } ? K : never }[keyof typeof HOST_MESSAGES];
export type HostEvent = Extract<HostControl, { readonly t: HostEventName }>;

/** The kind byte of the host's tree chunks (a peer counts a malformed one as a broken transfer). */
export const TREES_KIND = HOST_MESSAGES.trees.kind;

/** A table's messages by kind byte (built once; a kind declared twice is a bug the codec test names). */
function byKind(table: Table): Map<number, [string, MessageDef<unknown>]> {
  const m = new Map<number, [string, MessageDef<unknown>]>();
  for (const [name, d] of Object.entries(table)) m.set(d.kind, [name, d]);
  return m;
}

const HOST_BY_KIND = byKind(HOST_MESSAGES);
const CLIENT_BY_KIND = byKind(CLIENT_MESSAGES);

function encode(table: Table, m: { readonly t: string }): Uint8Array {
  const d = table[m.t];
  if (!d) throw new Error(`no control message ${m.t}`); // caller bug: the type allows only declared names
  const w = new Writer(MAX_CTL_BYTES).u8(d.kind);
  d.write(w, m);
  return w.finish();
}

function decode<M>(index: Map<number, [string, MessageDef<unknown>]>, bytes: Uint8Array, refKey: number): M | null {
  const r = new Reader(bytes);
  const found = index.get(r.u8());
  if (!found || r.failed) return null;
  const m = { t: found[0], ...(found[1].read(r, refKey) as object) };
  return r.done() ? (m as M) : null;
}

/** Encodes a host→client control message. */
export function encodeHostControl(m: HostControl): Uint8Array {
  return encode(HOST_MESSAGES, m);
}

/** Encodes a client→host control message. */
export function encodeClientControl(m: ClientControl): Uint8Array {
  return encode(CLIENT_MESSAGES, m);
}

/** Decodes a host→client control message; null when malformed. Keys restored relative to `refKey`. */
export function decodeHostControl(bytes: Uint8Array, refKey = 0): HostControl | null {
  return decode<HostControl>(HOST_BY_KIND, bytes, refKey);
}

/** Decodes a client→host control message; null when malformed. */
export function decodeClientControl(bytes: Uint8Array, refKey = 0): ClientControl | null {
  return decode<ClientControl>(CLIENT_BY_KIND, bytes, refKey);
}

/** Whether a peer hands this host message on as an event (its declaration says `event: true`). */
export function isHostEvent(m: HostControl): m is HostEvent {
  return (HOST_MESSAGES[m.t] as { readonly event?: true }).event === true;
}

/**
 * The reason of the host's goodbye (a `closed` message, protocol v4) anywhere in a control
 * section, even past a gap in the stream: it is terminal, so it is honoured out of order. Never throws.
 */
export function goodbyeIn(section: ControlSection | undefined): string | null {
  for (const b of section?.msgs ?? []) {
    if (b[0] !== HOST_MESSAGES.closed.kind) continue;
    const c = decodeHostControl(b);
    if (c?.t === 'closed') return c.reason;
  }
  return null;
}
