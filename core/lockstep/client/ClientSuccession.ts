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
 * only from the successor the peer is reporting to, carrying the peer's own token.
 */
import { ReliableChannel } from '../link';
import { decodeSucceed, encodeLost, LOST_UPDATES, successionTag } from '../wire';
import type { SucceedMsg, Succession } from '../wire';
import { SPECTATOR_SLOT } from '../types';
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
 * A gap this long (ms) between two of my ticks means my own process stood still (building a match,
 * a stop): the datagrams that came meanwhile are not read yet, so that silence is mine, not the
 * host's, and it counts from the gap's end. Shorter gaps (a busy main process) count: a gap below
 * this plus the host's usual ≤ 100 ms between frames stays under HOST_LOST_MS.
 */
export const OWN_STALL_MS = 300;
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
}

export class ClientSuccession {
  private announced: Succession | null = null;
  /** When this peer found the host lost (null: it hears the host). */
  private lostAt: number | null = null;
  private sentAt = -1e15;
  private readonly reports = new Map<string, Report>();
  /** The host left the match and handed it over: its word stands in for the peers' majority. */
  private handedOver = false;
  /** I was elected and said so ('succeed'); the driver has not made me the host yet. */
  private elected = false;
  private lastTickAt = -1e15;
  /** Since when my ticks came without a gap (OWN_STALL_MS): host silence counts from then at most. */
  private awakeSince = 0;
  /** The host's silence at my last tick, and the pauses it came back from (ended at, ms long). */
  private silence = 0;
  private pauses: { at: number; ms: number }[] = [];

  constructor(
    private readonly st: ClientState,
    private readonly uplink: ClientUplink,
    private readonly trees: ClientTrees,
  ) {}

  /**
   * The host left the running match and handed it over (its goodbye with HandedOver): it is lost
   * from now on, and the successor in turn takes over without waiting for a majority. False when
   * this peer has no order to follow (then the goodbye ends its session).
   */
  onHandover(now: number): boolean {
    const st = this.st;
    if (st.phase !== 'running' || !this.announced || this.announced.order.length === 0) return false;
    this.handedOver = true;
    st.lastHeardAt = Math.min(st.lastHeardAt, now - HOST_LOST_MS);
    return true;
  }

  /** The host's latest order. */
  onAnnounce(s: Succession): void {
    this.announced = s;
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
    if (now - this.lastTickAt > OWN_STALL_MS) this.awakeSince = now;
    this.lastTickAt = now;
    if (st.phase !== 'running' || !m || !a || a.order.length === 0) return;
    const silent = now - Math.max(st.lastHeardAt, this.awakeSince);
    if (silent < this.silence && this.silence >= QUIET_MIN_MS) this.pauses.push({ at: now, ms: this.silence });
    this.silence = silent;
    if (silent < this.lostAfter(now) || (!this.handedOver && st.opts.takeOverOnSilence !== true)) {
      this.lostAt = null;
      this.handedOver = false;
      this.elected = false; // the host is back before anyone made me the host
      return;
    }
    if (this.elected) return;
    this.lostAt ??= now;
    const turn = this.turn(now);
    const c = a.order[turn];
    if (!c) return; // every successor passed over: alone, the host-silence dialog stays
    const inTurn = now - this.lostAt - turn * SUCCESSOR_WAIT_MS;
    if (turn === this.myIndex()) return this.maybeTakeOver(now, turn);
    if (inTurn >= REPORT_WINDOW_MS || now - this.sentAt < REPORT_EVERY_MS) return;
    this.sentAt = now;
    const from = Math.max(m.baseKey, m.recvKey - LOST_UPDATES + 1);
    st.outTo(c.addr, encodeLost(st.token, turn, m.recvKey, m.updates.slice(from, m.recvKey + 1)));
  }

  /** The silence (ms) after which the host counts as lost: see QUIET_WINDOW_MS. */
  private lostAfter(now: number): number {
    if (this.handedOver) return HOST_LOST_MS;
    while ((this.pauses[0]?.at ?? now) < now - QUIET_WINDOW_MS) this.pauses.shift();
    return Math.max(HOST_LOST_MS, ...this.pauses.map((p) => 2 * p.ms));
  }

  /** A SUCCEED datagram from another peer: a lost report (to me as successor) or a claim. */
  receive(now: number, bytes: Uint8Array, from: string): void {
    const st = this.st;
    const m = st.match;
    const msg = m ? decodeSucceed(bytes, m.recvKey) : null;
    if (!msg || !m || !this.announced || st.phase !== 'running') return void st.stats.succeedRefused++;
    if (msg.kind === 'claim') return this.onClaim(now, msg, from);
    const e = this.announced.order.find((x) => x.addr === from);
    if (!e || e.tag !== successionTag(msg.token, m.start.seed) || msg.to !== this.myIndex()) return void st.stats.succeedRefused++;
    this.reports.set(from, { addr: from, token: msg.token, slot: e.slot, recvKey: msg.recvKey, at: now });
    // Updates I missed and the reporter holds: the new match resumes from the furthest key reached.
    const before = m.recvKey;
    if (m.addUpdates(now, msg.updates.filter((u) => u.key > before)) > 0) st.events.push({ t: 'updates', updates: m.updates.slice(before + 1) });
    if (this.turn(now) === msg.to) this.maybeTakeOver(now, msg.to);
  }

  /** My turn: take over once a majority of the peers after me in the order, and at least one peer, reported to me. */
  private maybeTakeOver(now: number, index: number): void {
    const st = this.st;
    const m = st.match;
    const a = this.announced;
    if (!m || !a || this.elected) return;
    const fresh = [...this.reports.values()].filter((r) => now - r.at <= REPORT_FRESH_MS);
    const electorate = a.order.length - 1 - index;
    if (!this.handedOver && (fresh.length === 0 || fresh.length * 2 <= electorate)) return;
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
        order: a.order,
        index,
        reports: fresh.filter((r) => r.recvKey <= m.recvKey).map(({ addr, token, slot, recvKey }) => ({ addr, token, slot, recvKey })),
      },
    });
    this.elected = true;
  }

  /** The new host is this peer's own HostAuthority, reached at `loopback`. */
  hostedByMe(now: number, loopback: string, left: number): void {
    this.switchHost(now, loopback);
    this.st.owner = true;
    this.st.events.push({ t: 'hosting', slot: this.st.slot, left, me: true });
  }

  private onClaim(now: number, msg: Extract<SucceedMsg, { kind: 'claim' }>, from: string): void {
    const st = this.st;
    const a = this.announced;
    const c = a?.order[this.turn(now)];
    if (!a || !c || c.addr !== from || msg.from !== this.turn(now) || msg.token !== st.token) return void st.stats.succeedRefused++;
    this.switchHost(now, from);
    st.events.push({ t: 'hosting', slot: c.slot, left: a.host, me: false });
    this.uplink.sendFrame(now);
  }

  private switchHost(now: number, host: string): void {
    const st = this.st;
    st.host = host;
    st.ctl = new ReliableChannel();
    st.lastHeardAt = now;
    st.status = undefined;
    st.match?.reattach();
    this.uplink.resetNacks();
    this.announced = null;
    this.elected = false;
    this.reset();
  }

  private reset(): void {
    this.lostAt = null;
    this.handedOver = false;
    this.reports.clear();
  }
}
