/**
 * What a bot perceives of viruses (public, like walls): which are near its lead cell, whether its
 * course runs into one it would burst on and which way goes round, and whether an enemy stands
 * where a virus fed from here would be shot. Read-only; integer math; viruses scanned in
 * ascending id (at most VIRUS_CAPACITY), ties to the lower id or direction.
 * Units: Fx (1/1024 cell), gaps edge to edge, angles in 4096 steps.
 */
import { ally } from './modeSenses';
import { ANGLE_STEPS, FX_ONE, TRIG_SHIFT, cosA, ilength, sinA } from '../math';
import { CELLS_PER_PLAYER, MAX_RADIUS, RULES, VIRUS_CAPACITY, canEatMass, firstCell, leadCell, ownerOf, radiusOf, virusRadius, type World } from '../sim';
import { FLEE_DIRECTIONS, clampToMap, lineClear, seesCell } from './senses';

/**
 * Mass a cell may still gain while it passes a virus (a few pellets, a blob): a bot keeps a cell
 * this close to bursting size off viruses too, for a cell that grows while it covers a virus's
 * centre bursts at once.
 */
export const BURST_SLACK = 1200;

/** Whether a cell of `mass` (plus BURST_SLACK) bursts on a virus of `virusMass`. */
export function mayBurst(mass: number, virusMass: number = RULES.virusMass): boolean {
  return canEatMass(mass + BURST_SLACK, virusMass);
}

/** A course counts as clear of a virus when the lead cell's centre stays this much farther from the virus's centre than its radius. */
export const VIRUS_MARGIN = FX_ONE / 2;
/** virusDetour: the course ahead is clear. */
export const COURSE_CLEAR = -2;
/** How far a virus shot by feeding flies (its launch fades, core/sim move.ts: about 6 cells); kept short, for the enemy moves. */
export const SHOT_REACH = 5 * FX_ONE;

/** Largest virus radius: a virus that has swallowed virusFeeds − 1 blobs. */
const MAX_VIRUS_RADIUS = virusRadius(RULES.virusMass + (RULES.virusFeeds - 1) * RULES.blobMass);

/** Edge-to-edge distance from cell `c` to virus `v`. */
export function virusGap(w: World, c: number, v: number): number {
  const C = w.cells;
  const V = w.viruses;
  return ilength(V.x[v]! - C.x[c]!, V.y[v]! - C.y[c]!) - C.radius[c]! - virusRadius(V.mass[v]!);
}

/** The nearest virus within `rangeFx` of `me`'s lead cell (edge to edge), or -1. */
export function nearestVirus(w: World, me: number, rangeFx: number): number {
  const lead = leadCell(w, me);
  if (lead < 0) return -1;
  let best = -1;
  let bestGap = rangeFx + 1;
  const V = w.viruses;
  const C = w.cells;
  const reach = rangeFx + C.radius[lead]! + MAX_VIRUS_RADIUS;
  for (let v = 0; v < VIRUS_CAPACITY; v++) {
    if (V.mass[v] === 0 || Math.abs(V.x[v]! - C.x[lead]!) > reach || Math.abs(V.y[v]! - C.y[lead]!) > reach) continue;
    const gap = virusGap(w, lead, v);
    if (gap < bestGap) {
      best = v;
      bestGap = gap;
    }
  }
  return best;
}

/** Viruses gathered by gatherBursting (scratch, rewritten by every call). */
const near = new Int32Array(VIRUS_CAPACITY);

/**
 * Gathers the viruses a cell of `mass` at (x, y) may burst on (mayBurst) whose centre is within `reachFx`
 * of that point (scratch; read by clearanceOf until the next call); returns how many.
 */
export function gatherBursting(w: World, mass: number, x: number, y: number, reachFx: number): number {
  const V = w.viruses;
  let count = 0;
  for (let v = 0; v < VIRUS_CAPACITY; v++) {
    const m = V.mass[v]!;
    if (m === 0 || !mayBurst(mass, m)) continue;
    const r = reachFx + virusRadius(m);
    const dx = V.x[v]! - x;
    const dy = V.y[v]! - y;
    if (dx * dx + dy * dy <= r * r) near[count++] = v;
  }
  return count;
}

/**
 * How far a cell of `radius` travelling from (x0, y0) to (x1, y1) passes beyond its radius from the
 * centre of the nearest of the first `count` gathered viruses (negative: it would cover one).
 */
export function clearanceOf(w: World, x0: number, y0: number, x1: number, y1: number, radius: number, count: number): number {
  const V = w.viruses;
  let worst = 0x7fffffff;
  for (let i = 0; i < count; i++) {
    const v = near[i]!;
    const d = segmentDistance(x0, y0, x1, y1, V.x[v]!, V.y[v]!) - radius;
    if (d < worst) worst = d;
  }
  return worst;
}

/** Whether a cell of `mass` travelling from (x0, y0) to (x1, y1) would pass within VIRUS_MARGIN of covering a virus it may burst on. */
export function crossesVirus(w: World, mass: number, x0: number, y0: number, x1: number, y1: number): boolean {
  if (!mayBurst(mass)) return false;
  const radius = radiusOf(mass);
  const count = gatherBursting(w, mass, x0, y0, ilength(x1 - x0, y1 - y0) + radius + VIRUS_MARGIN);
  return count > 0 && clearanceOf(w, x0, y0, x1, y1, radius, count) < VIRUS_MARGIN;
}

/** The bot's own cells big enough to burst, gathered by virusDetour (scratch). */
const bigs = new Int32Array(CELLS_PER_PLAYER);

/**
 * Which way `me` should go to keep its cells big enough to burst (mayBurst: 8000 and up, less BURST_SLACK) off the viruses
 * whose edge is within `rangeFx` of one of theirs: -1 when there are none; COURSE_CLEAR when the
 * way it is heading (players.heading), `rangeFx` plus a cell ahead, keeps each such cell's centre
 * VIRUS_MARGIN beyond its radius from every one of them; otherwise, of FLEE_DIRECTIONS directions
 * with a clear line for the lead cell, the one nearest the heading that does so, or, when none
 * does, the one that passes farthest from them. (Its cells steer along the heading together.)
 */
export function virusDetour(w: World, me: number, rangeFx: number): number {
  const lead = leadCell(w, me);
  if (lead < 0) return -1;
  const C = w.cells;
  let big = 0;
  for (let c = firstCell(me), end = c + CELLS_PER_PLAYER; c < end; c++) if (C.mass[c] !== 0 && mayBurst(C.mass[c]!)) bigs[big++] = c;
  if (big === 0) return -1;
  const V = w.viruses;
  let count = 0;
  for (let v = 0; v < VIRUS_CAPACITY; v++) {
    const m = V.mass[v]!;
    if (m === 0) continue;
    for (let i = 0; i < big; i++) {
      const c = bigs[i]!;
      const r = rangeFx + C.radius[c]! + virusRadius(m);
      const dx = V.x[v]! - C.x[c]!;
      const dy = V.y[v]! - C.y[c]!;
      if (mayBurst(C.mass[c]!, m) && dx * dx + dy * dy <= r * r) {
        near[count++] = v;
        break;
      }
    }
  }
  if (count === 0) return -1;
  const probe = rangeFx + FX_ONE;
  const heading = w.players.heading[me]!;
  if (courseClearance(w, big, count, heading, probe) >= VIRUS_MARGIN) return COURSE_CLEAR;
  let best = -1;
  let bestTurn = ANGLE_STEPS;
  let widest = -1;
  let widestClear = -0x7fffffff;
  for (let k = 0; k < FLEE_DIRECTIONS; k++) {
    const a = (k * ANGLE_STEPS) / FLEE_DIRECTIONS;
    if (!lineClear(w, me, ahead(w, C.x[lead]!, a, probe, true), ahead(w, C.y[lead]!, a, probe, false))) continue;
    const clear = courseClearance(w, big, count, a, probe);
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

/** `v` + `probe` along angle `a` on the x (isX) or y axis, clamped into the map. */
function ahead(w: World, v: number, a: number, probe: number, isX: boolean): number {
  return clampToMap(w, v + ((probe * (isX ? cosA(a) : sinA(a))) >> TRIG_SHIFT), isX);
}

/** The least clearanceOf the first `big` cells of `bigs` each travelling `probe` along `a`. */
function courseClearance(w: World, big: number, count: number, a: number, probe: number): number {
  const C = w.cells;
  let worst = 0x7fffffff;
  for (let i = 0; i < big; i++) {
    const c = bigs[i]!;
    const x = C.x[c]!;
    const y = C.y[c]!;
    const d = clearanceOf(w, x, y, ahead(w, x, a, probe, true), ahead(w, y, a, probe, false), C.radius[c]!, count);
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
    if (ownerOf(e) === me || ally(w, me, ownerOf(e)) || !canEatMass(C.mass[e]!, RULES.virusMass)) continue;
    const fx = C.x[e]! - vx;
    const fy = C.y[e]! - vy;
    const ahead = (fx * cos + fy * sin) >> TRIG_SHIFT;
    const aside = Math.abs(fx * sin - fy * cos) >> TRIG_SHIFT;
    const r = C.radius[e]!;
    if (ahead > 0 && aside < r && ahead - r <= SHOT_REACH && seesCell(w, me, e)) return true;
  }
  return false;
}
