/**
 * Runs the bots of a world: before each step, every bot whose turn it is ticks its tree and the
 * driver returns the input changes to feed into `step` exactly like human inputs (merge by slot).
 * Bots run on every peer from the same state, so they cost no bandwidth.
 *
 * State: the world's `bots` columns (core/sim, snapshotted, restored, hashed): `control[slot]` = 0
 * for a human, difficulty + 1 for a bot; `memory` = AGENT_WORDS words per slot (layout.ts).
 * Deciding writes that memory and advances the world RNG when a tree draws from it
 * (WeightedRandom, Wander): the one place outside `step` that changes the world, kept
 * deterministic — every peer calls `decide` once per frame before `step`, and bots decide in
 * ascending slot order. A world without bots is never touched.
 * Timing: bot `s` of difficulty d decides on frames f with (f + s) % THINK_FRAMES[d] = 0 —
 * staggered by slot to spread the cost; between decisions its last input persists. While its
 * player is out a bot does not decide, and its memory is cleared (it respawns fresh).
 * Before the bots decide, the driver brings the world's cell broadphase up to date (scratch: the
 * senses read it, senses.ts).
 * The match mode (modeSenses.ts): a tree without a MoveInward node gets the fallback — after its
 * tree, a bot in last ball standing near or past the closing area's edge heads for the centre
 * instead; a tree with one keeps its bots inside itself (NearAreaEdge, MoveInward).
 * Allocation: `decide` reuses its input objects and its output array (valid until the next call).
 */
import { FX_ONE } from '../math';
import { BOT_CONTROL_MAX, MAX_PLAYERS, MoveMode, STOP_INPUT, TARGET_UNITS_PER_CELL, refreshCellGrid, type SlotInput, type World } from '../sim';
import { BotContext } from './BotContext';
import { DIFFICULTY_NAMES, type BotBrains, type Difficulty } from './brains';
import { NodeKind } from './catalog';
import { AGENT_WORDS } from './layout';
import { tickGameLeaf } from './leaves';
import { keepInside } from './modeSenses';
import { runTree } from './runtime';

/** Frames between two decisions, by difficulty: Easy reacts in 0.3 s, Normal 0.17 s, Hard 0.1 s. */
export const THINK_FRAMES: readonly number[] = [9, 5, 3];
/** Frames between two decisions of CASUAL_TREE (defaultTrees.ts): a casual human reacts in 0.27 s. */
export const CASUAL_THINK_FRAMES = 8;

/**
 * Bot columns: `control` (per slot: 0 human, difficulty + 1 bot) and `mem` (AGENT_WORDS per slot).
 * A world's own columns (`world.bots`, snapshotted and hashed with it) are the normal home;
 * allocBotState makes detached ones for callers that keep bot state beside the world.
 */
export interface BotState {
  readonly control: Int32Array;
  readonly mem: Int32Array;
}

/** Detached, zeroed bot columns (every slot human). Prefer the world's own `world.bots`. */
export function allocBotState(): BotState {
  return { control: new Int32Array(MAX_PLAYERS), mem: new Int32Array(MAX_PLAYERS * AGENT_WORDS) };
}

/**
 * Hands `slot` to a bot of difficulty `d` (null: back to its human) with a fresh memory. Pass the
 * world's columns (`setSlotControl(world.bots, …)`) and a slot below `settings.players`. Part of
 * the deterministic input stream: apply it on every peer at the same key frame, before that
 * frame's decisions. Ignored for a slot outside 0..MAX_PLAYERS-1 or an unknown difficulty.
 */
export function setSlotControl(bots: BotState, slot: number, d: Difficulty | null): void {
  if (!Number.isInteger(slot) || slot < 0 || slot >= MAX_PLAYERS) return;
  if (d !== null && !(Number.isInteger(d) && d >= 0 && d < DIFFICULTY_NAMES.length && d < BOT_CONTROL_MAX)) return;
  bots.control[slot] = d === null ? 0 : d + 1;
  bots.mem.fill(0, slot * AGENT_WORDS, (slot + 1) * AGENT_WORDS);
}

/** The difficulty of the bot playing `slot`, or null for a human. */
export function botDifficulty(bots: BotState, slot: number): Difficulty | null {
  const c = bots.control[slot] ?? 0;
  return c === 0 ? null : ((c - 1) as Difficulty);
}

const NO_INPUTS: readonly SlotInput[] = Object.freeze([]);

type MutableInput = { move: MoveMode; angle: number; targetX: number; targetY: number; split: boolean; eject: boolean };

const FX_PER_TARGET_UNIT = FX_ONE / TARGET_UNITS_PER_CELL;

/** Decides the bots' inputs of a match (one driver per world; it holds only scratch). */
export class BotDriver {
  readonly brains: BotBrains;
  private readonly ctx = new BotContext((c) => tickGameLeaf(c as BotContext));
  private readonly slots: { slot: number; input: MutableInput }[] = [];
  private readonly out: SlotInput[] = [];
  /** Per tree of the brains: whether it has no MoveInward node, so keepInside steers for it. */
  private readonly fallbackInside: readonly boolean[];

  /**
   * `think`: frames between two decisions, indexed like brains.trees (the strength bench runs a
   * casual human's tree in a difficulty's place at its own pace).
   */
  constructor(brains: BotBrains, private readonly think: readonly number[] = THINK_FRAMES) {
    this.brains = brains;
    this.fallbackInside = brains.trees.map((t) => !t.kind.includes(NodeKind.MoveInward));
    for (let s = 0; s < MAX_PLAYERS; s++) this.slots.push({ slot: s, input: { ...STOP_INPUT } });
  }

  /**
   * Ticks every bot due at `w.frame` (ascending slot) and returns their input changes, sorted by
   * slot. Call once per frame, before `step`, on every peer. `bots` defaults to the world's own
   * columns.
   */
  decide(w: World, bots: BotState = w.bots): readonly SlotInput[] {
    const out = this.out;
    let n = 0;
    if (w.ended) return this.finish(0);
    const c = this.ctx;
    const control = bots.control;
    c.world = w;
    c.mem = bots.mem;
    c.rng = w.rng;
    c.frame = w.frame;
    c.pellets.invalidate();
    let fresh = false;
    for (let s = 0; s < w.settings.players; s++) {
      const d = control[s]! - 1;
      if (d < 0) continue;
      if (w.players.alive[s] === 0) {
        // An eaten bot respawns with a fresh mind: nothing it was doing carries over.
        if (c.mem[s * AGENT_WORDS] !== 0) c.mem.fill(0, s * AGENT_WORDS, (s + 1) * AGENT_WORDS);
        continue;
      }
      if ((w.frame + s) % this.think[d]! !== 0) continue;
      if (!fresh) refreshCellGrid(w);
      fresh = true;
      c.tree = this.brains.trees[d]!;
      c.base = s * AGENT_WORDS;
      c.slot = s;
      c.resetOutput();
      runTree(c);
      if (this.fallbackInside[d]) keepInside(w, c);
      if (this.changed(w, s) || c.split || c.eject) out[n++] = this.inputFor(w, s);
    }
    return this.finish(n);
  }

  /**
   * Cuts the output to `n` entries. Never to 0 while it holds entries (V8 frees the backing store
   * of an array set to length 0, and regrowing it allocates): an empty result is a separate array.
   */
  private finish(n: number): readonly SlotInput[] {
    if (n === 0) return NO_INPUTS;
    this.out.length = n;
    return this.out;
  }

  /** Whether the wanted movement differs from slot `s`'s current intent. */
  private changed(w: World, s: number): boolean {
    const c = this.ctx;
    if (!c.moveSet) return false;
    const B = w.players;
    if (c.move !== B.mode[s]) return true;
    if (c.move === MoveMode.Direction) return c.angle !== B.angle[s];
    if (c.move === MoveMode.Target) return fxOfTarget(c.targetX, w.info.widthFx) !== B.targetX[s] || fxOfTarget(c.targetY, w.info.heightFx) !== B.targetY[s];
    return false;
  }

  /** The reusable input of slot `s`: the wanted movement (or the current intent) plus its actions. */
  private inputFor(w: World, s: number): SlotInput {
    const c = this.ctx;
    const e = this.slots[s]!;
    const i = e.input;
    const B = w.players;
    i.move = c.moveSet ? c.move : (B.mode[s]! as MoveMode);
    i.angle = c.moveSet ? (c.move === MoveMode.Direction ? c.angle : 0) : B.angle[s]!;
    i.targetX = c.moveSet ? (c.move === MoveMode.Target ? c.targetX : 0) : Math.floor(B.targetX[s]! / FX_PER_TARGET_UNIT);
    i.targetY = c.moveSet ? (c.move === MoveMode.Target ? c.targetY : 0) : Math.floor(B.targetY[s]! / FX_PER_TARGET_UNIT);
    i.split = c.split;
    i.eject = c.eject;
    return e;
  }
}

/** The Fx target the simulation stores for an input target `t` (see applyInputs). */
function fxOfTarget(t: number, limitFx: number): number {
  const v = t * FX_PER_TARGET_UNIT;
  return v < limitFx - 1 ? v : limitFx - 1;
}
