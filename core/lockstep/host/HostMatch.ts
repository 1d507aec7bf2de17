/**
 * The host's authority over one running match: key-frame release, stalls, drop votes, pause,
 * input delay and desync detection. Knows slots, not addresses; HostAuthority feeds it what
 * sessions send and broadcasts the `notices` it produces.
 * Invariants: UPDATE(K) is released when every *active* player has closed its inputs through K
 * (bots, spectators and dropped players never hold the clock), or when K is due on the host's
 * clock (KeyClock) and every player still holding it is late but heard — not silent for
 * SILENT_MS, not reporting a simulation behind its updates: those are waited for (the wait dialog,
 * the drop vote). An input that comes after its key was released goes into the earliest key not
 * yet released, never into a released one (a lag switch gains nothing), and its sender is told
 * where (`landed`). Released updates never change; every slot-control change (a drop) is an event
 * inside the update of the key being held, so all peers apply it at the same key. Players are
 * always visited in ascending slot order.
 * Units: keys; times in ms of the caller's clock.
 */
import type { PlayerInput } from '../../sim';
import { MatchPlayers } from './MatchPlayers';
import type { MatchPlayer } from './MatchPlayers';
import { HashJudge } from './HashJudge';
import type { HashNotice } from './HashJudge';
import type { DropWhy } from '../wire';
import { DelayController } from './DelayController';
import { PauseControl } from './PauseControl';
import { KeyClock } from './KeyClock';
import { delayKeys, LOGIC_HZ, MAX_CLOSE_AHEAD, SlotEventKind, StallCause, lastKeyOf } from '../types';
import type { HostStatus, KeyUpdate, RoomSettings, SlotEvent, WaitedPlayer } from '../types';

/** A hold shorter than this is normal jitter and is not reported. */
export const STALL_REPORT_MS = 200;
/** A player not heard from for this long is waited on for a network reason. */
export const SILENT_MS = 600;
/** A player waited on that reports its simulation this far behind its updates is named slow (not its network). */
export const SLOW_BEHIND_MS = 50;
/**
 * A player whose simulation is this far behind its updates (a stopped renderer) is waited on once
 * its key is due, as one silent for as long is. Less is not stuck: a page that draws two frames a
 * second runs its frames in bursts, up to a tick behind between them; it keeps the room's pace
 * (FramePacer) and its late closures land in later keys. At 50 ms the room held for every such
 * page and ran at its pace: a third of real time under Chromium's 4× CPU throttling; at 600 ms, half.
 */
export const STUCK_BEHIND_MS = 1000;
/** Difficulty of the bot that takes over a dropped player's slot. */
export const DROP_BOT_DIFFICULTY = 1;
/** Keys of margin between announcing a takeover and its key, beyond the input delay and the RTT. */
const TAKEOVER_MARGIN_KEYS = 1;

export type MatchNotice =
  | { readonly t: 'dropped'; readonly slot: number; readonly key: number; readonly why: DropWhy }
  | { readonly t: 'pause'; readonly paused: boolean; readonly by: number }
  | { readonly t: 'takeover'; readonly slot: number; readonly key: number }
  | HashNotice;

/** An input of `slot` that came after its key was released: it went into key `at` instead (> key). */
export interface LandedInput {
  readonly slot: number;
  readonly key: number;
  readonly at: number;
}

/** What an incoming progress report did. */
export type ProgressResult = 'ok' | 'inactive' | 'malformed';

export class HostMatch {
  readonly lastKey: number;
  readonly keyMs: number;
  readonly updates: KeyUpdate[] = [];
  readonly notices: MatchNotice[] = [];
  readonly hashes: HashJudge;
  released = -1;
  /** No key is released while the host's succession fence stands (HostSuccession: it may have been replaced). */
  fenced = false;
  /** Input delay (ms). */
  delay: number;
  /**
   * Estimated ms peers spent blocked waiting for an update, and how many holds blocked them: a key
   * is needed about `delay` ms after the first player closed it (closures happen that far ahead),
   * so only a hold beyond that counts. (The notice to peers goes out earlier, as a warning.)
   */
  stallMs = 0;
  stalls = 0;
  /** The match's human players (closures, inputs, phase, liveness, votes). */
  readonly players = new MatchPlayers();
  /** When each key is due without a late player's closure. */
  readonly clock: KeyClock;
  /**
   * The rule before issue 34, for benchmarks' baselines: a key waits for every active player's
   * closure however late (the slowest link sets the pace). Off in the product.
   */
  waitForLate = false;
  /** Late inputs moved to a later key, not yet told to their senders (HostInbox drains them). */
  readonly landed: LandedInput[] = [];
  /** Inputs that came after their key was released, in all. */
  lateInputs = 0;
  /** Keys released on the host's clock without some player's closure. */
  keysWithoutLate = 0;
  private pendingEvents: SlotEvent[] = [];
  /** Human takeovers announced for a future key (slot → key); they ride on that key's update. */
  private readonly takeovers = new Map<number, number>();
  private firstCloseAt: number | null = null;
  private lastReleaseAt: number;
  /** A hold carried over by a successor (`carryHold`): the key it holds and since when. */
  private carried: { readonly key: number; readonly since: number } | null = null;
  /** No drop without a vote before this (`carryHold`). */
  private dropsFrom = -Infinity;
  private readonly startAt: number;
  private readonly pauses = new PauseControl();
  /** Chooses input-delay changes; a change rides on the next released update. */
  readonly delays: DelayController;

  constructor(
    readonly settings: RoomSettings,
    delay: number,
    humans: readonly number[],
    now: number,
    ownerSlot: number,
    /** Slots whose humans missed the start (loading timeout): bots until they take over. */
    late: readonly number[] = [],
  ) {
    this.lastKey = lastKeyOf(settings);
    this.keyMs = (settings.keyInterval * 1000) / LOGIC_HZ;
    this.delay = delay;
    this.delays = new DelayController(() => this.delay, now);
    this.clock = new KeyClock(this.keyMs, delay);
    this.startAt = now;
    this.lastReleaseAt = now;
    this.hashes = new HashJudge(this.lastKey, ownerSlot, (n) => this.notices.push(n));
    // Keys the first delay spans have no human inputs: nobody can have closed them.
    for (const slot of humans) this.players.add(slot, delayKeys(delay, this.keyMs) - 1, true, now);
    for (const slot of late) this.players.add(slot, -1, false, now);
  }

  get paused(): boolean {
    return this.pauses.state !== null;
  }

  get finishedReleasing(): boolean {
    return this.released >= this.lastKey;
  }

  /** A player's progress report and its unacknowledged input changes. */
  onProgress(slot: number, now: number, recvKey: number, closed: number, inputs: readonly { key: number; input: PlayerInput }[]): ProgressResult {
    const p = this.players.get(slot);
    if (!p || !p.active) return 'inactive';
    if (closed > this.released + MAX_CLOSE_AHEAD || recvKey > this.released) return 'malformed';
    for (const i of inputs) if (i.key > closed) return 'malformed';
    p.recvKey = Math.max(p.recvKey, recvKey);
    if (closed <= p.closed) return 'ok'; // old or repeated: everything in it is already known
    const open = this.released + 1;
    for (const i of inputs) {
      if (i.key <= p.closed || !this.players.place(p, i.key, i.input, open)) continue;
      this.lateInputs++;
      this.landed.push({ slot, key: i.key, at: open });
    }
    for (let k = Math.max(p.closed + 1, open); k <= closed; k++) p.closedAt.set(k, now);
    p.closed = closed;
    if (closed >= this.released) p.lateSince = null;
    if (this.firstCloseAt === null && closed > this.released) this.firstCloseAt = now;
    return 'ok';
  }

  /**
   * True when `key` may go out without the players still `holding` it: it is due on the host's
   * clock and each of them is late but heard — silent for SILENT_MS, or reporting its own
   * simulation behind, it is waited for (and named, and may be voted out), as before. So is a
   * player taking its ball back whose takeover key has not gone out: its ball is handed back
   * with its first closure, or not at all (gone again before it, the takeover is cancelled).
   */
  private dueWithout(holding: readonly MatchPlayer[], key: number, now: number): boolean {
    return now >= this.clock.dueAt(key) && !holding.some((p) => this.waitsFor(p, now));
  }

  /** True when the room waits for `p`, which holds the next key (see dueWithout); else it is only late. */
  private waitsFor(p: MatchPlayer, now: number): boolean {
    if (this.waitForLate || this.clock.dueAt(this.released + 1) === Infinity) return true;
    return now - p.lastHeard > SILENT_MS || p.behindMs >= STUCK_BEHIND_MS || this.takeovers.has(p.slot);
  }

  /** Releases every key that is complete or due; returns how many were released. */
  tryRelease(now: number): number {
    if (this.fenced) return 0;
    let n = 0;
    const paceLimit = this.players.anyActive() ? this.lastKey : Math.floor((now - this.startAt) / this.keyMs) + 2;
    while (!this.pauses.state && this.released < Math.min(this.lastKey, paceLimit)) {
      const key = this.released + 1;
      const holding = this.players.holding(key);
      if (holding.length > 0 && !this.dueWithout(holding, key, now)) break;
      if (holding.length > 0) this.keysWithoutLate++;
      for (const p of holding) p.lateSince ??= now;
      // A hold the peers felt (a silent or slow player's) moved every loop's phase to this release.
      const rebase = this.account(now, key) >= STALL_REPORT_MS;
      // The room's phase is its players' that closed the key; only when none did, the release's.
      const completed = this.players.completedAt(key) ?? (holding.length > 0 ? now : undefined);
      if (rebase) this.clock.rebase(key, now);
      else if (completed !== undefined) this.clock.released(key, completed);
      const inputs = this.players.release(key, now);
      const change = this.delays.take(now);
      const events = this.takeoversAt(key);
      const u: KeyUpdate = change === undefined ? { key, inputs, events } : { key, inputs, events, delayMs: change };
      if (change !== undefined) {
        // Every player closes by the new delay once it begins this key: past the keys it closed
        // before (the old delay's) and those a rise adds at once, the clock moves with it.
        this.clock.delayFrom(key + Math.max(delayKeys(this.delay, this.keyMs), delayKeys(change, this.keyMs)) + 1, change);
        this.delay = change;
      }
      this.pendingEvents = [];
      this.updates.push(u);
      this.released = key;
      this.lastReleaseAt = now;
      this.firstCloseAt = this.players.list.some((p) => p.active && p.closed > key) ? now : null;
      n++;
    }
    return n;
  }

  /** The pending events plus the takeovers announced for `key` (ascending slot). */
  private takeoversAt(key: number): SlotEvent[] {
    if (this.takeovers.size === 0) return this.pendingEvents;
    const out = [...this.pendingEvents];
    for (const p of this.players.list) {
      if (this.takeovers.get(p.slot) !== key) continue;
      this.takeovers.delete(p.slot);
      out.push({ kind: SlotEventKind.Human, slot: p.slot, difficulty: 0 });
    }
    return out;
  }

  /**
   * A rejoined (or late-loading) player that has caught up takes its slot back at key `key`
   * (> released): from then on it holds the clock again and its inputs count; until then its
   * bot plays. Every peer switches at that key (a Human event in its update). False when the slot
   * is not a match slot, is already active, or the key is not in the future.
   */
  activate(slot: number, key: number, now: number): boolean {
    const p = this.players.get(slot);
    if (!p || p.active || key <= this.released || key > this.lastKey) return false;
    p.active = true;
    p.closed = key - 1;
    p.closedAt.clear();
    p.inputs.clear();
    p.votes.clear();
    p.behindMs = 0;
    p.lastHeard = now;
    p.lateSince = null;
    this.takeovers.set(slot, key);
    this.notices.push({ t: 'takeover', slot, key });
    return true;
  }

  /**
   * `activate` as soon as nobody has to wait for it: the announcement must reach the player (RTT
   * `rttMs`), and its closure of that key come back, before the others close the key (`delay`
   * before they begin it). A slot the match holds no player for (at a successor whose
   * predecessor's takeover key was not reached) gets one first.
   */
  activateSoon(slot: number, rttMs: number, now: number): boolean {
    if (!this.players.get(slot)) this.players.add(slot, this.released, false, now);
    const ahead = Math.ceil((rttMs + this.delay) / this.keyMs) + TAKEOVER_MARGIN_KEYS;
    return this.activate(slot, this.released + ahead, now);
  }

  /**
   * Charges a hold that blocked peers: to the room's stall, and to each player that still held
   * `key` when the block began, for as long as it held it after that (so a hold that ended in a
   * release is blamed too, not only one that ended in a drop). Returns how long it blocked them
   * (ms; 0: it did not).
   */
  private account(now: number, key: number): number {
    const blocked = this.blockedFor(now);
    if (blocked <= 0) return 0;
    this.stallMs += blocked;
    this.stalls++;
    const since = now - blocked;
    for (const p of this.players.list) {
      // One still holding it (the key goes out without it) held it all the block.
      const at = p.closed < key ? now : p.closedAt.get(key);
      if (p.active && at !== undefined && at > since) p.waitedMs += at - since;
    }
    return blocked;
  }

  /** How long peers have been blocked by the hold of the next key, at `now` (≤ 0: not yet). */
  private blockedFor(now: number): number {
    return now - (this.firstCloseAt === null ? this.lastReleaseAt + 2 * this.keyMs : this.firstCloseAt + this.delay);
  }

  /** Since when the next key is held: for the status, the vote and the forced drop (not the peers' block). */
  private holdStart(): number {
    const natural = this.lastReleaseAt + 2 * this.keyMs;
    let start = this.firstCloseAt === null ? natural : Math.min(this.firstCloseAt, natural);
    // A player the clock already went on without has been missed since then (MatchPlayer.lateSince).
    for (const p of this.players.holding(this.released + 1)) if (p.lateSince !== null) start = Math.min(start, p.lateSince);
    return this.carried?.key === this.released + 1 ? Math.min(start, this.carried.since) : start;
  }

  private cause(p: MatchPlayer, now: number): StallCause {
    if (now - p.lastHeard > SILENT_MS) return StallCause.Network;
    // Slow: it holds the update it needs to close the held key but its simulation has not got there.
    return p.behindMs >= SLOW_BEHIND_MS && p.recvKey >= this.released + 1 - delayKeys(this.delay, this.keyMs) ? StallCause.Slow : StallCause.Network;
  }

  private waited(now: number): WaitedPlayer[] {
    const key = this.released + 1;
    return this.players.holding(key).flatMap((p) => (this.waitsFor(p, now) ? [{ slot: p.slot, cause: this.cause(p, now), votes: p.votes.size }] : []));
  }

  private voters(waited: readonly WaitedPlayer[]): number {
    return this.players.list.filter((p) => p.active && !waited.some((w) => w.slot === p.slot)).length;
  }

  /** The status every peer is told, or undefined while the clock runs normally. */
  status(now: number): HostStatus | undefined {
    const key = this.released + 1;
    const s = this.settings;
    const ps = this.pauses.state;
    if (ps) {
      return { state: 2, key, heldMs: now - ps.since, votesNeeded: 0, voteInMs: 0, forceInMs: 0, waiting: [], pausedBy: ps.by };
    }
    if (this.finishedReleasing) return undefined;
    const held = now - this.holdStart();
    const waiting = this.waited(now);
    if (held < STALL_REPORT_MS || waiting.length === 0) return undefined;
    const votesNeeded = Math.floor(this.voters(waiting) / 2) + 1;
    const voteInMs = Math.max(0, s.dropVoteSeconds * 1000 - held);
    const forceInMs = Math.max(0, s.forceDropSeconds * 1000 - held);
    return { state: 1, key, heldMs: held, votesNeeded, voteInMs, forceInMs, waiting, pausedBy: 0 };
  }

  /** A vote by `voter` to drop `target`; drops at a majority of those not being waited for. */
  vote(voter: number, target: number, now: number): boolean {
    const st = this.status(now);
    if (!st || st.state !== 1 || st.voteInMs > 0) return false;
    if (!this.players.isActive(voter) || st.waiting.some((w) => w.slot === voter)) return false;
    const t = this.players.get(target);
    if (!t || !st.waiting.some((w) => w.slot === target)) return false;
    t.votes.add(voter);
    if (t.votes.size * 2 > this.voters(st.waiting)) this.drop(target, 1, now);
    return true;
  }

  /**
   * Removes a player from the clock; its slot becomes a bot at the key being held. The room's
   * wait for it so far is charged to it now (the release that follows charges only who still
   * holds the key), so a drop never leaves its wait unblamed.
   */
  drop(slot: number, why: DropWhy, now: number): void {
    const p = this.players.get(slot);
    if (!p || !p.active) return;
    if (p.closed < this.released + 1 && !this.pauses.state) p.waitedMs += Math.max(0, this.blockedFor(now));
    p.active = false;
    p.inputs.clear();
    for (const q of this.players.list) q.votes.delete(slot);
    // Gone again before its takeover key: the bot never stopped playing, no event is needed.
    if (!this.takeovers.delete(slot)) this.pendingEvents.push({ kind: SlotEventKind.Bot, slot, difficulty: DROP_BOT_DIFFICULTY });
    this.notices.push({ t: 'dropped', slot, key: this.released + 1, why });
    if (this.pauses.state?.by === slot) this.resume(slot, true, this.lastReleaseAt);
  }

  /**
   * A successor's match goes on holding the next key where its predecessor was (a drop vote under
   * way): held since `since`, with no drop before `dropsFrom` (the peers re-attach meanwhile).
   */
  carryHold(since: number, dropsFrom: number): void {
    this.carried = { key: this.released + 1, since };
    this.dropsFrom = dropsFrom;
  }

  /** Pauses the clock at the next key (PauseControl decides who may). */
  pause(slot: number, owner: boolean, now: number): boolean {
    if (this.finishedReleasing || !this.pauses.pause(slot, owner, this.players.isActive(slot), now)) return false;
    this.notices.push({ t: 'pause', paused: true, by: slot });
    return true;
  }

  /** Resumes; allowed for whoever paused and for the owner. */
  resume(slot: number, owner: boolean, now: number): boolean {
    if (!this.pauses.resume(slot, owner)) return false;
    this.lastReleaseAt = now;
    this.clock.rebase(this.released, now); // every loop runs on from the resume
    if (this.firstCloseAt !== null) this.firstCloseAt = now;
    this.notices.push({ t: 'pause', paused: false, by: slot });
    return true;
  }

  pausesLeftFor(slot: number): number {
    return this.pauses.pausesLeft(slot);
  }

  /**
   * Timers: pause expiry, and drops without a vote — at the force-drop time, or already when
   * voting opens if nobody could vote (everyone else is a bot, a spectator or the dedicated host's
   * verifier: no one would ever vote, so waiting longer only freezes the room).
   */
  tick(now: number): void {
    const ps = this.pauses.state;
    if (ps && this.pauses.expired(now)) this.resume(ps.by, true, now);
    if (now < this.dropsFrom) return;
    const st = this.status(now);
    if (!st || st.state !== 1) return;
    const unvotable = st.voteInMs <= 0 && this.voters(st.waiting) === 0;
    if (st.forceInMs <= 0 || unvotable) for (const w of st.waiting) this.drop(w.slot, 2, now);
  }

  /** The released updates from `from` on (for resending to a session). */
  updatesFrom(from: number): readonly KeyUpdate[] {
    return from > this.released ? [] : this.updates.slice(Math.max(0, from));
  }

  /** Time of the last release (ms). */
  get lastRelease(): number {
    return this.lastReleaseAt;
  }
}
