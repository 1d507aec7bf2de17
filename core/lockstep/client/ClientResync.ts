/**
 * Joining a running match on the client side (a rejoin with a stored session token, a late
 * loader, a spectator): once the room entered the match at the snapshot's key on the host's
 * 'resync' announcement (ClientInbox), this receives the snapshot's chunks (SnapshotReceiver:
 * validated against the announcement, acked by bitmap, checksum-verified); once complete it
 * emits 'resume' so the game loop can restore and fast-forward (through ClientTrees: only with
 * trees of the match's fingerprint). The 'takeover' that later hands my ball back is the match's (ClientMatch.takeover).
 * Hostile or stray chunks are dropped and counted (stats.snapRejected); nothing here throws.
 */
import { SnapshotReceiver } from '../link';
import type { ChunkResult } from '../link';
import { decodeSnapChunk, encodeSnapAck } from '../wire';
import type { HostControl, SnapChunk } from '../wire';
import type { ClientMatch } from './ClientMatch';
import type { ClientState } from './ClientState';
import type { ClientTrees } from './ClientTrees';

/** Chunks kept while the announcement has not arrived yet (one burst's worth). */
const EARLY_CHUNKS = 64;

export class ClientResync {
  /** Chunks that arrived before the announcement (bounded). */
  private early: SnapChunk[] = [];

  constructor(
    private readonly st: ClientState,
    private readonly trees: ClientTrees,
  ) {}

  /** The host's 'resync' announced the snapshot of match `m` (the room just entered it at the snapshot's key). */
  onResync(now: number, c: Extract<HostControl, { t: 'resync' }>, m: ClientMatch): void {
    const st = this.st;
    if (c.size === 0) {
      st.snap = null;
      return this.trees.release({ t: 'resume', match: m, key: 0, snapshot: null }, c.trees);
    }
    const t = new SnapshotReceiver(c.key, c.size, c.checksum);
    st.snap = t;
    for (const chunk of this.early.splice(0)) this.take(t, m, chunk);
    this.sendAck(now); // "announcement received" (and what arrived before it)
  }

  /** A SNAP datagram from the host. */
  onChunk(now: number, bytes: Uint8Array): void {
    const st = this.st;
    const t = st.snap;
    const c = decodeSnapChunk(bytes);
    // Chunks may overtake the announcement (it rides the control stream): keep a few until it comes.
    const expecting = st.phase === 'joining' || st.phase === 'lobby' || st.phase === 'loading';
    if (c && !t && expecting && this.early.length < EARLY_CHUNKS) return void this.early.push(c);
    const m = st.match;
    if (!t || !c || !m || st.phase !== 'running') return void st.stats.snapRejected++;
    st.lastHeardAt = now;
    this.take(t, m, c);
    if (t.ackDue(now)) this.sendAck(now);
  }

  private take(t: SnapshotReceiver, m: ClientMatch, chunk: SnapChunk): ChunkResult {
    const r = t.accept(chunk);
    if (r === 'rejected' || r === 'corrupt') this.st.stats.snapRejected++;
    else this.st.stats.snapChunks++;
    if (r === 'complete' && t.result) this.trees.release({ t: 'resume', match: m, key: t.key, snapshot: t.result }, m.start.trees);
    return r;
  }

  tick(now: number): void {
    if (this.st.snap?.ackDue(now)) this.sendAck(now);
  }

  /** Back to the lobby: no transfer runs any more. */
  end(): void {
    this.st.snap = null;
    this.early = [];
  }

  private sendAck(now: number): void {
    const t = this.st.snap;
    if (t) this.st.out(encodeSnapAck(t.ack(now, this.st.token)));
  }
}
