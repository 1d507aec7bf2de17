/**
 * System 3: steering. Computes each live ball's desired velocity from its intent — a direction,
 * the next waypoint of its path, or nothing — and blends its velocity towards it
 * (1/2^accelShift of the gap per frame) unless a dash burst is running.
 * Units: Fx/frame; desired speed = speedOf(radius), slowing to half the remaining distance on the
 * final waypoint so the ball stops on its target.
 */
import { TRIG_SHIFT, cosA, divTrunc, ilength, sinA } from '../math';
import { MoveMode } from './input';
import { waypointX, waypointY } from './planPaths';
import { MAX_BALLS, RULES, speedOf } from './rules';
import { PathState, type World } from './World';

const REACH2 = RULES.waypointReach * RULES.waypointReach;
/** The final waypoint counts as reached this close (Fx). */
const ARRIVE = 48;

/** Fills scratch.wantVx/wantVy and blends velocities. */
export function steer(w: World): void {
  const B = w.balls;
  const { wantVx, wantVy } = w.scratch;
  for (let b = 0; b < MAX_BALLS; b++) {
    wantVx[b] = 0;
    wantVy[b] = 0;
    if (B.alive[b] === 0) continue;
    const speed = speedOf(B.radius[b]!);
    const mode = B.mode[b]!;
    if (mode === MoveMode.Direction) {
      const a = B.angle[b]!;
      wantVx[b] = (speed * cosA(a)) >> TRIG_SHIFT;
      wantVy[b] = (speed * sinA(a)) >> TRIG_SHIFT;
    } else if (mode === MoveMode.Target) {
      wantTowardsPath(w, b, speed);
    }
    if (B.dashLeft[b]! > 0) continue;
    B.vx[b]! += (wantVx[b]! - B.vx[b]!) >> RULES.accelShift;
    B.vy[b]! += (wantVy[b]! - B.vy[b]!) >> RULES.accelShift;
  }
}

/** Desired velocity of ball `b` following its path (or straight at the target while it waits for one). */
function wantTowardsPath(w: World, b: number, speed: number): void {
  const B = w.balls;
  const state = B.pathState[b]!;
  let tx: number;
  let ty: number;
  let final = true;
  if (state === PathState.Following || state === PathState.Partial) {
    const last = B.pathLen[b]! - 1;
    let i = B.pathIdx[b]!;
    // Advance past every intermediate waypoint already within reach.
    for (; i < last; i++) {
      const dx = waypointX(w, b, i) - B.x[b]!;
      const dy = waypointY(w, b, i) - B.y[b]!;
      if (dx * dx + dy * dy > REACH2) break;
    }
    B.pathIdx[b] = i;
    tx = waypointX(w, b, i);
    ty = waypointY(w, b, i);
    final = i === last;
  } else if (state === PathState.NeedsPlan || state === PathState.Planning) {
    tx = B.targetX[b]!;
    ty = B.targetY[b]!;
  } else {
    return; // None or Arrived: hold still
  }
  const dx = tx - B.x[b]!;
  const dy = ty - B.y[b]!;
  const len = ilength(dx, dy);
  if (final && len <= ARRIVE) {
    if (state === PathState.Following) B.pathState[b] = PathState.Arrived;
    else if (state === PathState.Partial) B.pathState[b] = PathState.NeedsPlan;
    return;
  }
  const s = final && len >> 1 < speed ? len >> 1 : speed;
  // DETERMINISM: |dx · s| < 2^29, integer division truncates towards zero on both axes alike.
  w.scratch.wantVx[b] = divTrunc(dx * s, len);
  w.scratch.wantVy[b] = divTrunc(dy * s, len);
}
