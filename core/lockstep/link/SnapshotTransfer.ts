/**
 * Reliable transfer of one key-frame snapshot over datagrams: once the receiver has acked the
 * announcement (an empty bitmap), the host's SnapshotSender sends every chunk once in bursts, then
 * resends what the receiver's bitmap ack (SNAPACK) still lacks after a retransmission timeout; the client's SnapshotReceiver validates each chunk against the
 * announced transfer (key, size, checksum), assembles, verifies the checksum, and acks.
 * Bounded: the size is capped (MAX_SNAPSHOT_BYTES) and announced before any chunk is stored.
 * Bytes in, bytes out, time in (ms of the caller's clock); no socket, no timer.
 */
import { chunkCount, encodeSnapChunk, SNAP_CHUNK_BYTES, snapChecksum } from '../wire';
import type { SnapAck, SnapChunk } from '../wire';

/** Chunks sent per call of `due` at most (one host tick). */
export const SNAP_BURST = 64;
/** The sender pauses while the receiver's acks (every 80 ms while incomplete) have stopped this long. */
export const SILENT_RECEIVER_MS = 1000;

export class SnapshotSender {
  readonly count: number;
  readonly checksum: number;
  private readonly acked: Uint8Array;
  private readonly sentAt: Float64Array;
  private ackedCount = 0;
  private heardAt: number | null = null;
  /** Chunk datagrams sent (first copies and resends). */
  sent = 0;

  constructor(
    readonly key: number,
    readonly bytes: Uint8Array,
  ) {
    this.count = chunkCount(bytes.length);
    this.checksum = snapChecksum(bytes);
    this.acked = new Uint8Array(this.count);
    this.sentAt = new Float64Array(this.count).fill(-1e15);
  }

  get complete(): boolean {
    return this.ackedCount === this.count;
  }

  /**
   * Chunk datagrams to send now: never sent or unacknowledged for `rtoMs`; at most `burst`.
   * Nothing before the receiver's first ack (its address is proven: a spoofed JOIN cannot turn
   * into a 30 KB burst at someone else), nothing while it has been silent for SILENT_RECEIVER_MS.
   */
  due(now: number, rtoMs: number, burst = SNAP_BURST): Uint8Array[] {
    if (this.heardAt === null || now - this.heardAt > SILENT_RECEIVER_MS) return [];
    const out: Uint8Array[] = [];
    for (let i = 0; i < this.count && out.length < burst; i++) {
      if (this.acked[i] === 1 || now - (this.sentAt[i] ?? 0) < rtoMs) continue;
      this.sentAt[i] = now;
      out.push(encodeSnapChunk(this.key, this.bytes, this.checksum, i));
    }
    this.sent += out.length;
    return out;
  }

  /** The receiver's bitmap (the latest one is authoritative); false when it is not for this transfer. */
  onAck(a: SnapAck, now: number): boolean {
    if (a.key !== this.key || a.count !== this.count) return false;
    this.heardAt = now;
    let n = 0;
    for (let i = 0; i < this.count; i++) {
      const bit = ((a.bitmap[i >> 3] ?? 0) >> (i & 7)) & 1;
      this.acked[i] = bit;
      n += bit;
    }
    this.ackedCount = n;
    return true;
  }
}

/** What a received chunk did. */
export type ChunkResult = 'new' | 'duplicate' | 'rejected' | 'complete' | 'corrupt';

/** How long the receiver waits to batch acks, and how often it repeats one while incomplete (ms). */
const ACK_BATCH_MS = 10;
const ACK_REPEAT_MS = 80;

export class SnapshotReceiver {
  readonly count: number;
  private readonly buf: Uint8Array;
  private readonly have: Uint8Array;
  private got = 0;
  private fresh = false;
  private lastAckAt = -1e15;
  private done: Uint8Array | null = null;
  /** Chunks rejected (not of the announced transfer, or malformed), and checksum failures. */
  rejected = 0;
  corrupt = 0;

  constructor(
    readonly key: number,
    readonly total: number,
    readonly checksum: number,
  ) {
    this.count = chunkCount(total);
    this.buf = new Uint8Array(total);
    this.have = new Uint8Array(this.count);
  }

  /** The verified snapshot, once complete. */
  get result(): Uint8Array | null {
    return this.done;
  }

  accept(c: SnapChunk): ChunkResult {
    if (c.key !== this.key || c.total !== this.total || c.checksum !== this.checksum || c.count !== this.count || c.index >= this.count) {
      this.rejected++;
      return 'rejected';
    }
    this.fresh = true; // even a duplicate says our ack may have been lost: answer it
    if (this.done || this.have[c.index] === 1) return 'duplicate';
    this.buf.set(c.data, c.index * SNAP_CHUNK_BYTES);
    this.have[c.index] = 1;
    this.got++;
    if (this.got < this.count) return 'new';
    if (snapChecksum(this.buf) !== this.checksum) {
      // Every chunk matched the announcement but the whole does not: start over.
      this.corrupt++;
      this.have.fill(0);
      this.got = 0;
      return 'corrupt';
    }
    this.done = this.buf;
    return 'complete';
  }

  /** True when an ack should go out now. */
  ackDue(now: number): boolean {
    if (this.fresh && (this.done !== null || now - this.lastAckAt >= ACK_BATCH_MS)) return true;
    return this.done === null && now - this.lastAckAt >= ACK_REPEAT_MS;
  }

  /** The bitmap ack (marks it sent). */
  ack(now: number, token: number): SnapAck {
    this.fresh = false;
    this.lastAckAt = now;
    const bitmap = new Uint8Array(Math.ceil(this.count / 8));
    for (let i = 0; i < this.count; i++) if (this.have[i] === 1 || this.done) bitmap[i >> 3] = (bitmap[i >> 3] ?? 0) | (1 << (i & 7));
    return { token, key: this.key, count: this.count, bitmap };
  }
}
