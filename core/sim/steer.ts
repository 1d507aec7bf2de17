/**
 * System 4: steering. Computes each live cell's desired velocity from its player's intent and
 * blends its velocity towards it (1/2^accelShift of the gap per frame); a launch boost rides on top
 * (move.ts). Every cell of a player steers for itself, at its own speed (smaller cells are faster):
 *  - direction: a lone cell moves along the angle; several steer at the point RULES.steerAhead
 *    ahead of the player's centre of mass (a keyboard's stand-in for agar's mouse held ahead);
 *  - target: every cell steers at the player's current waypoint (the next one once it is itself
 *    within reach of it), slowing on the final one to half its remaining distance so it stops on
 *    the target. The lead cell (planPaths.ts) advances the waypoint index and decides arrival:
 *    within 48 Fx of the target, or — with several cells, which jostle for the point — once the
 *    target lies under it;
 *  - stop, arrived: no heading.
 * Cells of one player draw together once they may merge (merge timer 0): in direction mode,
 * stopped or arrived, such a cell also pulls towards the player's centre of mass by
 * 1/2^RULES.pullShift of its offset a frame (the whole capped at its speed), so the cells of a
 * split close up and merge — as the cells of 球球大作战 are drawn back together. Before that they
 * keep their formation (and push apart, ownCells.ts).
 * The player's heading follows the lead cell's desired velocity (actions.ts aims with it).
 * Units: Fx/frame; desired speed = speedOf(radius).
 */
import { TRIG_SHIFT, angleOf, cosA, divTrunc, ilength, sinA } from '../math';
import { cellCount, firstCell, leadCell } from './cellOps';
import { MoveMode } from './input';
import { waypointX, waypointY } from './planPaths';
import { CELLS_PER_PLAYER, RULES, speedOf } from './rules';
import { PathState, type World } from './World';

const REACH2 = RULES.waypointReach * RULES.waypointReach;
/** The final waypoint counts as reached this close (Fx). */
const ARRIVE = 48;

/** Fills scratch.wantVx/wantVy and blends velocities. */
export function steer(w: World): void {
  const { wantVx, wantVy } = w.scratch;
  wantVx.fill(0);
  wantVy.fill(0);
  const P = w.players;
  for (let p = 0; p < w.settings.players; p++) {
    if (P.alive[p] === 0) continue;
    const mode = P.mode[p]!;
    if (mode === MoveMode.Direction) steerDirection(w, p);
    else if (mode === MoveMode.Target) steerPath(w, p);
    else pullTogether(w, p);
    const lead = leadCell(w, p);
    if (wantVx[lead] !== 0 || wantVy[lead] !== 0) P.heading[p] = angleOf(wantVx[lead]!, wantVy[lead]!);
    blend(w, p);
  }
}

/** Velocities of p's cells close 1/2^accelShift of the gap to the desired ones. */
function blend(w: World, p: number): void {
  const C = w.cells;
  const { wantVx, wantVy } = w.scratch;
  for (let c = firstCell(p), end = c + CELLS_PER_PLAYER; c < end; c++) {
    if (C.mass[c] === 0) continue;
    C.vx[c]! += (wantVx[c]! - C.vx[c]!) >> RULES.accelShift;
    C.vy[c]! += (wantVy[c]! - C.vy[c]!) >> RULES.accelShift;
  }
}

function steerDirection(w: World, p: number): void {
  const C = w.cells;
  const { wantVx, wantVy } = w.scratch;
  const a = w.players.angle[p]!;
  const base = firstCell(p);
  if (!centreOfMass(w, p)) {
    const c = leadCell(w, p);
    const speed = speedOf(C.radius[c]!);
    wantVx[c] = (speed * cosA(a)) >> TRIG_SHIFT;
    wantVy[c] = (speed * sinA(a)) >> TRIG_SHIFT;
    return;
  }
  const ax = CENTRE.x + ((RULES.steerAhead * cosA(a)) >> TRIG_SHIFT);
  const ay = CENTRE.y + ((RULES.steerAhead * sinA(a)) >> TRIG_SHIFT);
  for (let c = base; c < base + CELLS_PER_PLAYER; c++) {
    if (C.mass[c] === 0) continue;
    const speed = speedOf(C.radius[c]!);
    towards(w, c, ax - C.x[c]!, ay - C.y[c]!, speed);
    pull(w, c, speed);
  }
}

/** The centre of mass of the player last measured (Fx), by centreOfMass. */
const CENTRE = { x: 0, y: 0 };

/** Puts player `p`'s centre of mass into CENTRE; false when it has a single cell (nothing to draw together). */
function centreOfMass(w: World, p: number): boolean {
  const C = w.cells;
  // Exact: Σ m·x < 16 · 40000 · 2^18 < 2^38.
  let m = 0;
  let mx = 0;
  let my = 0;
  let count = 0;
  for (let c = firstCell(p), end = c + CELLS_PER_PLAYER; c < end; c++) {
    const cm = C.mass[c]!;
    if (cm === 0) continue;
    m += cm;
    mx += cm * C.x[c]!;
    my += cm * C.y[c]!;
    count++;
  }
  if (count < 2) return false;
  // DETERMINISM: integer division of exact integers.
  CENTRE.x = Math.floor(mx / m);
  CENTRE.y = Math.floor(my / m);
  return true;
}

/** Adds to cell `c`'s desired velocity its pull towards CENTRE (once it may merge), the whole capped at `speed`. */
function pull(w: World, c: number, speed: number): void {
  if (w.cells.merge[c] !== 0) return;
  const { wantVx, wantVy } = w.scratch;
  const vx = wantVx[c]! + ((CENTRE.x - w.cells.x[c]!) >> RULES.pullShift);
  const vy = wantVy[c]! + ((CENTRE.y - w.cells.y[c]!) >> RULES.pullShift);
  const len = ilength(vx, vy);
  if (len <= speed) {
    wantVx[c] = vx;
    wantVy[c] = vy;
  } else {
    wantVx[c] = divTrunc(vx * speed, len);
    wantVy[c] = divTrunc(vy * speed, len);
  }
}

/** A player with no heading (stopped, or arrived) draws its cells together. */
function pullTogether(w: World, p: number): void {
  if (!centreOfMass(w, p)) return;
  const C = w.cells;
  for (let c = firstCell(p), end = c + CELLS_PER_PLAYER; c < end; c++) if (C.mass[c] !== 0) pull(w, c, speedOf(C.radius[c]!));
}

/** Desired velocity (dx, dy) scaled to `speed` for cell `c`. */
function towards(w: World, c: number, dx: number, dy: number, speed: number): void {
  const len = ilength(dx, dy);
  if (len === 0) return;
  // DETERMINISM: |dx · s| < 2^29, integer division truncates towards zero on both axes alike.
  w.scratch.wantVx[c] = divTrunc(dx * speed, len);
  w.scratch.wantVy[c] = divTrunc(dy * speed, len);
}

/** Desired velocities of p's cells following its path (or straight at the target while it waits for one). */
function steerPath(w: World, p: number): void {
  const P = w.players;
  const C = w.cells;
  const state = P.pathState[p]!;
  const following = state === PathState.Following || state === PathState.Partial;
  if (!following && state !== PathState.NeedsPlan && state !== PathState.Planning) {
    pullTogether(w, p); // None or Arrived: no heading
    return;
  }
  const lead = leadCell(w, p);
  const last = following ? P.pathLen[p]! - 1 : 0;
  if (following) {
    // The lead cell advances past every intermediate waypoint already within its reach.
    let i = P.pathIdx[p]!;
    for (; i < last; i++) {
      const dx = waypointX(w, p, i) - C.x[lead]!;
      const dy = waypointY(w, p, i) - C.y[lead]!;
      if (dx * dx + dy * dy > REACH2) break;
    }
    P.pathIdx[p] = i;
  }
  const idx = P.pathIdx[p]!;
  // With several cells the lead cannot always reach the point (they jostle for it): it has
  // arrived once the point lies under it.
  const arrive = cellCount(w, p) > 1 ? Math.max(ARRIVE, C.radius[lead]!) : ARRIVE;
  let arrived = false;
  for (let c = firstCell(p), end = c + CELLS_PER_PLAYER; c < end; c++) {
    if (C.mass[c] === 0) continue;
    let i = idx;
    let tx = following ? waypointX(w, p, i) : P.targetX[p]!;
    let ty = following ? waypointY(w, p, i) : P.targetY[p]!;
    if (following && i < last && c !== lead) {
      // A cell ahead of the lead at this waypoint goes on to the next.
      const dx = tx - C.x[c]!;
      const dy = ty - C.y[c]!;
      if (dx * dx + dy * dy <= REACH2) {
        i++;
        tx = waypointX(w, p, i);
        ty = waypointY(w, p, i);
      }
    }
    const final = !following || i === last;
    const dx = tx - C.x[c]!;
    const dy = ty - C.y[c]!;
    const len = ilength(dx, dy);
    if (final && len <= (c === lead ? arrive : ARRIVE)) {
      if (c === lead) arrived = true;
      continue;
    }
    const speed = speedOf(C.radius[c]!);
    towards(w, c, dx, dy, final && len >> 1 < speed ? len >> 1 : speed);
  }
  if (arrived) {
    if (state === PathState.Following) P.pathState[p] = PathState.Arrived;
    else if (state === PathState.Partial) P.pathState[p] = PathState.NeedsPlan;
  }
}
