/**
 * System 14: mass decay. Above RULES.decayThreshold a cell loses (mass − threshold) >> decayShift
 * each frame (≈ 2.9 % of the excess a second), so leaders shrink unless they keep eating. Per cell,
 * as in agar: a player split into many cells decays less, and pays for it in safety.
 */
import { setMass } from './cellOps';
import { MAX_CELLS, RULES } from './rules';
import type { World } from './World';

/** Applies one frame of decay to every live cell. */
export function decay(w: World): void {
  const mass = w.cells.mass;
  for (let c = 0; c < MAX_CELLS; c++) {
    const m = mass[c]!;
    if (m <= RULES.decayThreshold) continue;
    const loss = (m - RULES.decayThreshold) >> RULES.decayShift;
    if (loss > 0) setMass(w, c, m - loss);
  }
}
