/**
 * System 5: integration with wall collision, for cells (velocity + launch boost) and then for the
 * flying things — ejected blobs and shot viruses, whose velocity is a launch that decays. Each
 * body moves in sub-steps of at most RULES.maxSubstep Fx per axis (blobs: RULES.blobSubstep) —
 * less than its radius — resolving walls after each (collide.ts), so nothing tunnels at any
 * speed. If a sub-step still leaves the centre in a solid cell, it is undone and the body stops:
 * a centre is never in a wall. A boost then loses 1/2^boostShift of itself (below boostStop it ends).
 * Also tracks path progress, per player by its lead cell: a player that wants to move but barely
 * does for RULES.stuckFrames frames plans again — or holds (Arrived) when pressed against its
 * final waypoint, or when wedged in a passage too narrow for its lead cell.
 */
import { FX_ONE, FX_SHIFT } from '../math';
import { firstCell, leadCell } from './cellOps';
import { moveBody } from './collide';
import { sizeClassOf } from './mapInfo';
import { waypointX, waypointY } from './planPaths';
import { BLOB_CAPACITY, BLOB_RADIUS, CELLS_PER_PLAYER, RULES, VIRUS_CAPACITY, virusRadius } from './rules';
import { PathState, type Body, type World } from './World';

/** Moves every live cell, blob and virus one frame. */
export function move(w: World): void {
  const C = w.cells;
  const cells: Body = C;
  const P = w.players;
  for (let p = 0; p < w.settings.players; p++) {
    if (P.alive[p] === 0) continue;
    const lead = leadCell(w, p);
    const x0 = C.x[lead]!;
    const y0 = C.y[lead]!;
    for (let c = firstCell(p), end = c + CELLS_PER_PLAYER; c < end; c++) {
      if (C.mass[c] === 0) continue;
      moveBody(w, cells, c, C.vx[c]! + C.bx[c]!, C.vy[c]! + C.by[c]!, C.radius[c]!, RULES.maxSubstep);
      C.bx[c] = fade(C.bx[c]!);
      C.by[c] = fade(C.by[c]!);
    }
    trackProgress(w, p, lead, Math.abs(C.x[lead]! - x0) + Math.abs(C.y[lead]! - y0));
  }
  moveFlyers(w);
}

/** Blobs and moving viruses: their velocity is a launch that fades. */
function moveFlyers(w: World): void {
  const L = w.blobs;
  const blobs = w.scratch.blobBody;
  for (let b = 0; b < BLOB_CAPACITY; b++) {
    if (L.life[b] === 0 || (L.vx[b]! | L.vy[b]!) === 0) continue;
    moveBody(w, blobs, b, L.vx[b]!, L.vy[b]!, BLOB_RADIUS, RULES.blobSubstep);
    L.vx[b] = fade(L.vx[b]!);
    L.vy[b] = fade(L.vy[b]!);
  }
  const V = w.viruses;
  const viruses = w.scratch.virusBody;
  for (let v = 0; v < VIRUS_CAPACITY; v++) {
    if (V.mass[v] === 0 || (V.vx[v]! | V.vy[v]!) === 0) continue;
    moveBody(w, viruses, v, V.vx[v]!, V.vy[v]!, virusRadius(V.mass[v]!), RULES.maxSubstep);
    V.vx[v] = fade(V.vx[v]!);
    V.vy[v] = fade(V.vy[v]!);
  }
}

/** A boost component one frame later. */
function fade(b: number): number {
  return b < RULES.boostStop && b > -RULES.boostStop ? 0 : b - (b >> RULES.boostShift);
}

/** Stuck detection for path following, by the lead cell (see the file header). */
function trackProgress(w: World, p: number, lead: number, moved: number): void {
  const P = w.players;
  const C = w.cells;
  const state = P.pathState[p]!;
  if (state !== PathState.Following && state !== PathState.Partial) {
    P.stuck[p] = 0;
    return;
  }
  const want = Math.abs(w.scratch.wantVx[lead]!) + Math.abs(w.scratch.wantVy[lead]!);
  if (want < 32 || moved * 4 >= want) {
    P.stuck[p] = 0;
    return;
  }
  if (++P.stuck[p]! < RULES.stuckFrames) return;
  P.stuck[p] = 0;
  const i = P.pathIdx[p]!;
  const dx = waypointX(w, p, i) - C.x[lead]!;
  const dy = waypointY(w, p, i) - C.y[lead]!;
  const near = C.radius[lead]! + FX_ONE;
  const pressedOnGoal = i === P.pathLen[p]! - 1 && state === PathState.Following && dx * dx + dy * dy <= near * near;
  // Stuck where the lead cell is too big for the map cell it is in (a path planned on a smaller
  // size class led it into a passage it cannot fit): planning again would send it the same way.
  const cell = (C.y[lead]! >> FX_SHIFT) * w.info.cols + (C.x[lead]! >> FX_SHIFT);
  const tooTight = w.info.navGrids[sizeClassOf(C.radius[lead]!)]!.blocked[cell] !== 0;
  P.pathState[p] = pressedOnGoal || tooTight ? PathState.Arrived : PathState.NeedsPlan;
}
