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
import { ally } from './modeSenses';
import { FX_ONE, FX_SHIFT, angleOf, ilength, isqrt } from '../math';
import { segmentClear } from '../nav';
import {
  CELLS_PER_PLAYER, MAX_CELLS, MAX_RADIUS, RULES, canEatMass, cellCount, firstCell, isVisibleTo, leadCell, ownerOf, sizeClassOf, type World,
} from '../sim';

/** Directions Flee and AvoidViruses consider. */
export const FLEE_DIRECTIONS = 16;

/** Edge-to-edge distance between cells a and b (negative when they overlap). */
export function gapBetween(w: World, a: number, b: number): number {
  const C = w.cells;
  return ilength(C.x[b]! - C.x[a]!, C.y[b]! - C.y[a]!) - C.radius[a]! - C.radius[b]!;
}

/** Whether cell `id` is alive, another player's — not a teammate's — and visible to the player of slot `me`. */
export function seesCell(w: World, me: number, id: number): boolean {
  return id >= 0 && id < MAX_CELLS && ownerOf(id) !== me && !ally(w, me, ownerOf(id)) && isVisibleTo(w, me, id);
}

/** Mass of `me`'s smallest cell (what a threat would eat first); 0 when it has none. */
export function smallestMass(w: World, me: number): number {
  const mass = w.cells.mass;
  let m = 0;
  for (let c = firstCell(me), end = c + CELLS_PER_PLAYER; c < end; c++) if (mass[c]! > 0 && (m === 0 || mass[c]! < m)) m = mass[c]!;
  return m;
}

/**
 * How much nearer a cell that could split onto a bot's cell is than its edge (Fx): about how far
 * its half flies in the quarter second a bot needs to see it coming (splitSpeed, fading).
 */
export const SPLIT_REACH_FX = 4 * FX_ONE;

/**
 * How cell `c` (another player's) threatens a cell of mass `mine`: -1 not at all, 0 it can eat
 * it, SPLIT_REACH_FX — only with `splits` — one of its halves could eat it after a split (agar's
 * split kill: big enough to split, its player has a free cell slot), so it is that much nearer
 * than it looks. (A cell whose half could eat `mine` can eat it whole too: what a split changes
 * is the reach.)
 */
export function threatReach(w: World, c: number, mine: number, splits: boolean): number {
  const their = w.cells.mass[c]!;
  if (!canEatMass(their, mine)) return -1;
  const split = splits && their >= RULES.minSplitMass && canEatMass(their >> 1, mine) && cellCount(w, ownerOf(c)) < CELLS_PER_PLAYER;
  return split ? SPLIT_REACH_FX : 0;
}

/**
 * The nearest visible cell of another player that threatens `me`'s smallest cell with its edge
 * within `rangeFx` of the lead cell's edge (prey = false; `splits`: a cell that could split onto
 * it counts SPLIT_REACH_FX nearer), or that the lead cell can eat within `rangeFx` (prey = true:
 * not while its player is spawn-protected); -1 when none.
 */
export function nearestCell(w: World, me: number, rangeFx: number, prey: boolean, splits = false): number {
  const lead = leadCell(w, me);
  if (lead < 0) return -1;
  const C = w.cells;
  const mine = prey ? C.mass[lead]! : smallestMass(w, me);
  const x = C.x[lead]!;
  const y = C.y[lead]!;
  const r = C.radius[lead]!;
  const out = w.scratch.query;
  const n = queryAround(w, lead, rangeFx + (splits ? SPLIT_REACH_FX : 0));
  let best = -1;
  let bestGap = rangeFx + 1;
  for (let k = 0; k < n; k++) {
    const c = out[k]!;
    const them = ownerOf(c);
    if (them === me || ally(w, me, them)) continue;
    let nearer = 0;
    if (prey) {
      if (!canEatMass(mine, C.mass[c]!) || w.players.shield[them] !== 0) continue;
    } else {
      nearer = threatReach(w, c, mine, splits);
      if (nearer < 0) continue;
    }
    // Only a cell nearer than the best so far: squared centre distances first, the root only then.
    const dx = C.x[c]! - x;
    const dy = C.y[c]! - y;
    const limit = bestGap + r + C.radius[c]! + nearer;
    const d2 = dx * dx + dy * dy;
    if (d2 >= limit * limit) continue;
    const gap = isqrt(d2) - r - C.radius[c]! - nearer;
    if (gap < bestGap && isVisibleTo(w, me, c)) {
      best = c;
      bestGap = gap;
    }
  }
  return best;
}

/**
 * Cells near cell `c` into scratch.query (ascending id): every cell whose edge may be within
 * `rangeFx` of c's edge (and some beyond). Returns the count.
 */
export function queryAround(w: World, c: number, rangeFx: number): number {
  const C = w.cells;
  const reach = rangeFx + C.radius[c]! + MAX_RADIUS;
  return w.scratch.cells.queryRect(C.x[c]! - reach, C.y[c]! - reach, C.x[c]! + reach, C.y[c]! + reach, w.scratch.query);
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
