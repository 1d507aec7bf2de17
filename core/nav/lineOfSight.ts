/**
 * Integer line of sight on the nav grid: a supercover walk of a segment through the cells.
 *
 * Cells are half-open squares [col·FX, (col+1)·FX) × [row·FX, (row+1)·FX) in sim fixed-point units
 * (FX = FX_ONE, 1024). A segment is clear when every cell it passes through is free; where it
 * crosses a grid corner exactly, both cells beside that corner must be free too, so a line never
 * squeezes diagonally between two walls nor grazes a wall's corner point. This matches A*'s
 * no-corner-cutting rule: every legal A* step passes. It is a test for a line, not a disc: a line
 * passing near (not through) a wall corner is clear, and a ball of non-zero radius following it
 * may touch that corner (the sim's collision resolves such contacts).
 * All arithmetic is on integers below 2^53 (products ≤ (cols·FX)·(rows·FX) ≤ 2^38).
 */
import { FX_ONE } from '../math';
import type { NavGrid } from './NavGrid';
import { inGrid } from './NavGrid';

const FX = FX_ONE;

/**
 * True when the straight segment between the centres of cells `from` and `to` is clear (see the
 * file header). False when either cell is outside the grid or blocked. Symmetric in its ends.
 */
export function hasLineOfSight(grid: NavGrid, from: number, to: number): boolean {
  if (!inGrid(grid, from) || !inGrid(grid, to)) return false;
  const fc = from % grid.cols;
  const tc = to % grid.cols;
  const half = FX >> 1;
  return segmentClear(grid, fc * FX + half, ((from - fc) / grid.cols) * FX + half, tc * FX + half, ((to - tc) / grid.cols) * FX + half);
}

/**
 * True when the segment (x0, y0)–(x1, y1), in sim fixed-point units, is clear (see the file
 * header). False when an end lies outside the world [0, cols·FX) × [0, rows·FX).
 */
export function segmentClear(grid: NavGrid, x0: number, y0: number, x1: number, y1: number): boolean {
  const { cols, rows, blocked } = grid;
  const w = cols * FX;
  const h = rows * FX;
  if (!(x0 >= 0 && x0 < w && y0 >= 0 && y0 < h && x1 >= 0 && x1 < w && y1 >= 0 && y1 < h)) return false;
  let c = Math.floor(x0 / FX);
  let r = Math.floor(y0 / FX);
  const sx = x1 > x0 ? 1 : -1;
  const sy = y1 > y0 ? 1 : -1;
  const adx = x1 > x0 ? x1 - x0 : x0 - x1;
  const ady = y1 > y0 ? y1 - y0 : y0 - y1;
  // Remaining vertical and horizontal grid lines to cross (half-open cells: floor of each end).
  let nx = Math.abs(Math.floor(x1 / FX) - c);
  let ny = Math.abs(Math.floor(y1 / FX) - r);
  if (blocked[r * cols + c] !== 0) return false;
  while (nx > 0 || ny > 0) {
    // The next crossings are at parameters ax/adx and ay/ady along the segment: compare exactly.
    const ax = sx > 0 ? (c + 1) * FX - x0 : x0 - c * FX;
    const ay = sy > 0 ? (r + 1) * FX - y0 : y0 - r * FX;
    const tx = ax * ady;
    const ty = ay * adx;
    if (nx > 0 && (ny === 0 || tx < ty)) {
      c += sx;
      nx--;
    } else if (ny > 0 && (nx === 0 || ty < tx)) {
      r += sy;
      ny--;
    } else {
      // DETERMINISM: an exact corner crossing (integer tie) checks both side cells.
      if (blocked[r * cols + c + sx] !== 0 || blocked[(r + sy) * cols + c] !== 0) return false;
      c += sx;
      r += sy;
      nx--;
      ny--;
    }
    if (blocked[r * cols + c] !== 0) return false;
  }
  return true;
}
