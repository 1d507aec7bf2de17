/**
 * A match = roster + human inputs + slot-control events + bots inside. The one model every match
 * runs on: offline matches, replays, and lockstep matches (core/lockstep's SimGame is this class
 * with a MatchStart): roster slots, possibly with gaps, map to balls 0..n-1 in ascending slot
 * order; bots decide inside `step` from detached bot columns; a bot slot's human inputs are
 * ignored; `hash`, `snapshot` and `restore` cover the world and the bot columns, so a bot
 * divergence is caught and a restored match plays on exactly.
 * Event kinds are validated where they are decoded (the lockstep codec, the replay reader, both
 * against KIND_EFFECTS); here a kind is either Human or a bot.
 */
import { BotDriver, allocBotState, setSlotControl } from '../ai';
import type { BotBrains, BotState, Difficulty } from '../ai';
import type { GameMap } from '../map';
import { HASH_SEED, hashFinish, hashInts, hashMix } from '../math';
import { BOT_CONTROL_MAX, createWorld, hashWorld, restoreInto, snapshot, SnapshotError, step } from '../sim';
import type { MatchMode, SimEvents, SlotInput, World } from '../sim';
import { SlotEventKind } from './slotEvents';

/** The start of a match, enough to rebuild it. */
export interface MatchSpec {
  readonly seed: number;
  readonly lengthFrames: number;
  readonly pelletTarget: number | null;
  /**
   * Ascending slot; `bot` with `difficulty` (0..3, clamped to core/ai's 0..2 as SimGame does);
   * `team` 0..teams-1 in a team match (absent in free-for-all).
   */
  readonly roster: readonly { readonly slot: number; readonly bot: boolean; readonly difficulty: number; readonly team?: number }[];
  /** 0 or absent = free-for-all, 2..4 = a team match (core/sim teams.ts). */
  readonly teams?: number;
  /** Last ball standing (core/sim closingArea.ts); absent = off. */
  readonly lastStanding?: boolean;
}

/** The core/sim match mode of `spec`: its teams by roster order (= ball). */
export function modeOf(spec: MatchSpec): MatchMode {
  const teams = spec.teams ?? 0;
  return { teams, team: teams === 0 ? [] : spec.roster.map((r) => r.team ?? 0), lastStanding: spec.lastStanding === true };
}

/** A slot-control change at a key (the lockstep layer's SlotEvent, kinds kept as numbers). */
export interface ControlEvent {
  readonly kind: number;
  readonly slot: number;
  readonly difficulty: number;
}

export type ControlEffect = 'bot' | 'human';

/** What each known SlotEvent kind does. */
export const KIND_EFFECTS: ReadonlyMap<number, ControlEffect> = new Map<number, ControlEffect>([
  [SlotEventKind.Bot, 'bot'],
  [SlotEventKind.Human, 'human'],
]);

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

  constructor(
    map: GameMap,
    spec: MatchSpec,
    /** The bot trees this match runs (a peer's LocalBot thinks with the same). */
    readonly brains: BotBrains,
  ) {
    spec.roster.forEach((s, i) => this.ballOf.set(s.slot, i));
    this.world = createWorld(map, {
      seed: spec.seed,
      players: Math.max(1, spec.roster.length),
      lengthFrames: spec.lengthFrames,
      mode: modeOf(spec),
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

  /** Applies slot-control events (at the start of a key, before its inputs). */
  applyEvents(events: readonly ControlEvent[]): void {
    for (const e of events) {
      const ball = this.ballOf.get(e.slot);
      if (ball !== undefined) setSlotControl(this.bots, ball, e.kind === SlotEventKind.Human ? null : difficultyOf(e.difficulty));
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

  /** World + bot columns. */
  hash(): number {
    let h = hashMix(HASH_SEED, hashWorld(this.world));
    h = hashInts(h, this.bots.control);
    h = hashInts(h, this.bots.mem);
    return hashFinish(h, 1 + this.bots.control.length + this.bots.mem.length);
  }

  /** World snapshot followed by the bot columns. */
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
   * Restores a `snapshot()` of this match in place (world via core/sim restoreInto, then the bot
   * columns appended after it). Throws SnapshotError on a blob of another match, a damaged one,
   * or a bot column out of range; on error the match is left untouched.
   */
  restore(bytes: Uint8Array): void {
    const c = this.bots.control;
    const m = this.bots.mem;
    // The bot columns have a fixed size; the world part before them checks its own framing.
    const worldBytes = bytes.length - 4 * (c.length + m.length);
    if (worldBytes <= 0) throw new SnapshotError(`snapshot: bad length ${bytes.length} bytes`);
    // A fresh copy: the blob may sit at any offset of a file, a datagram or a pooled Node Buffer
    // (whose slice() is a view), so never view it as Int32 in place.
    const words = new Int32Array(Uint8Array.from(bytes.subarray(worldBytes)).buffer);
    for (let i = 0; i < c.length; i++) {
      const v = words[i] ?? 0;
      if (v < 0 || v > BOT_CONTROL_MAX) throw new SnapshotError('snapshot: bad bot control');
    }
    restoreInto(this.world, bytes.subarray(0, worldBytes));
    c.set(words.subarray(0, c.length));
    m.set(words.subarray(c.length));
    this.lastEvents = null;
  }
}
