/**
 * System 7: pellet eating. Balls in ascending id eat every pellet whose centre lies strictly
 * inside their circle (radius as at the start of the system for that ball), scanning the cells
 * of their bounding box in row-major order; with one pellet per cell the scan order is a pure
 * function of the state. A pellet two balls overlap goes to the lower id.
 */
import { FX_SHIFT } from '../math';
import { setMass } from './ballOps';
import { EventKind } from './events';
import { pelletValue, pelletX, pelletY } from './pellets';
import { MAX_BALLS } from './rules';
import type { World } from './World';

/** Lets every live ball eat the pellets it covers. */
export function eatPellets(w: World): void {
  const B = w.balls;
  for (let b = 0; b < MAX_BALLS; b++) {
    if (B.alive[b] === 0) continue;
    const gained = eatAround(w, b);
    if (gained > 0) setMass(w, b, B.mass[b]! + gained);
  }
}

/** Eats the pellets ball `b` covers; returns the mass they give. */
function eatAround(w: World, b: number): number {
  const B = w.balls;
  const P = w.pellets;
  const s = w.scratch;
  const { cols, rows } = w.info;
  const x = B.x[b]!;
  const y = B.y[b]!;
  const r = B.radius[b]!;
  const r2 = r * r;
  const c0 = Math.max(0, (x - r) >> FX_SHIFT);
  const c1 = Math.min(cols - 1, (x + r) >> FX_SHIFT);
  const row1 = Math.min(rows - 1, (y + r) >> FX_SHIFT);
  let gained = 0;
  // DETERMINISM: row-major cell order; with one pellet per cell it depends on the state alone.
  for (let row = Math.max(0, (y - r) >> FX_SHIFT); row <= row1; row++) {
    for (let col = c0; col <= c1; col++) {
      const cell = row * cols + col;
      const p = s.pelletAt[cell]!;
      if (p < 0) continue;
      const word = P.word[p]!;
      const dx = pelletX(word) - x;
      const dy = pelletY(word) - y;
      if (dx * dx + dy * dy >= r2) continue;
      const v = pelletValue(word);
      gained += v;
      P.word[p] = 0;
      s.pelletAt[cell] = -1;
      s.pelletCount--;
      if (p < s.pelletHint) s.pelletHint = p;
      w.events.push(EventKind.PelletEaten, p, b, v);
    }
  }
  return gained;
}
