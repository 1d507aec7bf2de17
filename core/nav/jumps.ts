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
  // What every straight scan from cur needs, once: the side cells of row scans (above, below) and
  // of column scans (left, right), 0 for a side beyond the grid; the room east and south.
  const up = r > 0 ? -cols : 0;
  const down = r < rows - 1 ? cols : 0;
  const left = c > 0 ? -1 : 0;
  const right = c < cols - 1 ? 1 : 0;
  const east = cols - 1 - c;
  const south = rows - 1 - r;
  if (dc !== 0 && dr !== 0) {
    add(out, dc, 0, jumpStraight(blocked, cur, dc, dc > 0 ? east : c, up, down, goal, out));
    add(out, 0, dr, jumpStraight(blocked, cur, dr * cols, dr > 0 ? south : r, left, right, goal, out));
    add(out, dc, dr, jumpDiagonal(blocked, cols, rows, cur, c, r, dc, dr, goal, out));
  } else if (dc !== 0) {
    add(out, dc, 0, jumpStraight(blocked, cur, dc, dc > 0 ? east : c, up, down, goal, out));
    // Forced: the cell behind on a side blocked, the side cell free: turn to it, and diagonally past it.
    for (let s = -1; s <= 1; s += 2) {
      if ((s < 0 ? r === 0 : r === rows - 1) || blocked[cur - dc + s * cols] === 0 || blocked[cur + s * cols] !== 0) continue;
      add(out, 0, s, jumpStraight(blocked, cur, s * cols, s > 0 ? south : r, left, right, goal, out));
      add(out, dc, s, jumpDiagonal(blocked, cols, rows, cur, c, r, dc, s, goal, out));
    }
  } else if (dr !== 0) {
    add(out, 0, dr, jumpStraight(blocked, cur, dr * cols, dr > 0 ? south : r, left, right, goal, out));
    for (let s = -1; s <= 1; s += 2) {
      if ((s < 0 ? c === 0 : c === cols - 1) || blocked[cur - dr * cols + s] === 0 || blocked[cur + s] !== 0) continue;
      add(out, s, 0, jumpStraight(blocked, cur, s, s > 0 ? east : c, up, down, goal, out));
      add(out, s, dr, jumpDiagonal(blocked, cols, rows, cur, c, r, s, dr, goal, out));
    }
  } else {
    for (let s = -1; s <= 1; s += 2) {
      add(out, 0, s, jumpStraight(blocked, cur, s * cols, s > 0 ? south : r, left, right, goal, out));
      add(out, s, 0, jumpStraight(blocked, cur, s, s > 0 ? east : c, up, down, goal, out));
    }
    for (let d = 0; d < 4; d++) {
      const ddc = (d & 1) === 0 ? -1 : 1;
      const ddr = d < 2 ? -1 : 1;
      add(out, ddc, ddr, jumpDiagonal(blocked, cols, rows, cur, c, r, ddc, ddr, goal, out));
    }
  }
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
 * stepped onto to `tally`. The two straight scans are jumpStraight written out: they are most of
 * a search's scans, mostly a cell or two long, and a call each cost more than the scan.
 */
export function jumpDiagonal(blocked: Uint8Array, cols: number, rows: number, cell: number, c: number, r: number, dc: number, dr: number, goal: number, tally: ScanTally): number {
  const stepR = dr * cols;
  let roomC = dc > 0 ? cols - 1 - c : c;
  let roomR = dr > 0 ? rows - 1 - r : r;
  let n = 0;
  let scanned = 0;
  while (roomC > 0 && roomR > 0) {
    n++;
    if (blocked[cell + dc] !== 0 || blocked[cell + stepR] !== 0) break;
    cell += dc + stepR;
    if (blocked[cell] !== 0) break;
    roomC--;
    roomR--;
    if (cell === goal) {
      tally.scanned += n + scanned;
      return n;
    }
    // Along dc, as jumpStraight(blocked, cell, dc, roomC, -stepR, roomR > 0 ? stepR : 0, …): the
    // side cells behind (-stepR, -dc) are in the grid (we just came past them); a side beyond the
    // edge is 0, the free cell itself, which never forces anything.
    const below = roomR > 0 ? stepR : 0;
    let x = cell;
    let k = 0;
    while (k < roomC) {
      const y = x + dc;
      k++;
      if (blocked[y] !== 0) break;
      if (y === goal || (blocked[x - stepR] !== 0 && blocked[y - stepR] === 0) || (blocked[x + below] !== 0 && blocked[y + below] === 0)) {
        tally.scanned += n + scanned + k;
        return n;
      }
      x = y;
    }
    scanned += k;
    // Along dr, as jumpStraight(blocked, cell, stepR, roomR, -dc, roomC > 0 ? dc : 0, …).
    const beside = roomC > 0 ? dc : 0;
    x = cell;
    k = 0;
    while (k < roomR) {
      const y = x + stepR;
      k++;
      if (blocked[y] !== 0) break;
      if (y === goal || (blocked[x - dc] !== 0 && blocked[y - dc] === 0) || (blocked[x + beside] !== 0 && blocked[y + beside] === 0)) {
        tally.scanned += n + scanned + k;
        return n;
      }
      x = y;
    }
    scanned += k;
  }
  tally.scanned += n + scanned;
  return 0;
}
