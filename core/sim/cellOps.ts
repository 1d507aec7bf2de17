/**
 * Small mutations of cells and players shared by several systems: a player's cells (ids
 * slot × CELLS_PER_PLAYER + k), mass changes keeping the cached radius in step, adding and removing
 * cells (the cell broadphase follows), a player's death, and (re)spawning with the deterministic
 * spawn choice.
 *
 * The cell broadphase (scratch.cells) is scratch: refreshCellGrid puts every live cell at its
 * position, and addCell/removeCell keep it so within a frame. A system that queries it refreshes it
 * first after anything moved (a restored world's grid is empty until then), so every query is a
 * function of the state alone.
 *
 * Spawn rule (docs/RULES.md), looking ahead to the end of spawn protection: a threat is a live
 * cell able to eat a fresh player; its reach is how far its centre could be from a point and still
 * cover it once the protection is over — radius + top speed × LOOK_AHEAD_FRAMES. A spawn point
 * within a threat's reach is refused. Each spawn point scores its clearance: the least, over the
 * threats, of centre distance − reach, capped at OUT_OF_REACH (every spawn out of every reach is
 * equally safe); then the squared centre distance to the nearest live player's lead cell; the best
 * wins, ties to the lower spawn index. When no spawn point is safe, REFUGE_CANDIDATES free cells
 * spread through the map are scored the same way and the best of them is taken if it is safer —
 * so with no safe place at all, the safest is taken. When no cell is alive, a spawn point drawn
 * from the world RNG.
 */
import { FX_HALF, FX_SHIFT, isqrt, rngInt } from '../math';
import { MoveMode } from './input';
import { CELLS_PER_PLAYER, MAX_CELLS, RULES, canEatMass, radiusOf, speedOf } from './rules';
import { PathState, type World } from './World';

/** log2(CELLS_PER_PLAYER): owner = cell >> CELL_SHIFT. */
export const CELL_SHIFT = 4;
if (1 << CELL_SHIFT !== CELLS_PER_PLAYER) throw new Error('cellOps: CELLS_PER_PLAYER must be 1 << CELL_SHIFT');

/** The player (slot) owning cell `c`. */
export function ownerOf(c: number): number {
  return c >> CELL_SHIFT;
}

/** First cell id of player `p` (its cells are p·16 … p·16 + 15). */
export function firstCell(p: number): number {
  return p << CELL_SHIFT;
}

/** Live cells of player `p`. */
export function cellCount(w: World, p: number): number {
  const mass = w.cells.mass;
  let n = 0;
  for (let c = p << CELL_SHIFT, end = c + CELLS_PER_PLAYER; c < end; c++) if (mass[c] !== 0) n++;
  return n;
}

/** Total mass of player `p`'s cells (0 while dead). */
export function playerMass(w: World, p: number): number {
  const mass = w.cells.mass;
  let m = 0;
  for (let c = p << CELL_SHIFT, end = c + CELLS_PER_PLAYER; c < end; c++) m += mass[c]!;
  return m;
}

/** Player `p`'s biggest cell (ties to the lower id), or -1 when it has none. */
export function leadCell(w: World, p: number): number {
  const mass = w.cells.mass;
  let best = -1;
  let bestMass = 0;
  for (let c = p << CELL_SHIFT, end = c + CELLS_PER_PLAYER; c < end; c++) {
    if (mass[c]! > bestMass) {
      best = c;
      bestMass = mass[c]!;
    }
  }
  return best;
}

/**
 * The largest radius of a live cell, 0 when none: a point query of the cell broadphase (a cell
 * whose circle holds the point) need reach no farther (MAX_RADIUS bounds it, often far above).
 */
export function maxCellRadius(w: World): number {
  const radius = w.cells.radius;
  let r = 0;
  for (let c = 0; c < MAX_CELLS; c++) if (radius[c]! > r) r = radius[c]!;
  return r;
}

/** Sets a live cell's mass, clamped to [minMass, maxMass], and its radius. */
export function setMass(w: World, c: number, mass: number): void {
  const m = mass < RULES.minMass ? RULES.minMass : mass > RULES.maxMass ? RULES.maxMass : mass;
  w.cells.mass[c] = m;
  w.cells.radius[c] = radiusOf(m);
}

/**
 * A new cell of player `p` at (x, y) (a free map point) with `mass`, at rest, in the lowest free
 * of the player's slots; returns its id, or -1 when the player already has CELLS_PER_PLAYER.
 */
export function addCell(w: World, p: number, x: number, y: number, mass: number): number {
  const C = w.cells;
  for (let c = p << CELL_SHIFT, end = c + CELLS_PER_PLAYER; c < end; c++) {
    if (C.mass[c] !== 0) continue;
    C.x[c] = x;
    C.y[c] = y;
    setMass(w, c, mass);
    C.inBush[c] = w.map.bush[(y >> FX_SHIFT) * w.info.cols + (x >> FX_SHIFT)] === 1 ? 1 : 0;
    w.scratch.cells.insert(c, x, y);
    return c;
  }
  return -1;
}

/** Frees cell slot `c` (every column back to zero). The caller settles the player's fate. */
export function removeCell(w: World, c: number): void {
  const C = w.cells;
  C.x[c] = 0;
  C.y[c] = 0;
  C.vx[c] = 0;
  C.vy[c] = 0;
  C.bx[c] = 0;
  C.by[c] = 0;
  C.mass[c] = 0;
  C.radius[c] = 0;
  C.merge[c] = 0;
  C.noCollide[c] = 0;
  C.inBush[c] = 0;
  w.scratch.cells.remove(c);
}

/** Puts every live cell into the cell broadphase at its position (see the file header). */
export function refreshCellGrid(w: World): void {
  const grid = w.scratch.cells;
  const { x, y, mass } = w.cells;
  for (let c = 0; c < MAX_CELLS; c++) {
    if (mass[c] !== 0) grid.insert(c, x[c]!, y[c]!);
    else grid.remove(c);
  }
}

/** Player `p` has lost its last cell: out of play until it respawns after RULES.respawnFrames. */
export function killPlayer(w: World, p: number): void {
  const P = w.players;
  P.alive[p] = 0;
  P.shield[p] = 0;
  P.stuck[p] = 0;
  P.pathLen[p] = 0;
  P.pathIdx[p] = 0;
  P.respawn[p] = RULES.respawnFrames;
  P.deaths[p]!++;
}

/** Free cells the spawn rule also weighs when every spawn point is within a threat's reach. */
const REFUGE_CANDIDATES = 256;

/**
 * Frames a threat moves before a player spawned during frame F can first be eaten: protected in
 * the eating of frames F … F + spawnShieldFrames − 1, it is exposed in that of frame
 * F + spawnShieldFrames, after that frame's moves — spawnShieldFrames + 1 moves (F's included).
 */
const LOOK_AHEAD_FRAMES = RULES.spawnShieldFrames + 1;

/** Clearance (Fx) of a place out of every threat's reach: a point 1 Fx beyond the reach. */
const OUT_OF_REACH = 1;

/** Reach (Fx) of the k-th threat listed in scratch.query, beside it (scratch: written before it is read). */
const REACH = new Int32Array(MAX_CELLS);

/**
 * Cell where a player entering play now appears (see the file header). The threats (cells able
 * to eat a fresh player) with their reaches, and the live players' lead cells, are listed once, in
 * ascending id, into scratch buffers; every candidate is then scored against those lists, and
 * stops at the first threat that puts it below the best so far (most candidates of a crowded
 * world lose within a few threats).
 */
export function chooseSpawn(w: World): number {
  const spawns = w.info.spawnCells;
  const s = w.scratch;
  const C = w.cells;
  let threats = 0;
  for (let c = 0; c < MAX_CELLS; c++) {
    if (!canEatMass(C.mass[c]!, RULES.startMass)) continue;
    const r = C.radius[c]!;
    REACH[threats] = r + speedOf(r) * LOOK_AHEAD_FRAMES;
    s.query[threats++] = c;
  }
  let leads = 0;
  for (let p = 0; p < w.settings.players; p++) {
    const lead = w.players.alive[p] !== 0 ? leadCell(w, p) : -1;
    if (lead >= 0) s.leads[leads++] = lead;
  }
  if (leads === 0) return spawns[rngInt(w.rng, spawns.length)]!; // nobody alive: RNG, drawn once
  const atSpawn = bestCell(w, spawns, spawns.length, threats, leads);
  const spawnSafety = clearance(w, atSpawn, threats);
  if (spawnSafety >= OUT_OF_REACH) return atSpawn;
  const refuge = bestCell(w, w.info.freeCells, REFUGE_CANDIDATES, threats, leads);
  return clearance(w, refuge, threats) > spawnSafety ? refuge : atSpawn;
}

/**
 * Of `count` cells spread evenly through `cells` (all of them when count ≥ its length), the one
 * with the most clearance from threats, then the farthest from its nearest live player (its lead
 * cell); ties to the lower index.
 */
function bestCell(w: World, cells: Int32Array, count: number, threats: number, leads: number): number {
  const n = count < cells.length ? count : cells.length;
  let best = -1;
  let bestSafety = Number.MIN_SAFE_INTEGER;
  let bestNear = -1;
  for (let i = 0; i < n; i++) {
    const cell = cells[n === cells.length ? i : Math.floor((i * cells.length) / n)]!;
    const clear = clearance(w, cell, threats, bestSafety);
    if (clear < bestSafety) continue;
    const near = nearest(w, cell, leads);
    // DETERMINISM: strict comparisons keep the lowest index among equal candidates.
    if (clear > bestSafety || near > bestNear) {
      best = cell;
      bestSafety = clear;
      bestNear = near;
    }
  }
  return best;
}

const centreX = (w: World, cell: number): number => ((cell % w.info.cols) << FX_SHIFT) + FX_HALF;
const centreY = (w: World, cell: number): number => (Math.floor(cell / w.info.cols) << FX_SHIFT) + FX_HALF;

/** Squared centre distance from map cell `cell` to the nearest of the first `leads` cells of scratch.leads. */
function nearest(w: World, cell: number, leads: number): number {
  const sx = centreX(w, cell);
  const sy = centreY(w, cell);
  const C = w.cells;
  const list = w.scratch.leads;
  let near = -1;
  for (let k = 0; k < leads; k++) {
    const c = list[k]!;
    const dx = C.x[c]! - sx;
    const dy = C.y[c]! - sy;
    const d = dx * dx + dy * dy;
    if (near < 0 || d < near) near = d;
  }
  return near;
}

/**
 * Clearance (Fx) of the centre of map cell `cell` from the first `threats` cells of scratch.query:
 * the least of ⌊centre distance⌋ − reach (REACH: radius + speedOf(radius) × LOOK_AHEAD_FRAMES), negative
 * within a reach, capped at OUT_OF_REACH. Once it is below `floor` it returns at once, with some
 * value below `floor` (the caller's best so far: this cell has lost).
 */
function clearance(w: World, cell: number, threats: number, floor = Number.MIN_SAFE_INTEGER): number {
  const sx = centreX(w, cell);
  const sy = centreY(w, cell);
  const C = w.cells;
  const list = w.scratch.query;
  let clear = OUT_OF_REACH;
  for (let k = 0; k < threats; k++) {
    const c = list[k]!;
    const reach = REACH[k]!;
    // Lowers the clearance only when ⌊distance⌋ < reach + clear, i.e. distance² < (reach + clear)².
    const bound = reach + clear;
    if (bound <= 0) continue;
    const dx = C.x[c]! - sx;
    const dy = C.y[c]! - sy;
    const d = dx * dx + dy * dy;
    // DETERMINISM: integers below 2^53 (|dx|, |dy|, bound < 2^18), exact integer square root, only
    // for a threat that lowers the clearance.
    if (d < bound * bound) {
      clear = isqrt(d) - reach;
      if (clear < floor) return clear;
    }
  }
  return clear;
}

/** Puts player `p` into play, spawn-protected, with one cell of start mass at a fresh spawn; returns the map cell. */
export function spawnPlayer(w: World, p: number): number {
  const cell = chooseSpawn(w);
  const P = w.players;
  addCell(w, p, centreX(w, cell), centreY(w, cell), RULES.startMass);
  P.alive[p] = 1;
  P.respawn[p] = 0;
  P.stuck[p] = 0;
  P.shield[p] = RULES.spawnShieldFrames;
  P.pathLen[p] = 0;
  P.pathIdx[p] = 0;
  P.pathState[p] = P.mode[p] === MoveMode.Target ? PathState.NeedsPlan : PathState.None;
  return cell;
}
