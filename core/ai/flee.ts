/**
 * Flee's heading: which way runs from the threats near a bot, around walls and, for a cell big
 * enough to burst, around viruses. Read-only; threats gathered once per call, in ascending id;
 * ties to the lower direction. Units: Fx, angles in 4096 steps.
 */
import { ally } from './modeSenses';
import { ANGLE_STEPS, TRIG_SHIFT, cosA, isqrt, sinA } from '../math';
import { isVisibleTo, leadCell, ownerOf, type World } from '../sim';
import { FLEE_DIRECTIONS, SPLIT_REACH_FX, angleTo, clampToMap, gapBetween, lineClear, queryAround, smallestMass, threatReach } from './senses';
import { VIRUS_MARGIN, clearanceOf, gatherBursting } from './virusSenses';

/**
 * Threats a flee weighs: the nearest ones (a crowd of a big player's 16 cells weighs no more than
 * its nearest few, and scoring 16 directions against each is the dear part).
 */
export const FLEE_THREATS = 8;
/** The threats weighed (cell ids), nearest first, their gaps and how much nearer they count (scratch, rewritten by every call). */
const threats = new Int32Array(FLEE_THREATS);
const threatGap = new Int32Array(FLEE_THREATS);
const threatNearer = new Int32Array(FLEE_THREATS);

/**
 * The flee heading (angle in steps) for `me`: of FLEE_DIRECTIONS directions, one whose probe
 * point `probeFx` ahead (or half that) is reachable in a straight line, maximising the smallest
 * edge distance from the probe to any visible threat whose edge is within `rangeFx` of the lead
 * cell's (`splits`: a cell that could split onto it counts SPLIT_REACH_FX nearer, for both). A
 * direction that would take a lead cell big enough to burst over a virus counts as walled. -1
 * when no threat is in range; straight away from the nearest one when every direction is walled.
 * The threats are gathered once (one broadphase query; the FLEE_THREATS nearest, ties to the lower
 * id), then each direction is scored on them.
 */
export function fleeAngle(w: World, me: number, rangeFx: number, probeFx: number, splits = false): number {
  const lead = leadCell(w, me);
  if (lead < 0) return -1;
  const C = w.cells;
  const mine = smallestMass(w, me);
  const out = w.scratch.query;
  const n = queryAround(w, lead, rangeFx + (splits ? SPLIT_REACH_FX : 0));
  let count = 0;
  for (let k = 0; k < n; k++) {
    const c = out[k]!;
    const nearer = ownerOf(c) === me || ally(w, me, ownerOf(c)) ? -1 : threatReach(w, c, mine, splits);
    if (nearer < 0) continue;
    const gap = gapBetween(w, lead, c) - nearer;
    if (gap > rangeFx || (count === FLEE_THREATS && gap >= threatGap[count - 1]!) || !isVisibleTo(w, me, c)) continue;
    // Insert by gap (a later id goes after an equal gap), dropping the farthest when full.
    let i = count < FLEE_THREATS ? count++ : count - 1;
    for (; i > 0 && threatGap[i - 1]! > gap; i--) {
      threats[i] = threats[i - 1]!;
      threatGap[i] = threatGap[i - 1]!;
      threatNearer[i] = threatNearer[i - 1]!;
    }
    threats[i] = c;
    threatGap[i] = gap;
    threatNearer[i] = nearer;
  }
  if (count === 0) return -1;
  const nearest = threats[0]!;
  const x0 = C.x[lead]!;
  const y0 = C.y[lead]!;
  const viruses = gatherBursting(w, C.mass[lead]!, x0, y0, probeFx + C.radius[lead]!);
  let bestAngle = -1;
  let bestScore = -0x7fffffff;
  const radius = C.radius[lead]!;
  // Each direction's probe point, or the point half as far when the far one's line is blocked.
  // Line tests are the dear part: none for a direction whose points would not beat the best.
  for (let k = 0; k < FLEE_DIRECTIONS; k++) {
    const a = (k * ANGLE_STEPS) / FLEE_DIRECTIONS;
    const fx = clampToMap(w, x0 + ((probeFx * cosA(a)) >> TRIG_SHIFT), true);
    const fy = clampToMap(w, y0 + ((probeFx * sinA(a)) >> TRIG_SHIFT), false);
    const hx = clampToMap(w, x0 + (((probeFx >> 1) * cosA(a)) >> TRIG_SHIFT), true);
    const hy = clampToMap(w, y0 + (((probeFx >> 1) * sinA(a)) >> TRIG_SHIFT), false);
    const far = scoreAt(w, fx, fy, count);
    let half = far > bestScore ? 0 : scoreAt(w, hx, hy, count);
    if (far <= bestScore && half <= bestScore) continue;
    if (passable(w, me, x0, y0, fx, fy, radius, viruses)) {
      if (far > bestScore) {
        bestScore = far;
        bestAngle = a;
      }
      continue;
    }
    if (far > bestScore) half = scoreAt(w, hx, hy, count);
    if (half > bestScore && passable(w, me, x0, y0, hx, hy, radius, viruses)) {
      bestScore = half;
      bestAngle = a;
    }
  }
  return bestAngle >= 0 ? bestAngle : angleTo(C.x[nearest]!, C.y[nearest]!, x0, y0);
}

/** Smallest edge distance from (px, py) to the first `count` gathered threats, each counted its `threatNearer` nearer. */
function scoreAt(w: World, px: number, py: number, count: number): number {
  const C = w.cells;
  let score = 0x7fffffff;
  for (let i = 0; i < count; i++) {
    const t = threats[i]!;
    const k = C.radius[t]! + threatNearer[i]!;
    const dx = C.x[t]! - px;
    const dy = C.y[t]! - py;
    const d2 = dx * dx + dy * dy;
    // Only a threat that could lower the score needs its root: distance < score + k.
    const limit = score + k;
    if (i > 0 && (limit <= 0 || d2 >= limit * limit)) continue;
    const d = isqrt(d2) - k;
    if (d < score) score = d;
  }
  return score;
}

/** Whether the lead cell (radius `radius`) can run straight to (x1, y1): no wall, and no virus of the `viruses` gathered it would burst on. */
function passable(w: World, me: number, x0: number, y0: number, x1: number, y1: number, radius: number, viruses: number): boolean {
  return lineClear(w, me, x1, y1) && (viruses === 0 || clearanceOf(w, x0, y0, x1, y1, radius, viruses) >= VIRUS_MARGIN);
}
