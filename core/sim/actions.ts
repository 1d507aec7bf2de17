/**
 * System 2: the players' actions this frame — split, then eject (edge-triggered requests taken
 * from the inputs by applyInputs; a dead player's do nothing).
 *
 * Split: every cell of the player that was live before the press and weighs at least
 * RULES.minSplitMass halves, in ascending id, while the player has fewer than CELLS_PER_PLAYER
 * cells. The new half (the lighter one on an odd mass) takes the player's lowest free cell slot,
 * starts at its parent's centre with its velocity and leaves with a boost of RULES.splitSpeed
 * along the cell's aim. Both halves pass through the player's other cells for
 * RULES.noCollideFrames and may merge again after mergeDelay(their mass) frames.
 *
 * Eject: every live cell of at least RULES.minEjectMass pays RULES.ejectCost and spits a blob of
 * RULES.blobMass just outside its edge along its aim, ± RULES.ejectSpread steps (world RNG), at
 * RULES.ejectSpeed, into the lowest free blob slot; with none free it spits nothing and pays
 * nothing. Where the edge point is in a wall, the blob starts halfway, else at the centre.
 *
 * A cell's aim: the input's direction (direction mode); towards the target from that cell
 * (target mode, agar's "cells follow the mouse"); else the player's heading. Either action ends
 * the player's spawn protection.
 */
import { ANGLE_STEPS, TRIG_SHIFT, angleOf, cosA, rngInt, sinA } from '../math';
import { addCell, firstCell, setMass } from './cellOps';
import { solidAt } from './collide';
import { EventKind } from './events';
import { MoveMode } from './input';
import { BLOB_CAPACITY, BLOB_RADIUS, CELLS_PER_PLAYER, RULES, mergeDelay } from './rules';
import type { World } from './World';

/** Runs this frame's split and eject requests, ascending slot. */
export function actions(w: World): void {
  const { splitWanted, ejectWanted } = w.scratch;
  const alive = w.players.alive;
  for (let p = 0; p < w.settings.players; p++) {
    if (alive[p] === 0) continue;
    if (splitWanted[p] !== 0) split(w, p);
    if (ejectWanted[p] !== 0) eject(w, p);
  }
}

/** The angle (steps) cell `c` of player `p` aims along (see the file header). */
export function aimOf(w: World, p: number, c: number): number {
  const P = w.players;
  const mode = P.mode[p]!;
  if (mode === MoveMode.Direction) return P.angle[p]!;
  if (mode === MoveMode.Target) {
    const dx = P.targetX[p]! - w.cells.x[c]!;
    const dy = P.targetY[p]! - w.cells.y[c]!;
    if (dx !== 0 || dy !== 0) return angleOf(dx, dy);
  }
  return P.heading[p]!;
}

function split(w: World, p: number): void {
  const C = w.cells;
  const base = firstCell(p);
  // The cells live before the press: the halves made now are not split again by it.
  let before = 0;
  let count = 0;
  for (let k = 0; k < CELLS_PER_PLAYER; k++) {
    if (C.mass[base + k] !== 0) {
      before |= 1 << k;
      count++;
    }
  }
  let any = false;
  for (let k = 0; k < CELLS_PER_PLAYER && count < CELLS_PER_PLAYER; k++) {
    const c = base + k;
    const m = C.mass[c]!;
    if ((before & (1 << k)) === 0 || m < RULES.minSplitMass) continue;
    const half = m >> 1;
    const aim = aimOf(w, p, c);
    const n = addCell(w, p, C.x[c]!, C.y[c]!, half);
    setMass(w, c, m - half);
    C.vx[n] = C.vx[c]!;
    C.vy[n] = C.vy[c]!;
    C.bx[n] = (RULES.splitSpeed * cosA(aim)) >> TRIG_SHIFT;
    C.by[n] = (RULES.splitSpeed * sinA(aim)) >> TRIG_SHIFT;
    C.merge[n] = mergeDelay(half);
    C.merge[c] = mergeDelay(m - half);
    C.noCollide[n] = RULES.noCollideFrames;
    C.noCollide[c] = RULES.noCollideFrames;
    count++;
    any = true;
    w.events.push(EventKind.Split, c, n, aim);
  }
  if (any) w.players.shield[p] = 0;
}

function eject(w: World, p: number): void {
  const C = w.cells;
  const L = w.blobs;
  let blob = 0;
  let any = false;
  for (let c = firstCell(p), end = c + CELLS_PER_PLAYER; c < end; c++) {
    const m = C.mass[c]!;
    if (m < RULES.minEjectMass) continue;
    while (blob < BLOB_CAPACITY && L.life[blob] !== 0) blob++;
    if (blob >= BLOB_CAPACITY) break;
    // DETERMINISM: one RNG draw per blob spat, in cell order.
    const spread = rngInt(w.rng, 2 * RULES.ejectSpread + 1) - RULES.ejectSpread;
    const aim = (aimOf(w, p, c) + spread + ANGLE_STEPS) % ANGLE_STEPS;
    const cos = cosA(aim);
    const sin = sinA(aim);
    const x = C.x[c]!;
    const y = C.y[c]!;
    let reach = C.radius[c]! + BLOB_RADIUS;
    let bx = x + ((reach * cos) >> TRIG_SHIFT);
    let by = y + ((reach * sin) >> TRIG_SHIFT);
    if (solidAt(w, bx, by)) {
      reach >>= 1;
      bx = x + ((reach * cos) >> TRIG_SHIFT);
      by = y + ((reach * sin) >> TRIG_SHIFT);
      if (solidAt(w, bx, by)) {
        bx = x;
        by = y;
      }
    }
    L.x[blob] = bx;
    L.y[blob] = by;
    L.vx[blob] = (RULES.ejectSpeed * cos) >> TRIG_SHIFT;
    L.vy[blob] = (RULES.ejectSpeed * sin) >> TRIG_SHIFT;
    L.life[blob] = RULES.blobLifeFrames;
    L.owner[blob] = p + 1;
    setMass(w, c, m - RULES.ejectCost);
    any = true;
    w.events.push(EventKind.Ejected, c, blob, aim);
  }
  if (any) w.players.shield[p] = 0;
}
