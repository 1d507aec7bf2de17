/**
 * System 5: integration with wall collision. Each live ball moves by its velocity in sub-steps of
 * at most RULES.maxSubstep Fx per axis — less than the smallest radius — resolving walls after
 * each (collide.ts), so nothing tunnels at any speed. If a sub-step still leaves the centre in a
 * solid cell, it is undone and the ball stops: a live ball's centre is never in a wall.
 * Also tracks path progress: a ball that wants to move but barely does for RULES.stuckFrames
 * frames plans again — or holds (Arrived) when pressed against its final waypoint, or when wedged
 * in a passage too narrow for its size.
 */
import { FX_ONE, FX_SHIFT } from '../math';
import { collideWalls, solidAt } from './collide';
import { sizeClassOf } from './mapInfo';
import { waypointX, waypointY } from './planPaths';
import { MAX_BALLS, RULES } from './rules';
import { PathState, type World } from './World';

/** Moves every live ball one frame. */
export function move(w: World): void {
  const B = w.balls;
  for (let b = 0; b < MAX_BALLS; b++) {
    if (B.alive[b] === 0) continue;
    const x0 = B.x[b]!;
    const y0 = B.y[b]!;
    integrate(w, b);
    trackProgress(w, b, Math.abs(B.x[b]! - x0) + Math.abs(B.y[b]! - y0));
  }
}

function integrate(w: World, b: number): void {
  const B = w.balls;
  const vx = B.vx[b]!;
  const vy = B.vy[b]!;
  const big = Math.max(Math.abs(vx), Math.abs(vy));
  const n = big === 0 ? 1 : Math.ceil(big / RULES.maxSubstep);
  let doneX = 0;
  let doneY = 0;
  for (let s = 1; s <= n; s++) {
    // DETERMINISM: the k-th sub-step covers floor(v·k/n) − floor(v·(k−1)/n): exact, sums to v.
    const tx = Math.floor((vx * s) / n);
    const ty = Math.floor((vy * s) / n);
    const px = B.x[b]!;
    const py = B.y[b]!;
    B.x[b] = px + tx - doneX;
    B.y[b] = py + ty - doneY;
    doneX = tx;
    doneY = ty;
    collideWalls(w, b);
    if (solidAt(w, B.x[b]!, B.y[b]!)) {
      B.x[b] = px;
      B.y[b] = py;
      B.vx[b] = 0;
      B.vy[b] = 0;
      return;
    }
  }
}

/** Stuck detection for path following (see the file header). */
function trackProgress(w: World, b: number, moved: number): void {
  const B = w.balls;
  const state = B.pathState[b]!;
  if (state !== PathState.Following && state !== PathState.Partial) {
    B.stuck[b] = 0;
    return;
  }
  const want = Math.abs(w.scratch.wantVx[b]!) + Math.abs(w.scratch.wantVy[b]!);
  if (want < 32 || moved * 4 >= want) {
    B.stuck[b] = 0;
    return;
  }
  if (++B.stuck[b]! < RULES.stuckFrames) return;
  B.stuck[b] = 0;
  const i = B.pathIdx[b]!;
  const dx = waypointX(w, b, i) - B.x[b]!;
  const dy = waypointY(w, b, i) - B.y[b]!;
  const near = B.radius[b]! + FX_ONE;
  const pressedOnGoal = i === B.pathLen[b]! - 1 && state === PathState.Following && dx * dx + dy * dy <= near * near;
  // Stuck where the ball is too big for the cell it is in (a path planned on a smaller size class
  // led it into a passage it cannot fit): planning again would send it the same way, so it holds.
  const cell = (B.y[b]! >> FX_SHIFT) * w.info.cols + (B.x[b]! >> FX_SHIFT);
  const tooTight = w.info.navGrids[sizeClassOf(B.radius[b]!)]!.blocked[cell] !== 0;
  B.pathState[b] = pressedOnGoal || tooTight ? PathState.Arrived : PathState.NeedsPlan;
}
