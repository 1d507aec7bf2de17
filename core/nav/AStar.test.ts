import { describe, expect, it } from 'vitest';
import { AStar, PathStatus } from './AStar';
import type { NavGrid } from './NavGrid';
import { nearestFreeCell, octile, pathCost, STEP_DIAGONAL, STEP_STRAIGHT } from './NavGrid';
import { dijkstra, randomFreeCell, randomGrid, rng } from './test/fixtures';

/** Independent move check: 8-adjacent, both cells free, a diagonal needs both edge cells free. */
function assertLegalPath(grid: NavGrid, path: Int32Array, length: number): void {
  const { cols, blocked } = grid;
  for (let i = 0; i < length; i++) expect(blocked[path[i]!], `cell ${path[i]} is a wall`).toBe(0);
  for (let i = 1; i < length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const dc = (b % cols) - (a % cols);
    const dr = Math.floor(b / cols) - Math.floor(a / cols);
    expect(Math.max(Math.abs(dc), Math.abs(dr)), `step ${a}->${b}`).toBe(1);
    if (dc !== 0 && dr !== 0) {
      const sideA = Math.floor(a / cols) * cols + (b % cols);
      const sideB = Math.floor(b / cols) * cols + (a % cols);
      expect(blocked[sideA] === 0 && blocked[sideB] === 0, `corner cut ${a}->${b}`).toBe(true);
    }
  }
}

function gridFrom(rows: string[]): NavGrid {
  const cols = rows[0]!.length;
  const blocked = new Uint8Array(cols * rows.length);
  rows.forEach((row, r) => [...row].forEach((ch, c) => (blocked[r * cols + c] = ch === '#' ? 1 : 0)));
  return { cols, rows: rows.length, blocked };
}

describe('AStar', () => {
  it.each([0, 3, 8])('finds optimal paths (equal to Dijkstra) on random grids, and no-path exactly when unreachable (%i landmarks)', (landmarks) => {
    const rand = rng(0xa57a5 + landmarks);
    let found = 0;
    let unreachable = 0;
    for (let t = 0; t < 300; t++) {
      const grid = randomGrid(rand, 2 + rand(40), 2 + rand(40), rand(50));
      const astar = new AStar(grid, { landmarks });
      const start = randomFreeCell(rand, grid);
      if (start < 0) continue;
      const dist = dijkstra(grid, start);
      for (let q = 0; q < 8; q++) {
        const goal = randomFreeCell(rand, grid);
        const res = astar.findPath(start, goal);
        if (dist[goal] === -1) {
          unreachable++;
          expect(res.status).toBe(PathStatus.NoPath);
          continue;
        }
        found++;
        expect(res.status).toBe(PathStatus.Found);
        expect(res.cost).toBe(dist[goal]);
        expect(res.path[0]).toBe(start);
        expect(res.path[res.length - 1]).toBe(goal);
        assertLegalPath(grid, res.path, res.length);
        expect(pathCost(grid, res.path, res.length)).toBe(res.cost);
      }
    }
    expect(found).toBeGreaterThan(1000);
    expect(unreachable).toBeGreaterThan(100);
  });

  it('never cuts a corner, even when the diagonal would be cheaper', () => {
    const grid = gridFrom(['..#', '.#.', '...']);
    const res = new AStar(grid).findPath(0, 8);
    expect(res.status).toBe(PathStatus.Found);
    expect(Array.from(res.path.subarray(0, res.length))).toEqual([0, 3, 6, 7, 8]);
    // Two walls touching at a corner: no squeezing through diagonally.
    const pinch = gridFrom(['.#', '#.']);
    expect(new AStar(pinch).findPath(0, 3).status).toBe(PathStatus.NoPath);
  });

  it('uses the documented integer costs', () => {
    const grid = gridFrom(['....', '....', '....']);
    const res = new AStar(grid).findPath(0, 11);
    expect(res.cost).toBe(2 * STEP_DIAGONAL + STEP_STRAIGHT);
    expect(res.cost).toBe(octile(3, 2));
    expect(res.length).toBe(4);
  });

  it.each([0, 8])('is deterministic: same query twice, interleaved queries and fresh instances give the same path (%i landmarks)', (landmarks) => {
    const rand = rng(77);
    const grid = randomGrid(rand, 64, 64, 20);
    const queries = Array.from({ length: 40 }, () => [randomFreeCell(rand, grid), randomFreeCell(rand, grid)] as const);
    const shared = new AStar(grid, { landmarks });
    const run = (astar: AStar, s: number, g: number): number[] => {
      const res = astar.findPath(s, g);
      return [res.cost, ...res.path.subarray(0, res.length)];
    };
    const first = queries.map(([s, g]) => run(shared, s, g));
    const again = [...queries].reverse().map(([s, g]) => run(shared, s, g)).reverse();
    const fresh = queries.map(([s, g]) => run(new AStar(grid, { landmarks }), s, g));
    expect(again).toEqual(first);
    expect(fresh).toEqual(first);
  });

  it('breaks ties towards smaller h and then smaller index (a fixed path on an open grid)', () => {
    const grid = gridFrom(['.....', '.....', '.....']);
    const res = new AStar(grid).findPath(0, 14);
    // Among equal-cost paths, the (f, h, index) order makes this one come out; any change of order shows.
    expect(Array.from(res.path.subarray(0, res.length))).toEqual([0, 6, 12, 13, 14]);
  });

  it('between two mirror-image routes of equal cost, takes the one through lower cell indices', () => {
    const grid = gridFrom(['.....', '.###.', '.###.', '.###.', '.....']);
    const res = new AStar(grid).findPath(2, 22);
    expect(Array.from(res.path.subarray(0, res.length))).toEqual([2, 1, 0, 5, 10, 15, 20, 21, 22]);
  });

  it('stops at the budget with the best partial path, and a large enough budget finds the path', () => {
    const rand = rng(5);
    const grid = randomGrid(rand, 80, 80, 15);
    const astar = new AStar(grid);
    let checked = 0;
    for (let q = 0; q < 30; q++) {
      const start = randomFreeCell(rand, grid);
      const goal = randomFreeCell(rand, grid);
      const full = astar.findPath(start, goal);
      if (full.status !== PathStatus.Found || full.expanded < 20) continue;
      const fullExpanded = full.expanded;
      const fullCost = full.cost;
      const part = astar.findPath(start, goal, { budget: 10 });
      expect(part.status).toBe(PathStatus.Budget);
      expect(part.expanded).toBe(10);
      expect(part.path[0]).toBe(start);
      assertLegalPath(grid, part.path, part.length);
      const endCell = part.path[part.length - 1]!;
      const h = (i: number): number => octile((i % 80) - (goal % 80), Math.floor(i / 80) - Math.floor(goal / 80));
      expect(h(endCell)).toBeLessThan(h(start));
      expect(pathCost(grid, part.path, part.length)).toBe(part.cost);
      const enough = astar.findPath(start, goal, { budget: fullExpanded });
      expect(enough.status).toBe(PathStatus.Found);
      expect(enough.cost).toBe(fullCost);
      expect(astar.findPath(start, goal, { budget: fullExpanded - 1 }).status).toBe(PathStatus.Budget);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('a budget of 0 returns the start alone', () => {
    const grid = gridFrom(['....']);
    const res = new AStar(grid).findPath(0, 3, { budget: 0 });
    expect(res.status).toBe(PathStatus.Budget);
    expect(res.length).toBe(1);
    expect(res.path[0]).toBe(0);
  });

  it('on no-path, leads to the reachable cell nearest the goal', () => {
    const grid = gridFrom(['....#.', '....#.', '....#.']);
    const res = new AStar(grid).findPath(0, 11);
    expect(res.status).toBe(PathStatus.NoPath);
    expect(res.path[res.length - 1]).toBe(9); // row 1, col 3: beside the wall, level with the goal
  });

  it('reports invalid for out-of-range or blocked ends, and can retarget a blocked goal', () => {
    const grid = gridFrom(['.....', '..##.', '..##.', '.....']);
    const astar = new AStar(grid);
    expect(astar.findPath(-1, 4).status).toBe(PathStatus.Invalid);
    expect(astar.findPath(0, 20).status).toBe(PathStatus.Invalid);
    expect(astar.findPath(0, 1.5).status).toBe(PathStatus.Invalid);
    expect(astar.findPath(7, 0).status).toBe(PathStatus.Invalid);
    const blockedGoal = astar.findPath(0, 13);
    expect(blockedGoal.status).toBe(PathStatus.Invalid);
    expect(blockedGoal.length).toBe(0);
    const retargeted = astar.findPath(0, 13, { retargetRadius: 3 });
    expect(retargeted.status).toBe(PathStatus.Found);
    expect(retargeted.goal).toBe(nearestFreeCell(grid, 13, 3));
    expect(retargeted.goal).toBe(14); // (4,2)=14 and (3,3)=18 are both 1 away: lower index wins
    expect(retargeted.path[retargeted.length - 1]).toBe(14);
  });

  it('start equal to goal is a one-cell path of cost 0', () => {
    const res = new AStar(gridFrom(['...'])).findPath(1, 1);
    expect([res.status, res.length, res.cost, res.path[0]]).toEqual([PathStatus.Found, 1, 0, 1]);
  });

  it('stays correct across a generation wrap-around', () => {
    const rand = rng(9);
    const grid = randomGrid(rand, 30, 30, 25);
    const astar = new AStar(grid);
    const s = randomFreeCell(rand, grid);
    const g = randomFreeCell(rand, grid);
    const before = astar.findPath(s, g);
    const expected = [before.status, before.cost, Array.from(before.path.subarray(0, before.length))];
    (astar as unknown as { generation: number }).generation = 0x7fffffff - 1;
    for (let i = 0; i < 3; i++) {
      const res = astar.findPath(s, g);
      expect([res.status, res.cost, Array.from(res.path.subarray(0, res.length))]).toEqual(expected);
    }
  });

  it('reuses its buffers: setGrid on a same-size grid keeps them and searches the new walls', () => {
    const a = gridFrom(['...', '...', '...']);
    const b = gridFrom(['...', '##.', '...']);
    const astar = new AStar(a);
    const path = astar.findPath(0, 6).path;
    astar.setGrid(b);
    const res = astar.findPath(0, 6);
    expect(res.path).toBe(path);
    expect(res.cost).toBe(6 * STEP_STRAIGHT); // around the wall, no corner cutting at its end
  });

  it('with landmarks, expands fewer nodes for the same optimal cost, and rebuilds them in setGrid', () => {
    const rand = rng(99);
    const grid = randomGrid(rand, 96, 96, 20);
    const plain = new AStar(grid);
    const alt = new AStar(grid, { landmarks: 8 });
    let plainExpanded = 0;
    let altExpanded = 0;
    for (let q = 0; q < 40; q++) {
      const [s, g] = [randomFreeCell(rand, grid), randomFreeCell(rand, grid)];
      const a = plain.findPath(s, g);
      const [cost, expanded] = [a.cost, a.expanded];
      const b = alt.findPath(s, g);
      expect(b.cost).toBe(cost);
      plainExpanded += expanded;
      altExpanded += b.expanded;
    }
    expect(altExpanded).toBeLessThan(plainExpanded);
    // Walls added after construction: setGrid re-reads them and paths are optimal again.
    for (let i = 0; i < grid.blocked.length; i += 7) grid.blocked[i] = 1;
    alt.setGrid(grid);
    const s = randomFreeCell(rand, grid);
    const dist = dijkstra(grid, s);
    for (let q = 0; q < 40; q++) {
      const g = randomFreeCell(rand, grid);
      const res = alt.findPath(s, g);
      expect(res.status === PathStatus.Found ? res.cost : -1).toBe(dist[g]);
    }
  });

  it('run in slices (begin/resume), gives exactly the result of findPath however it is sliced', () => {
    const rand = rng(4242);
    const statuses = new Set<string>();
    for (let t = 0; t < 60; t++) {
      const grid = randomGrid(rand, 5 + rand(40), 5 + rand(40), rand(45));
      const astar = new AStar(grid, { landmarks: rand(2) * 4 });
      const [s, g] = [randomFreeCell(rand, grid), randomFreeCell(rand, grid)];
      const options = { budget: rand(3) === 0 ? rand(200) : undefined };
      const whole = astar.findPath(s, g, options);
      const expected = [whole.status, whole.cost, whole.expanded, whole.goal, ...whole.path.subarray(0, whole.length)];
      statuses.add(whole.status);
      let res = astar.begin(s, g, options);
      let slices = 0;
      while (res.status === PathStatus.Running) {
        expect(res.length).toBe(0);
        res = astar.resume(rand(3) === 0 ? 0 : 1 + rand(50));
        slices++;
      }
      expect([res.status, res.cost, res.expanded, res.goal, ...res.path.subarray(0, res.length)]).toEqual(expected);
      expect(slices).toBeGreaterThan(0);
      expect(astar.resume(10)).toBe(res); // finished: a no-op
      expect(res.expanded).toBe(expected[2]);
    }
    expect([...statuses].sort()).toEqual([PathStatus.Budget, PathStatus.Found, PathStatus.NoPath].sort());
  });

  it('findPath abandons a sliced search; begin reports invalid ends at once', () => {
    const grid = gridFrom(['......', '......', '......']);
    const astar = new AStar(grid);
    expect(astar.begin(0, 17).status).toBe(PathStatus.Running);
    astar.resume(2);
    const res = astar.findPath(12, 5);
    expect([res.status, res.path[0], res.path[res.length - 1]]).toEqual([PathStatus.Found, 12, 5]);
    expect(astar.resume(100).status).toBe(PathStatus.Found);
    expect(astar.begin(0, 99).status).toBe(PathStatus.Invalid);
  });

  it('rejects malformed grids', () => {
    expect(() => new AStar({ cols: 3, rows: 3, blocked: new Uint8Array(8) })).toThrow(RangeError);
    expect(() => new AStar({ cols: 1024, rows: 1024, blocked: new Uint8Array(1 << 20) })).toThrow(RangeError);
  });
});

describe('nearestFreeCell', () => {
  it('matches a brute-force nearest (squared distance, then index)', () => {
    const rand = rng(31);
    for (let t = 0; t < 200; t++) {
      const grid = randomGrid(rand, 1 + rand(20), 1 + rand(20), 40 + rand(60));
      const cell = rand(grid.cols * grid.rows);
      const radius = rand(8);
      let best = -1;
      let bestD = Infinity;
      const c0 = cell % grid.cols;
      const r0 = Math.floor(cell / grid.cols);
      for (let i = 0; i < grid.cols * grid.rows; i++) {
        const dc = (i % grid.cols) - c0;
        const dr = Math.floor(i / grid.cols) - r0;
        if (grid.blocked[i] || Math.max(Math.abs(dc), Math.abs(dr)) > radius) continue;
        const d = dc * dc + dr * dr;
        if (d < bestD) [best, bestD] = [i, d];
      }
      expect(nearestFreeCell(grid, cell, radius)).toBe(best);
    }
  });
});
