/**
 * Host succession on the host (issue 13). While a match runs, every match session is told who
 * takes over if this host goes: the players by slot, then the spectators (never the host's own
 * player or another peer in its process, never one still catching up), each with its address and a tag of its token. A peer
 * elected by the others (ClientSuccession) builds its HostAuthority with `adopt`: the match from
 * the updates it holds, the old host's ball a bot from the next key, a session for every peer
 * that reported the host lost, and a claim to each. Reports that come later are answered here.
 * Invariants: a report is taken only from an address of the order with its token's tag, addressed
 * to this host's index; a peer whose updates run past what this host holds is refused (it would
 * be ahead of the match) and counted.
 */
import { encodeClaim, encodeHostControl, MAX_SUCCESSORS, successionTag } from '../wire';
import type { SucceedMsg } from '../wire';
import { SlotKind, SPECTATOR_SLOT } from '../types';
import type { KeyUpdate, SuccessorEntry, TakeoverState } from '../types';
import { SPECTATOR_BASE } from './HashJudge';
import { HostMatch } from './HostMatch';
import type { HostRoom } from './HostRoom';
import type { HostSender } from './HostSender';
import { HostSession } from './HostSession';
import type { HostState } from './HostState';

/** How often the order is rebuilt to see whether it changed (ms). */
const ANNOUNCE_CHECK_MS = 250;

export class HostSuccession {
  private announced = '';
  private checkedAt = -1e15;
  private hasOrder = false;
  /** The order this host was elected from and its index in it (after `adopt`). */
  private elected: { readonly order: readonly SuccessorEntry[]; readonly index: number } | null = null;

  constructor(
    private readonly st: HostState,
    private readonly tx: HostSender,
    private readonly room: HostRoom,
  ) {}

  /** A match runs and its peers were told of at least one successor: leaving hands it over. */
  canHandOver(): boolean {
    return this.st.match !== null && this.hasOrder;
  }

  /** Tells every match session the order when it changed (checked every ANNOUNCE_CHECK_MS). */
  announce(now: number): void {
    const st = this.st;
    const m = st.match;
    const seed = st.matchStart?.seed;
    if (!m || seed === undefined || now - this.checkedAt < ANNOUNCE_CHECK_MS) return;
    this.checkedAt = now;
    const sessions = st.sessionList();
    const order = sessions
      .filter((s) => s.inMatch && !s.owner && !s.syncing && !st.opts.localPeers?.includes(s.addr) && (s.spectator || m.players.isActive(s.slot)))
      .slice(0, MAX_SUCCESSORS)
      .map((s) => ({ slot: s.slot, addr: s.addr, tag: successionTag(s.token, seed) }));
    const host = sessions.find((s) => s.owner)?.slot ?? SPECTATOR_SLOT;
    const bytes = encodeHostControl({ t: 'succession', host, order });
    const key = bytes.join(',');
    if (key === this.announced) return;
    this.announced = key;
    this.hasOrder = order.length > 0;
    for (const s of sessions) if (s.inMatch) s.ctl.push(bytes);
  }

  /**
   * Becomes the host of a running match from a successor's state (see the file header). The
   * owner's session is the successor's own player on `ownerAddress`.
   */
  adopt(now: number, t: TakeoverState): void {
    const st = this.st;
    st.lobby.setSettings(t.settings);
    st.lobby.slots = [...t.slots];
    st.matchStart = { seed: t.start.seed, slots: t.start.slots };
    const released = t.updates.length - 1;
    const delay = t.updates.reduce((d, u) => u?.delayMs ?? d, t.start.delayMs);
    const me = this.session(st.opts.ownerAddress ?? '', t.me.token, t.me.slot, true, now);
    const m = new HostMatch(t.settings, delay, [], now, me.reporter);
    m.updates.push(...(t.updates as KeyUpdate[]));
    m.released = released;
    st.match = m;
    for (const x of this.room.rosterAt(released + 1)) if (x.kind === SlotKind.Human) m.players.add(x.slot, released, true, now);
    st.phase = 'running';
    st.delayEvalAt = now + 1000;
    me.recvKey = released;
    this.elected = { order: t.order, index: t.index };
    for (const r of t.reports) this.attach(now, r.addr, r.token, r.slot, r.recvKey);
    m.drop(t.oldHost, 6, now);
    this.room.flushNotices(now);
  }

  /** A lost report reaching this host after it took over: the peer is attached and claimed. */
  onLost(now: number, msg: SucceedMsg, from: string): void {
    const st = this.st;
    const e = this.elected?.order.find((x) => x.addr === from);
    const seed = st.matchStart?.seed;
    if (!this.elected || !st.match || msg.kind !== 'lost' || msg.to !== this.elected.index || !e || seed === undefined || e.tag !== successionTag(msg.token, seed)) return void st.counters.badSucceed++;
    const s = st.sessions.get(from);
    if (s && s.token !== msg.token) return void st.counters.badSucceed++;
    if (!s) this.attach(now, from, msg.token, e.slot, msg.recvKey);
    else this.tx.out(from, encodeClaim(msg.token, this.elected.index));
  }

  private attach(now: number, addr: string, token: number, slot: number, recvKey: number): void {
    const st = this.st;
    const m = st.match;
    if (!m || !this.elected || recvKey > m.released || (recvKey < m.released && m.updates[recvKey + 1] === undefined)) return void st.counters.badSucceed++;
    const s = this.session(addr, token, slot, false, now);
    s.recvKey = recvKey;
    this.tx.out(addr, encodeClaim(token, this.elected.index));
    this.tx.sendTo(now, s);
  }

  private session(addr: string, token: number, slot: number, owner: boolean, now: number): HostSession {
    const st = this.st;
    const reporter = slot === SPECTATOR_SLOT ? SPECTATOR_BASE + st.spectatorsJoined++ : slot;
    const s = new HostSession(addr, 0, token, slot, st.lobby.slots[slot]?.name ?? '', owner, reporter, now);
    s.inMatch = true;
    st.sessions.set(addr, s);
    return s;
  }
}
