/**
 * Joining a running match on the client side (a rejoin with a stored session token, a late
 * loader, a spectator): on the host's 'resync' announcement it starts a match buffer at the
 * snapshot's key and receives the snapshot's chunks (SnapshotReceiver: validated against the
 * announcement, acked by bitmap, checksum-verified); once complete it emits 'resume' so the game
 * loop can restore and fast-forward (through ClientTrees: only with trees of the match's fingerprint). On 'takeover' for my slot my inputs count again from that key.
 * Hostile or stray chunks are dropped and counted (stats.snapRejected); nothing here throws.
 */
import { SnapshotReceiver } from '../link';
import type { ChunkResult } from '../link';
import { decodeSnapChunk, encodeSnapAck } from '../wire';
import type { HostControl, SnapChunk } from '../wire';
import { ClientMatch } from './ClientMatch';
import type { ClientState } from './ClientState';
import type { ClientTrees } from './ClientTrees';
import type { ClientUplink } from './ClientUplink';

/** Chunks kept while the announcement has not arrived yet (one burst's worth). */
const EARLY_CHUNKS = 64;

export class ClientResync {
  /** Chunks that arrived before the announcement (bounded). */
  private early: SnapChunk[] = [];

  constructor(
    private readonly st: ClientState,
    private readonly uplink: ClientUplink,
    private readonly trees: ClientTrees,
  ) {}

  onResync(now: number, c: Extract<HostControl, { t: 'resync' }>): void {
    const st = this.st;
    if (!st.connected) return;
    const start = { seed: c.seed, delayMs: c.delayMs, settings: st.settings, slots: c.slots, trees: c.trees };
    const m = new ClientMatch(start, st.slot, false, now, c.key);
    m.awaitingLive = true;
    st.match = m;
    st.phase = 'running';
    st.blockedSince = null;
    st.status = undefined;
    this.uplink.resetNacks();
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

  onTakeover(c: Extract<HostControl, { t: 'takeover' }>): void {
    const m = this.st.match;
    if (m && c.slot === this.st.slot && !m.player && this.st.phase === 'running') m.becomePlayer(c.key);
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
