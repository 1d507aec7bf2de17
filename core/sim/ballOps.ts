/**
 * Small mutations of one ball shared by several systems: mass changes (keeping the cached radius
 * in step), death and (re)spawning with the deterministic spawn choice.
 * Spawn rule: the spawn point whose nearest live ball is farthest away (squared distance between
 * centres, ties to the lower spawn index); when no ball is alive, a spawn drawn from the world RNG.
 */
import { FX_HALF, FX_SHIFT, rngInt } from '../math';
import { MoveMode } from './input';
import { MAX_BALLS, RULES, radiusOf } from './rules';
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
  B.stuck[b] = 0;
  B.pathLen[b] = 0;
  B.pathIdx[b] = 0;
  B.respawn[b] = RULES.respawnFrames;
  B.deaths[b]!++;
}

/** Index into info.spawnCells for a ball entering play now (see the file header). */
export function chooseSpawn(w: World): number {
  const spawns = w.info.spawnCells;
  const cols = w.info.cols;
  const B = w.balls;
  let best = -1;
  let bestD = -1;
  for (let s = 0; s < spawns.length; s++) {
    const cell = spawns[s]!;
    const sx = ((cell % cols) << FX_SHIFT) + FX_HALF;
    const sy = (Math.floor(cell / cols) << FX_SHIFT) + FX_HALF;
    let nearest = -1;
    for (let b = 0; b < MAX_BALLS; b++) {
      if (B.alive[b] === 0) continue;
      const dx = B.x[b]! - sx;
      const dy = B.y[b]! - sy;
      const d = dx * dx + dy * dy;
      if (nearest < 0 || d < nearest) nearest = d;
    }
    if (nearest < 0) return rngInt(w.rng, spawns.length); // nobody alive: RNG, drawn once
    // DETERMINISM: strict > keeps the lowest index among equally far spawns.
    if (nearest > bestD) {
      best = s;
      bestD = nearest;
    }
  }
  return best;
}

/** Puts ball `b` into play at a fresh spawn with start mass; returns the spawn index used. */
export function spawnBall(w: World, b: number): number {
  const s = chooseSpawn(w);
  const cell = w.info.spawnCells[s]!;
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
  setMass(w, b, RULES.startMass);
  B.pathLen[b] = 0;
  B.pathIdx[b] = 0;
  B.pathState[b] = B.mode[b] === MoveMode.Target ? PathState.NeedsPlan : PathState.None;
  return s;
}
