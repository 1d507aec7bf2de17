/**
 * The host's bot trees for its peers (protocol v5): the match runs the host's trees on every peer.
 * Each peer reports the fingerprints of its own trees after ACCEPT (control 0x4a); a peer whose
 * trees differ gets the differing ones in `trees` chunks on its control stream (TreeSender: one
 * chunk in flight, the next queued as soon as the peer acknowledged the previous). A peer with
 * equal trees gets nothing. The fingerprint every peer must match rides on loading, start and
 * resync (HostRoom, HostResync).
 * Bounded: MAX_TREE_SENDS transfers per session (a peer asks again after a bad transfer); later
 * reports are counted (`badTrees`) and ignored. Counted: chunks and their bytes (`treeChunks`,
 * `treeBytes`: chunk messages as first queued; the channel's retransmissions are not counted).
 */
import { TreeSender } from '../link';
import { encodeHostControl, encodeTreeBlob, treeChunks } from '../wire';
import type { HostSender } from './HostSender';
import type { HostSession } from './HostSession';
import type { HostState } from './HostState';

/** Transfers of the host's trees one session may ask for (a first one and retries). */
export const MAX_TREE_SENDS = 4;

export class HostTrees {
  constructor(
    private readonly st: HostState,
    private readonly tx: HostSender,
  ) {}

  /** The fingerprint of the trees every peer of this room's matches runs. */
  get fingerprint(): number {
    return this.st.trees.brains.fingerprint >>> 0;
  }

  /** A peer's trees (fingerprints by difficulty): send it those of ours that differ. */
  onReport(now: number, s: HostSession, prints: readonly number[]): void {
    const { brains, sources } = this.st.trees;
    const send = brains.trees.map((t, d) => prints[d] !== t.fingerprint >>> 0);
    if (!send.some((x) => x)) return;
    if (s.treeSends >= MAX_TREE_SENDS) return void this.st.counters.badTrees++;
    const blob = encodeTreeBlob(sources, send);
    if (!blob) return void this.st.counters.badTrees++; // a source over the limit: the loader never makes one
    s.treeSends++;
    const msgs = treeChunks(this.fingerprint, blob).map((c) => encodeHostControl({ t: 'trees', ...c }));
    s.treesOut = new TreeSender(msgs, s.treesOut?.lastSeq ?? -1);
    this.pump(now, s);
  }

  /** Queues `s`'s next chunk if the previous one was acknowledged, and sends it at once. */
  pump(now: number, s: HostSession): void {
    const t = s.treesOut;
    if (!t) return;
    // A finished sender stays: a restarted transfer waits for its last chunk's ack too.
    const bytes = t.done ? 0 : t.pump(s.ctl);
    if (bytes === 0) return;
    this.st.counters.treeChunks++;
    this.st.counters.treeBytes += bytes;
    this.tx.sendTo(now, s);
  }
}
