/**
 * Host succession on the host (issue 13). While a match runs, every match session is told who
 * takes over if this host goes: the players by slot, then the spectators (never the host's own
 * player or another peer in its process, never one still catching up), each with its address and
 * a tag of its token; past MAX_SUCCESSORS, the rest as voters (a tag bound to its address); and
 * the players away or catching up as rejoiners (a tag). A peer elected by the others
 * (ClientSuccession) builds its HostAuthority with `adopt`: the match from the updates it holds,
 * the old host's ball a bot from the next key, a session for every peer that reported the host
 * lost, and a claim to each; a rejoiner's ball comes back when it says 'live', and a rejoiner that
 * did not report may rejoin with its token. Reports that come later are answered here.
 *
 * The fence: a host whose process stood still (FENCE_AFTER_MS between two of its turns) or that a
 * peer reported lost may have been replaced meanwhile, and a key it released now could split the
 * room. So it releases nothing until the peers of its order that have not answered its fence with
 * `follow` could elect nobody (no majority of any successor's electorate); a successor that took
 * over never does answer, and it (or a peer that follows it) answers `replaced`
 * instead: this host then hands its peers to that successor and tells its own player it was
 * replaced. A peer that answers has heard the host, so it cannot take part in an election until
 * the host is silent again.
 * Invariants: a report is taken only from an address of the order with its token's tag (or from
 * the address a voter's tag binds, or with a rejoiner's tag), addressed to this host's index; a
 * peer whose updates run past what this host holds is refused (it would be ahead of the match)
 * and counted. A follow or replaced counts only from a session with its token.
 */
import { REPORT_FRESH_MS } from '../client';
import { encodeClaim, encodeFence, encodeHostControl, encodeReplaced, findMember, findRejoiner, KEYS_PER_MESSAGE, MAX_SUCCESSORS, MAX_VOTERS, successionTag, TO_HOST, voterTag } from '../wire';
import type { PeerKey, SucceedMsg, Succession } from '../wire';
import { reasonWith, SessionReason } from '../reasons';
import { SlotKind, SPECTATOR_SLOT } from '../types';
import type { KeyUpdate, Rejoiner, TakeoverState } from '../types';
import { HostMatch } from './HostMatch';
import type { HostRoom } from './HostRoom';
import type { HostSender } from './HostSender';
import { HostSession } from './HostSession';
import type { HostState } from './HostState';

/** How often the order is rebuilt to see whether it changed (ms). */
const ANNOUNCE_CHECK_MS = 250;
/** A gap this long (ms) between two turns of this host (tick or datagram) raises the fence. */
const FENCE_AFTER_MS = 300;
/** The fence goes to every peer of the order this often (ms), which also keeps them hearing the host. */
const FENCE_EVERY_MS = 100;
/** A spectator of the order not heard from for this long (ms) is gone: the fence does not wait for it. */
const FENCE_GONE_MS = 3000;
/**
 * How long (ms) after a peer answered the fence a report of the loss it sent before may still count
 * at a successor: REPORT_FRESH_MS there, plus the report's way to it.
 */
const VOTE_LIFE_MS = REPORT_FRESH_MS + 300;
/** Nobody is waited for longer than this (ms): a peer that cannot hear the host at all cannot hold it forever. */
const FENCE_MAX_MS = 10_000;
/**
 * A hold carried over from the old host drops nobody this soon after the takeover (ms): the
 * players re-attaching meanwhile hold the key too, and have not closed it yet.
 */
const REATTACH_GRACE_MS = 1000;
/** Copies of `replaced` a new host sends its predecessor at once (it also answers each fence). */
const REPLACED_COPIES = 3;

/** The order and the rejoiners as built for `match`, encoded; `key` tells a change. */
interface Announcement {
  readonly match: HostMatch;
  readonly key: string;
  readonly bytes: readonly Uint8Array[];
  /** The match peers' public keys (HostOptions.keyOf), and which addresses can host. */
  readonly keys: readonly PeerKey[];
  readonly successors: ReadonlySet<string>;
}

export class HostSuccession {
  private checkedAt = -1e15;
  /** The order last built, for the match it was built for. */
  private current: Announcement | null = null;
  /** The addresses of the order and the voters last announced: the fence waits for each. */
  private members: readonly string[] = [];
  /** `followedAt`: when each peer that answered did (its earlier report of the loss may still count, REPORT_FRESH_MS). */
  private fence: { readonly nonce: number; readonly since: number; sentAt: number; readonly waiting: Set<string>; readonly followedAt: Map<string, number> } | null = null;
  /** The peers that had not answered when the last fence lifted without them (couldElect); a new fence or match forgets them. */
  private unheard: ReadonlySet<string> = new Set();
  private lastTurnAt: number | null = null;
  /** The address of the successor that replaced this host (its player may rejoin there). */
  replacedBy: string | null = null;
  /** The order this host was elected from and its index in it (after `adopt`). */
  private elected: { readonly succession: Succession; readonly rejoiners: readonly Rejoiner[]; readonly index: number; readonly oldHostAddr: string; readonly token: number } | null = null;

  constructor(
    private readonly st: HostState,
    private readonly tx: HostSender,
    private readonly room: HostRoom,
  ) {}

  /** A match runs and its peers were told of at least one successor: leaving hands it over. */
  canHandOver(): boolean {
    return this.st.match !== null && this.hasOrder();
  }

  /**
   * Tells every match session the order when it changed (rebuilt every ANNOUNCE_CHECK_MS), and a
   * session that joined the match since (a rejoiner, a spectator) at once: it may need to report.
   */
  announce(now: number): void {
    const st = this.st;
    const m = st.match;
    const seed = st.matchStart?.seed;
    if (!m || seed === undefined) return;
    if (this.current?.match !== m) this.unheard = new Set(); // a new match: whoever could not hear this host may now
    const rebuilt = this.current?.match !== m || now - this.checkedAt >= ANNOUNCE_CHECK_MS;
    if (rebuilt) {
      this.checkedAt = now;
      this.current = this.build(m, seed);
    }
    const c = this.current;
    if (!c) return;
    for (const s of st.sessions.values()) {
      if (!s.inMatch) continue;
      const joined = s.toldOrder !== c.key;
      if (joined) {
        s.toldOrder = c.key;
        for (const b of c.bytes) s.ctl.push(b);
      }
      if (joined || rebuilt) this.tellKeys(s, c);
      this.sendKeys(s);
    }
  }

  /**
   * The keys `s` may need if this host goes and that it was not told yet (an address keeps its
   * key): a successor every match peer's, the others the successors'.
   */
  private tellKeys(s: HostSession, c: Announcement): void {
    const fresh = c.keys.filter((k) => k.addr !== s.addr && (c.successors.has(s.addr) || c.successors.has(k.addr)) && !s.toldKeys.has(k.addr));
    for (const k of fresh) s.toldKeys.add(k.addr);
    s.keysToSend.push(...fresh);
  }

  /**
   * Queues the next keys message for `s` once its control stream is empty: every datagram carries
   * all unacknowledged controls, so the keys (up to 2.5 kB for a successor) queued at once rode in
   * every frame while the peers were busiest, at the start of the match (10 kB/s of a 50-player
   * room, room.bench.ts); one at a time, each rides about twice (2 kB/s).
   */
  private sendKeys(s: HostSession): void {
    if (s.keysToSend.length === 0 || s.ctl.pendingCount > 0) return;
    s.ctl.push(encodeHostControl({ t: 'keys', keys: s.keysToSend.splice(0, KEYS_PER_MESSAGE) }));
  }

  private build(m: HostMatch, seed: number): Announcement {
    const st = this.st;
    const sessions = st.sessionList();
    const peers = sessions.filter((s) => s.inMatch && !s.owner && !s.syncing && !st.opts.localPeers?.includes(s.addr) && (s.spectator || m.players.isActive(s.slot)));
    const order = peers.slice(0, MAX_SUCCESSORS).map((s) => ({ slot: s.slot, addr: s.addr, tag: successionTag(s.token, seed) }));
    const voters = peers.slice(MAX_SUCCESSORS, MAX_SUCCESSORS + MAX_VOTERS).map((s) => ({ slot: s.slot, tag: voterTag(s.token, seed, s.addr) }));
    const owner = sessions.find((s) => s.owner && !s.spectator);
    const bytes = [
      encodeHostControl({ t: 'succession', host: owner?.slot ?? SPECTATOR_SLOT, hostTag: owner ? successionTag(owner.token, seed) : 0, order, voters }),
      encodeHostControl({ t: 'rejoiners', rejoiners: this.rejoiners(m, seed) }),
    ];
    this.members = peers.slice(0, MAX_SUCCESSORS + MAX_VOTERS).map((s) => s.addr);
    const keys: PeerKey[] = [];
    for (const s of sessions) {
      const key = s.inMatch && !s.owner && !st.opts.localPeers?.includes(s.addr) ? st.opts.keyOf?.(s.addr) : null;
      if (key) keys.push({ addr: s.addr, key });
    }
    return { match: m, key: bytes.map((b) => b.join(',')).join('|'), bytes, keys, successors: new Set(order.map((e) => e.addr)) };
  }

  /**
   * The players away from the match (gone, or silent and dropped) or catching up (not yet active
   * again), by slot: a successor lets them rejoin.
   */
  private rejoiners(m: HostMatch, seed: number): Rejoiner[] {
    const st = this.st;
    const out: Rejoiner[] = st.sessions.detachedTagged((token) => successionTag(token, seed));
    for (const s of st.sessions.values()) if (s.inMatch && !s.spectator && !s.owner && !m.players.isActive(s.slot)) out.push({ slot: s.slot, tag: successionTag(s.token, seed) });
    return out.sort((a, b) => a.slot - b.slot);
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
    m.waitForLate = st.opts.waitForLate === true;
    m.updates.push(...(t.updates as KeyUpdate[]));
    m.released = released;
    st.match = m;
    for (const x of this.room.rosterAt(released + 1)) if (x.kind === SlotKind.Human) m.players.add(x.slot, released, true, now);
    st.phase = 'running';
    me.recvKey = released;
    this.elected = { succession: { host: t.oldHost, hostTag: t.oldHostTag, order: t.order, voters: t.voters }, rejoiners: t.rejoiners, index: t.index, oldHostAddr: t.oldHostAddr, token: t.me.token };
    // The old host's player may come back (its app learns it was replaced): it rejoins with its token.
    // So may the players who were away or catching up then: they rejoin with their tokens too.
    const away = t.oldHost !== SPECTATOR_SLOT && t.oldHostTag !== 0 ? [{ slot: t.oldHost, tag: t.oldHostTag }, ...t.rejoiners] : t.rejoiners;
    for (const r of away) st.sessions.detachByTag(r.tag, { slot: r.slot, name: t.slots[r.slot]?.name ?? '', reporter: r.slot });
    for (const r of t.reports) this.attach(now, r.addr, r.token, r.slot, r.recvKey);
    m.drop(t.oldHost, 6, now);
    if (t.heldMs > 0) m.carryHold(now - t.heldMs, now + REATTACH_GRACE_MS);
    this.room.flushNotices(now);
    for (let i = 0; i < REPLACED_COPIES; i++) this.tx.out(t.oldHostAddr, encodeReplaced(t.me.token, t.index));
  }

  /**
   * This host's turn (a tick or a datagram): a gap since the last one means its process stood
   * still, long enough perhaps for the peers to elect another host: the fence goes up.
   */
  turn(now: number): void {
    if (this.lastTurnAt !== null && now - this.lastTurnAt > FENCE_AFTER_MS) this.raise(now);
    this.lastTurnAt = now;
  }

  /** Its peers were told of at least one successor (the order comes first among the members). */
  private hasOrder(): boolean {
    return this.members.length > 0;
  }

  /** Timers: the fence (re)sent, and lifted once every peer it waits for follows. */
  tickFence(now: number): void {
    const f = this.fence;
    const m = this.st.match;
    if (!f) return;
    for (const addr of f.waiting) if (!this.waitsFor(now, addr, f.since)) f.waiting.delete(addr);
    if (!m || f.waiting.size === 0 || !this.couldElect(now, f)) {
      this.fence = null;
      if (m) m.fenced = false;
      // Those still unheard cannot hear this host; their reports of its loss change nothing now.
      this.unheard = f.waiting;
      return;
    }
    if (now - f.sentAt < FENCE_EVERY_MS) return;
    f.sentAt = now;
    const bytes = encodeFence(f.nonce);
    for (const addr of this.members) this.tx.out(addr, bytes);
  }

  /**
   * True when a successor could still be elected while the fence is up: one that has not answered
   * (a peer that answered heard this host and takes no turn until it loses the host again, when
   * its report raises a new fence) for which the members that may still vote outnumber half of
   * the peers after it and the voters — ClientSuccession.maybeTakeOver counts every member's
   * fresh report to it against that electorate. Those that have not answered may vote; so may one
   * that answered less than VOTE_LIFE_MS ago (a report it sent before still counts). Once none
   * could be elected, the fence lifts without the rest: a peer that cannot hear this host at all
   * (its downlink dead, its uplink alive) held the whole room FENCE_MAX_MS, nobody named.
   */
  private couldElect(now: number, f: NonNullable<HostSuccession['fence']>): boolean {
    const mayVote = (addr: string): boolean => f.waiting.has(addr) || now - (f.followedAt.get(addr) ?? -Infinity) < VOTE_LIFE_MS;
    const order = Math.min(this.members.length, MAX_SUCCESSORS);
    for (let i = 0; i < order; i++) {
      if (!f.waiting.has(this.members[i]!)) continue;
      const electorate = this.members.length - 1 - i;
      let votes = 0;
      for (let j = 0; j < this.members.length; j++) if (j !== i && mayVote(this.members[j]!)) votes++;
      if (votes > 0 && votes * 2 > electorate) return true;
    }
    return false;
  }

  /** `fromLost`: raised by a peer's report of this host's loss (else this host stood still). */
  private raise(now: number, fromLost?: string): void {
    const m = this.st.match;
    if (!m || !this.hasOrder() || this.fence || this.st.closed) return;
    if (fromLost !== undefined && this.unheard.has(fromLost)) return;
    this.fence = { nonce: this.st.opts.random32() >>> 0, since: now, sentAt: -1e15, waiting: new Set(this.members), followedAt: new Map() };
    this.unheard = new Set();
    m.fenced = true;
    this.st.counters.fences++;
    this.tickFence(now);
  }

  private waitsFor(now: number, addr: string, since: number): boolean {
    const s = this.st.sessions.get(addr);
    const m = this.st.match;
    if (!s || !s.inMatch || !m || now - since > FENCE_MAX_MS) return false;
    return s.spectator ? now - s.lastHeard < FENCE_GONE_MS : m.players.isActive(s.slot);
  }

  /** A SUCCEED datagram at this host (see the file header and ClientSuccession). */
  onSucceed(now: number, msg: SucceedMsg, from: string): void {
    const st = this.st;
    const s = st.sessions.get(from);
    const mine = s !== undefined && 'token' in msg && s.token === msg.token && st.match !== null;
    if (msg.kind === 'lost' && msg.to === TO_HOST && mine) return this.raise(now, from);
    if (msg.kind === 'lost' && this.elected) return this.onLost(now, msg, from);
    if (msg.kind === 'follow' && mine && this.fence?.nonce === msg.nonce && this.fence.waiting.delete(from)) return void this.fence.followedAt.set(from, now);
    if (msg.kind === 'replaced' && mine && this.hasOrder() && msg.index < MAX_SUCCESSORS) {
      // Replaced: my peers follow the successor that took over; my player leaves the match.
      this.replacedBy = this.members[msg.index] ?? null;
      return this.room.close(now, reasonWith(SessionReason.HandedOver, msg.index), SessionReason.Replaced);
    }
    const e = this.elected;
    if (msg.kind === 'fence' && e && from === e.oldHostAddr) return this.tx.out(from, encodeReplaced(e.token, e.index));
    st.counters.badSucceed++;
  }

  /** A lost report reaching this host after it took over: the peer is attached and claimed. */
  private onLost(now: number, msg: Extract<SucceedMsg, { kind: 'lost' }>, from: string): void {
    const st = this.st;
    const seed = st.matchStart?.seed;
    const e = this.elected && seed !== undefined ? (findMember(this.elected.succession, msg.token, seed, from) ?? findRejoiner(this.elected.rejoiners, msg.token, seed)) : undefined;
    if (!this.elected || !st.match || msg.to !== this.elected.index || !e) return void st.counters.badSucceed++;
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
    // A rejoiner (catching up, or its takeover key never released): its ball comes back once it says 'live' here.
    s.syncing = slot !== SPECTATOR_SLOT && !m.players.isActive(slot);
    st.sessions.forgetTag(successionTag(token, st.matchStart?.seed ?? 0));
    this.tx.out(addr, encodeClaim(token, this.elected.index));
    this.tx.sendTo(now, s);
  }

  private session(addr: string, token: number, slot: number, owner: boolean, now: number): HostSession {
    const st = this.st;
    const reporter = st.sessions.reporterFor(slot);
    const s = new HostSession(addr, 0, token, slot, st.lobby.slots[slot]?.name ?? '', owner, reporter, now);
    s.inMatch = true;
    st.sessions.add(s);
    return s;
  }
}
