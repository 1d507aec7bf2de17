/**
 * Reads a replay file (format.ts) into memory, refusing anything it cannot trust with a specific
 * ReplayError: not a replay, unsupported format version, incompatible app/protocol version,
 * truncated (and where), checksum mismatch (which chunk), invalid field (which). Never returns a
 * half-read replay. `summarizeReplay` is the cheap form for a list: header and end record only,
 * but every chunk's checksum is still verified so damage shows in the list.
 */
import type { SlotInput } from '../sim';
import { ByteSource, crc32, unpackZeros } from './bytes';
import { Chunk, CHUNK_OVERHEAD, PRELUDE_BYTES, readInput, RecordFlag, REPLAY_FORMAT_VERSION, REPLAY_MAGIC } from './format';
import { decodeHeader, type ReplayHeader } from './header';
import { KIND_EFFECTS, type ControlEvent } from '../match';
import { ReplayError } from './ReplayError';

/** The versions this build plays (APP_VERSION, PROTOCOL_VERSION). */
export interface ReplayEnv {
  readonly appVersion: string;
  readonly protocolVersion: number;
}

export interface KeyRecord {
  readonly key: number;
  readonly inputs: readonly SlotInput[];
  readonly events: readonly ControlEvent[];
  /** State hash before the key, or null when none was recorded. */
  readonly hash: number | null;
}

export interface SnapshotRecord {
  readonly key: number;
  readonly hash: number;
  readonly bytes: Uint8Array;
}

export interface ReplayFooter {
  readonly frames: number;
  readonly keys: number;
  readonly hash: number;
  readonly complete: boolean;
  readonly winner: number | null;
}

export interface ParsedReplay {
  readonly header: ReplayHeader;
  /** Ascending key. */
  readonly records: readonly KeyRecord[];
  /** Ascending key. */
  readonly snapshots: readonly SnapshotRecord[];
  readonly footer: ReplayFooter;
}

interface RawChunk {
  readonly type: number;
  readonly start: number;
  readonly end: number;
  readonly index: number;
}

const CHUNK_NAMES: Readonly<Record<number, string>> = { [Chunk.Header]: 'header', [Chunk.Keys]: 'keys', [Chunk.Snapshot]: 'snapshot', [Chunk.End]: 'end' };

/** Checks the prelude and every chunk's framing and CRC; returns the chunks in file order. */
function scan(bytes: Uint8Array): RawChunk[] {
  if (bytes.length < PRELUDE_BYTES || REPLAY_MAGIC.some((b, i) => bytes[i] !== b)) throw new ReplayError('not-replay', 'not a Ball Brawl replay (bad magic)');
  const version = bytes[4]! | (bytes[5]! << 8);
  if (version !== REPLAY_FORMAT_VERSION) {
    const why = version < REPLAY_FORMAT_VERSION ? 'recorded by an older Ball Brawl' : 'recorded by a newer Ball Brawl';
    throw new ReplayError('format-version', `unsupported replay format version ${version}, ${why} (this build reads version ${REPLAY_FORMAT_VERSION})`, undefined, { file: version, reads: REPLAY_FORMAT_VERSION });
  }
  const chunks: RawChunk[] = [];
  let pos = PRELUDE_BYTES;
  while (pos < bytes.length) {
    const index = chunks.length;
    const src = new ByteSource(bytes, `chunk ${index}`, pos);
    const type = src.u8();
    const len = src.u32();
    const name = CHUNK_NAMES[type];
    if (name === undefined) throw new ReplayError('invalid-field', `invalid field chunk type (0x${type.toString(16)} in chunk ${index})`, 'chunk type');
    if (pos + CHUNK_OVERHEAD + len > bytes.length) throw new ReplayError('truncated', `truncated in chunk ${index} (${name}) at byte ${bytes.length} of ${pos + CHUNK_OVERHEAD + len}`);
    const crcAt = pos + 5 + len;
    const stored = (bytes[crcAt]! | (bytes[crcAt + 1]! << 8) | (bytes[crcAt + 2]! << 16) | (bytes[crcAt + 3]! << 24)) >>> 0;
    if (stored !== crc32(bytes, pos, crcAt)) throw new ReplayError('checksum', `checksum mismatch in chunk ${index} (${name})`);
    chunks.push({ type, start: pos + 5, end: crcAt, index });
    pos = crcAt + 4;
  }
  if (chunks[0]?.type !== Chunk.Header) throw new ReplayError('truncated', 'truncated before the header');
  return chunks;
}

function checkEnv(h: ReplayHeader, env: ReplayEnv): void {
  if (h.appVersion !== env.appVersion || h.protocolVersion !== env.protocolVersion) {
    throw new ReplayError('incompatible', `recorded by Ball Brawl ${h.appVersion} (protocol ${h.protocolVersion}); this is ${env.appVersion} (protocol ${env.protocolVersion})`);
  }
}

function readFooter(bytes: Uint8Array, c: RawChunk): ReplayFooter {
  const s = new ByteSource(bytes, `chunk ${c.index} (end)`, c.start, c.end);
  const frames = s.varint('end.frames');
  const keys = s.varint('end.keys');
  const hash = s.u32();
  const flags = s.u8();
  const w = s.varint('end.winner');
  if (flags > 1) throw new ReplayError('invalid-field', 'invalid field end.flags', 'end.flags');
  return { frames, keys, hash, complete: flags === 1, winner: w === 0 ? null : w - 1 };
}

/** The footer, or a truncation error naming the last key present. */
function footerOf(bytes: Uint8Array, chunks: readonly RawChunk[]): ReplayFooter {
  const last = chunks[chunks.length - 1]!;
  if (last.type !== Chunk.End) {
    const keys = chunks.filter((c) => c.type === Chunk.Keys).length;
    throw new ReplayError('truncated', `truncated after chunk ${last.index} (${CHUNK_NAMES[last.type]}, ${keys} key chunks): no end record`);
  }
  return readFooter(bytes, last);
}

/** What a list shows of a file: its header and end record when readable, and what is wrong with it. */
export interface ReplaySummary {
  readonly header: ReplayHeader | null;
  readonly footer: ReplayFooter | null;
  readonly error: ReplayError | null;
}

/**
 * Header and end record of a replay (list view). Never throws: an incompatible replay still has
 * its header (to show its date and map), a damaged one only its error.
 */
export function summarizeReplay(bytes: Uint8Array, env: ReplayEnv): ReplaySummary {
  let header: ReplayHeader | null = null;
  try {
    const chunks = scan(bytes);
    header = decodeHeader(bytes.subarray(chunks[0]!.start, chunks[0]!.end));
    const footer = footerOf(bytes, chunks);
    checkEnv(header, env);
    return { header, footer, error: null };
  } catch (e) {
    const error = e instanceof ReplayError ? e : new ReplayError('invalid-field', `invalid field file (${String(e)})`, 'file');
    return { header, footer: null, error };
  }
}

function readKeys(bytes: Uint8Array, c: RawChunk, slots: ReadonlySet<number>, out: KeyRecord[]): number {
  const s = new ByteSource(bytes, `chunk ${c.index} (keys)`, c.start, c.end);
  const first = s.varint('keys.first');
  const end = first + s.varint('keys.count');
  let cursor = first;
  const bad = (f: string): ReplayError => new ReplayError('invalid-field', `invalid field ${f} (chunk ${c.index})`, f);
  if (out.length > 0 && first < out[out.length - 1]!.key + 1) throw bad('keys.first');
  while (s.remaining > 0) {
    const key = cursor + s.varint('record.gap');
    const flags = s.u8();
    if (key >= end || flags === 0 || flags > 7) throw bad(key >= end ? 'record.key' : 'record.flags');
    const inputs: SlotInput[] = [];
    const events: ControlEvent[] = [];
    if (flags & RecordFlag.Inputs) {
      const n = s.varint('inputs.count');
      let prev = -1;
      for (let i = 0; i < n; i++) {
        const slot = s.u8();
        if (!slots.has(slot) || slot <= prev) throw bad('input.slot');
        prev = slot;
        inputs.push({ slot, input: readInput(s) });
      }
    }
    if (flags & RecordFlag.Events) {
      const n = s.varint('events.count');
      for (let i = 0; i < n; i++) {
        const e = { kind: s.u8(), slot: s.u8(), difficulty: s.u8() };
        if (!KIND_EFFECTS.has(e.kind)) throw bad('event.kind');
        if (!slots.has(e.slot)) throw bad('event.slot');
        events.push(e);
      }
    }
    out.push({ key, inputs, events, hash: flags & RecordFlag.Hash ? s.u32() : null });
    cursor = key + 1;
  }
  return end;
}

/** The whole replay. @throws ReplayError */
export function parseReplay(bytes: Uint8Array, env: ReplayEnv): ParsedReplay {
  const chunks = scan(bytes);
  const header = decodeHeader(bytes.subarray(chunks[0]!.start, chunks[0]!.end));
  checkEnv(header, env);
  const footer = footerOf(bytes, chunks);
  const slots = new Set(header.roster.map((r) => r.slot));
  const records: KeyRecord[] = [];
  const snapshots: SnapshotRecord[] = [];
  let keysEnd = 0;
  for (let i = 1; i < chunks.length - 1; i++) {
    const c = chunks[i]!;
    if (c.type === Chunk.Keys) keysEnd = readKeys(bytes, c, slots, records);
    else if (c.type === Chunk.Snapshot) {
      const s = new ByteSource(bytes, `chunk ${c.index} (snapshot)`, c.start, c.end);
      const key = s.varint('snapshot.key');
      const hash = s.u32();
      const length = s.varint('snapshot.length');
      if (length > 64 << 20) throw new ReplayError('invalid-field', `invalid field snapshot.length (chunk ${c.index})`, 'snapshot.length');
      if (key < keysEnd || (snapshots.length > 0 && key <= snapshots[snapshots.length - 1]!.key)) throw new ReplayError('invalid-field', `invalid field snapshot.key (chunk ${c.index})`, 'snapshot.key');
      snapshots.push({ key, hash, bytes: unpackZeros(s, length) });
    } else throw new ReplayError('invalid-field', `invalid field chunk type (a second ${CHUNK_NAMES[c.type]} chunk, chunk ${c.index})`, 'chunk type');
  }
  if (footer.keys < keysEnd || footer.frames > footer.keys * header.keyInterval || footer.frames > header.lengthFrames) {
    throw new ReplayError('invalid-field', 'invalid field end.frames', 'end.frames');
  }
  return { header, records, snapshots, footer };
}
