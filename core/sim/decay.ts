/**
 * System 10: mass decay. Above RULES.decayThreshold a ball loses (mass − threshold) >> decayShift
 * each frame (≈ 2.9 % of the excess a second), so leaders shrink unless they keep eating.
 */
import { setMass } from './ballOps';
import { MAX_BALLS, RULES } from './rules';
import type { World } from './World';

/** Applies one frame of decay to every live ball. */
export function decay(w: World): void {
  const B = w.balls;
  for (let b = 0; b < MAX_BALLS; b++) {
    if (B.alive[b] === 0) continue;
    const m = B.mass[b]!;
    if (m <= RULES.decayThreshold) continue;
    const loss = (m - RULES.decayThreshold) >> RULES.decayShift;
    if (loss > 0) setMass(w, b, m - loss);
  }
}
