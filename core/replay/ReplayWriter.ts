/**
 * Streams a match into the replay format (format.ts) as it runs: the header at once, then each
 * key's input changes and slot events, a hash every `hashEvery` keys and a snapshot every
 * `snapshotEvery` keys, and the end record on `finish`. Keys arrive in ascending order; keys with
 * nothing recorded cost nothing. Pure: the caller hands over the bytes (main side saves them).
 */
import type { SlotInput } from '../sim';
import { ByteSink, crc32, packZeros } from './bytes';
import { Chunk, RecordFlag, REPLAY_FORMAT_VERSION, REPLAY_MAGIC, writeInput } from './format';
import { encodeHeader, type ReplayHeader } from './header';
import type { ControlEvent } from '../match';

/** How the recording ended. */
export interface ReplayEnd {
  /** Logic frames run. */
  readonly frames: number;
  /** Hash (MatchRunner.hash / SimGame.hash) after the last frame. */
  readonly hash: number;
  /** True when the match reached its end (false: the player left, the session broke). */
  readonly complete: boolean;
  /** Roster slot of the winner, or null. */
  readonly winner: number | null;
}

export class ReplayWriter {
  private readonly parts: Uint8Array[] = [];
  private readonly chunk = new ByteSink();
  private readonly records = new ByteSink();
  private chunkStart = 0;
  /** Next key expected (keys before it are recorded or skipped). */
  private cursor = 0;
  private finished: Uint8Array | null = null;

  constructor(readonly header: ReplayHeader) {
    const prelude = new Uint8Array(8);
    prelude.set(REPLAY_MAGIC);
    prelude[4] = REPLAY_FORMAT_VERSION & 0xff;
    prelude[5] = REPLAY_FORMAT_VERSION >>> 8;
    this.parts.push(prelude);
    this.emit(Chunk.Header, encodeHeader(header));
  }

  /** Whether `key` needs a hash (pass it to `key`). */
  wantsHash(key: number): boolean {
    return key % this.header.hashEvery === 0;
  }

  /** Whether a snapshot is due before `key` (call `snapshot` before `key`). */
  wantsSnapshot(key: number): boolean {
    return key > 0 && key % this.header.snapshotEvery === 0;
  }

  /** Records key `key`: its human input changes (ascending slot), slot events, and its hash before them when due. */
  key(key: number, inputs: readonly SlotInput[], events: readonly ControlEvent[], hashBefore?: number): void {
    if (this.finished || key < this.cursor) return;
    const hash = hashBefore !== undefined && this.wantsHash(key);
    if (inputs.length === 0 && events.length === 0 && !hash) return;
    const r = this.records;
    r.varint(key - this.cursor).u8((inputs.length > 0 ? RecordFlag.Inputs : 0) | (events.length > 0 ? RecordFlag.Events : 0) | (hash ? RecordFlag.Hash : 0));
    if (inputs.length > 0) {
      r.varint(inputs.length);
      for (const i of inputs) {
        r.u8(i.slot);
        writeInput(r, i.input);
      }
    }
    if (events.length > 0) {
      r.varint(events.length);
      for (const e of events) r.u8(e.kind).u8(e.slot).u8(e.difficulty);
    }
    if (hash) r.u32(hashBefore >>> 0);
    this.cursor = key + 1;
  }

  /** A snapshot of the state before `key` (MatchRunner/SimGame layout) and its hash. */
  snapshot(key: number, bytes: Uint8Array, hash: number): void {
    if (this.finished || key < this.cursor) return;
    this.flushKeys(key);
    this.chunk.clear();
    this.chunk.varint(key).u32(hash >>> 0).varint(bytes.length);
    packZeros(bytes, this.chunk);
    this.emit(Chunk.Snapshot, this.chunk.take());
  }

  /** Closes the file; later calls return the same bytes. `keys` = keys begun. */
  finish(end: ReplayEnd, keys: number): Uint8Array {
    if (this.finished) return this.finished;
    this.flushKeys(Math.max(keys, this.cursor));
    this.chunk.clear();
    this.chunk.varint(end.frames).varint(Math.max(keys, this.cursor)).u32(end.hash >>> 0).u8(end.complete ? 1 : 0).varint(end.winner === null ? 0 : end.winner + 1);
    this.emit(Chunk.End, this.chunk.take());
    let n = 0;
    for (const p of this.parts) n += p.length;
    const out = new Uint8Array(n);
    let o = 0;
    for (const p of this.parts) {
      out.set(p, o);
      o += p.length;
    }
    this.parts.length = 0;
    this.finished = out;
    return out;
  }

  /** Bytes so far (an unfinished file reads as truncated). */
  get size(): number {
    let n = this.records.length;
    for (const p of this.parts) n += p.length;
    return n;
  }

  /** Writes the pending records as a chunk covering keys [chunkStart, end). */
  private flushKeys(end: number): void {
    if (end <= this.chunkStart && this.records.length === 0) return;
    const c = this.chunk;
    c.clear();
    c.varint(this.chunkStart).varint(end - this.chunkStart).bytes(this.records.take());
    this.emit(Chunk.Keys, c.take());
    this.records.clear();
    this.chunkStart = end;
    this.cursor = end;
  }

  private emit(type: Chunk, payload: Uint8Array): void {
    const out = new Uint8Array(payload.length + 9);
    out[0] = type;
    const n = payload.length;
    out[1] = n & 0xff;
    out[2] = (n >>> 8) & 0xff;
    out[3] = (n >>> 16) & 0xff;
    out[4] = (n >>> 24) & 0xff;
    out.set(payload, 5);
    const crc = crc32(out, 0, 5 + n);
    for (let i = 0; i < 4; i++) out[5 + n + i] = (crc >>> (8 * i)) & 0xff;
    this.parts.push(out);
  }
}
