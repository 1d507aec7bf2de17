/**
 * System 8: pellet eating. Cells in ascending id eat every pellet whose centre lies strictly
 * inside their circle (radius as at the start of the system for that cell), scanning the map cells
 * of their bounding box in row-major order; with one pellet per map cell the scan order is a pure
 * function of the state. A pellet two cells overlap goes to the lower id.
 */
import { FX_SHIFT } from '../math';
import { setMass } from './cellOps';
import { EventKind } from './events';
import { pelletValue, pelletX, pelletY } from './pellets';
import { MAX_CELLS } from './rules';
import type { World } from './World';

/** Lets every live cell eat the pellets it covers. */
export function eatPellets(w: World): void {
  const C = w.cells;
  for (let c = 0; c < MAX_CELLS; c++) {
    if (C.mass[c] === 0) continue;
    const gained = eatAround(w, c);
    if (gained > 0) setMass(w, c, C.mass[c]! + gained);
  }
}

/** Eats the pellets cell `b` covers; returns the mass they give. */
function eatAround(w: World, b: number): number {
  const B = w.cells;
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
