/**
 * System 6: a player's own cells together. Pairs of one player's cells, in ascending id order
 * (a before b), while neither passes through the other (noCollide, after a split or a burst):
 *  - both may merge (merge timers at 0) and the bigger covers the smaller's centre by a third of
 *    the smaller's radius (agar's d ≤ R − r/3; ties: the lower id is the bigger): the bigger takes
 *    the smaller's mass — unless that would pass RULES.maxMass, then they stay apart — and the
 *    smaller is gone (a Merged event);
 *  - otherwise, overlapping, they are pushed apart along the line between their centres by the
 *    overlap, each by the other's share of their mass (agar's rigid collision; coincident centres
 *    part along x). Every pair's push is measured from the positions the system started with and
 *    summed per cell; then each cell moves by its sum as any move does (collide.ts moveBody: in
 *    sub-steps, walls resolved after each), so a push never sinks a cell into a wall.
 * Merges go in pair order as they are found; the result is a function of the state.
 */
import { isqrt } from '../math';
import { firstCell, removeCell, setMass } from './cellOps';
import { moveBody } from './collide';
import { EventKind } from './events';
import { CELLS_PER_PLAYER, RULES } from './rules';
import type { World } from './World';

/** One player's summed pushes (Fx), by k: scratch, zeroed before each player's turn. */
const PUSH_X = new Int32Array(CELLS_PER_PLAYER);
const PUSH_Y = new Int32Array(CELLS_PER_PLAYER);

/** Merges and separates every player's cells (see the file header). */
export function ownCells(w: World): void {
  const alive = w.players.alive;
  const mass = w.cells.mass;
  for (let p = 0; p < w.settings.players; p++) {
    if (alive[p] === 0) continue;
    const base = firstCell(p);
    PUSH_X.fill(0);
    PUSH_Y.fill(0);
    let pushed = false;
    const { x, y, radius } = w.cells;
    for (let a = base; a < base + CELLS_PER_PLAYER - 1; a++) {
      const ax = x[a]!;
      const ay = y[a]!;
      const ar = radius[a]!;
      for (let b = a + 1; b < base + CELLS_PER_PLAYER && mass[a] !== 0; b++) {
        if (mass[b] === 0) continue;
        // Far apart (the common case): no need to look closer.
        const touch = ar + radius[b]!;
        const dx = x[b]! - ax;
        const dy = y[b]! - ay;
        if (dx >= touch || dx <= -touch || dy >= touch || dy <= -touch) continue;
        pushed = pair(w, a, b, base) || pushed;
      }
    }
    if (!pushed) continue;
    for (let k = 0; k < CELLS_PER_PLAYER; k++) if (mass[base + k] !== 0) pushBy(w, base + k, PUSH_X[k]!, PUSH_Y[k]!);
  }
}

/** Settles cells a < b of the player whose first cell is `base`; returns whether it added a push. */
function pair(w: World, a: number, b: number, base: number): boolean {
  const C = w.cells;
  if (C.noCollide[a] !== 0 || C.noCollide[b] !== 0) return false;
  let dx = C.x[b]! - C.x[a]!;
  let dy = C.y[b]! - C.y[a]!;
  const touch = C.radius[a]! + C.radius[b]!;
  if (dx >= touch || dx <= -touch || dy >= touch || dy <= -touch) return false;
  const d2 = dx * dx + dy * dy;
  if (d2 >= touch * touch) return false;
  const d = isqrt(d2);
  if (C.merge[a] === 0 && C.merge[b] === 0 && C.mass[a]! + C.mass[b]! <= RULES.maxMass) {
    const big = C.mass[b]! > C.mass[a]! ? b : a;
    const small = big === a ? b : a;
    // DETERMINISM: d ≤ R − r/3 as 3d ≤ 3R − r, integers.
    if (3 * d <= 3 * C.radius[big]! - C.radius[small]!) {
      setMass(w, big, C.mass[big]! + C.mass[small]!);
      removeCell(w, small);
      w.events.push(EventKind.Merged, big, small);
    }
    return false; // both may merge: they glide into each other, no push
  }
  if (d === 0) {
    dx = 1;
    dy = 0;
  }
  const len = d === 0 ? 1 : d;
  const overlap = touch - d;
  const ma = C.mass[a]!;
  const mb = C.mass[b]!;
  const den = len * (ma + mb);
  // DETERMINISM: |dx · overlap · m| < 2^13 · 2^13 · 2^16 = 2^42, exact; Math.trunc of the quotient.
  PUSH_X[a - base]! -= Math.trunc((dx * overlap * mb) / den);
  PUSH_Y[a - base]! -= Math.trunc((dy * overlap * mb) / den);
  PUSH_X[b - base]! += Math.trunc((dx * overlap * ma) / den);
  PUSH_Y[b - base]! += Math.trunc((dy * overlap * ma) / den);
  return true;
}

/** Moves cell `c` by (dx, dy) as a move does: in sub-steps, walls resolved after each. */
function pushBy(w: World, c: number, dx: number, dy: number): void {
  if (dx === 0 && dy === 0) return;
  moveBody(w, w.cells, c, dx, dy, w.cells.radius[c]!, RULES.maxSubstep);
}
