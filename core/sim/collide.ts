/**
 * Circle-versus-wall collision on the cell grid, integer only, for any moving body: a cell, an
 * ejected blob or a shot virus (a Body names its columns).
 * A map cell is solid when it is blocked or off the map. For each solid cell overlapping the
 * body's bounding box (row-major order, two passes) the body is pushed out of the cell's square
 * along the line from the square's nearest point to the centre: a face contact pushes along one
 * axis (no square root), a corner contact along the diagonal (isqrt). A push that would put the
 * centre into a solid cell is skipped, so a body wedged between walls keeps its centre in free
 * space. The velocity (and boost) component into the wall is removed, so bodies slide along walls.
 * Units: Fx. Products stay below 2^40.
 */
import { FX_ONE, FX_SHIFT, divTrunc, isqrt } from '../math';
import type { Body, World } from './World';

/** Whether the cell holding Fx point (x, y) is solid (blocked or off the map). */
export function solidAt(w: World, x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= w.info.widthFx || y >= w.info.heightFx) return true;
  return w.map.blocked[(y >> FX_SHIFT) * w.info.cols + (x >> FX_SHIFT)] !== 0;
}

/**
 * Pushes body `b` of radius `r` out of the walls it overlaps (see the file header). A body far
 * from every wall (MapInfo.wallDist: its bounding box within the free block of map cells around
 * its own) is left at once: most bodies, most frames.
 */
export function collideWalls(w: World, B: Body, b: number, r: number): void {
  const x = B.x[b]!;
  const y = B.y[b]!;
  if (x >= 0 && y >= 0 && x < w.info.widthFx && y < w.info.heightFx) {
    const col = x >> FX_SHIFT;
    const row = y >> FX_SHIFT;
    // Every map cell within Chebyshev distance d − 1 of the body's is free.
    const free = w.info.wallDist[row * w.info.cols + col]! - 1;
    if ((x - r) >> FX_SHIFT >= col - free && (x + r) >> FX_SHIFT <= col + free && (y - r) >> FX_SHIFT >= row - free && (y + r) >> FX_SHIFT <= row + free) return;
  }
  for (let pass = 0; pass < 2; pass++) if (!collidePass(w, B, b, r)) return;
}

/**
 * One pass over the solid map cells in body `b`'s bounding box, row-major (off the map counts as
 * solid; on it, MapInfo.nextSolid skips the free ones); returns whether anything was pushed.
 */
function collidePass(w: World, B: Body, b: number, r: number): boolean {
  let x = B.x[b]!;
  let y = B.y[b]!;
  let pushed = false;
  const { cols, rows, nextSolid } = w.info;
  const c0 = (x - r) >> FX_SHIFT;
  const c1 = (x + r) >> FX_SHIFT;
  const r0 = (y - r) >> FX_SHIFT;
  const r1 = (y + r) >> FX_SHIFT;
  // DETERMINISM: cells in row-major order, pushes applied one after another.
  for (let row = r0; row <= r1; row++) {
    const onMap = row >= 0 && row < rows;
    for (let col = c0; col <= c1; col++) {
      if (onMap && col >= 0 && col < cols) {
        const solid = nextSolid[row * cols + col]!;
        if (solid !== col) {
          col = solid - 1; // the loop steps onto it (or past the box)
          continue;
        }
      }
      if (!pushOut(x, y, r, col << FX_SHIFT, row << FX_SHIFT) || solidAt(w, PUSH.x, PUSH.y)) continue;
      slide(B.vx, B.vy, b, PUSH.x - x, PUSH.y - y);
      if (B.bx !== null && B.by !== null) slide(B.bx, B.by, b, PUSH.x - x, PUSH.y - y);
      x = PUSH.x;
      y = PUSH.y;
      pushed = true;
    }
  }
  B.x[b] = x;
  B.y[b] = y;
  return pushed;
}

/** Result of pushOut (reused scratch, never state). */
const PUSH = { x: 0, y: 0 };

/**
 * Where a body at (x, y) with radius r must move to clear the solid square with north-west corner
 * (left, top), written to PUSH; false when they do not overlap (or the centre is inside the square,
 * which the caller's revert handles).
 */
function pushOut(x: number, y: number, r: number, left: number, top: number): boolean {
  const nx = x < left ? left : x > left + FX_ONE ? left + FX_ONE : x;
  const ny = y < top ? top : y > top + FX_ONE ? top + FX_ONE : y;
  const dx = x - nx;
  const dy = y - ny;
  const d2 = dx * dx + dy * dy;
  if (d2 >= r * r) return false;
  PUSH.x = x;
  PUSH.y = y;
  if (dx === 0 && dy === 0) {
    // Centre on the square's closed outline: only the east and south edges lie outside the
    // (half-open) cell.
    if (x === left + FX_ONE) PUSH.x = x + r;
    else if (y === top + FX_ONE) PUSH.y = y + r;
    else return false;
  } else if (dy === 0) {
    PUSH.x = dx > 0 ? nx + r : nx - r;
  } else if (dx === 0) {
    PUSH.y = dy > 0 ? ny + r : ny - r;
  } else {
    const d = isqrt(d2) || 1;
    // Round the push away from the corner so the contact is fully resolved.
    PUSH.x = nx + (dx > 0 ? Math.ceil((dx * r) / d) : -Math.ceil((-dx * r) / d));
    PUSH.y = ny + (dy > 0 ? Math.ceil((dy * r) / d) : -Math.ceil((-dy * r) / d));
  }
  return true;
}

/** Removes the part of velocity (VX, VY)[b] that points against the push (nx, ny). */
function slide(VX: Int32Array, VY: Int32Array, b: number, nx: number, ny: number): void {
  const vx = VX[b]!;
  const vy = VY[b]!;
  const dot = vx * nx + vy * ny;
  if (dot >= 0) return;
  if (ny === 0) VX[b] = 0;
  else if (nx === 0) VY[b] = 0;
  else {
    const n2 = nx * nx + ny * ny;
    // DETERMINISM: |dot · nx| < 2^12 · 2^13 · 2^13, exact; truncation is symmetric.
    VX[b] = vx - divTrunc(dot * nx, n2);
    VY[b] = vy - divTrunc(dot * ny, n2);
  }
}

/** Moves body `b` by (dx, dy) in sub-steps of at most `substep` per axis, resolving walls after each. */
export function moveBody(w: World, B: Body, b: number, dx: number, dy: number, r: number, substep: number): void {
  const big = Math.max(Math.abs(dx), Math.abs(dy));
  // One sub-step (most moves, most pushes): the whole move, no division.
  const n = big <= substep ? 1 : Math.ceil(big / substep);
  let doneX = 0;
  let doneY = 0;
  for (let s = 1; s <= n; s++) {
    // DETERMINISM: the k-th sub-step covers floor(d·k/n) − floor(d·(k−1)/n): exact, sums to d.
    const tx = n === 1 ? dx : Math.floor((dx * s) / n);
    const ty = n === 1 ? dy : Math.floor((dy * s) / n);
    const px = B.x[b]!;
    const py = B.y[b]!;
    B.x[b] = px + tx - doneX;
    B.y[b] = py + ty - doneY;
    doneX = tx;
    doneY = ty;
    collideWalls(w, B, b, r);
    if (solidAt(w, B.x[b]!, B.y[b]!)) {
      B.x[b] = px;
      B.y[b] = py;
      B.vx[b] = 0;
      B.vy[b] = 0;
      if (B.bx !== null && B.by !== null) {
        B.bx[b] = 0;
        B.by[b] = 0;
      }
      return;
    }
  }
}
