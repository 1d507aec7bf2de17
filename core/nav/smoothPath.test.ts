import { describe, expect, it } from 'vitest';
import { AStar, PathStatus } from './AStar';
import { FX_ONE } from '../math';
import { hasLineOfSight, segmentClear } from './lineOfSight';
import type { NavGrid } from './NavGrid';
import { smoothPath } from './smoothPath';
import { randomFreeCell, randomGrid, rng } from './test/fixtures';

/**
 * Reference: every cell whose closed square meets the centre-to-centre segment, by exact
 * separating-axis tests in doubled integer coordinates (cell c spans [2c, 2c+2]).
 */
function touchedCells(grid: NavGrid, from: number, to: number): number[] {
  const { cols } = grid;
  const x0 = 2 * (from % cols) + 1;
  const y0 = 2 * Math.floor(from / cols) + 1;
  const x1 = 2 * (to % cols) + 1;
  const y1 = 2 * Math.floor(to / cols) + 1;
  const cells: number[] = [];
  for (let r = Math.floor(Math.min(y0, y1) / 2); r <= Math.floor(Math.max(y0, y1) / 2); r++) {
    for (let c = Math.floor(Math.min(x0, x1) / 2); c <= Math.floor(Math.max(x0, x1) / 2); c++) {
      const corners = [[2 * c, 2 * r], [2 * c + 2, 2 * r], [2 * c, 2 * r + 2], [2 * c + 2, 2 * r + 2]];
      const sides = corners.map(([px, py]) => Math.sign((x1 - x0) * (py! - y0) - (y1 - y0) * (px! - x0)));
      if (sides.every((s) => s > 0) || sides.every((s) => s < 0)) continue;
      cells.push(r * cols + c);
    }
  }
  return cells;
}

const referenceLos = (grid: NavGrid, a: number, b: number): boolean => touchedCells(grid, a, b).every((i) => grid.blocked[i] === 0);

describe('hasLineOfSight', () => {
  it('equals the closed-square supercover reference and is symmetric', () => {
    const rand = rng(404);
    let clear = 0;
    let notClear = 0;
    for (let t = 0; t < 4000; t++) {
      const grid = randomGrid(rand, 1 + rand(24), 1 + rand(24), rand(30));
      const a = rand(grid.cols * grid.rows);
      const b = rand(grid.cols * grid.rows);
      const los = hasLineOfSight(grid, a, b);
      expect(los, `${a}->${b}`).toBe(referenceLos(grid, a, b));
      expect(hasLineOfSight(grid, b, a)).toBe(los);
      if (los) clear++;
      else notClear++;
    }
    expect(clear).toBeGreaterThan(500);
    expect(notClear).toBeGreaterThan(500);
  });

  it('refuses a diagonal squeeze between two walls and a grazed wall corner', () => {
    const pinch: NavGrid = { cols: 2, rows: 2, blocked: Uint8Array.of(0, 1, 1, 0) };
    expect(hasLineOfSight(pinch, 0, 3)).toBe(false);
    // 4×2: from (0,0) to (3,1) passes exactly through the corner point (2,1); cell (1,1) is a wall.
    const graze: NavGrid = { cols: 4, rows: 2, blocked: Uint8Array.of(0, 0, 0, 0, 0, 1, 0, 0) };
    expect(hasLineOfSight(graze, 0, 7)).toBe(false);
    graze.blocked[5] = 0;
    expect(hasLineOfSight(graze, 0, 7)).toBe(true);
  });

  it('segmentClear: clear segments only visit free cells (dense sampling), walls on the line are seen', () => {
    const rand = rng(8);
    const FX = FX_ONE;
    for (let t = 0; t < 2000; t++) {
      const grid = randomGrid(rand, 1 + rand(12), 1 + rand(12), rand(30));
      const [x0, y0, x1, y1] = [rand(grid.cols * FX), rand(grid.rows * FX), rand(grid.cols * FX), rand(grid.rows * FX)];
      let sampledClear = true;
      for (let k = 0; k <= 512; k++) {
        const c = Math.floor((x0 + ((x1 - x0) * k) / 512) / FX);
        const r = Math.floor((y0 + ((y1 - y0) * k) / 512) / FX);
        if (grid.blocked[r * grid.cols + c]) sampledClear = false;
      }
      if (segmentClear(grid, x0, y0, x1, y1)) expect(sampledClear).toBe(true);
    }
    expect(segmentClear({ cols: 2, rows: 1, blocked: Uint8Array.of(0, 0) }, -1, 10, 100, 10)).toBe(false);
  });
});

describe('smoothPath', () => {
  it('keeps the ends, never adds waypoints, and every segment has line of sight and touches only free cells', () => {
    const rand = rng(1234);
    let reduced = 0;
    for (let t = 0; t < 300; t++) {
      const grid = randomGrid(rand, 2 + rand(50), 2 + rand(50), rand(35));
      const astar = new AStar(grid);
      const res = astar.findPath(randomFreeCell(rand, grid), randomFreeCell(rand, grid));
      if (res.status !== PathStatus.Found) continue;
      const out = new Int32Array(res.length);
      const n = smoothPath(grid, res.path, res.length, out);
      expect(n).toBeLessThanOrEqual(res.length);
      expect(out[0]).toBe(res.path[0]);
      expect(out[n - 1]).toBe(res.path[res.length - 1]);
      // Waypoints are path cells, in path order.
      let j = 0;
      for (let k = 0; k < n; k++) {
        while (j < res.length && res.path[j] !== out[k]) j++;
        expect(j, `waypoint ${k} not on the path in order`).toBeLessThan(res.length);
      }
      for (let k = 1; k < n; k++) {
        expect(hasLineOfSight(grid, out[k - 1]!, out[k]!)).toBe(true);
        expect(referenceLos(grid, out[k - 1]!, out[k]!)).toBe(true);
      }
      if (n < res.length) reduced++;
    }
    expect(reduced).toBeGreaterThan(100);
  });

  it('turns a staircase on an open grid into one segment, and works in place', () => {
    const grid: NavGrid = { cols: 20, rows: 7, blocked: new Uint8Array(140) };
    const res = new AStar(grid).findPath(0, 139);
    expect(res.length).toBe(20);
    const path = res.path.slice(0, res.length);
    expect(smoothPath(grid, path, path.length, path)).toBe(2);
    expect([path[0], path[1]]).toEqual([0, 139]);
  });

  it('routes around a wall with segments that all have line of sight', () => {
    // A wall column with a gap at the bottom: the path must turn at the gap.
    const rows = ['.....#.....', '.....#.....', '.....#.....', '...........'];
    const blocked = Uint8Array.from(rows.join(''), (ch) => (ch === '#' ? 1 : 0));
    const grid: NavGrid = { cols: 11, rows: 4, blocked };
    const res = new AStar(grid).findPath(0, 10);
    const out = new Int32Array(res.length);
    const n = smoothPath(grid, res.path, res.length, out);
    expect(n).toBeGreaterThanOrEqual(3);
    for (let k = 1; k < n; k++) expect(hasLineOfSight(grid, out[k - 1]!, out[k]!)).toBe(true);
    expect(hasLineOfSight(grid, 0, 10)).toBe(false);
  });

  it('rejects a too-short output buffer', () => {
    const grid: NavGrid = { cols: 3, rows: 1, blocked: new Uint8Array(3) };
    expect(() => smoothPath(grid, Int32Array.of(0, 1, 2), 3, new Int32Array(2))).toThrow(RangeError);
  });
});
