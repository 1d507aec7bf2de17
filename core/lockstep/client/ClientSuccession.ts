/**
 * Host succession on a peer (issue 13): the match outlives its host. The host announces an order
 * of successors (HostSuccession); when nothing has come from the host for HOST_LOST_MS during a
 * match, every peer reports the loss to the first successor, carrying its newest updates. That
 * successor takes over once it and a majority of the peers after it in the order — at least one
 * other peer — have lost the host: it builds a HostAuthority from what it holds (event 'succeed'), and claims each reporter,
 * which re-attaches to it with its session token and resends its unreleased inputs.
 *
 * Split brain is ruled out by the votes: a peer reports to one successor at a time, and only during
 * the first REPORT_WINDOW_MS of each SUCCESSOR_WAIT_MS turn, while a successor counts only reports
 * younger than REPORT_FRESH_MS (= the gap at the end of a turn). So no report ever counts for two
 * successors, and two can never both hold a majority. A successor that gets no majority in its
 * turn (the peers still hear the host: a partition around one peer) is passed over, as is one
 * that is gone too. A peer that nobody else confirms never takes over: cut off alone it cannot
 * tell a dead host from a pulled cable (the guest of a room of two, too), so it waits with the
 * host-silence dialog, and plays on when the host is heard again. A claim is honoured
 * only from the successor the peer is reporting (or last reported) to, carrying the peer's own token.
 *
 * A host that is alive after all (starved, or unheard by some) must not play on beside its
 * successor: each report also goes to the host itself, and a host that stood still or was
 * reported lost releases nothing until every peer of its order answers its fence (HostSuccession).
 * A peer answers `follow` unless it was elected; a peer that follows a new host, and the new host
 * itself, answer the old one `replaced`.
 *
 * A player away from the match or catching up (a rejoiner, announced with the order) is in no
 * election: its report never counts for a majority, but it is claimed like the others, and the new
 * host hands its ball back once it says 'live' again.
 */
import { ReliableChannel } from '../link';
import { decodeSucceed, encodeFollow, encodeLost, encodeReplaced, findMember, findRejoiner, LOST_UPDATES, successionTag, TO_HOST } from '../wire';
import type { SucceedMsg, Succession } from '../wire';
import { parseReason, SessionReason } from '../reasons';
import { SPECTATOR_SLOT } from '../types';
import type { Rejoiner } from '../types';
import type { ClientState } from './ClientState';
import type { ClientTrees } from './ClientTrees';
import type { ClientUplink } from './ClientUplink';

/** Host silence (ms) after which a peer in a match reports the host lost. */
export const HOST_LOST_MS = 700;
/** How long each successor has to take over before the peers pass on to the next (ms). */
export const SUCCESSOR_WAIT_MS = 1500;
/** Within a turn, reports go out only this long (ms) … */
export const REPORT_WINDOW_MS = 1000;
/** … and a successor counts only reports this young (ms): ≤ SUCCESSOR_WAIT_MS − REPORT_WINDOW_MS. */
export const REPORT_FRESH_MS = 500;
const REPORT_EVERY_MS = 100;
/**
 * A host that is alive but starved (a busy machine) goes quiet for a while and comes back. The
 * silence that counts as lost is at least twice the longest such silence heard in the last
 * QUIET_WINDOW_MS (and at least HOST_LOST_MS): on a calm LAN 0.7 s, on a starved room as long as
 * its host's pauses, so a slow host is waited for, never replaced.
 */
export const QUIET_WINDOW_MS = 30_000;
/** Silences shorter than this are ordinary gaps between frames, not pauses worth remembering (ms). */
const QUIET_MIN_MS = 200;

interface Report {
  readonly addr: string;
  readonly token: number;
  readonly slot: number;
  readonly recvKey: number;
  readonly at: number;
  /** From a peer of the order or a voter (not a rejoiner): it counts for a majority. */
  readonly votes: boolean;
}

export class ClientSuccession {
  private announced: Succession | null = null;
  private rejoiners: readonly Rejoiner[] = [];
  /** When this peer found the host lost (null: it hears the host). */
  private lostAt: number | null = null;
  private sentAt = -1e15;
  private readonly reports = new Map<string, Report>();
  /** The host left the match and handed it over: its word stands in for the peers' majority. */
  private handedOver = false;
  /** … to the successor at this index of the order, who already took over (a replaced host's word). */
  private handedTo = 0;
  /** The successor I last reported to: its claim is honoured for a turn even if I heard the host again. */
  private reportedTo: { readonly addr: string; readonly index: number; readonly at: number } | null = null;
  /** The host I followed before the current one, and my current host's index in that host's order. */
  private formerHost: { readonly addr: string; readonly index: number } | null = null;
  /**
   * I was elected (my index in the order) and said so ('succeed'): the driver makes me the host,
   * so from now on I answer no fence of the old host, even if I hear it again.
   */
  private elected: number | null = null;
  /** The host's silence at my last tick (ClientState.hostSilence), and the pauses it came back from (ended at, ms long). */
  private silence = 0;
  private pauses: { at: number; ms: number }[] = [];

  constructor(
    private readonly st: ClientState,
    private readonly uplink: ClientUplink,
    private readonly trees: ClientTrees,
  ) {}

  /**
   * The host's goodbye (`closed`, or its burst read past a gap). One that hands the running match
   * over (HandedOver, to a successor that already took over, with its index) is followed: the host
   * is lost from now on, and the successor in turn takes over without waiting for a majority. Any
   * other reason, or a hand-over this peer has no order to follow, ends the session.
   */
  onGoodbye(reason: string): void {
    const st = this.st;
    const r = parseReason(reason);
    const to = r.code === SessionReason.HandedOver ? (r.n ?? 0) : -1;
    if (to < 0 || st.phase !== 'running' || !this.announced || this.announced.order.length <= to) return st.fail({ t: 'closed', reason }, 'failed');
    this.handedOver = true;
    this.handedTo = to;
  }

  /** The host's latest order. */
  onAnnounce(s: Succession): void {
    this.announced = s;
  }

  /** The players who may rejoin a successor (sent with the order). */
  onRejoiners(r: readonly Rejoiner[]): void {
    this.rejoiners = r;
  }

  /** Whose turn it is (an index into the order), as this peer counts since it lost the host. */
  private turn(now: number): number {
    return this.lostAt === null ? -1 : Math.floor((now - this.lostAt) / SUCCESSOR_WAIT_MS);
  }

  private myIndex(): number {
    const a = this.announced;
    const seed = this.st.match?.start.seed;
    if (!a || seed === undefined) return -1;
    const tag = successionTag(this.st.token, seed);
    return a.order.findIndex((e) => e.tag === tag);
  }

  /** Timers: notice the host lost, report to the successor whose turn it is, or take over. */
  tick(now: number): void {
    const st = this.st;
    const m = st.match;
    const a = this.announced;
    const silent = st.hostSilence;
    if (silent < this.silence && this.silence >= QUIET_MIN_MS) this.pauses.push({ at: now, ms: this.silence });
    this.silence = silent;
    if (st.phase !== 'running' || !m || !a || a.order.length === 0) return;
    const lost = this.handedOver || (st.opts.takeOverOnSilence !== false && (silent >= this.lostAfter(now) || (silent >= HOST_LOST_MS && this.confirmed(now))));
    if (!lost) return this.hostHeard();
    if (this.elected !== null) return;
    this.lostAt ??= now - this.handedTo * SUCCESSOR_WAIT_MS;
    const turn = this.turn(now);
    const c = a.order[turn];
    if (!c) return; // every successor passed over: alone, the host-silence dialog stays
    const inTurn = now - this.lostAt - turn * SUCCESSOR_WAIT_MS;
    if (turn === this.myIndex()) return this.maybeTakeOver(now, turn);
    if (inTurn >= REPORT_WINDOW_MS || now - this.sentAt < REPORT_EVERY_MS) return;
    this.sentAt = now;
    this.reportedTo = { addr: c.addr, index: turn, at: now };
    const from = Math.max(m.baseKey, m.recvKey - LOST_UPDATES + 1);
    st.outTo(c.addr, encodeLost(st.token, turn, m.recvKey, m.updates.slice(from, m.recvKey + 1)));
    if (!this.handedOver) st.outTo(st.host, encodeLost(st.token, TO_HOST, m.recvKey, []));
  }

  /**
   * Peers of the order or voters reported the host lost to me within REPORT_FRESH_MS: with them
   * for evidence, the base HOST_LOST_MS of silence is enough. My own longer wait for a starved
   * host (QUIET_WINDOW_MS) would pass me over while the others elect, and the next in line would
   * host, a turn later.
   */
  private confirmed(now: number): boolean {
    return this.freshReports(now).some((r) => r.votes);
  }

  /** The reports addressed to me that are still young enough to count (REPORT_FRESH_MS). */
  private freshReports(now: number): Report[] {
    return [...this.reports.values()].filter((r) => now - r.at <= REPORT_FRESH_MS);
  }

  /** The silence (ms) after which the host counts as lost: see QUIET_WINDOW_MS. */
  private lostAfter(now: number): number {
    if (this.handedOver) return HOST_LOST_MS;
    while ((this.pauses[0]?.at ?? now) < now - QUIET_WINDOW_MS) this.pauses.shift();
    return Math.max(HOST_LOST_MS, ...this.pauses.map((p) => 2 * p.ms));
  }

  /** A SUCCEED datagram: a lost report (to me as successor), a claim, or a host's fence. */
  receive(now: number, bytes: Uint8Array, from: string): void {
    const st = this.st;
    const m = st.match;
    const msg = m ? decodeSucceed(bytes, m.recvKey) : null;
    if (msg?.kind === 'fence' && st.phase === 'running') return this.onFence(now, msg.nonce, from);
    if (!msg || !m || !this.announced || st.phase !== 'running' || (msg.kind !== 'lost' && msg.kind !== 'claim')) return void st.stats.succeedRefused++;
    if (msg.kind === 'claim') return this.onClaim(now, msg, from);
    const e = findMember(this.announced, msg.token, m.start.seed, from);
    const r = e ?? findRejoiner(this.rejoiners, msg.token, m.start.seed);
    if (!r || msg.to !== this.myIndex()) return void st.stats.succeedRefused++;
    this.reports.set(from, { addr: from, token: msg.token, slot: r.slot, recvKey: msg.recvKey, at: now, votes: e !== undefined });
    // Updates I missed and the reporter holds: the new match resumes from the furthest key reached.
    const before = m.recvKey;
    if (m.addUpdates(now, msg.updates.filter((u) => u.key > before)) > 0) st.events.push({ t: 'updates', updates: m.updates.slice(before + 1) });
    if (this.turn(now) === msg.to) this.maybeTakeOver(now, msg.to);
  }

  /** My turn: take over once a majority of the peers after me in the order (and the voters), and at least one peer, reported to me. */
  private maybeTakeOver(now: number, index: number): void {
    const st = this.st;
    const m = st.match;
    const a = this.announced;
    if (!m || !a || this.elected !== null) return;
    const fresh = this.freshReports(now);
    const votes = fresh.filter((r) => r.votes).length;
    const electorate = a.order.length - 1 - index + a.voters.length;
    if (!this.handedOver && (votes === 0 || votes * 2 <= electorate)) return;
    const trees = this.trees.matchTrees;
    if (!trees) return; // cannot run the match's bots: never elected (the peers pass on to the next)
    const name = st.slot === SPECTATOR_SLOT ? '' : (st.slots[st.slot]?.name ?? '');
    st.events.push({
      t: 'succeed',
      trees,
      state: {
        settings: st.settings,
        slots: st.slots,
        start: m.start,
        updates: m.updates,
        me: { slot: st.slot, token: st.token, name },
        oldHost: a.host,
        oldHostAddr: st.host,
        oldHostTag: a.hostTag,
        order: a.order,
        voters: a.voters,
        rejoiners: this.rejoiners,
        index,
        reports: fresh.filter((r) => r.recvKey <= m.recvKey).map(({ addr, token, slot, recvKey }) => ({ addr, token, slot, recvKey })),
        // A drop vote under way goes on where it was: the hold the host last reported, and its silence since.
        heldMs: st.status?.state === 1 && st.status.key === m.recvKey + 1 ? st.status.heldMs + (now - st.lastHeardAt) : 0,
      },
    });
    this.elected = index;
  }

  /** The new host is this peer's own HostAuthority, reached at `loopback`. */
  hostedByMe(now: number, loopback: string, left: number): void {
    this.switchHost(now, loopback, this.elected ?? this.turn(now));
    this.st.owner = true;
    this.st.events.push({ t: 'hosting', slot: this.st.slot, left, me: true });
  }

  /**
   * My host's fence: I still follow it, unless I was elected — and having said so I cannot be
   * elected on the reports I hold (a report read after this one must not make me a second host).
   * My former host's: I follow another.
   */
  private onFence(now: number, nonce: number, from: string): void {
    const st = this.st;
    if (from === st.host) {
      st.lastHeardAt = now;
      if (this.elected !== null) return;
      this.hostHeard();
      st.outTo(from, encodeFollow(st.token, nonce));
    } else if (from === this.formerHost?.addr) {
      st.outTo(from, encodeReplaced(st.token, this.formerHost.index));
    } else st.stats.succeedRefused++;
  }

  private onClaim(now: number, msg: Extract<SucceedMsg, { kind: 'claim' }>, from: string): void {
    const st = this.st;
    const a = this.announced;
    const r = this.reportedTo;
    const c = a?.order[msg.from];
    const inTurn = this.turn(now) === msg.from && c?.addr === from;
    const reported = r !== null && r.addr === from && r.index === msg.from && now - r.at < SUCCESSOR_WAIT_MS;
    if (!a || !c || !(inTurn || reported) || msg.token !== st.token) return void st.stats.succeedRefused++;
    this.switchHost(now, from, msg.from);
    st.events.push({ t: 'hosting', slot: c.slot, left: a.host, me: false });
    this.uplink.sendFrame(now);
  }

  private switchHost(now: number, host: string, index: number): void {
    const st = this.st;
    this.formerHost = { addr: st.host, index };
    st.host = host;
    st.ctl = new ReliableChannel();
    st.groupTold = false;
    st.lastHeardAt = now;
    st.status = undefined;
    st.match?.reattach();
    this.uplink.resetNacks();
    this.announced = null;
    this.rejoiners = [];
    this.elected = null;
    this.reset();
  }

  /** The host is heard (again): no election runs here. */
  private hostHeard(): void {
    this.lostAt = null;
    this.handedOver = false;
    this.handedTo = 0;
  }

  private reset(): void {
    this.hostHeard();
    this.reportedTo = null;
    this.reports.clear();
  }
}
