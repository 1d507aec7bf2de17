/**
 * Jump scans of Jump Point Search (Harabor & Grastien 2011) for nav's moves: 8 directions,
 * diagonals only between two free edge cells (no corner cutting), uniform step costs; and
 * `findSuccessors`, which applies the pruning rules below to one jump point.
 *
 * Pruning rules of this variant (they differ from the corner-cutting original):
 * - Diagonal move (dc, dr) into x: x's natural successors are the straight moves dc and dr and
 *   the diagonal (dc, dr); there are no forced neighbours, since the move itself needed both cells
 *   behind x's sides free, so every other neighbour is reached at least as cheaply without x.
 * - Straight move into x (say east, from p = x - 1): x's only natural successor is east. The side
 *   cell s above x (likewise below) is forced when the cell above p is blocked and s is free: p
 *   could not step diagonally to s, so the shortest way to s, and to the cell diagonal-ahead of x
 *   past s, goes through x. Those two moves (straight to s, diagonal ahead) become successors.
 * - A straight scan stops at the goal, at a cell with a forced neighbour (a jump point), or before
 *   a wall or the grid's edge (nothing found). A diagonal scan stops at the goal, before an illegal
 *   diagonal step, or at a cell from which one of its two straight scans finds something.
 * Cells are indices `row * cols + col`; a "room" is how many steps the grid's edge leaves in a
 * direction, so a scan never walks off the grid and never wraps to the next row.
 * Work: every scan adds the cells it stepped onto (the wall or jump point that ended it included)
 * to `scanned`, JumpPointSearch's measure of an expansion's cost: one jump point can scan a handful
 * of cells or hundreds (open rooms, long corridors), so counting jump points alone says little
 * about time.
 */
import type { NavGrid } from './NavGrid';

/** What the scans add their work to: cells stepped onto, summed. */
export interface ScanTally {
  scanned: number;
}

/**
 * Where findSuccessors writes: `count` (dc, dr, steps) triples in `found` (room for 8), and in
 * `scanned` the cells its scans stepped onto (both reset by each call).
 */
export interface Successors extends ScanTally {
  readonly found: Int32Array;
  count: number;
}

/**
 * The jump points JPS keeps from `cur`, reached moving (dc, dr) ((0, 0) at the start: every
 * direction), by the rules above: scanned in a fixed order (DETERMINISM: it orders the relaxations)
 * and written to `out` as (dc, dr, steps) triples.
 */
export function findSuccessors(grid: NavGrid, cur: number, dc: number, dr: number, goal: number, out: Successors): void {
  const { cols, rows, blocked } = grid;
  const c = cur % cols;
  const r = (cur - c) / cols;
  out.count = 0;
  out.scanned = 0;
  if (dc !== 0 && dr !== 0) {
    straight(grid, cur, c, r, dc, 0, goal, out);
    straight(grid, cur, c, r, 0, dr, goal, out);
    diagonal(grid, cur, c, r, dc, dr, goal, out);
  } else if (dc !== 0) {
    straight(grid, cur, c, r, dc, 0, goal, out);
    // Forced: the cell behind on a side blocked, the side cell free: turn to it, and diagonally past it.
    for (let s = -1; s <= 1; s += 2) {
      if ((s < 0 ? r === 0 : r === rows - 1) || blocked[cur - dc + s * cols] === 0 || blocked[cur + s * cols] !== 0) continue;
      straight(grid, cur, c, r, 0, s, goal, out);
      diagonal(grid, cur, c, r, dc, s, goal, out);
    }
  } else if (dr !== 0) {
    straight(grid, cur, c, r, 0, dr, goal, out);
    for (let s = -1; s <= 1; s += 2) {
      if ((s < 0 ? c === 0 : c === cols - 1) || blocked[cur - dr * cols + s] === 0 || blocked[cur + s] !== 0) continue;
      straight(grid, cur, c, r, s, 0, goal, out);
      diagonal(grid, cur, c, r, s, dr, goal, out);
    }
  } else {
    for (let s = -1; s <= 1; s += 2) {
      straight(grid, cur, c, r, 0, s, goal, out);
      straight(grid, cur, c, r, s, 0, goal, out);
    }
    for (let d = 0; d < 4; d++) diagonal(grid, cur, c, r, (d & 1) === 0 ? -1 : 1, d < 2 ? -1 : 1, goal, out);
  }
}

/** Scans from `cur` (column c, row r) along a row (dr = 0) or a column (dc = 0) into `out`. */
function straight(grid: NavGrid, cur: number, c: number, r: number, dc: number, dr: number, goal: number, out: Successors): void {
  const { cols, rows, blocked } = grid;
  const steps =
    dr === 0
      ? jumpStraight(blocked, cur, dc, dc > 0 ? cols - 1 - c : c, r > 0 ? -cols : 0, r < rows - 1 ? cols : 0, goal, out)
      : jumpStraight(blocked, cur, dr * cols, dr > 0 ? rows - 1 - r : r, c > 0 ? -1 : 0, c < cols - 1 ? 1 : 0, goal, out);
  add(out, dc, dr, steps);
}

/** Scans diagonally from `cur` by (dc, dr) into `out`. */
function diagonal(grid: NavGrid, cur: number, c: number, r: number, dc: number, dr: number, goal: number, out: Successors): void {
  add(out, dc, dr, jumpDiagonal(grid.blocked, grid.cols, grid.rows, cur, c, r, dc, dr, goal, out));
}

/** Appends a jump point `steps` moves of (dc, dr) away (none when 0). */
function add(out: Successors, dc: number, dr: number, steps: number): void {
  if (steps === 0) return;
  const k = 3 * out.count++;
  out.found[k] = dc;
  out.found[k + 1] = dr;
  out.found[k + 2] = steps;
}

/**
 * Scans from `cell` by `step` (±1 or ±cols) for at most `room` steps; returns how many steps
 * away the jump point is, or 0 when there is none. Adds the cells it stepped onto to `tally`.
 * `sideA` and `sideB` are the offsets of the two side cells (±cols for a row scan, ±1 for a column
 * scan), 0 for a side outside the grid: `blocked[cell + 0]` is the free current cell, so that side
 * never forces anything, with no extra branch.
 */
export function jumpStraight(blocked: Uint8Array, cell: number, step: number, room: number, sideA: number, sideB: number, goal: number, tally: ScanTally): number {
  let n = 0;
  let found = 0;
  while (n < room) {
    const next = cell + step;
    n++;
    if (blocked[next] !== 0) break;
    // The goal, or a forced neighbour: blocked behind on a side, free beside.
    if (next === goal || (blocked[cell + sideA] !== 0 && blocked[next + sideA] === 0) || (blocked[cell + sideB] !== 0 && blocked[next + sideB] === 0)) {
      found = n;
      break;
    }
    cell = next;
  }
  tally.scanned += n;
  return found;
}

/**
 * Scans diagonally from `cell` (column `c`, row `r` of a `cols × rows` grid) by `dc` columns and
 * `dr` rows (each ±1); returns how many steps away the jump point is, or 0. Each step needs the corner cell and both edge
 * cells it passes between free; after it, a straight scan along dc, then one along dr, from the
 * new cell decides whether that cell is a jump point. Adds the cells it (and its straight scans)
 * stepped onto to `tally`.
 */
export function jumpDiagonal(blocked: Uint8Array, cols: number, rows: number, cell: number, c: number, r: number, dc: number, dr: number, goal: number, tally: ScanTally): number {
  const stepR = dr * cols;
  let roomC = dc > 0 ? cols - 1 - c : c;
  let roomR = dr > 0 ? rows - 1 - r : r;
  let n = 0;
  let found = 0;
  while (roomC > 0 && roomR > 0) {
    n++;
    if (blocked[cell + dc] !== 0 || blocked[cell + stepR] !== 0) break;
    cell += dc + stepR;
    if (blocked[cell] !== 0) break;
    roomC--;
    roomR--;
    // Side cells behind the scans (-stepR, -dc) are in the grid: we just came past them.
    if (
      cell === goal ||
      jumpStraight(blocked, cell, dc, roomC, -stepR, roomR > 0 ? stepR : 0, goal, tally) > 0 ||
      jumpStraight(blocked, cell, stepR, roomR, -dc, roomC > 0 ? dc : 0, goal, tally) > 0
    ) {
      found = n;
      break;
    }
  }
  tally.scanned += n;
  return found;
}
