/**
 * The lockstep game loop: runs a LockstepGame from a ClientPeer's confirmed updates. On the first
 * logic frame of key K it needs UPDATE(K) (else it is blocked and tells the peer); it then begins
 * the key (state hash reported, my inputs closed through K + delay), applies slot events and bot
 * inputs, and steps; the other frames of the key never wait (seed 003's jitter absorber).
 * Keeps the last few key-frame snapshots for desync reports. Time in ms, passed in by the caller.
 */
import type { PlayerInput, SlotInput } from '../../sim';
import { FramePacer } from './FramePacer';
import type { BotDriver, LockstepGame } from './LockstepGame';
import { delayKeys, LOGIC_HZ, SlotEventKind, SlotKind } from '../types';
import type { KeyUpdate, MatchStart } from '../types';

/**
 * What the loop needs from the network side: the confirmed updates and the calls that report
 * progress. ClientPeer implements it; so does RemotePort, in front of a ClientPeer across the bridge.
 */
export interface LockstepPort {
  readonly match: { readonly start: MatchStart; readonly lastKey: number; readonly recvKey: number; readonly delay: number } | null;
  /**
   * Begins `key` (its update is here): reports the hash, closes my inputs; returns the update.
   * `dueAt`: when the loop's clock had it begin (≤ now: the render tick comes after).
   */
  beginKey(now: number, key: number, hashBefore: number, dueAt?: number): KeyUpdate;
  /** The match's frames are all run: reports the final hash. */
  finish(now: number, hash: number): void;
  /** The loop wants a key whose update has not arrived. */
  noteBlocked(now: number): void;
  /** Speed factor for the loop at `now` (phase alignment), 1 = real time. */
  pace?(now: number): number;
}

export interface RunnerOptions {
  readonly bots?: BotDriver;
  /** Key-frame snapshots kept for desync reports (0 = none). */
  readonly keepSnapshots?: number;
  /**
   * Called as each key begins, with its update and the state hash before it, before its slot
   * events apply (a replay recorder: the recorded state is the key's starting state).
   */
  readonly onBegin?: (key: number, update: KeyUpdate, hashBefore: number) => void;
  /** Called at every key with the state hash before its inputs, and the inputs applied (bots included). */
  readonly onKey?: (key: number, hashBefore: number, inputs: readonly SlotInput[]) => void;
  /**
   * Start at this key instead of 0: the game already holds the state before its inputs (restored
   * from a snapshot after a rejoin; the peer's match starts there too, see PeerEvent 'resume').
   */
  readonly fromKey?: number;
  /**
   * From the start, and whenever more than the live margin behind, run up to this many frames per
   * tick beyond the pacer until every confirmed frame has run (a rejoin's backlog drains at once
   * instead of at 4×, and the loop ends up at the newest update). 0 = off.
   */
  readonly fastForward?: number;
}

/**
 * The fastForward a resumed loop uses (rejoin, a spectator joining a running match): a 60 Hz
 * loop drains a 30 s backlog (900 frames) in 8 ticks.
 */
export const RESUME_FAST_FORWARD = 120;

/** A key-frame snapshot kept for desync reports. */
export interface KeySnapshot {
  readonly key: number;
  readonly bytes: Uint8Array;
  readonly subHashes: readonly { readonly name: string; readonly hash: number }[];
}

export interface RunnerStats {
  /** Total ms the loop was blocked waiting for an update. */
  blockedMs: number;
  /** Number of distinct blocked episodes. */
  blocks: number;
  /** Longest single block (ms). */
  maxBlockMs: number;
  /** Render ticks spent catching up. */
  catchUpTicks: number;
}

export class LockstepRunner {
  /** Next logic frame to run. */
  frame = 0;
  finished = false;
  readonly totalFrames: number;
  readonly keyInterval: number;
  /** A key frame's length (ms). */
  private readonly keyMs: number;
  readonly pacer = new FramePacer();
  readonly stats: RunnerStats = { blockedMs: 0, blocks: 0, maxBlockMs: 0, catchUpTicks: 0 };
  /** Recent snapshots (and sub-hashes) taken at the start of a key, before its inputs: oldest first. */
  readonly snapshots: KeySnapshot[] = [];
  /** My state hash before each key, by key (the whole match). */
  readonly keyHashes: number[] = [];
  private readonly match: NonNullable<LockstepPort['match']>;
  private readonly bots = new Map<number, number>();
  private blockedSince: number | null = null;
  /** Fast-forwarding a backlog (see RunnerOptions.fastForward). */
  private draining: boolean;
  /**
   * The input delay fell at a key: the updates of the keys closed under the old one (through
   * `throughKey`) came that much earlier, a backlog that is live, not one to catch up on. Running
   * fast through it would put every loop at the newest update, beginning each key as it arrives:
   * waiting at most of them until the host raises the delay again.
   */
  private wide = { delay: 0, throughKey: -1 };

  constructor(
    private readonly peer: LockstepPort,
    readonly game: LockstepGame,
    private readonly opts: RunnerOptions = {},
  ) {
    const m = peer.match;
    if (!m) throw new Error('LockstepRunner: the peer has no match'); // caller bug
    this.match = m;
    this.keyInterval = m.start.settings.keyInterval;
    this.keyMs = (this.keyInterval * 1000) / LOGIC_HZ;
    this.totalFrames = (m.lastKey + 1) * this.keyInterval;
    this.frame = Math.max(0, Math.min(opts.fromKey ?? 0, m.lastKey + 1)) * this.keyInterval;
    this.draining = (opts.fastForward ?? 0) > 0;
    for (const s of m.start.slots) if (s.kind === SlotKind.Bot) this.bots.set(s.slot, s.difficulty);
  }

  /** Slots driven by bots right now, ascending. */
  botSlots(): number[] {
    return [...this.bots.keys()].sort((a, b) => a - b);
  }

  /** Runs the frames due at `now`; returns how many ran. */
  tick(now: number): number {
    if (this.finished) return 0;
    const m = this.match;
    const I = this.keyInterval;
    const liveDelay = m.recvKey <= this.wide.throughKey ? Math.max(m.delay, this.wide.delay) : m.delay;
    const live = (delayKeys(liveDelay, this.keyMs) + 1) * I;
    const avail = (): number => Math.min((m.recvKey + 1) * I, this.totalFrames) - this.frame;
    // A resumed loop drains through the newest update, not just under the live margin: anywhere
    // behind it, it would run later than the other players' phase and hold the clock once it
    // plays. At the edge it begins each key as its update arrives, as early as anyone can.
    const ffMax = this.opts.fastForward ?? 0;
    if (ffMax > 0 && avail() > live + I) this.draining = true;
    const ff = this.draining ? Math.min(ffMax, avail()) : 0;
    if (ff > 0 && this.blockedSince !== null) this.unblock(now);
    for (let i = 0; i < ff; i++) this.runFrame(now, now);
    if (this.draining && avail() <= 0) {
      this.draining = false;
      this.pacer.primeAtEdge(now);
    }
    const available = avail();
    const n = this.pacer.framesToRun(now, available, live, I, this.peer.pace?.(now) ?? 1);
    if (this.pacer.catchUp) this.stats.catchUpTicks++;
    if (n > 0 && this.blockedSince !== null) this.unblock(now);
    for (let i = 0; i < n; i++) this.runFrame(now, now - this.pacer.lateMs(n - 1 - i));
    if (this.frame >= this.totalFrames) {
      this.finished = true;
      this.peer.finish(now, this.game.hash());
    } else if (n === 0 && available <= 0 && this.pacer.wants()) {
      if (this.blockedSince === null) this.blockedSince = now;
      this.peer.noteBlocked(now);
    }
    return n + Math.max(0, ff);
  }

  private unblock(now: number): void {
    const ms = now - (this.blockedSince ?? now);
    this.stats.blockedMs += ms;
    this.stats.blocks++;
    this.stats.maxBlockMs = Math.max(this.stats.maxBlockMs, ms);
    this.blockedSince = null;
  }

  private runFrame(now: number, dueAt: number): void {
    const I = this.keyInterval;
    if (this.frame % I !== 0) {
      this.game.step([]);
      this.frame++;
      return;
    }
    const key = this.frame / I;
    const hash = this.game.hash();
    const keep = this.opts.keepSnapshots ?? 0;
    this.keyHashes[key] = hash;
    if (keep > 0 && this.game.snapshot) {
      this.snapshots.push({ key, bytes: this.game.snapshot(), subHashes: this.game.subHashes?.() ?? [] });
      if (this.snapshots.length > keep) this.snapshots.shift();
    }
    const before = this.match.delay;
    const u = this.peer.beginKey(now, key, hash, dueAt);
    if (this.match.delay < before) this.wide = { delay: before, throughKey: key + delayKeys(before, this.keyMs) + 1 };
    this.opts.onBegin?.(key, u, hash);
    for (const e of u.events) {
      if (e.kind === SlotEventKind.Bot) this.bots.set(e.slot, e.difficulty);
      else if (e.kind === SlotEventKind.Human) this.bots.delete(e.slot);
    }
    if (u.events.length > 0) this.game.applyEvents?.(u.events);
    const inputs = this.withBots(u.inputs, key);
    this.opts.onKey?.(key, hash, inputs);
    this.game.step(inputs);
    this.frame++;
  }

  /** Merges bot decisions into the key's input changes, keeping ascending slot order. */
  private withBots(inputs: readonly SlotInput[], key: number): readonly SlotInput[] {
    const driver = this.opts.bots;
    if (!driver || this.bots.size === 0) return inputs;
    const botInputs: { slot: number; input: PlayerInput }[] = [];
    for (const slot of this.botSlots()) {
      const input = driver.decide(slot, this.bots.get(slot) ?? 0, key);
      if (input) botInputs.push({ slot, input });
    }
    if (botInputs.length === 0) return inputs;
    // DETERMINISM: a slot is either human or bot at a key, never both; the merge is by slot.
    return [...inputs.filter((i) => !this.bots.has(i.slot)), ...botInputs].sort((a, b) => a.slot - b.slot);
  }
}
