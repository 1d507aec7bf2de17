/**
 * The game's searchers (searchers.ts): made with the world from per-map data built once, not
 * state, and optimal on the shipped maps.
 */
import { describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { AStar, JumpPointSearch, PathStatus, distanceField, pathCost } from '../nav';
import { rng } from '../nav/test/fixtures';
import { createPlanSearcher, planDataOf, PLAN_LANDMARKS } from './searchers';
import { createWorld, hashWorld, mapInfoOf, ScriptedPlayers, snapshot, step } from './index';

const maps = loadShippedMaps();

describe('the planner searchers', () => {
  it('are made with the world (JPS, one per size class) from landmark tables built once per map', () => {
    const map = maps.get('arena-small')!;
    const info = mapInfoOf(map);
    const [a, b] = [createWorld(map, { seed: 1, players: 2 }), createWorld(map, { seed: 2, players: 2 })];
    expect(a.scratch.searchers.length).toBe(info.navGrids.length);
    for (const s of a.scratch.searchers) expect(s).toBeInstanceOf(JumpPointSearch);
    expect(a.scratch.searchers[0] === b.scratch.searchers[0]).toBe(false); // search state is per world
    expect(planDataOf(info) === planDataOf(info)).toBe(true);
    expect(a.scratch.regions === b.scratch.regions).toBe(true); // the map's data is shared
    const k = planDataOf(info).landmarkTables[0]!.length / (map.cols * map.rows);
    expect(k).toBe(PLAN_LANDMARKS);
  });

  it('build the same tables and regions from a freshly loaded copy of the map', () => {
    const [first, again] = [maps.get('labyrinth-large')!, loadShippedMaps().get('labyrinth-large')!];
    expect(again === first).toBe(false);
    const [x, y] = [planDataOf(mapInfoOf(first)), planDataOf(mapInfoOf(again))];
    expect(y === x).toBe(false);
    const same = (p: Int32Array, q: Int32Array): boolean => {
      let diff = p.length ^ q.length;
      for (let i = 0; i < p.length; i++) diff |= p[i]! ^ q[i]!;
      return diff === 0;
    };
    expect(x.landmarkTables.map((t, cls) => same(t, y.landmarkTables[cls]!))).toEqual([true, true, true]);
    expect(x.regions.map((r, cls) => same(r, y.regions[cls]!))).toEqual([true, true, true]);
  });

  it('are not state: overwriting their landmark tables changes neither the snapshot nor the hash', () => {
    const map = maps.get('labyrinth-large')!;
    const w = createWorld(map, { seed: 5, players: 12 });
    const script = new ScriptedPlayers(5, 12, mapInfoOf(map));
    for (let f = 0; f < 200; f++) step(w, script.next());
    const [blob, hash] = [snapshot(w), hashWorld(w)];
    const tables = planDataOf(w.info).landmarkTables;
    w.scratch.searchers.forEach((s, cls) => s.setGrid(w.info.navGrids[cls]!, new Int32Array(tables[cls]!.length)));
    expect([snapshot(w), hashWorld(w)]).toEqual([blob, hash]);
  });

  it('find the optimal path (A*’s cost, Dijkstra’s) on every size class of the shipped maps', () => {
    const rand = rng(404);
    for (const map of maps.values()) {
      const info = mapInfoOf(map);
      info.navGrids.forEach((grid, cls) => {
        const searcher = createPlanSearcher(grid, planDataOf(info).landmarkTables[cls]);
        const astar = new AStar(grid);
        const free = Array.from(grid.blocked.keys()).filter((i) => grid.blocked[i] === 0);
        const dist = new Int32Array(grid.cols * grid.rows);
        for (let s = 0; s < 6; s++) {
          const start = free[rand(free.length)]!;
          distanceField(grid, start, dist);
          for (let q = 0; q < 25; q++) {
            const goal = free[rand(free.length)]!;
            const res = searcher.findPath(start, goal);
            expect([res.status, res.cost, pathCost(grid, res.path, res.length)]).toEqual([PathStatus.Found, dist[goal], dist[goal]]);
            expect(astar.findPath(start, goal).cost).toBe(res.cost);
          }
        }
      });
    }
  });
});
