/**
 * Joining a running match on the client side (a rejoin with a stored session token, a late
 * loader, a spectator): on the host's 'resync' announcement it starts a match buffer at the
 * snapshot's key and receives the snapshot's chunks (SnapshotReceiver: validated against the
 * announcement, acked by bitmap, checksum-verified); once complete it emits 'resume' so the game
 * loop can restore and fast-forward. On 'takeover' for my slot my inputs count again from that key.
 * Hostile or stray chunks are dropped and counted (stats.snapRejected); nothing here throws.
 */
import { ClientMatch } from './ClientMatch';
import { ClientSession } from './ClientSession';
import type { HostControl } from '../wire/control';
import { SnapshotReceiver } from '../link/SnapshotTransfer';
import { decodeSnapChunk, encodeSnapAck } from '../wire/snapshotWire';
import type { SnapChunk } from '../wire/snapshotWire';

/** Chunks kept while the announcement has not arrived yet (one burst's worth). */
const EARLY_CHUNKS = 64;

export abstract class ClientResync extends ClientSession {
  /** The snapshot transfer of the running match I joined late, while one runs or may be repeated. */
  protected snap: SnapshotReceiver | null = null;
  /** Chunks that arrived before the announcement (bounded). */
  private early: SnapChunk[] = [];

  protected onResync(now: number, c: Extract<HostControl, { t: 'resync' }>): void {
    if (this.phase !== 'lobby' && this.phase !== 'loading' && this.phase !== 'running') return;
    const start = { seed: c.seed, delayMs: c.delayMs, settings: this.settings, slots: c.slots };
    const m = new ClientMatch(start, this.slot, false, now, c.key);
    m.awaitingLive = true;
    this.match = m;
    this.phase = 'running';
    this.nackKey = -1;
    this.blockedSince = null;
    this.status = undefined;
    if (c.size === 0) {
      this.snap = null;
      this.events.push({ t: 'resume', match: m, key: 0, snapshot: null });
      return;
    }
    const t = new SnapshotReceiver(c.key, c.size, c.checksum);
    this.snap = t;
    for (const chunk of this.early.splice(0)) {
      const r = t.accept(chunk);
      if (r === 'rejected' || r === 'corrupt') this.stats.snapRejected++;
      else this.stats.snapChunks++;
      if (r === 'complete' && t.result) this.events.push({ t: 'resume', match: m, key: t.key, snapshot: t.result });
    }
    this.sendSnapAck(now); // "announcement received" (and what arrived before it)
  }

  protected onSnapDatagram(now: number, bytes: Uint8Array): void {
    const t = this.snap;
    const c = decodeSnapChunk(bytes);
    // Chunks may overtake the announcement (it rides the control stream): keep a few until it comes.
    const expecting = this.phase === 'joining' || this.phase === 'lobby' || this.phase === 'loading';
    if (c && !t && expecting && this.early.length < EARLY_CHUNKS) return void this.early.push(c);
    if (!t || !c || this.phase !== 'running') return void this.stats.snapRejected++;
    this.lastHeardAt = now;
    const r = t.accept(c);
    if (r === 'rejected' || r === 'corrupt') this.stats.snapRejected++;
    else this.stats.snapChunks++;
    const m = this.match;
    if (r === 'complete' && m && t.result) this.events.push({ t: 'resume', match: m, key: t.key, snapshot: t.result });
    if (t.ackDue(now)) this.sendSnapAck(now);
  }

  protected tickResync(now: number): void {
    if (this.snap && this.snap.ackDue(now)) this.sendSnapAck(now);
  }

  protected onTakeover(c: Extract<HostControl, { t: 'takeover' }>): void {
    const m = this.match;
    if (m && c.slot === this.slot && !m.player && this.phase === 'running') m.becomePlayer(c.key);
  }

  protected endResync(): void {
    this.snap = null;
    this.early = [];
  }

  private sendSnapAck(now: number): void {
    const t = this.snap;
    if (!t) return;
    const bytes = encodeSnapAck(t.ack(now, this.token));
    this.out(bytes);
  }
}
