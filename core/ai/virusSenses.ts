/**
 * What a bot perceives of viruses (public, like walls): which are near its lead cell, whether its
 * course runs into one it would burst on and which way goes round, and whether an enemy stands
 * where a virus fed from here would be shot. Read-only; integer math; viruses scanned in
 * ascending id (at most VIRUS_CAPACITY), ties to the lower id or direction.
 * Units: Fx (1/1024 cell), gaps edge to edge, angles in 4096 steps.
 */
import { ANGLE_STEPS, FX_ONE, TRIG_SHIFT, cosA, ilength, sinA } from '../math';
import { MAX_RADIUS, RULES, VIRUS_CAPACITY, canEatMass, leadCell, ownerOf, virusRadius, type World } from '../sim';
import { FLEE_DIRECTIONS, clampToMap, lineClear, seesCell } from './senses';

/** Which viruses nearestVirus looks for, judged by the lead cell's mass. */
export const VirusKind = {
  /** Ones the lead cell would burst on (it can eat one: 8000 and up). */
  Bursts: 0,
  /** Ones it passes under (hides behind). */
  Shelters: 1,
  Any: 2,
} as const;
export type VirusKind = (typeof VirusKind)[keyof typeof VirusKind];

/** A course counts as clear of a virus when the lead cell's centre stays this much farther from the virus's centre than its radius. */
export const VIRUS_MARGIN = FX_ONE / 2;
/** virusDetour: the course ahead is clear. */
export const COURSE_CLEAR = -2;
/** How far a virus shot by feeding flies (its launch fades, core/sim move.ts: about 6 cells); kept short, for the enemy moves. */
export const SHOT_REACH = 5 * FX_ONE;

/** Edge-to-edge distance from cell `c` to virus `v`. */
export function virusGap(w: World, c: number, v: number): number {
  const C = w.cells;
  const V = w.viruses;
  return ilength(V.x[v]! - C.x[c]!, V.y[v]! - C.y[c]!) - C.radius[c]! - virusRadius(V.mass[v]!);
}

function isKind(lead: number, virus: number, kind: VirusKind): boolean {
  return kind === VirusKind.Any || canEatMass(lead, virus) === (kind === VirusKind.Bursts);
}

/** The nearest virus of `kind` within `rangeFx` of `me`'s lead cell (edge to edge), or -1. */
export function nearestVirus(w: World, me: number, rangeFx: number, kind: VirusKind): number {
  const lead = leadCell(w, me);
  if (lead < 0) return -1;
  const V = w.viruses;
  const mine = w.cells.mass[lead]!;
  let best = -1;
  let bestGap = rangeFx + 1;
  for (let v = 0; v < VIRUS_CAPACITY; v++) {
    const m = V.mass[v]!;
    if (m === 0 || !isKind(mine, m, kind)) continue;
    const gap = virusGap(w, lead, v);
    if (gap < bestGap) {
      best = v;
      bestGap = gap;
    }
  }
  return best;
}

/** Viruses virusDetour weighs (scratch, rewritten by every call). */
const near = new Int32Array(VIRUS_CAPACITY);

/**
 * Which way `me`'s lead cell should go to keep off the viruses it would burst on whose edge is
 * within `rangeFx` of its edge: -1 when there are none; COURSE_CLEAR when the way it is heading
 * (players.heading), `rangeFx` plus a cell ahead, keeps its centre VIRUS_MARGIN beyond its radius
 * from every one of them; otherwise, of FLEE_DIRECTIONS directions with a clear line, the one
 * nearest the heading that does so, or, when none does, the one that passes farthest from them.
 */
export function virusDetour(w: World, me: number, rangeFx: number): number {
  const lead = leadCell(w, me);
  if (lead < 0) return -1;
  const C = w.cells;
  const V = w.viruses;
  const mine = C.mass[lead]!;
  let count = 0;
  for (let v = 0; v < VIRUS_CAPACITY; v++) {
    const m = V.mass[v]!;
    if (m !== 0 && canEatMass(mine, m) && virusGap(w, lead, v) <= rangeFx) near[count++] = v;
  }
  if (count === 0) return -1;
  const probe = rangeFx + FX_ONE;
  const heading = w.players.heading[me]!;
  if (clearance(w, lead, heading, probe, count) >= VIRUS_MARGIN) return COURSE_CLEAR;
  let best = -1;
  let bestTurn = ANGLE_STEPS;
  let widest = -1;
  let widestClear = -0x7fffffff;
  for (let k = 0; k < FLEE_DIRECTIONS; k++) {
    const a = (k * ANGLE_STEPS) / FLEE_DIRECTIONS;
    const px = clampToMap(w, C.x[lead]! + ((probe * cosA(a)) >> TRIG_SHIFT), true);
    const py = clampToMap(w, C.y[lead]! + ((probe * sinA(a)) >> TRIG_SHIFT), false);
    if (!lineClear(w, me, px, py)) continue;
    const clear = clearance(w, lead, a, probe, count);
    const turn = Math.abs(((a - heading + ANGLE_STEPS / 2) & (ANGLE_STEPS - 1)) - ANGLE_STEPS / 2);
    if (clear >= VIRUS_MARGIN && turn < bestTurn) {
      best = a;
      bestTurn = turn;
    }
    if (clear > widestClear) {
      widest = a;
      widestClear = clear;
    }
  }
  if (best >= 0) return best;
  if (widest >= 0) return widest;
  return (heading + ANGLE_STEPS / 2) & (ANGLE_STEPS - 1);
}

/**
 * How far the lead cell's centre passes beyond its radius from the nearest of the first `count`
 * viruses in `near` when it travels `probe` along angle `a` (negative: it would cover a centre).
 */
function clearance(w: World, lead: number, a: number, probe: number, count: number): number {
  const C = w.cells;
  const V = w.viruses;
  const x0 = C.x[lead]!;
  const y0 = C.y[lead]!;
  const x1 = clampToMap(w, x0 + ((probe * cosA(a)) >> TRIG_SHIFT), true);
  const y1 = clampToMap(w, y0 + ((probe * sinA(a)) >> TRIG_SHIFT), false);
  let worst = 0x7fffffff;
  for (let i = 0; i < count; i++) {
    const v = near[i]!;
    const d = segmentDistance(x0, y0, x1, y1, V.x[v]!, V.y[v]!) - C.radius[lead]!;
    if (d < worst) worst = d;
  }
  return worst;
}

/** Distance from point (px, py) to the segment (x0, y0)–(x1, y1), rounded down. */
export function segmentDistance(x0: number, y0: number, x1: number, y1: number, px: number, py: number): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const fx = px - x0;
  const fy = py - y0;
  // DETERMINISM: |coordinates| < 2^18 Fx, so every product below is an exact integer < 2^37.
  const along = fx * dx + fy * dy;
  const len2 = dx * dx + dy * dy;
  if (along <= 0 || len2 === 0) return ilength(fx, fy);
  if (along >= len2) return ilength(px - x1, py - y1);
  return Math.floor(Math.abs(fx * dy - fy * dx) / ilength(dx, dy));
}

/**
 * Whether a visible enemy cell (not `me`'s) that would burst on a virus stands where virus `v`,
 * fed along `aim`, would shoot its new one: ahead of it on that line, within its radius of the
 * line, its near edge within SHOT_REACH of the virus's centre.
 */
export function enemyInLine(w: World, me: number, v: number, aim: number): boolean {
  const V = w.viruses;
  const C = w.cells;
  const out = w.scratch.query;
  const vx = V.x[v]!;
  const vy = V.y[v]!;
  const reach = SHOT_REACH + 2 * MAX_RADIUS;
  const n = w.scratch.cells.queryRect(vx - reach, vy - reach, vx + reach, vy + reach, out);
  const cos = cosA(aim);
  const sin = sinA(aim);
  // DETERMINISM: |fx|, |fy| ≤ reach < 2^14 Fx and |cos|, |sin| ≤ 2^14: the products stay int32 for >>.
  for (let k = 0; k < n; k++) {
    const e = out[k]!;
    if (ownerOf(e) === me || !canEatMass(C.mass[e]!, RULES.virusMass)) continue;
    const fx = C.x[e]! - vx;
    const fy = C.y[e]! - vy;
    const ahead = (fx * cos + fy * sin) >> TRIG_SHIFT;
    const aside = Math.abs(fx * sin - fy * cos) >> TRIG_SHIFT;
    const r = C.radius[e]!;
    if (ahead > 0 && aside < r && ahead - r <= SHOT_REACH && seesCell(w, me, e)) return true;
  }
  return false;
}
