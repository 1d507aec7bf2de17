/**
 * What a bot perceives: read-only queries on the world. Fairness: another ball counts only when
 * the bot's player could see it (core/sim isVisibleTo — bush cover); walls and pellets are public.
 * Units: Fx (1/1024 cell) distances, gaps measured edge to edge (centre distance − both radii).
 * Every scan walks balls in ascending id and breaks ties towards the lower id or index.
 */
import { ANGLE_STEPS, FX_ONE, FX_SHIFT, TRIG_SHIFT, angleOf, cosA, ilength, sinA } from '../math';
import { segmentClear } from '../nav';
import { MAX_BALLS, canEatMass, isShielded, isVisibleTo, sizeClassOf, type World } from '../sim';

/** Directions Flee considers. */
export const FLEE_DIRECTIONS = 16;

/** Edge-to-edge distance between balls a and b (negative when they overlap). */
export function gapBetween(w: World, a: number, b: number): number {
  const B = w.balls;
  return ilength(B.x[b]! - B.x[a]!, B.y[b]! - B.y[a]!) - B.radius[a]! - B.radius[b]!;
}

/** Whether ball `id` is alive and visible to the player of slot `me`. */
export function seesBall(w: World, me: number, id: number): boolean {
  return id >= 0 && id < MAX_BALLS && id !== me && isVisibleTo(w, me, id);
}

/**
 * The nearest visible ball within `rangeFx` (edge to edge) that can eat `me` (prey = false) or
 * that `me` can eat (prey = true: not while it is spawn-protected); -1 when none.
 */
export function nearestBall(w: World, me: number, rangeFx: number, prey: boolean): number {
  const B = w.balls;
  const mine = B.mass[me]!;
  let best = -1;
  let bestGap = rangeFx + 1;
  for (let b = 0; b < w.settings.players; b++) {
    if (b === me || B.alive[b] === 0) continue;
    if (prey ? !canEatMass(mine, B.mass[b]!) || isShielded(w, b) : !canEatMass(B.mass[b]!, mine)) continue;
    const gap = gapBetween(w, me, b);
    if (gap < bestGap && isVisibleTo(w, me, b)) {
      best = b;
      bestGap = gap;
    }
  }
  return best;
}

/**
 * Whether a ball of `me`'s size can travel the straight line from its centre to (x, y): the
 * segment is clear on the nav grid of its size class, or of the largest smaller class whose grid
 * has its own cell free (a ball hugging a wall sits in a cell its own class blocks).
 */
export function lineClear(w: World, me: number, x: number, y: number): boolean {
  const B = w.balls;
  const x0 = B.x[me]!;
  const y0 = B.y[me]!;
  const cell = (y0 >> FX_SHIFT) * w.info.cols + (x0 >> FX_SHIFT);
  for (let cls = sizeClassOf(B.radius[me]!); cls >= 0; cls--) {
    const grid = w.info.navGrids[cls]!;
    if (grid.blocked[cell] === 0) return segmentClear(grid, x0, y0, x, y);
  }
  return false;
}

/** (x, y) clamped into the map, half a cell from its edges (Fx). */
export function clampToMap(w: World, v: number, isX: boolean): number {
  const hi = (isX ? w.info.widthFx : w.info.heightFx) - FX_ONE / 2;
  return v < FX_ONE / 2 ? FX_ONE / 2 : v > hi ? hi : v;
}

/**
 * The flee heading (angle in steps) for `me`: of FLEE_DIRECTIONS directions, one whose probe
 * point `probeFx` ahead (or half that) is reachable in a straight line, maximising the smallest
 * edge distance from the probe to any visible threat within `rangeFx`. -1 when no threat is in
 * range; straight away from the nearest threat when every direction is walled.
 */
export function fleeAngle(w: World, me: number, rangeFx: number, probeFx: number): number {
  const nearest = nearestBall(w, me, rangeFx, false);
  if (nearest < 0) return -1;
  const B = w.balls;
  let bestAngle = -1;
  let bestScore = -0x7fffffff;
  for (let k = 0; k < FLEE_DIRECTIONS; k++) {
    const a = (k * ANGLE_STEPS) / FLEE_DIRECTIONS;
    for (let len = probeFx; len >= probeFx >> 1; len >>= 1) {
      const px = clampToMap(w, B.x[me]! + ((len * cosA(a)) >> TRIG_SHIFT), true);
      const py = clampToMap(w, B.y[me]! + ((len * sinA(a)) >> TRIG_SHIFT), false);
      if (!lineClear(w, me, px, py)) continue;
      const score = threatClearance(w, me, px, py, rangeFx);
      if (score > bestScore) {
        bestScore = score;
        bestAngle = a;
      }
      break;
    }
  }
  if (bestAngle >= 0) return bestAngle;
  return awayAngle(w, me, nearest);
}

/** Smallest distance from (px, py) to the edge of any visible threat of `me` within range. */
function threatClearance(w: World, me: number, px: number, py: number, rangeFx: number): number {
  const B = w.balls;
  const mine = B.mass[me]!;
  let worst = 0x7fffffff;
  for (let b = 0; b < w.settings.players; b++) {
    if (b === me || B.alive[b] === 0 || !canEatMass(B.mass[b]!, mine)) continue;
    if (gapBetween(w, me, b) > rangeFx || !isVisibleTo(w, me, b)) continue;
    const d = ilength(B.x[b]! - px, B.y[b]! - py) - B.radius[b]!;
    if (d < worst) worst = d;
  }
  return worst;
}

/** Angle pointing from ball `from` straight away to `me`'s side. */
export function awayAngle(w: World, me: number, from: number): number {
  const B = w.balls;
  return angleTo(B.x[from]!, B.y[from]!, B.x[me]!, B.y[me]!);
}

/** Angle of the vector from (x0, y0) to (x1, y1). */
export function angleTo(x0: number, y0: number, x1: number, y1: number): number {
  return angleOf(x1 - x0, y1 - y0);
}

/**
 * The bush cell nearest `me` (squared Euclidean distance in cells, ties to the lower index) within
 * `range` cells, other than `avoid`, or -1.
 */
export function nearestBush(w: World, me: number, range: number, avoid: number): number {
  const { cols, rows } = w.info;
  const bush = w.map.bush;
  const blocked = w.map.blocked;
  const c0 = w.balls.x[me]! >> FX_SHIFT;
  const r0 = w.balls.y[me]! >> FX_SHIFT;
  let best = -1;
  let bestD = range * range + 1;
  for (let r = Math.max(0, r0 - range); r <= Math.min(rows - 1, r0 + range); r++) {
    for (let c = Math.max(0, c0 - range); c <= Math.min(cols - 1, c0 + range); c++) {
      const i = r * cols + c;
      if (bush[i] !== 1 || blocked[i] !== 0 || i === avoid) continue;
      const d = (c - c0) * (c - c0) + (r - r0) * (r - r0);
      if (d < bestD) {
        best = i;
        bestD = d;
      }
    }
  }
  return best;
}
