/**
 * Small mutations of one ball shared by several systems: mass changes (keeping the cached radius
 * in step), death and (re)spawning with the deterministic spawn choice.
 * Spawn rule (docs/RULES.md): away from threats first — a threat is a live ball able to eat a
 * fresh one — then away from everyone. Each spawn point scores its edge clearance from the nearest
 * threat, capped at RULES.spawnSafeDistance (every spawn that far from all threats is equally
 * safe), then the squared centre distance to its nearest live ball; the best wins, ties to the
 * lower spawn index. When no spawn point is safe, REFUGE_CANDIDATES free cells spread through
 * the map are scored the same way and the best of them is taken if it is safer. When no ball is
 * alive, a spawn point drawn from the world RNG.
 */
import { FX_HALF, FX_SHIFT, isqrt, rngInt } from '../math';
import { MoveMode } from './input';
import { MAX_BALLS, RULES, canEatMass, radiusOf } from './rules';
import { PathState, type World } from './World';

/** Sets a live ball's mass, clamped to [minMass, maxMass], and its radius. */
export function setMass(w: World, b: number, mass: number): void {
  const m = mass < RULES.minMass ? RULES.minMass : mass > RULES.maxMass ? RULES.maxMass : mass;
  w.balls.mass[b] = m;
  w.balls.radius[b] = radiusOf(m);
}

/** Removes ball `b` from play: it respawns after RULES.respawnFrames. */
export function killBall(w: World, b: number): void {
  const B = w.balls;
  B.alive[b] = 0;
  B.mass[b] = 0;
  B.radius[b] = 0;
  B.vx[b] = 0;
  B.vy[b] = 0;
  B.dashLeft[b] = 0;
  B.dashCooldown[b] = 0;
  B.inBush[b] = 0;
  B.shield[b] = 0;
  B.stuck[b] = 0;
  B.pathLen[b] = 0;
  B.pathIdx[b] = 0;
  B.respawn[b] = RULES.respawnFrames;
  B.deaths[b]!++;
}

/** Free cells the spawn rule also weighs when every spawn point is near a threat. */
const REFUGE_CANDIDATES = 256;

/** Cell where a ball entering play now appears (see the file header). */
export function chooseSpawn(w: World): number {
  const spawns = w.info.spawnCells;
  let anyAlive = false;
  for (let b = 0; b < MAX_BALLS && !anyAlive; b++) anyAlive = w.balls.alive[b] !== 0;
  if (!anyAlive) return spawns[rngInt(w.rng, spawns.length)]!; // nobody alive: RNG, drawn once
  const atSpawn = bestCell(w, spawns, spawns.length);
  const spawnSafety = clearance(w, atSpawn);
  if (spawnSafety >= RULES.spawnSafeDistance) return atSpawn;
  const refuge = bestCell(w, w.info.freeCells, REFUGE_CANDIDATES);
  return clearance(w, refuge) > spawnSafety ? refuge : atSpawn;
}

/**
 * Of `count` cells spread evenly through `cells` (all of them when count ≥ its length), the one
 * with the most clearance from threats, then the farthest from its nearest live ball; ties to the
 * lower index.
 */
function bestCell(w: World, cells: Int32Array, count: number): number {
  const n = count < cells.length ? count : cells.length;
  const cols = w.info.cols;
  const B = w.balls;
  let best = -1;
  let bestSafety = -1;
  let bestNear = -1;
  for (let i = 0; i < n; i++) {
    const cell = cells[n === cells.length ? i : Math.floor((i * cells.length) / n)]!;
    const clear = clearance(w, cell);
    const sx = ((cell % cols) << FX_SHIFT) + FX_HALF;
    const sy = (Math.floor(cell / cols) << FX_SHIFT) + FX_HALF;
    let near = -1;
    for (let b = 0; b < MAX_BALLS; b++) {
      if (B.alive[b] === 0) continue;
      const dx = B.x[b]! - sx;
      const dy = B.y[b]! - sy;
      const d = dx * dx + dy * dy;
      if (near < 0 || d < near) near = d;
    }
    // DETERMINISM: strict comparisons keep the lowest index among equal candidates.
    if (clear > bestSafety || (clear === bestSafety && near > bestNear)) {
      best = cell;
      bestSafety = clear;
      bestNear = near;
    }
  }
  return best;
}

/** Edge distance (Fx) from the centre of `cell` to the nearest threat, capped at spawnSafeDistance. */
function clearance(w: World, cell: number): number {
  const cols = w.info.cols;
  const B = w.balls;
  const sx = ((cell % cols) << FX_SHIFT) + FX_HALF;
  const sy = (Math.floor(cell / cols) << FX_SHIFT) + FX_HALF;
  let clear = RULES.spawnSafeDistance;
  for (let b = 0; b < MAX_BALLS; b++) {
    if (B.alive[b] === 0 || !canEatMass(B.mass[b]!, RULES.startMass)) continue;
    const dx = B.x[b]! - sx;
    const dy = B.y[b]! - sy;
    const d = dx * dx + dy * dy;
    const reach = B.radius[b]! + clear;
    // DETERMINISM: exact integer square root, and only for threats closer than the clearance so far.
    if (d < reach * reach) clear = Math.max(0, isqrt(d) - B.radius[b]!);
  }
  return clear;
}

/** Puts ball `b` into play, spawn-protected, at a fresh spawn with start mass; returns its cell. */
export function spawnBall(w: World, b: number): number {
  const cell = chooseSpawn(w);
  const cols = w.info.cols;
  const B = w.balls;
  B.x[b] = ((cell % cols) << FX_SHIFT) + FX_HALF;
  B.y[b] = (Math.floor(cell / cols) << FX_SHIFT) + FX_HALF;
  B.vx[b] = 0;
  B.vy[b] = 0;
  B.alive[b] = 1;
  B.respawn[b] = 0;
  B.dashLeft[b] = 0;
  B.dashCooldown[b] = 0;
  B.stuck[b] = 0;
  B.inBush[b] = w.map.bush[cell] === 1 ? 1 : 0;
  B.shield[b] = RULES.spawnShieldFrames;
  setMass(w, b, RULES.startMass);
  B.pathLen[b] = 0;
  B.pathIdx[b] = 0;
  B.pathState[b] = B.mode[b] === MoveMode.Target ? PathState.NeedsPlan : PathState.None;
  return cell;
}
