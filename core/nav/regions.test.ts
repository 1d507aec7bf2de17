import { describe, expect, it } from 'vitest';
import { octile } from './NavGrid';
import { nearestInRegion, regionLabels } from './regions';
import { dijkstra, gridFrom, randomFreeCell, randomGrid, rng } from './test/fixtures';

describe('regions', () => {
  it('labels 4-connected free cells, numbered by their lowest cell; a diagonal contact does not join', () => {
    // Rooms meeting only at a corner (cells 2 and 7) cannot be joined without cutting it.
    const grid = gridFrom(['..#..', '##.##', '#.#..']);
    expect(Array.from(regionLabels(grid))).toEqual([0, 0, -1, 1, 1, -1, -1, 2, -1, -1, -1, 3, -1, 4, 4]);
  });

  it('puts two free cells in one region exactly when a path joins them (reference Dijkstra)', () => {
    const rand = rng(71);
    for (let t = 0; t < 120; t++) {
      const grid = randomGrid(rand, 1 + rand(30), 1 + rand(30), rand(55));
      const labels = regionLabels(grid);
      const start = randomFreeCell(rand, grid);
      if (start < 0) continue;
      const dist = dijkstra(grid, start);
      for (let i = 0; i < labels.length; i++) {
        expect(labels[i]! >= 0).toBe(grid.blocked[i] === 0);
        if (grid.blocked[i] === 0) expect(labels[i] === labels[start]).toBe(dist[i]! >= 0);
      }
    }
  });

  it('finds the region cell nearest a target by octile distance, ties to the lower index', () => {
    // Left room: columns 0-2 of rows 0 and 2, 0-1 of row 1. From target (5, 1), cells (2, 0) and
    // (2, 2) tie at 3 columns and 1 row: the lower index, 2, wins; (1, 1) is 4 columns away.
    const grid = gridFrom(['...#....', '..##....', '...#....']);
    const labels = regionLabels(grid);
    expect(nearestInRegion(grid, labels, labels[0]!, 13)).toBe(2);
    expect(nearestInRegion(grid, labels, labels[0]!, 7)).toBe(2); // (7, 0): row 0's end
    expect(nearestInRegion(grid, labels, 7, 0)).toBe(-1); // no such region
    const rand = rng(5);
    const random = randomGrid(rand, 25, 20, 30);
    const rl = regionLabels(random);
    for (let q = 0; q < 30; q++) {
      const [from, target] = [randomFreeCell(rand, random), rand(random.blocked.length)];
      const got = nearestInRegion(random, rl, rl[from]!, target);
      const d = (i: number): number => octile((i % 25) - (target % 25), Math.floor(i / 25) - Math.floor(target / 25));
      const best = [...rl.keys()].filter((i) => rl[i] === rl[from]).sort((a, b) => d(a) - d(b) || a - b)[0];
      expect(got).toBe(best);
    }
  });
});
