/**
 * A client's view of one running match: the buffer of confirmed UPDATEs, the input delay, and the
 * local player's input schedule (which change goes into which key, and how far inputs are final).
 * Invariants: `updates[k]` exists for every k ≤ recvKey (contiguous from 0); `closed` only grows;
 * at most one input change per key; a change is scheduled only into a key > closed, so the host
 * never sees a key's inputs change after it was closed. Only changes are sent (seed 000): a key
 * with no change is covered by the "closed through" marker alone.
 */
import { hasAction, inputsEqual, STOP_INPUT } from '../../sim';
import type { PlayerInput } from '../../sim';
import { RttEstimator } from '../link';
import { delayKeys, LOGIC_HZ, lastKeyOf } from '../types';
import type { KeyUpdate, MatchStart } from '../types';
import { normalizeInput } from '../wire';
import type { UplinkInput } from '../wire';
import { SlackMeter } from './SlackMeter';

/** Tolerance of the closing-time comparison (ms). */
const CLOSE_EPS_MS = 0.01;
/** Most split (and eject) presses waiting for a key of their own. */
const MAX_PENDING_PRESSES = 2;
/**
 * A peer reports its state hash before every HASH_EVERY_KEYS-th key (and its final one), each
 * once: desyncs are found within that many keys (0.4 s at 10 Hz), and the other key frames go
 * out 4-5 bytes lighter (a 50-player room: ~1.5 kB/s). The host judges the sampled keys
 * (HashJudge decides a key once every reporter sent it or a later one).
 */
export const HASH_EVERY_KEYS = 4;

export class ClientMatch {
  readonly updates: KeyUpdate[] = [];
  /** Arrival time (ms) of each update, parallel to `updates`. */
  readonly arrivedAt: number[] = [];
  readonly keyMs: number;
  readonly lastKey: number;
  /** Input delay (ms): a key's inputs close this long before the loop is expected to begin it. */
  delay: number;
  /** When this peer began the match (its start, or a late join). */
  readonly startedAt: number;
  /** Key the game last began executing (-1 before the first). */
  execKey = -1;
  /** Slacks: ms between an update's arrival and the loop beginning its key. */
  readonly slack: SlackMeter;
  /** When the game began `execKey` (ms). */
  beganAt = 0;
  /** My inputs for every key ≤ closed are final. */
  closed: number;
  /** Highest `closed` the host confirmed. */
  inputAck: number;
  /** Unacknowledged input changes, ascending key. */
  unacked: UplinkInput[] = [];
  /**
   * Every input change whose update has not arrived, acknowledged or not (ascending key): a new
   * host after a takeover never saw the acknowledged ones (`reattach`).
   */
  private unreleased: UplinkInput[] = [];
  /**
   * The state hash to report, until a frame carried it (the final one rides in every frame until
   * the end: the host waits for it). Hashes of sampled keys only (HASH_EVERY_KEYS).
   */
  hash: { key: number; hash: number } | undefined;
  /** The match's final hash is set (`hash` is then never dropped after sending). */
  finalHash = false;
  /**
   * Time from sending a closure to receiving that key's update. Samples after a NACK are kept
   * (unlike Karn's rule): dropping the slow ones would bias the estimate low and cause more NACKs.
   */
  readonly lag = new RttEstimator();
  private readonly closedAt = new Map<number, number>();
  private intent: PlayerInput = STOP_INPUT;
  /**
   * Presses of split and eject not scheduled yet: each key carries one of each, so a quick double
   * split (two presses within a key) splits on two keys in a row. Capped: a held or hammered key
   * never queues more than MAX_PENDING_PRESSES.
   */
  private splitPending = 0;
  private ejectPending = 0;
  /** The next scheduled key carries the intent even if unchanged (a takeover: the ball had a bot's intent). */
  private forceNext = false;
  /** Joined late (resync): still to tell the host once the loop has caught up. */
  awaitingLive = false;
  /** The key from which my ball is mine again after joining late (-1: mine from the start, or not yet). */
  private takeoverKey = -1;
  /** First key this peer holds an update for (0, or a late joiner's snapshot key). */
  readonly baseKey: number;
  private lastScheduled: PlayerInput = STOP_INPUT;
  /**
   * The window is hidden (the browser stops its loop), or its loop is still draining the backlog
   * since it showed again: my closures follow the updates — each key as if begun `slack` ms after
   * its update arrived (the low slack before hiding: as early as the loop used to) — so the room
   * never waits for a hidden player (seed 000's catch-up does the rest). Cleared once the loop
   * begins keys in that phase again, or waits at the newest update (`atEdge`). The pacer stops
   * catching up within the live margin, which can leave the loop up to a key behind that phase
   * until then: closing by the loop meanwhile would hold the room.
   */
  private away: { state: 'hidden' | 'draining'; slack: number } | null = null;

  constructor(
    readonly start: MatchStart,
    /** My slot, or SPECTATOR_SLOT. */
    readonly slot: number,
    /** True while my inputs count (false for spectators, and for a late joiner until its takeover). */
    public player: boolean,
    now: number,
    /** A late joiner's snapshot key: updates (and the loop) start there. */
    baseKey = 0,
  ) {
    this.lastKey = lastKeyOf(start.settings);
    this.keyMs = (start.settings.keyInterval * 1000) / LOGIC_HZ;
    this.delay = start.delayMs;
    this.startedAt = now;
    this.closed = player ? delayKeys(start.delayMs, this.keyMs) - 1 : -1;
    this.inputAck = this.closed;
    this.baseKey = Math.max(0, Math.min(baseKey, this.lastKey));
    this.slack = new SlackMeter(this.baseKey);
    if (this.baseKey > 0) {
      // Sparse below the base: recvKey and execKey count from there, nothing before is held.
      this.updates.length = this.baseKey;
      this.arrivedAt.length = this.baseKey;
      this.execKey = this.baseKey - 1;
      this.beganAt = now;
    }
  }

  /**
   * The host hands `slot`'s ball back from `key` on (a takeover after joining late): when it is
   * mine, my inputs count from then, and my current intent goes into that key.
   */
  takeover(slot: number, key: number): void {
    if (slot !== this.slot || this.player || key > this.lastKey) return;
    this.player = true;
    this.takeoverKey = key;
    this.closed = Math.max(this.closed, key - 1);
    this.inputAck = this.closed;
    this.unacked = [];
    this.unreleased = [];
    this.forceNext = true;
  }

  /** Highest key with every update ≤ it received. */
  get recvKey(): number {
    return this.updates.length - 1;
  }

  /** Keys of backlog that still count as live (the input delay's, plus one): more is catching up. */
  get liveKeys(): number {
    return delayKeys(this.delay, this.keyMs) + 1;
  }

  /** Keys received but not yet begun. */
  get backlog(): number {
    return Math.max(0, this.recvKey - this.execKey);
  }

  /**
   * How long (ms) the next key has been ready (its update here and one key period since I began
   * the previous one) without being begun: > 0 means my simulation is behind the network (the
   * host reports me as "slow" when it waits for me).
   */
  behindMs(now: number): number {
    const at = this.arrivedAt[this.execKey + 1];
    if (at === undefined || this.execKey + 1 > this.lastKey) return 0;
    return Math.max(0, now - Math.max(at, this.beganAt + this.keyMs));
  }

  /** The local intent (persistent). A split or eject press is remembered until it is scheduled. */
  setIntent(input: PlayerInput): void {
    this.intent = normalizeInput({ ...input, split: false, eject: false });
    if (input.split) this.splitPending = Math.min(MAX_PENDING_PRESSES, this.splitPending + 1);
    if (input.eject) this.ejectPending = Math.min(MAX_PENDING_PRESSES, this.ejectPending + 1);
  }

  /** Takes updates from a host frame; returns the keys newly received (for lag samples). */
  addUpdates(now: number, updates: readonly KeyUpdate[]): number {
    let added = 0;
    for (const u of updates) {
      if (u.key !== this.updates.length || u.key > this.lastKey) continue; // old copy, or a gap
      this.updates.push(u);
      this.arrivedAt.push(now);
      added++;
      // A change the host has not confirmed may still come late and land in a later key (`landed`).
      while ((this.unreleased[0]?.key ?? Infinity) <= Math.min(u.key, this.inputAck)) this.unreleased.shift();
      const sentAt = this.closedAt.get(u.key);
      if (sentAt !== undefined) this.lag.sample(now - sentAt);
      this.closedAt.delete(u.key);
    }
    return added;
  }

  /** The window was hidden (true) or shown again (false): see `away`. */
  setAway(hidden: boolean): void {
    const slack = this.away?.slack ?? Math.max(0, this.slack.low());
    if (hidden) this.away = { state: 'hidden', slack };
    else if (this.away) this.away = { state: 'draining', slack };
  }

  /** The loop waits for the next update: it runs in the room's phase again. */
  atEdge(): void {
    if (this.away?.state === 'draining') this.away = null;
  }

  /**
   * The game begins key `key` (its update must be here): records the hash, applies a delay change.
   * `dueAt`: when the loop's clock had it begin (a render tick later than that is `now`): the
   * closures follow the loop's clock, the slack what the loop met.
   */
  begin(now: number, key: number, hash: number, dueAt = now): KeyUpdate {
    const u = this.updates[key];
    if (!u) throw new Error(`ClientMatch.begin: no update for key ${key}`); // runner bug, never data
    this.execKey = key;
    this.beganAt = Math.min(now, dueAt);
    const arrived = this.arrivedAt[key];
    if (this.away?.state === 'draining' && now <= (arrived ?? now) + this.away.slack + this.keyMs / 2) this.away = null;
    if (u.delayMs !== undefined && u.delayMs !== this.delay) {
      // The room closes its keys that much later (a fall) or earlier, so its updates come that
      // much nearer their keys: an away slack taken under the old delay moves with it, or my
      // closures would follow a phase the room left (and hold every release by the difference).
      if (this.away) this.away.slack = Math.max(0, this.away.slack - (this.delay - u.delayMs));
      this.delay = u.delayMs;
      this.slack.restart();
    }
    if (arrived !== undefined) this.slack.add(key, now - arrived);
    if (key % HASH_EVERY_KEYS === 0) this.hash = { key, hash: hash >>> 0 };
    return u;
  }

  /**
   * When the loop will begin `key`, as far as this peer can tell: one key period after the key it
   * runs now, but never earlier than the time still to wait for the keys in between. Away (hidden
   * or draining), the earlier of that and the same from the newest update, as if begun `slack` ms
   * after it arrived.
   */
  estimatedBegin(now: number, key: number): number {
    const baseKey = this.execKey < 0 ? -1 : this.execKey;
    const baseAt = this.execKey < 0 ? this.startedAt - this.keyMs : this.beganAt;
    const byLoop = Math.max(baseAt + (key - baseKey) * this.keyMs, now + (key - baseKey - 1) * this.keyMs);
    const a = this.away;
    if (a === null || this.recvKey <= this.execKey) return byLoop;
    const begunAt = (this.arrivedAt[this.recvKey] ?? now) + a.slack;
    return Math.min(byLoop, Math.max(begunAt + (key - this.recvKey) * this.keyMs, now + (key - this.recvKey - 1) * this.keyMs));
  }

  /**
   * Closes my inputs for every key due to begin within the input delay (so the host can release
   * it in time), scheduling the pending intent change, if any, into the first key closed.
   * Returns true when the closure advanced. Call often (every few ms) and after each begin.
   */
  closeDue(now: number): boolean {
    if (!this.player) return false;
    const from = this.closed;
    // CLOSE_EPS_MS: "begin + k·keyMs − delay" must compare equal to "now" when the delay is a whole
    // number of keys (floating-point rounding would otherwise close a key one begin later, at random).
    while (this.closed < this.lastKey && now + CLOSE_EPS_MS >= this.estimatedBegin(now, this.closed + 1) - this.delay) {
      const key = this.closed + 1;
      if (key === from + 1) this.schedule(key);
      this.closedAt.set(key, now);
      this.closed = key;
    }
    return this.closed > from;
  }

  private schedule(key: number): void {
    const next = { ...this.intent, split: this.splitPending > 0, eject: this.ejectPending > 0 };
    if (!hasAction(next) && !this.forceNext && inputsEqual(next, this.lastScheduled)) return;
    this.forceNext = false;
    this.unacked.push({ key, slot: this.slot, input: next });
    this.unreleased.push({ key, slot: this.slot, input: next });
    this.lastScheduled = { ...next, split: false, eject: false };
    if (this.splitPending > 0) this.splitPending--;
    if (this.ejectPending > 0) this.ejectPending--;
  }

  /** When I closed `key` (undefined once its update arrived, or for keys I did not close). */
  closedAtOf(key: number): number | undefined {
    return this.closedAt.get(key);
  }

  /**
   * My change for `key` reached the host after it had released that key, so it went into key `at`
   * (issue 34): it is still to be released, there. False when the word makes no sense.
   */
  landed(key: number, at: number): boolean {
    if (at <= key || key > this.closed) return false;
    const i = this.unreleased.findIndex((x) => x.key === key);
    const moved = this.unreleased[i];
    if (moved) {
      this.unreleased.splice(i, 1);
      const j = this.unreleased.findIndex((x) => x.key >= at);
      this.unreleased.splice(j < 0 ? this.unreleased.length : j, 0, { ...moved, key: at });
    }
    return true;
  }

  /** The host holds my inputs through `ack`. */
  onInputAck(ack: number): void {
    if (ack <= this.inputAck || ack > this.closed) return;
    this.inputAck = ack;
    this.unacked = this.unacked.filter((i) => i.key > ack);
  }

  /**
   * Another peer hosts now (a takeover): it holds my inputs only through the last update I hold,
   * so every change after that goes to it again.
   */
  reattach(): void {
    this.inputAck = Math.min(this.closed, Math.max(this.recvKey, this.baseKey - 1));
    this.unacked = this.unreleased.filter((i) => i.key > this.recvKey);
    // My ball's hand-back was announced but its key never came: the new host hands it back once I say 'live' to it.
    if (this.player && this.takeoverKey > this.recvKey) {
      this.player = false;
      this.awaitingLive = true;
    }
  }

  /**
   * Inputs the host must still get. An update of a key does not say the host holds my change for
   * it: the host releases a key on its clock without a late closure (issue 34), and the change then
   * goes into a later key once it comes, so only the host's ack ends its resending.
   */
  pendingInputs(): UplinkInput[] {
    return this.unacked;
  }

  /** The closure to advertise when only the first `included` pending inputs fit in a datagram. */
  closedFor(included: number): number {
    const next = this.unacked[included];
    return next === undefined ? this.closed : Math.min(this.closed, next.key - 1);
  }

  /** True while a key I closed has no update yet (I am expecting the host to release it). */
  get expecting(): boolean {
    return this.recvKey < Math.min(this.closed, this.lastKey);
  }
}
