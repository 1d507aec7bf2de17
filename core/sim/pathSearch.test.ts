/** The resumable A* agrees with core/nav's AStar and gives the same result however it is sliced. */
import { describe, expect, it } from 'vitest';
import { createRng, rngInt } from '../math';
import { AStar, PathStatus, pathCost, type NavGrid } from '../nav';
import { PathSearch, SearchStatus } from './pathSearch';

function randomGrid(seed: number, cols: number, rows: number, wallPct: number): NavGrid {
  const r = createRng(seed);
  const blocked = new Uint8Array(cols * rows);
  for (let i = 0; i < blocked.length; i++) blocked[i] = rngInt(r, 100) < wallPct ? 1 : 0;
  return { cols, rows, blocked };
}

function freeCell(r: Int32Array, g: NavGrid): number {
  for (;;) {
    const c = rngInt(r, g.cols * g.rows);
    if (g.blocked[c] === 0) return c;
  }
}

const STATUS = { [PathStatus.Found]: SearchStatus.Found, [PathStatus.NoPath]: SearchStatus.NoPath, [PathStatus.Budget]: SearchStatus.Budget } as Record<string, number>;

describe('PathSearch', () => {
  it('finds paths of the same (optimal) cost as core/nav AStar, with the same outcome', () => {
    for (let seed = 0; seed < 12; seed++) {
      const grid = randomGrid(seed, 40 + seed * 3, 30 + seed, 15 + seed * 2);
      const nav = new AStar(grid);
      const ours = new PathSearch(grid);
      const r = createRng(seed + 100);
      const out = new Int32Array(grid.cols * grid.rows);
      for (let q = 0; q < 40; q++) {
        const start = freeCell(r, grid);
        const goal = freeCell(r, grid);
        const budget = q % 5 === 0 ? 50 : grid.cols * grid.rows;
        const ref = nav.findPath(start, goal, { budget });
        ours.begin(start, goal);
        const status = ours.run(budget, budget);
        expect(status).toBe(STATUS[ref.status]);
        const n = ours.writePath(out);
        expect(out[0]).toBe(start);
        if (status === SearchStatus.Found) {
          expect(out[n - 1]).toBe(goal);
          expect(pathCost(grid, out, n)).toBe(ref.cost);
        } else {
          expect(pathCost(grid, out, n)).toBeGreaterThanOrEqual(0); // a legal partial path
        }
      }
    }
  });

  it('gives the identical path and expansion count however the work is sliced', () => {
    const grid = randomGrid(77, 90, 70, 30);
    const whole = new PathSearch(grid);
    const sliced = new PathSearch(grid);
    const r = createRng(5);
    const a = new Int32Array(grid.cols * grid.rows);
    const b = new Int32Array(grid.cols * grid.rows);
    for (let q = 0; q < 60; q++) {
      const start = freeCell(r, grid);
      const goal = freeCell(r, grid);
      whole.begin(start, goal);
      const s1 = whole.run(1e9, 3000);
      sliced.begin(start, goal);
      let s2: SearchStatus = SearchStatus.Running;
      let slices = 0;
      while (s2 === SearchStatus.Running) {
        s2 = sliced.run(1 + rngInt(r, 40), 3000);
        slices++;
      }
      expect(s2).toBe(s1);
      expect(sliced.expanded).toBe(whole.expanded);
      const n = whole.writePath(a);
      expect(sliced.writePath(b)).toBe(n);
      expect(Array.from(b.subarray(0, n))).toEqual(Array.from(a.subarray(0, n)));
      if (whole.expanded > 40) expect(slices).toBeGreaterThan(1);
    }
  });

  it('a restarted search run to the same expansion count continues exactly like the original', () => {
    const grid = randomGrid(9, 60, 60, 25);
    const original = new PathSearch(grid);
    const redone = new PathSearch(grid);
    const r = createRng(9);
    const a = new Int32Array(3600);
    const b = new Int32Array(3600);
    for (let q = 0; q < 30; q++) {
      const start = freeCell(r, grid);
      const goal = freeCell(r, grid);
      original.begin(start, goal);
      original.run(37, 5000);
      redone.begin(start, goal);
      redone.run(original.expanded, 5000);
      expect(original.run(1e9, 5000)).toBe(redone.run(1e9, 5000));
      const n = original.writePath(a);
      expect(redone.writePath(b)).toBe(n);
      expect(Array.from(b.subarray(0, n))).toEqual(Array.from(a.subarray(0, n)));
    }
  });
});
