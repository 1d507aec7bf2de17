/**
 * What a peer reads from its host: ACCEPT/REJECT, host frames (updates, acks, status, pings) and
 * their control messages (settings, slots, loading, start, resync, notices), turned into state
 * changes and PeerEvents. Snapshot chunks go to ClientResync, tree chunks to ClientTrees (acked at
 * once: the host queues the next chunk when this one is acknowledged), and a match start reaches
 * the game loop through ClientTrees, with trees of the match's fingerprint.
 * Invariants: only datagrams from the host's address are read; nothing here throws on bad input
 * (malformed datagrams and control messages are counted and dropped).
 */
import { readHeader } from '../../net';
import { decodeDatagram, decodeHostControl, goodbyeIn, isHostEvent, LockstepType, TREES_KIND } from '../wire';
import type { HostControl, HostFrame } from '../wire';
import { parseReason, SessionReason } from '../reasons';
import { PHASE_SHIFT_PACE, SlotKind, SPECTATOR_SLOT } from '../types';
import { ClientMatch } from './ClientMatch';
import type { ClientResync } from './ClientResync';
import type { ClientState } from './ClientState';
import type { ClientSuccession } from './ClientSuccession';
import type { ClientTrees } from './ClientTrees';
import type { ClientUplink } from './ClientUplink';

/** Host frames kept while the ACCEPT has not arrived yet. */
const EARLY_FRAMES = 4;

export class ClientInbox {
  /** Host frames that arrived before the ACCEPT (bounded; read once it is). */
  private earlyFrames: Uint8Array[] = [];

  constructor(
    private readonly st: ClientState,
    private readonly uplink: ClientUplink,
    private readonly resync: ClientResync,
    private readonly trees: ClientTrees,
    private readonly succession: ClientSuccession,
  ) {}

  /** One datagram from `from`. Anything not from the host is ignored. */
  receive(now: number, bytes: Uint8Array, from: string): void {
    const st = this.st;
    if (from !== st.host) return void st.stats.foreign++;
    st.stats.received++;
    st.stats.receivedBytes += bytes.length;
    const h = readHeader(bytes);
    if (!h.ok) {
      if (h.reason === 'version' && st.phase === 'joining') st.fail({ t: 'rejected', reason: 2, hostVersion: `protocol ${h.version ?? '?'}` }, 'rejected');
      return;
    }
    if (h.type === LockstepType.Snap) return this.resync.onChunk(now, bytes);
    const d = decodeDatagram(bytes, st.match ? st.match.recvKey : 0);
    if (!d.ok) return void st.stats.malformed++;
    const m = d.msg;
    if (m.type === 'accept' && st.phase === 'joining' && m.nonce === st.nonce) {
      st.slot = m.slot;
      st.token = m.token;
      st.owner = m.owner;
      st.phase = 'lobby';
      st.lastHeardAt = now;
      this.uplink.accepted(now);
      this.trees.report();
      st.events.push({ t: 'accepted', slot: m.slot, owner: m.owner });
      for (const b of this.earlyFrames.splice(0)) this.receive(now, b, from);
      // The trees report goes now, not at the next (idle, 25 ms) tick: a transfer starts one RTT later.
      if (st.connected) this.uplink.sendFrame(now);
    } else if (m.type === 'reject' && st.phase === 'joining' && m.nonce === st.nonce) {
      st.fail({ t: 'rejected', reason: m.reason, hostVersion: m.appVersion }, 'rejected');
    } else if (m.type === 'hframe' && m.held) {
      // A group frame stands for my own only while the host knows I listen and does not hold my slot.
      if (st.phase === 'running' && st.groupTold && st.slot !== SPECTATOR_SLOT && !m.held.includes(st.slot)) this.onFrame(now, m, bytes);
      else st.stats.groupSkipped++;
    } else if (m.type === 'hframe' && st.phase === 'joining' && this.earlyFrames.length < EARLY_FRAMES) {
      // It overtook the ACCEPT (the host sends both at once): read it right after.
      this.earlyFrames.push(bytes.slice());
    } else if (m.type === 'hframe' && st.connected) {
      this.onFrame(now, m, bytes);
    }
  }

  private onFrame(now: number, frame: HostFrame, bytes: Uint8Array): void {
    const st = this.st;
    let f = frame;
    const matchBefore = st.match;
    st.lastHeardAt = now;
    if (f.ctlAck !== undefined) st.ctl.onAck(f.ctlAck);
    if (f.ping) {
      st.pong = { ts: f.ping.ts, at: now };
      st.upLoss = f.ping.lossPct / 100;
      if (f.ping.earlyMs > 0) st.shiftUntil = now + f.ping.earlyMs / (1 - PHASE_SHIFT_PACE);
      if (f.ping.rttMs > 0) st.hostRtt = f.ping.rttMs;
    }
    let treeChunks = 0;
    for (const b of f.ctl ? st.ctl.onReceive(f.ctl) : []) {
      if (b[0] === TREES_KIND) treeChunks++;
      this.onControl(now, decodeHostControl(b, st.match?.recvKey ?? 0), b);
    }
    if (treeChunks > 0 && st.connected) this.uplink.sendFrame(now);
    // The host's goodbye is terminal: honoured even past a gap in the control stream.
    const bye = st.connected ? goodbyeIn(f.ctl) : null;
    if (bye !== null && this.handedOver(bye)) return;
    if (bye !== null) return st.fail({ t: 'closed', reason: bye }, 'failed');
    const m = st.match;
    if (!m || st.phase !== 'running') return;
    // A match that started inside this datagram (resync deep into a match): its update keys were
    // unwrapped against key 0; read them again against the match's own position.
    if (m !== matchBefore && f.updates) {
      const again = decodeDatagram(bytes, m.recvKey);
      if (again.ok && again.msg.type === 'hframe') f = again.msg;
    }
    const newest = f.updates?.[f.updates.length - 1];
    if (newest && f.copy === undefined) st.downLoss.observe(newest.key);
    const before = m.recvKey;
    if (f.updates && m.addUpdates(now, f.updates) > 0) st.events.push({ t: 'updates', updates: m.updates.slice(before + 1) });
    if (f.inputAck !== undefined) m.onInputAck(f.inputAck);
    st.status = f.status;
  }

  /** A goodbye that hands the running match over (to a successor that took over, with its index): followed. */
  private handedOver(reason: string): boolean {
    const r = parseReason(reason);
    return r.code === SessionReason.HandedOver && this.succession.onHandover(r.n);
  }

  private onControl(now: number, c: HostControl | null, bytes: Uint8Array): void {
    const st = this.st;
    if (!c) {
      st.stats.malformed++;
      if (bytes[0] === TREES_KIND) this.trees.onGarbled();
      return;
    }
    switch (c.t) {
      case 'settings': st.settings = c.settings; break;
      case 'slots':
        st.slots.length = Math.max(st.slots.length, c.first + c.slots.length);
        c.slots.forEach((s, i) => (st.slots[c.first + i] = s));
        st.slots.length = st.settings.maxSlots;
        break;
      case 'loading': st.phase = 'loading'; this.trees.loading(c.trees); break;
      case 'lobby': case 'end': st.phase = 'lobby'; st.status = undefined; this.resync.end(); this.trees.end(); break;
      case 'trees': return this.trees.onChunk(c);
      case 'succession': return this.succession.onAnnounce(c);
      case 'rejoiners': return this.succession.onRejoiners(c.rejoiners);
      case 'keys': return st.opts.onKeys?.(c.keys);
      case 'resync': return this.resync.onResync(now, c);
      case 'takeover': this.resync.onTakeover(c); break;
      case 'kicked': st.phase = 'kicked'; break;
      case 'closed':
        // A host that left a running match handed it over: the peers elect the next host.
        if (this.handedOver(c.reason)) return;
        return st.fail(c, 'failed');
      case 'start': {
        const player = st.slot !== SPECTATOR_SLOT && c.slots.some((s) => s.slot === st.slot && s.kind === SlotKind.Human);
        st.match = new ClientMatch({ seed: c.seed, delayMs: c.delayMs, settings: st.settings, slots: c.slots, trees: c.trees }, st.slot, player, now);
        st.phase = 'running';
        st.blockedSince = null;
        this.uplink.resetNacks();
        return this.trees.release({ t: 'start', match: st.match }, c.trees);
      }
      default: break;
    }
    if (isHostEvent(c)) st.events.push(c);
  }
}
