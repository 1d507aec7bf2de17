/**
 * A match = roster + human inputs + slot-control events + bots inside. The one adapter both the
 * offline match and the replay player run, and the same model as core/lockstep's SimGame (a test
 * pins the two to identical hashes): roster slots, possibly with gaps, map to balls 0..n-1 in
 * ascending slot order; bots decide inside `step` from detached bot columns; a bot slot's human
 * inputs are ignored; `hash` covers the world and the bot columns.
 * Slot-control event kinds are data (KIND_EFFECTS): an unknown kind is an error, never a guess.
 */
import { BotDriver, allocBotState, setSlotControl } from '../ai';
import type { BotBrains, BotState, Difficulty } from '../ai';
import type { GameMap } from '../map';
import { HASH_SEED, hashFinish, hashInts, hashMix } from '../math';
import { createWorld, hashWorld, restoreInto, snapshot, step } from '../sim';
import type { SimEvents, SlotInput, World } from '../sim';
import { SlotEventKind } from '../lockstep';
import { ReplayError } from './ReplayError';

/** The start of a match, enough to rebuild it. */
export interface MatchSpec {
  readonly seed: number;
  readonly lengthFrames: number;
  readonly pelletTarget: number | null;
  /** Ascending slot; `bot` with `difficulty` (0..3, clamped to core/ai's 0..2 as SimGame does). */
  readonly roster: readonly { readonly slot: number; readonly bot: boolean; readonly difficulty: number }[];
}

/** A slot-control change at a key (the lockstep layer's SlotEvent, kinds kept as numbers). */
export interface ControlEvent {
  readonly kind: number;
  readonly slot: number;
  readonly difficulty: number;
}

export type ControlEffect = 'bot' | 'human';

/** What each SlotEvent kind does; a kind added in core/lockstep named `Human` is picked up here. */
export const KIND_EFFECTS: ReadonlyMap<number, ControlEffect> = ((): Map<number, ControlEffect> => {
  const m = new Map<number, ControlEffect>([[SlotEventKind.Bot, 'bot']]);
  const human = (SlotEventKind as Readonly<Record<string, number>>)['Human'];
  if (human !== undefined) m.set(human, 'human');
  return m;
})();

/** core/ai difficulties are 0..2; the lobby's 0..3 is clamped (as SimGame does). */
export function difficultyOf(d: number): Difficulty {
  return (d <= 0 ? 0 : d >= 2 ? 2 : 1) as Difficulty;
}

export class MatchRunner {
  readonly world: World;
  readonly bots: BotState = allocBotState();
  /** Events of the last logic frame. */
  lastEvents: SimEvents | null = null;
  private readonly driver: BotDriver;
  private readonly ballOf = new Map<number, number>();
  private readonly merged: SlotInput[] = [];

  constructor(map: GameMap, spec: MatchSpec, brains: BotBrains) {
    spec.roster.forEach((s, i) => this.ballOf.set(s.slot, i));
    this.world = createWorld(map, {
      seed: spec.seed,
      players: Math.max(1, spec.roster.length),
      lengthFrames: spec.lengthFrames,
      ...(spec.pelletTarget !== null ? { pelletTarget: spec.pelletTarget } : {}),
    });
    spec.roster.forEach((s, i) => {
      if (s.bot) setSlotControl(this.bots, i, difficultyOf(s.difficulty));
    });
    this.driver = new BotDriver(brains);
  }

  /** Ball of a roster slot (-1 when not in the match). */
  ball(slot: number): number {
    return this.ballOf.get(slot) ?? -1;
  }

  /** Applies slot-control events (at the start of a key, before its inputs). @throws ReplayError for an unknown kind */
  applyEvents(events: readonly ControlEvent[]): void {
    for (const e of events) {
      const effect = KIND_EFFECTS.get(e.kind);
      if (effect === undefined) throw new ReplayError('invalid-field', `invalid field event kind (${e.kind} is not known to this version)`, 'event.kind');
      const ball = this.ballOf.get(e.slot);
      if (ball !== undefined) setSlotControl(this.bots, ball, effect === 'bot' ? difficultyOf(e.difficulty) : null);
    }
  }

  /** One logic frame with this frame's human input changes (ascending slot). */
  step(inputs: readonly SlotInput[]): SimEvents {
    const out = this.merged;
    out.length = 0;
    const botInputs = this.driver.decide(this.world, this.bots);
    let b = 0;
    // DETERMINISM: inputs ascend by slot, hence by ball; merged with the bots' by ball.
    for (const i of inputs) {
      const ball = this.ballOf.get(i.slot);
      if (ball === undefined || this.bots.control[ball] !== 0) continue;
      while (b < botInputs.length && botInputs[b]!.slot < ball) out.push(botInputs[b++]!);
      out.push({ slot: ball, input: i.input });
    }
    while (b < botInputs.length) out.push(botInputs[b++]!);
    this.lastEvents = step(this.world, out);
    return this.lastEvents;
  }

  /** World + bot columns, computed exactly as SimGame.hash. */
  hash(): number {
    let h = hashMix(HASH_SEED, hashWorld(this.world));
    h = hashInts(h, this.bots.control);
    h = hashInts(h, this.bots.mem);
    return hashFinish(h, 1 + this.bots.control.length + this.bots.mem.length);
  }

  /** World snapshot followed by the bot columns (SimGame's layout). */
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

  /** Restores a `snapshot()` in place (the World object stays the same). @throws SnapshotError */
  restore(bytes: Uint8Array): void {
    const cBytes = this.bots.control.length * 4;
    const mBytes = this.bots.mem.length * 4;
    const wLen = bytes.length - cBytes - mBytes;
    if (wLen <= 0) throw new ReplayError('invalid-field', 'invalid field snapshot (too short)', 'snapshot');
    restoreInto(this.world, bytes.subarray(0, wLen));
    // The blob may sit at any offset of a file: copy bytes, never view them as Int32 in place.
    const copy = bytes.slice(wLen);
    this.bots.control.set(new Int32Array(copy.buffer, 0, this.bots.control.length));
    this.bots.mem.set(new Int32Array(copy.buffer, cBytes, this.bots.mem.length));
    this.lastEvents = null;
  }
}
