/**
 * System 4: dash. Counts down dash timers, then fires requested dashes: a dash sets the velocity
 * to RULES.dashSpeed along the ball's heading for RULES.dashFrames frames, this one included
 * (steering pauses meanwhile), costs
 * dashCost(mass) (never below minMass) and starts a RULES.dashCooldown-frame cooldown. A request
 * during the cooldown, or with no heading at all (standing still with no intent), is dropped —
 * requests are edge-triggered and never queued.
 * Heading: the desired velocity from steering, else the current velocity. A dash ends the ball's
 * spawn protection (shield.ts).
 */
import { TRIG_SHIFT, angleOf, cosA, sinA } from '../math';
import { setMass } from './ballOps';
import { EventKind } from './events';
import { MAX_BALLS, RULES, dashCost } from './rules';
import type { World } from './World';

/** Advances dash timers and starts requested dashes. */
export function dash(w: World): void {
  const B = w.balls;
  const { wantVx, wantVy, dashWanted } = w.scratch;
  for (let b = 0; b < MAX_BALLS; b++) {
    if (B.alive[b] === 0) continue;
    if (B.dashCooldown[b]! > 0) B.dashCooldown[b]!--;
    if (B.dashLeft[b]! > 0) B.dashLeft[b]!--;
    if (dashWanted[b] === 0 || B.dashCooldown[b]! > 0) continue;
    let hx = wantVx[b]!;
    let hy = wantVy[b]!;
    if (hx === 0 && hy === 0) {
      hx = B.vx[b]!;
      hy = B.vy[b]!;
    }
    if (hx === 0 && hy === 0) continue;
    const a = angleOf(hx, hy);
    const cost = dashCost(B.mass[b]!);
    setMass(w, b, B.mass[b]! - cost);
    B.vx[b] = (RULES.dashSpeed * cosA(a)) >> TRIG_SHIFT;
    B.vy[b] = (RULES.dashSpeed * sinA(a)) >> TRIG_SHIFT;
    B.dashLeft[b] = RULES.dashFrames - 1; // this frame plus dashFrames − 1 more at dash speed
    B.dashCooldown[b] = RULES.dashCooldown;
    B.shield[b] = 0;
    w.events.push(EventKind.Dashed, b, a, cost);
  }
}
