/**
 * The host's bot trees to one peer over the reliable control stream (protocol v5; layouts in
 * wire/treesWire.ts). TreeSender queues one chunk at a time, the next only once the previous was
 * acknowledged: the stream puts every unacknowledged message into each datagram, oldest first, so a
 * second 1 KB chunk in flight would not fit beside the first and would only make every frame
 * resend it; the peer acknowledges a chunk at once, so each costs about one round trip.
 * TreeReceiver assembles one transfer's chunks in order (they come on an ordered stream; a chunk
 * 0 starts a new transfer) and hands back the blob; anything out of order breaks the transfer.
 * Bounded: the blob's size is capped by the chunk decoder (MAX_TREE_BLOB_BYTES) before any chunk
 * is kept. No clock: acknowledgements are the ReliableChannel's.
 */
import type { TreeChunk } from '../wire';
import type { ReliableChannel } from './ReliableChannel';

export class TreeSender {
  private next = 0;

  constructor(
    /** The encoded chunk messages, in order. */
    private readonly msgs: readonly Uint8Array[],
    /**
     * Sequence number of the last chunk queued (-1: none). A transfer restarted while a chunk of
     * the previous one is still unacknowledged waits for it too (one chunk in flight, always).
     */
    public lastSeq = -1,
  ) {}

  /** Every chunk has been queued (the channel retransmits what is still unacknowledged). */
  get done(): boolean {
    return this.next >= this.msgs.length;
  }

  /** Queues the next chunk on `ctl` once the previous one was acknowledged; returns its bytes (0: none now). */
  pump(ctl: ReliableChannel): number {
    const m = this.msgs[this.next];
    if (!m || !ctl.isAcked(this.lastSeq)) return 0;
    const seq = ctl.nextSeq;
    if (!ctl.push(m)) return 0;
    this.lastSeq = seq;
    this.next++;
    return m.length;
  }
}

/** What one chunk did: the transfer goes on, completed, was broken by it, or it belongs to none. */
export type TreeChunkResult = 'new' | 'complete' | 'broken' | 'stray';

export class TreeReceiver {
  private head: TreeChunk | null = null;
  private parts: Uint8Array[] = [];
  /** The blob of the last completed transfer. */
  result: Uint8Array | null = null;

  /** True while a transfer has started and not completed. */
  get active(): boolean {
    return this.head !== null;
  }

  accept(c: TreeChunk): TreeChunkResult {
    const head = this.head;
    if (c.index === 0) {
      this.head = c;
      this.parts = [c.bytes];
    } else if (!head) {
      return 'stray';
    } else if (c.fingerprint !== head.fingerprint || c.total !== head.total || c.index !== this.parts.length) {
      this.reset();
      return 'broken';
    } else {
      this.parts.push(c.bytes);
    }
    const count = this.head?.count ?? 0;
    if (this.parts.length < count) return 'new';
    const blob = new Uint8Array(c.total);
    let at = 0;
    for (const p of this.parts) {
      blob.set(p, at);
      at += p.length;
    }
    this.reset();
    this.result = blob;
    return 'complete';
  }

  /** Drops a transfer in progress. */
  reset(): void {
    this.head = null;
    this.parts = [];
  }
}
