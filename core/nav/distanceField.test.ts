import { describe, expect, it } from 'vitest';
import { buildLandmarkTable, distanceField, landmarkCells } from './distanceField';
import type { NavGrid } from './NavGrid';
import { octile } from './NavGrid';
import { dijkstra, randomFreeCell, randomGrid, rng } from './test/fixtures';

describe('distanceField', () => {
  it('equals the reference Dijkstra on random grids, -1 where unreachable', () => {
    const rand = rng(11);
    for (let t = 0; t < 150; t++) {
      const grid = randomGrid(rand, 1 + rand(30), 1 + rand(30), rand(45));
      const source = randomFreeCell(rand, grid);
      if (source < 0) continue;
      const out = new Int32Array(grid.cols * grid.rows);
      distanceField(grid, source, out);
      expect(Array.from(out)).toEqual(Array.from(dijkstra(grid, source)));
    }
  });

  it('is all -1 from a blocked source', () => {
    const grid: NavGrid = { cols: 2, rows: 1, blocked: Uint8Array.of(1, 0) };
    const out = new Int32Array(2);
    distanceField(grid, 0, out);
    expect(Array.from(out)).toEqual([-1, -1]);
  });
});

describe('landmarks', () => {
  it('places free, distinct landmarks deterministically around the border', () => {
    const grid: NavGrid = { cols: 10, rows: 6, blocked: new Uint8Array(60) };
    // Perimeter 28 steps, a landmark every 7: (0,0), (7,0), (9,5), (2,5).
    expect(landmarkCells(grid, 4)).toEqual([0, 7, 59, 52]);
    grid.blocked[0] = 1;
    expect(landmarkCells(grid, 4)[0]).toBe(1); // moved to the nearest free cell (1 and 10 tie: lower index)
    expect(landmarkCells({ cols: 2, rows: 2, blocked: Uint8Array.of(1, 1, 1, 1) }, 4)).toEqual([]);
  });

  it('bounds satisfy |d(L,a) - d(L,b)| ≤ d(a,b) for every pair (admissible; for neighbours, consistent)', () => {
    const rand = rng(12);
    for (let t = 0; t < 30; t++) {
      const grid = randomGrid(rand, 5 + rand(25), 5 + rand(25), rand(35));
      const k = 1 + rand(8);
      const table = buildLandmarkTable(grid, k);
      const kk = table.length / (grid.cols * grid.rows);
      const a = randomFreeCell(rand, grid);
      if (a < 0) continue;
      const da = dijkstra(grid, a);
      for (let b = 0; b < da.length; b++) {
        if (da[b]! < 0) continue;
        for (let i = 0; i < kk; i++) {
          const [la, lb] = [table[a * kk + i]!, table[b * kk + i]!];
          if (la >= 0 && lb >= 0) expect(Math.abs(la - lb)).toBeLessThanOrEqual(da[b]!);
        }
        // The octile part alone is admissible too (sanity of the reference).
        expect(octile((a % grid.cols) - (b % grid.cols), Math.floor(a / grid.cols) - Math.floor(b / grid.cols))).toBeLessThanOrEqual(da[b]!);
      }
    }
  });
});
