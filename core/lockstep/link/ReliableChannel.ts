/**
 * One direction pair of the reliable, ordered control stream (lobby, chat, votes, desync notices).
 * Owns: sequence numbers, cumulative acknowledgement and in-order delivery of opaque messages.
 * Invariants: every datagram a side sends carries all of its unacknowledged messages that fit,
 * oldest first (so a lost datagram costs nothing once any later one arrives); the receiver
 * delivers each message exactly once, in order; duplicates and old copies are ignored. Sequence
 * numbers are full integers here and their low 16 bits on the wire. No clock of its own: the
 * owner passes `now` (ms).
 */
import type { ControlSection } from '../wire';
import { unwrap16 } from '../wire';

/** Most messages queued unacknowledged; beyond this `push` refuses (the peer is not reading). */
export const MAX_CTL_QUEUE = 1024;

/** A side owing an ack sends it once this long (ms) has passed since its last datagram (acks coalesce). */
export const ACK_COALESCE_MS = 20;

/**
 * The longest a peer may hold our messages' ack: the coalescing time plus one tick of its timer
 * (25 ms outside a match). The round-trip estimate leaves it out (a ping's hold is subtracted), so
 * a retransmission waits for it too, or it fires before the ack can arrive: in a 50-player room
 * the order cost the host 4.5 kB/s without this wait and 1.5 kB/s with it (room.bench.ts).
 */
export const ACK_HOLD_MAX_MS = ACK_COALESCE_MS + 25;

export class ReliableChannel {
  private queue: { seq: number; bytes: Uint8Array }[] = [];
  private pushed = 0;
  private inNext = 0;
  private unsent = 0;
  private lastSentAt = -1e15;
  private ackOwed = false;

  /** Queues a message; false when the queue is full. */
  push(bytes: Uint8Array): boolean {
    if (this.queue.length >= MAX_CTL_QUEUE) return false;
    this.queue.push({ seq: this.pushed++, bytes });
    this.unsent++;
    return true;
  }

  /** The sequence number the next pushed message gets. */
  get nextSeq(): number {
    return this.pushed;
  }

  /** True once message `seq` was acknowledged (or was never pushed, for seq < 0). */
  isAcked(seq: number): boolean {
    return seq < (this.queue[0]?.seq ?? this.pushed);
  }

  /** Messages waiting for an acknowledgement. */
  get pendingCount(): number {
    return this.queue.length;
  }

  /** True when a queued message has never been sent. */
  get hasUnsent(): boolean {
    return this.unsent > 0;
  }

  /** True when the peer sent us something we have not acknowledged yet. */
  get ackOwing(): boolean {
    return this.ackOwed;
  }

  /** All unacknowledged messages, oldest first, for the encoder to take a prefix of. */
  section(): ControlSection | undefined {
    const first = this.queue[0];
    if (!first) return undefined;
    return { firstSeq: first.seq & 0xffff, msgs: this.queue.map((q) => q.bytes) };
  }

  /** Records that the oldest `count` messages went out at `now`. */
  markSent(now: number, count: number): void {
    if (count <= 0) return;
    this.lastSentAt = now;
    this.unsent = Math.max(0, this.unsent - Math.max(0, count - (this.queue.length - this.unsent)));
  }

  /**
   * True when a message was never sent, or unacknowledged ones have waited `rtoMs` (the link's
   * retransmission timeout) plus the peer's longest ack hold since the last transmission.
   */
  due(now: number, rtoMs: number): boolean {
    return this.queue.length > 0 && (this.unsent > 0 || now - this.lastSentAt >= rtoMs + ACK_HOLD_MAX_MS);
  }

  /** True when the peer sent us something we have not acknowledged and the ack should go now. */
  ackDue(now: number, lastSentAt: number): boolean {
    return this.ackOwed && now - lastSentAt >= ACK_COALESCE_MS;
  }

  /** The cumulative ack to send (next sequence number expected, low 16 bits); clears the debt. */
  takeAck(): number {
    this.ackOwed = false;
    return this.inNext & 0xffff;
  }

  /** Applies the peer's cumulative ack (16 bits); returns how many messages it released. */
  onAck(ack16: number): number {
    const first = this.queue[0];
    if (!first) return 0;
    const ack = unwrap16(ack16, first.seq);
    if (ack > this.pushed) return 0; // acknowledges something never sent: ignore
    let n = 0;
    while (this.queue.length > 0 && (this.queue[0]?.seq ?? ack) < ack) {
      this.queue.shift();
      n++;
    }
    this.unsent = Math.min(this.unsent, this.queue.length);
    return n;
  }

  /** Takes a received control section; returns the messages new to us, in order. */
  onReceive(section: ControlSection): Uint8Array[] {
    this.ackOwed = true;
    const first = unwrap16(section.firstSeq, this.inNext);
    const out: Uint8Array[] = [];
    for (let i = 0; i < section.msgs.length; i++) {
      const seq = first + i;
      if (seq < this.inNext) continue; // DUPLICATE: already delivered
      if (seq > this.inNext) break; // a gap cannot come from an honest sender
      const m = section.msgs[i];
      if (m) out.push(m);
      this.inNext++;
    }
    return out;
  }

  /** Drops everything queued (the session ended). */
  clear(): void {
    this.queue = [];
    this.unsent = 0;
  }
}
