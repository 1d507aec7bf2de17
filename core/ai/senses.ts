/**
 * What a bot perceives: read-only queries on the world. A bot moves all its cells together, so it
 * reasons with its lead cell (its biggest: where it is, how fast, what it can eat) and guards its
 * smallest (what can be eaten). Fairness: another player's cell counts only when the bot's player
 * could see it (core/sim isVisibleTo — bush cover); walls, pellets and viruses are public.
 * Units: Fx (1/1024 cell) distances, gaps measured edge to edge (centre distance − both radii).
 * Scans read the cell broadphase, which BotDriver refreshes before the bots decide (a function of
 * the state, so a restored world decides the same); candidates come in ascending id and ties go
 * to the lower id or index.
 */
import { ANGLE_STEPS, FX_ONE, FX_SHIFT, TRIG_SHIFT, angleOf, cosA, ilength, sinA } from '../math';
import { segmentClear } from '../nav';
import {
  CELLS_PER_PLAYER, MAX_CELLS, MAX_RADIUS, RULES, VIRUS_CAPACITY, canEatMass, firstCell, isVisibleTo, leadCell, ownerOf, sizeClassOf,
  virusRadius, type World,
} from '../sim';

/** Directions Flee considers. */
export const FLEE_DIRECTIONS = 16;

/** Edge-to-edge distance between cells a and b (negative when they overlap). */
export function gapBetween(w: World, a: number, b: number): number {
  const C = w.cells;
  return ilength(C.x[b]! - C.x[a]!, C.y[b]! - C.y[a]!) - C.radius[a]! - C.radius[b]!;
}

/** Whether cell `id` is alive, another player's and visible to the player of slot `me`. */
export function seesCell(w: World, me: number, id: number): boolean {
  return id >= 0 && id < MAX_CELLS && ownerOf(id) !== me && isVisibleTo(w, me, id);
}

/** Mass of `me`'s smallest cell (what a threat would eat first); 0 when it has none. */
export function smallestMass(w: World, me: number): number {
  const mass = w.cells.mass;
  let m = 0;
  for (let c = firstCell(me), end = c + CELLS_PER_PLAYER; c < end; c++) if (mass[c]! > 0 && (m === 0 || mass[c]! < m)) m = mass[c]!;
  return m;
}

/**
 * Whether a cell of mass `their` threatens a cell of mass `mine`: it can eat it, or — `splits` —
 * one of its halves could, after a split (agar's split kill).
 */
export function threatens(their: number, mine: number, splits: boolean): boolean {
  return canEatMass(their, mine) || (splits && their >= RULES.minSplitMass && canEatMass(their >> 1, mine));
}

/**
 * The nearest visible cell of another player within `rangeFx` (edge to edge from `me`'s lead
 * cell) that threatens `me`'s smallest cell (prey = false; `splits`: split threats too) or that
 * the lead cell can eat (prey = true: not while its player is spawn-protected); -1 when none.
 */
export function nearestCell(w: World, me: number, rangeFx: number, prey: boolean, splits = false): number {
  const lead = leadCell(w, me);
  if (lead < 0) return -1;
  const C = w.cells;
  const mine = prey ? C.mass[lead]! : smallestMass(w, me);
  const out = w.scratch.query;
  const reach = rangeFx + C.radius[lead]! + MAX_RADIUS;
  const x = C.x[lead]!;
  const y = C.y[lead]!;
  const n = w.scratch.cells.queryRect(x - reach, y - reach, x + reach, y + reach, out);
  let best = -1;
  let bestGap = rangeFx + 1;
  for (let k = 0; k < n; k++) {
    const c = out[k]!;
    const them = ownerOf(c);
    if (them === me) continue;
    if (prey ? !canEatMass(mine, C.mass[c]!) || w.players.shield[them] !== 0 : !threatens(C.mass[c]!, mine, splits)) continue;
    const gap = gapBetween(w, lead, c);
    if (gap < bestGap && isVisibleTo(w, me, c)) {
      best = c;
      bestGap = gap;
    }
  }
  return best;
}

/**
 * Whether `me`'s lead cell can travel the straight line from its centre to (x, y): the segment
 * is clear on the nav grid of its size class, or of the largest smaller class whose grid has its
 * own map cell free (a cell hugging a wall sits in a map cell its own class blocks).
 */
export function lineClear(w: World, me: number, x: number, y: number): boolean {
  const lead = leadCell(w, me);
  if (lead < 0) return false;
  const x0 = w.cells.x[lead]!;
  const y0 = w.cells.y[lead]!;
  const cell = (y0 >> FX_SHIFT) * w.info.cols + (x0 >> FX_SHIFT);
  for (let cls = sizeClassOf(w.cells.radius[lead]!); cls >= 0; cls--) {
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

/** What a flee runs from: other players' cells that threaten it, or viruses it would burst on. */
export const Danger = { Cells: 0, CellsAndSplits: 1, Viruses: 2 } as const;
export type Danger = (typeof Danger)[keyof typeof Danger];

/**
 * The flee heading (angle in steps) for `me`: of FLEE_DIRECTIONS directions, one whose probe
 * point `probeFx` ahead (or half that) is reachable in a straight line, maximising the smallest
 * edge distance from the probe to any danger within `rangeFx`. -1 when no danger is in range;
 * straight away from the nearest one when every direction is walled.
 */
export function fleeAngle(w: World, me: number, rangeFx: number, probeFx: number, danger: Danger = Danger.Cells): number {
  const lead = leadCell(w, me);
  const nearest = danger === Danger.Viruses ? nearestVirus(w, me, rangeFx, true) : nearestCell(w, me, rangeFx, false, danger === Danger.CellsAndSplits);
  if (nearest < 0 || lead < 0) return -1;
  const C = w.cells;
  let bestAngle = -1;
  let bestScore = -0x7fffffff;
  for (let k = 0; k < FLEE_DIRECTIONS; k++) {
    const a = (k * ANGLE_STEPS) / FLEE_DIRECTIONS;
    for (let len = probeFx; len >= probeFx >> 1; len >>= 1) {
      const px = clampToMap(w, C.x[lead]! + ((len * cosA(a)) >> TRIG_SHIFT), true);
      const py = clampToMap(w, C.y[lead]! + ((len * sinA(a)) >> TRIG_SHIFT), false);
      if (!lineClear(w, me, px, py)) continue;
      const score = dangerClearance(w, me, px, py, rangeFx, danger);
      if (score > bestScore) {
        bestScore = score;
        bestAngle = a;
      }
      break;
    }
  }
  if (bestAngle >= 0) return bestAngle;
  const V = w.viruses;
  return danger === Danger.Viruses
    ? angleTo(V.x[nearest]!, V.y[nearest]!, C.x[lead]!, C.y[lead]!)
    : angleTo(C.x[nearest]!, C.y[nearest]!, C.x[lead]!, C.y[lead]!);
}

/** Smallest distance from (px, py) to the edge of any danger of `me` within range. */
function dangerClearance(w: World, me: number, px: number, py: number, rangeFx: number, danger: Danger): number {
  let worst = 0x7fffffff;
  const lead = leadCell(w, me);
  if (danger === Danger.Viruses) {
    const V = w.viruses;
    const mine = w.cells.mass[lead]!;
    for (let v = 0; v < VIRUS_CAPACITY; v++) {
      const m = V.mass[v]!;
      if (m === 0 || !canEatMass(mine, m)) continue;
      const d = ilength(V.x[v]! - px, V.y[v]! - py) - virusRadius(m);
      if (d < worst && virusGap(w, lead, v) <= rangeFx) worst = d;
    }
    return worst;
  }
  const C = w.cells;
  const mine = smallestMass(w, me);
  const out = w.scratch.query;
  const reach = rangeFx + C.radius[lead]! + MAX_RADIUS;
  const n = w.scratch.cells.queryRect(C.x[lead]! - reach, C.y[lead]! - reach, C.x[lead]! + reach, C.y[lead]! + reach, out);
  for (let k = 0; k < n; k++) {
    const c = out[k]!;
    if (ownerOf(c) === me || !threatens(C.mass[c]!, mine, danger === Danger.CellsAndSplits)) continue;
    if (gapBetween(w, lead, c) > rangeFx || !isVisibleTo(w, me, c)) continue;
    const d = ilength(C.x[c]! - px, C.y[c]! - py) - C.radius[c]!;
    if (d < worst) worst = d;
  }
  return worst;
}

/** Edge-to-edge distance from cell `c` to virus `v`. */
export function virusGap(w: World, c: number, v: number): number {
  const C = w.cells;
  const V = w.viruses;
  return ilength(V.x[v]! - C.x[c]!, V.y[v]! - C.y[c]!) - C.radius[c]! - virusRadius(V.mass[v]!);
}

/**
 * The nearest virus within `rangeFx` of `me`'s lead cell (edge to edge) that the lead cell would
 * burst on (`bursts`), or that it could hide under (not); -1 when none.
 */
export function nearestVirus(w: World, me: number, rangeFx: number, bursts: boolean): number {
  const lead = leadCell(w, me);
  if (lead < 0) return -1;
  const V = w.viruses;
  const mine = w.cells.mass[lead]!;
  let best = -1;
  let bestGap = rangeFx + 1;
  for (let v = 0; v < VIRUS_CAPACITY; v++) {
    const m = V.mass[v]!;
    if (m === 0 || canEatMass(mine, m) !== bursts) continue;
    const gap = virusGap(w, lead, v);
    if (gap < bestGap) {
      best = v;
      bestGap = gap;
    }
  }
  return best;
}

/** Angle of the vector from (x0, y0) to (x1, y1). */
export function angleTo(x0: number, y0: number, x1: number, y1: number): number {
  return angleOf(x1 - x0, y1 - y0);
}

/**
 * The bush cell nearest `me`'s lead cell (squared Euclidean distance in cells, ties to the lower
 * index) within `range` cells, other than `avoid`, or -1.
 */
export function nearestBush(w: World, me: number, range: number, avoid: number): number {
  const { cols, rows } = w.info;
  const bush = w.map.bush;
  const blocked = w.map.blocked;
  const lead = leadCell(w, me);
  const c0 = w.cells.x[lead]! >> FX_SHIFT;
  const r0 = w.cells.y[lead]! >> FX_SHIFT;
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
