import { describe, expect, it } from 'vitest';
import { AStar } from './AStar';
import { buildLandmarkTable } from './distanceField';
import { JUMP_POINT_WORK, JumpPointSearch } from './JumpPointSearch';
import { hasLineOfSight } from './lineOfSight';
import type { NavGrid } from './NavGrid';
import { nearestFreeCell, octile, pathCost, STEP_DIAGONAL, STEP_STRAIGHT } from './NavGrid';
import { PathStatus, type PathResult } from './pathResult';
import { smoothPath } from './smoothPath';
import { dijkstra, gridFrom, illegalStep, randomFreeCell, randomGrid, rng } from './test/fixtures';

/** status, cost, expanded, goal, then the cells: a result as one comparable array. */
const snapshot = (res: PathResult): number[] => [res.cost, res.expanded, res.goal, ...res.path.subarray(0, res.length)];

/** Every query from one random start on `grid` checked against Dijkstra; returns [found, unreachable]. */
function checkAgainstDijkstra(grid: NavGrid, jps: JumpPointSearch, rand: (n: number) => number, queries: number): [number, number] {
  const start = randomFreeCell(rand, grid);
  if (start < 0) return [0, 0];
  const dist = dijkstra(grid, start);
  let [found, unreachable] = [0, 0];
  for (let q = 0; q < queries; q++) {
    const goal = randomFreeCell(rand, grid);
    const res = jps.findPath(start, goal);
    if (dist[goal] === -1) {
      unreachable++;
      expect(res.status).toBe(PathStatus.NoPath);
      continue;
    }
    found++;
    expect([res.status, res.cost, res.path[0], res.path[res.length - 1]]).toEqual([PathStatus.Found, dist[goal], start, goal]);
    expect(illegalStep(grid, res.path, res.length)).toBeUndefined();
    expect(pathCost(grid, res.path, res.length)).toBe(res.cost);
  }
  return [found, unreachable];
}

describe('JumpPointSearch', () => {
  it.each([0, 3, 8, 16, 32])('finds optimal legal cell paths (Dijkstra) on random grids, no-path exactly when unreachable (%i landmarks)', (landmarks) => {
    const rand = rng(0x1b5 + landmarks);
    let [found, unreachable] = [0, 0];
    for (let t = 0; t < 400; t++) {
      const grid = randomGrid(rand, 1 + rand(48), 1 + rand(48), rand(50));
      const [f, u] = checkAgainstDijkstra(grid, new JumpPointSearch(grid, { landmarks }), rand, 8);
      [found, unreachable] = [found + f, unreachable + u];
    }
    expect(found).toBeGreaterThan(1500);
    expect(unreachable).toBeGreaterThan(150);
  });

  it('never cuts a corner, and turns at forced neighbours (corners behind it) to reach the goal', () => {
    const bend = new JumpPointSearch(gridFrom(['..#', '.#.', '...']));
    expect(Array.from(bend.findPath(0, 8).path.subarray(0, 5))).toEqual([0, 3, 6, 7, 8]);
    expect(new JumpPointSearch(gridFrom(['.#', '#.'])).findPath(0, 3).status).toBe(PathStatus.NoPath);
    // Going east along row 1, the walls above end at columns 2 and 5: forced turns up from there.
    const grid = gridFrom(['#.#..#.', '.......', '#######']);
    const jps = new JumpPointSearch(grid);
    for (const goal of [1, 3, 4, 6]) {
      const res = jps.findPath(7, goal);
      expect([res.status, res.cost]).toEqual([PathStatus.Found, dijkstra(grid, 7)[goal]]);
      expect(illegalStep(grid, res.path, res.length)).toBeUndefined();
    }
  });

  it('expands far fewer nodes than AStar for the same results, with and without landmarks', () => {
    const rand = rng(606);
    const grid = randomGrid(rand, 96, 96, 25);
    for (const landmarks of [0, 8]) {
      const [astar, jps] = [new AStar(grid, { landmarks }), new JumpPointSearch(grid, { landmarks })];
      let [cells, jumpPoints] = [0, 0];
      for (let q = 0; q < 40; q++) {
        const [s, g] = [randomFreeCell(rand, grid), randomFreeCell(rand, grid)];
        const a = astar.findPath(s, g);
        const [status, cost, expanded] = [a.status, a.cost, a.expanded];
        const j = jps.findPath(s, g);
        expect(j.status).toBe(status);
        if (status === PathStatus.Found) expect(j.cost).toBe(cost);
        [cells, jumpPoints] = [cells + expanded, jumpPoints + jps.jumpPoints];
      }
      expect(jumpPoints).toBeLessThan(0.6 * cells);
    }
  });

  it('gives paths smoothPath can string-pull (every waypoint segment has line of sight)', () => {
    const rand = rng(17);
    const grid = randomGrid(rand, 40, 40, 20);
    const jps = new JumpPointSearch(grid);
    const waypoints = new Int32Array(grid.cols * grid.rows);
    for (let q = 0; q < 30; q++) {
      const res = jps.findPath(randomFreeCell(rand, grid), randomFreeCell(rand, grid));
      if (res.status !== PathStatus.Found) continue;
      const n = smoothPath(grid, res.path, res.length, waypoints);
      expect([waypoints[0], waypoints[n - 1]]).toEqual([res.path[0], res.path[res.length - 1]]);
      for (let i = 1; i < n; i++) expect(hasLineOfSight(grid, waypoints[i - 1]!, waypoints[i]!)).toBe(true);
    }
  });

  it.each([0, 8])('is deterministic: repeated, interleaved and fresh-instance queries give the same path (%i landmarks)', (landmarks) => {
    const rand = rng(78);
    const grid = randomGrid(rand, 64, 64, 20);
    const queries = Array.from({ length: 40 }, () => [randomFreeCell(rand, grid), randomFreeCell(rand, grid)] as const);
    const shared = new JumpPointSearch(grid, { landmarks });
    const first = queries.map(([s, g]) => snapshot(shared.findPath(s, g)));
    const again = [...queries].reverse().map(([s, g]) => snapshot(shared.findPath(s, g))).reverse();
    const fresh = queries.map(([s, g]) => snapshot(new JumpPointSearch(grid, { landmarks }).findPath(s, g)));
    expect(again).toEqual(first);
    expect(fresh).toEqual(first);
  });

  it('breaks ties deterministically: a fixed path on an open grid, diagonal first', () => {
    const res = new JumpPointSearch(gridFrom(['.....', '.....', '.....'])).findPath(0, 14);
    expect(res.cost).toBe(2 * STEP_DIAGONAL + 2 * STEP_STRAIGHT);
    expect(Array.from(res.path.subarray(0, res.length))).toEqual([0, 6, 12, 13, 14]);
  });

  it('counts work: JUMP_POINT_WORK a jump point plus every cell its scans stepped onto', () => {
    // One row: the start's only scan (east) steps onto 7 cells and finds the goal.
    const row = new JumpPointSearch(gridFrom(['........'])).findPath(0, 7);
    expect([row.status, row.expanded]).toEqual([PathStatus.Found, JUMP_POINT_WORK + 7]);
    // The scan east stops on the wall (3 cells); nothing else is open: one jump point, no path.
    const walled = new JumpPointSearch(gridFrom(['...#.']));
    const res = walled.findPath(0, 4);
    expect([res.status, res.expanded, walled.jumpPoints]).toEqual([PathStatus.NoPath, JUMP_POINT_WORK + 3, 1]);
  });

  it('stops at the first expansion whose work reaches the budget, with a legal partial path', () => {
    const rand = rng(5);
    const grid = randomGrid(rand, 80, 80, 15);
    const jps = new JumpPointSearch(grid);
    const h = (i: number, goal: number): number => octile((i % 80) - (goal % 80), Math.floor(i / 80) - Math.floor(goal / 80));
    let checked = 0;
    for (let q = 0; q < 40; q++) {
      const [start, goal] = [randomFreeCell(rand, grid), randomFreeCell(rand, grid)];
      // work[i]: the work after i expansions, while the goal is not on top (resume(1) runs exactly
      // one expansion: each costs JUMP_POINT_WORK or more).
      const work: number[] = [];
      for (let res = jps.begin(start, goal); res.status === PathStatus.Running; res = jps.resume(1)) work.push(res.expanded);
      const full = jps.findPath(start, goal);
      if (full.status !== PathStatus.Found || jps.jumpPoints < 6) continue;
      const [fullWork, fullCost, m] = [full.expanded, full.cost, jps.jumpPoints];
      expect(work.length).toBe(m); // the m-th expansion puts the goal on top: found
      for (const budget of [0, 5, work[3]!, work[3]! + 1, work[m - 1]!, rand(work[m - 1]!)]) {
        const part = jps.findPath(start, goal, { budget });
        const stop = work.findIndex((w) => w >= budget);
        expect([part.status, part.expanded, jps.jumpPoints, part.path[0]]).toEqual([PathStatus.Budget, work[stop], stop, start]);
        expect(illegalStep(grid, part.path, part.length)).toBeUndefined();
        expect(pathCost(grid, part.path, part.length)).toBe(part.cost);
        expect(h(part.path[part.length - 1]!, goal)).toBeLessThanOrEqual(h(start, goal));
      }
      expect([jps.findPath(start, goal, { budget: work[m - 1]! + 1 }).cost, jps.findPath(start, goal, { budget: fullWork }).cost]).toEqual([fullCost, fullCost]);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
    const zero = new JumpPointSearch(gridFrom(['....'])).findPath(0, 3, { budget: 0 });
    expect([zero.status, zero.length, zero.path[0]]).toEqual([PathStatus.Budget, 1, 0]);
  });

  it('run in slices (begin/resume), gives exactly the result of findPath however it is sliced', () => {
    const rand = rng(4243);
    const statuses = new Set<string>();
    for (let t = 0; t < 80; t++) {
      const grid = randomGrid(rand, 5 + rand(40), 5 + rand(40), rand(45));
      const jps = new JumpPointSearch(grid, { landmarks: rand(2) * 4 });
      const [s, g] = [randomFreeCell(rand, grid), randomFreeCell(rand, grid)];
      const options = { budget: rand(3) === 0 ? rand(40) : undefined };
      const whole = jps.findPath(s, g, options);
      const expected = [whole.status, ...snapshot(whole)];
      statuses.add(whole.status);
      let res = jps.begin(s, g, options);
      while (res.status === PathStatus.Running) {
        expect(res.length).toBe(0);
        res = jps.resume(rand(3) === 0 ? 0 : 1 + rand(8));
      }
      expect([res.status, ...snapshot(res)]).toEqual(expected);
      expect(jps.resume(10)).toBe(res);
    }
    expect([...statuses].sort()).toEqual([PathStatus.Budget, PathStatus.Found, PathStatus.NoPath].sort());
  });

  it('reports invalid ends, retargets a blocked goal, and returns start = goal as one cell', () => {
    const grid = gridFrom(['.....', '..##.', '..##.', '.....']);
    const jps = new JumpPointSearch(grid);
    for (const [s, g] of [[-1, 4], [0, 20], [0, 1.5], [7, 0], [0, 13]] as const) expect(jps.findPath(s, g).status).toBe(PathStatus.Invalid);
    const retargeted = jps.findPath(0, 13, { retargetRadius: 3 });
    expect([retargeted.status, retargeted.goal, retargeted.path[retargeted.length - 1]]).toEqual([PathStatus.Found, nearestFreeCell(grid, 13, 3), 14]);
    const same = jps.findPath(1, 1);
    expect([same.status, same.length, same.cost, same.path[0]]).toEqual([PathStatus.Found, 1, 0, 1]);
  });

  it('stays correct across a generation wrap-around, keeping its landmarks', () => {
    const rand = rng(9);
    const grid = randomGrid(rand, 30, 30, 25);
    const jps = new JumpPointSearch(grid, { landmarks: 8 });
    const [s, g] = [randomFreeCell(rand, grid), randomFreeCell(rand, grid)];
    const expected = [jps.findPath(s, g).status, ...snapshot(jps.findPath(s, g))];
    (jps as unknown as { generation: number }).generation = 0x7fffffff - 1;
    for (let i = 0; i < 3; i++) {
      const res = jps.findPath(s, g);
      expect([res.status, ...snapshot(res)]).toEqual(expected);
    }
  });

  it('reads the live walls without landmarks; with landmarks, setGrid rebuilds them', () => {
    const rand = rng(99);
    const grid = randomGrid(rand, 48, 48, 15);
    const [plain, alt] = [new JumpPointSearch(grid), new JumpPointSearch(grid, { landmarks: 8 })];
    const path = plain.findPath(0, 1).path;
    for (let i = 3; i < grid.blocked.length; i += 5) grid.blocked[i] = 1;
    alt.setGrid(grid);
    const s = randomFreeCell(rand, grid);
    const dist = dijkstra(grid, s);
    for (let q = 0; q < 40; q++) {
      const g = randomFreeCell(rand, grid);
      for (const jps of [plain, alt]) expect(jps.findPath(s, g).status === PathStatus.Found ? jps.findPath(s, g).cost : -1).toBe(dist[g]);
    }
    plain.setGrid({ ...grid });
    expect(plain.findPath(s, s).path).toBe(path); // same size: buffers kept
  });

  it('uses a landmark table it is given instead of building one, and rejects one of the wrong size', () => {
    const rand = rng(31);
    const grid = randomGrid(rand, 64, 64, 20);
    const table = buildLandmarkTable(grid, 8);
    const [built, given, plain] = [new JumpPointSearch(grid, { landmarks: 8 }), new JumpPointSearch(grid, { landmarks: 8 }, table), new JumpPointSearch(grid)];
    // All distances 0: every landmark bound is 0, so the search is plain octile JPS.
    const flat = new JumpPointSearch(grid, { landmarks: 8 }, new Int32Array(table.length));
    for (let q = 0; q < 30; q++) {
      const [s, g] = [randomFreeCell(rand, grid), randomFreeCell(rand, grid)];
      expect(snapshot(given.findPath(s, g))).toEqual(snapshot(built.findPath(s, g)));
      expect(given.jumpPoints).toBe(built.jumpPoints);
      expect(snapshot(flat.findPath(s, g))).toEqual(snapshot(plain.findPath(s, g)));
    }
    expect(() => new JumpPointSearch(grid, { landmarks: 8 }, table.subarray(1))).toThrow(RangeError);
    expect(() => new JumpPointSearch(grid, { landmarks: 4 }, table)).toThrow(RangeError);
  });

  it('stays optimal when landmark distances exceed their Uint16 storage (saturated)', () => {
    // 1100 columns: crossing the grid costs over 70 000 step-cost units, beyond LM_MAX (0xfffe).
    const rand = rng(3);
    const grid = randomGrid(rand, 1100, 30, 20);
    const jps = new JumpPointSearch(grid, { landmarks: 8 });
    const start = grid.blocked.indexOf(0); // top-left corner area
    const dist = dijkstra(grid, start);
    let far = 0;
    for (let q = 0; q < 40; q++) {
      const g = randomFreeCell(rand, grid);
      if (dist[g] === -1) continue;
      if (dist[g]! > 0xfffe) far++;
      expect(jps.findPath(start, g).cost).toBe(dist[g]);
    }
    expect(far).toBeGreaterThan(5);
  });
});
