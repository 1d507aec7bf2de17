/**
 * What a peer reads from its host, each thing handed to the part that owns it: host frames (their
 * acks and the control stream here, pings to HostPings, updates and input acks to the match),
 * ACCEPT/REJECT to the uplink (the handshake's), SNAP chunks to ClientResync. Control messages: the
 * room's (settings, slots, phase, kicked, and the match a 'start' or 'resync' begins) change the
 * state here; trees to ClientTrees (acked at once: the host queues the next chunk when this one is
 * acknowledged), a resync's snapshot to ClientResync, a takeover to the match, the order, the
 * rejoiners and the goodbye to ClientSuccession. A match start reaches the game loop through
 * ClientTrees, with trees of the match's fingerprint.
 * Invariants: only datagrams from the host's address are read; nothing here throws on bad input
 * (malformed datagrams and control messages are counted and dropped).
 */
import { readHeader } from '../../net';
import { decodeDatagram, decodeHostControl, goodbyeIn, isHostEvent, LockstepType, TREES_KIND } from '../wire';
import { SessionReason } from '../reasons';
import type { HostControl, HostFrame } from '../wire';
import { SlotKind, SPECTATOR_SLOT } from '../types';
import type { MatchStart, RoomSettings } from '../types';
import { ClientMatch } from './ClientMatch';
import type { ClientResync } from './ClientResync';
import type { ClientState } from './ClientState';
import type { ClientSuccession } from './ClientSuccession';
import type { ClientTrees } from './ClientTrees';
import type { ClientUplink } from './ClientUplink';

/** Host frames kept while the ACCEPT has not arrived yet. */
const EARLY_FRAMES = 4;

/** The match a 'start' or 'resync' announces, under the room's settings. */
function matchStart(c: Omit<MatchStart, 'settings'>, settings: RoomSettings): MatchStart {
  return { seed: c.seed, delayMs: c.delayMs, settings, slots: c.slots, trees: c.trees };
}

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
    if (m.type === 'hframe') {
      // A group frame stands for my own only while the host knows I listen and does not hold my slot.
      const group = m.held ? st.phase === 'running' && st.groupTold && st.slot !== SPECTATOR_SLOT && !m.held.includes(st.slot) : null;
      if (group === false) st.stats.groupSkipped++;
      // A frame that overtook the ACCEPT (the host sends both at once) is read right after it.
      else if (group === null && st.phase === 'joining' && this.earlyFrames.length < EARLY_FRAMES) this.earlyFrames.push(bytes.slice());
      else if (group === true || st.connected) {
        if (group === true) st.groupReadAt = now;
        this.onFrame(now, m, bytes);
      }
    } else if (m.type === 'accept' && this.uplink.answers(m.nonce)) {
      this.uplink.accepted(now, m);
      this.trees.report();
      for (const b of this.earlyFrames.splice(0)) this.receive(now, b, from);
      // The trees report goes now, not at the next (idle, 25 ms) tick: a transfer starts one RTT later.
      if (st.connected) this.uplink.sendFrame(now);
    } else if (m.type === 'reject' && this.uplink.answers(m.nonce)) {
      st.fail({ t: 'rejected', reason: m.reason, hostVersion: m.appVersion }, 'rejected');
    }
  }

  private onFrame(now: number, frame: HostFrame, bytes: Uint8Array): void {
    const st = this.st;
    let f = frame;
    const matchBefore = st.match;
    st.lastHeardAt = now;
    if (f.ctlAck !== undefined) st.ctl.onAck(f.ctlAck);
    if (f.ping) st.pings.take(now, f.ping);
    let treeChunks = 0;
    for (const b of f.ctl ? st.ctl.onReceive(f.ctl) : []) {
      if (b[0] === TREES_KIND) treeChunks++;
      this.onControl(now, decodeHostControl(b, st.match?.recvKey ?? 0), b);
    }
    if (treeChunks > 0 && st.connected) this.uplink.sendFrame(now);
    // The host's goodbye is terminal: honoured even past a gap in the control stream.
    const bye = st.connected ? goodbyeIn(f.ctl) : null;
    if (bye !== null) return this.succession.onGoodbye(bye);
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

  private onControl(now: number, c: HostControl | null, bytes: Uint8Array): void {
    const st = this.st;
    if (!c) {
      st.stats.malformed++;
      if (bytes[0] === TREES_KIND) this.trees.onGarbled();
      return;
    }
    // Each message to the part that owns it: the room (this state), the trees, the match's
    // beginning, the succession.
    switch (c.t) {
      case 'settings': st.settings = c.settings; break;
      case 'slots':
        st.slots.length = Math.max(st.slots.length, c.first + c.slots.length);
        c.slots.forEach((s, i) => (st.slots[c.first + i] = s));
        st.slots.length = st.settings.maxSlots;
        break;
      case 'kicked': st.phase = 'kicked'; break;
      case 'keys': return st.opts.onKeys?.(c.keys);
      case 'loading': st.phase = 'loading'; this.trees.loading(c.trees); break;
      case 'trees': return this.trees.onChunk(c);
      case 'lobby': case 'end': st.phase = 'lobby'; st.status = undefined; this.trees.end(); this.resync.end(); break;
      case 'start': {
        const player = st.slot !== SPECTATOR_SLOT && c.slots.some((s) => s.slot === st.slot && s.kind === SlotKind.Human);
        const m = st.run(new ClientMatch(matchStart(c, st.settings), st.slot, player, now));
        return this.trees.release({ t: 'start', match: m }, c.trees);
      }
      case 'takeover': if (st.phase === 'running') st.match?.takeover(c.slot, c.key); break;
      case 'landed': {
        const m = st.phase === 'running' ? st.match : null;
        if (!m?.landed(c.key, c.at)) return;
        st.stats.lateInputs++;
        st.stats.lateKeys += c.at - c.key;
        return;
      }
      case 'dropped':
        st.events.push(c);
        // My own ball, for not answering (a vote, or the host's wait ran out): nobody reads my
        // inputs any more, so the session ends saying why instead of playing on as a ghost; the
        // app keeps its token, and a rejoin takes the slot back from the bot (issue 32).
        if (c.slot === st.slot && (c.why === 1 || c.why === 2) && st.phase === 'running') st.fail({ t: 'failed', reason: SessionReason.Dropped }, 'failed');
        return;
      case 'resync': {
        // Joining the running match at the snapshot's key: my ball is mine once the host hands it back.
        if (!st.connected) return;
        const m = st.run(new ClientMatch(matchStart(c, st.settings), st.slot, false, now, c.key));
        m.awaitingLive = true;
        st.status = undefined;
        return this.resync.onResync(now, c, m);
      }
      case 'succession': return this.succession.onAnnounce(c);
      case 'rejoiners': return this.succession.onRejoiners(c.rejoiners);
      case 'closed': return this.succession.onGoodbye(c.reason);
      default: break;
    }
    if (isHostEvent(c)) st.events.push(c);
  }

}
