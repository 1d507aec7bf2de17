/**
 * Adapter from the real simulation (core/sim) and its behavior-tree bots (core/ai) to the
 * lockstep loop's LockstepGame. Lockstep slots (lobby numbers, possibly with gaps) map to ball ids
 * 0..n-1 in ascending slot order, so the world has exactly the match's participants.
 * Bots (lobby bots and dropped players) run inside `step`, on every peer, from the same state;
 * their columns are hashed and snapshotted with the world so a bot divergence is caught too.
 */
import { defaultBrains, BotDriver, allocBotState, setSlotControl } from '../ai';
import type { BotBrains, BotState, Difficulty } from '../ai';
import type { GameMap } from '../map';
import { HASH_SEED, hashFinish, hashInts, hashMix } from '../math';
import { BOT_CONTROL_MAX, createWorld, hashWorld, restoreInto, snapshot, SnapshotError, step, subHashes } from '../sim';
import type { SimEvents, SlotInput, World } from '../sim';
import type { LockstepGame } from './LockstepGame';
import { lastKeyOf, SlotEventKind, SlotKind } from './types';
import type { MatchStart, SlotEvent } from './types';

/** core/ai difficulties are 0..2; the lobby's 0..3 is clamped. */
function difficultyOf(d: number): Difficulty {
  return (d <= 0 ? 0 : d >= 2 ? 2 : 1) as Difficulty;
}

export class SimGame implements LockstepGame {
  readonly world: World;
  readonly bots: BotState;
  /** Events of the last logic frame (valid until the next step). */
  lastEvents: SimEvents | null = null;
  private readonly driver: BotDriver;
  private readonly ballOf = new Map<number, number>();
  private readonly merged: SlotInput[] = [];

  constructor(map: GameMap, start: MatchStart, brains: BotBrains = defaultBrains()) {
    const roster = [...start.slots].sort((a, b) => a.slot - b.slot);
    roster.forEach((s, i) => this.ballOf.set(s.slot, i));
    const frames = (lastKeyOf(start.settings) + 1) * start.settings.keyInterval;
    this.world = createWorld(map, { seed: start.seed, players: Math.max(1, roster.length), lengthFrames: frames });
    this.bots = allocBotState();
    for (const s of roster) if (s.kind === SlotKind.Bot) setSlotControl(this.bots, this.ballOf.get(s.slot) ?? 0, difficultyOf(s.difficulty));
    this.driver = new BotDriver(brains);
  }

  /** Ball id of a lockstep slot (-1 when the slot is not in the match). */
  ball(slot: number): number {
    return this.ballOf.get(slot) ?? -1;
  }

  step(inputs: readonly SlotInput[]): void {
    const out = this.merged;
    out.length = 0;
    const botInputs = this.driver.decide(this.world, this.bots);
    let b = 0;
    // DETERMINISM: inputs arrive by ascending slot, hence ascending ball; merge with bots by ball.
    for (const i of inputs) {
      const ball = this.ballOf.get(i.slot);
      if (ball === undefined || this.bots.control[ball] !== 0) continue;
      while (b < botInputs.length && (botInputs[b]?.slot ?? 0) < ball) out.push(botInputs[b++] as SlotInput);
      out.push({ slot: ball, input: i.input });
    }
    while (b < botInputs.length) out.push(botInputs[b++] as SlotInput);
    this.lastEvents = step(this.world, out);
  }

  hash(): number {
    let h = hashMix(HASH_SEED, hashWorld(this.world));
    h = hashInts(h, this.bots.control);
    h = hashInts(h, this.bots.mem);
    return hashFinish(h, 1 + this.bots.control.length + this.bots.mem.length);
  }

  applyEvents(events: readonly SlotEvent[]): void {
    for (const e of events) {
      const ball = this.ballOf.get(e.slot);
      if (ball !== undefined) setSlotControl(this.bots, ball, e.kind === SlotEventKind.Human ? null : difficultyOf(e.difficulty));
    }
  }

  snapshot(): Uint8Array {
    const w = snapshot(this.world);
    const c = new Uint8Array(this.bots.control.buffer.slice(0));
    const m = new Uint8Array(this.bots.mem.buffer.slice(0));
    const out = new Uint8Array(w.length + c.length + m.length);
    out.set(w, 0);
    out.set(c, w.length);
    out.set(m, w.length + c.length);
    return out;
  }

  /**
   * Restores a `snapshot()` of this match (world via core/sim restoreInto, then the bot columns
   * appended after it). Throws SnapshotError on a blob of another match, a damaged one, or a bot
   * column out of range; on error the game is left untouched.
   */
  restore(bytes: Uint8Array): void {
    const c = this.bots.control;
    const m = this.bots.mem;
    // The bot columns have a fixed size; the world part before them checks its own framing.
    const worldBytes = bytes.length - 4 * (c.length + m.length);
    if (worldBytes <= 0) throw new SnapshotError(`snapshot: bad length ${bytes.length} bytes`);
    const tail = bytes.slice(worldBytes);
    const words = new Int32Array(tail.buffer, tail.byteOffset, tail.length >> 2);
    for (let i = 0; i < c.length; i++) {
      const v = words[i] ?? 0;
      if (v < 0 || v > BOT_CONTROL_MAX) throw new SnapshotError('snapshot: bad bot control');
    }
    restoreInto(this.world, bytes.subarray(0, worldBytes));
    c.set(words.subarray(0, c.length));
    m.set(words.subarray(c.length));
    this.lastEvents = null;
  }

  subHashes(): { name: string; hash: number }[] {
    return [...subHashes(this.world), { name: 'bots', hash: hashFinish(hashInts(hashInts(HASH_SEED, this.bots.control), this.bots.mem), 2) }];
  }
}
