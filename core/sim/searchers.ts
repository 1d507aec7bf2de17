/**
 * The game's path searchers: core/nav's JumpPointSearch with PLAN_LANDMARKS landmarks, one per nav
 * size class, as planPaths.ts runs them (bench/astar.bench.ts measures this very configuration),
 * and the per-map data they plan with: a landmark table and region labels (core/nav regions.ts)
 * per size class.
 *
 * That data is derived, a pure function of the map: integer Dijkstras from landmark cells picked
 * by a fixed rule (nav distanceField.ts) and flood fills, so every peer builds the same, and the
 * tables steer which of several optimal paths a search returns. It is built once per map, when the
 * first world is made for it (allocWorld: while the match loads, never mid-match), shared by every
 * later world of that map, and the tables are copied into each world's searchers as the world is
 * made. Not state: never snapshotted or hashed; a restored world gets the same from the same map.
 * Cached per MapInfo object (a WeakMap lookup by identity; never iterated).
 */
import { buildLandmarkTable, JumpPointSearch, regionLabels, type FindPathOptions, type NavGrid } from '../nav';
import type { MapInfo } from './mapInfo';
import { RULES } from './rules';

/**
 * Landmarks of the game's searchers (4 bytes a cell in the shared table, 2 in each world's
 * searcher records, per size class). Measured (random far queries, every size class): on the
 * shipped maps every count from 4 to 32 plans equally fast (labyrinth-large ~7 µs a query, 14 µs
 * with none; arena-small ~2 µs either way), while on grids that are not mazes (the bench's 256×256
 * grids, 25 % walls) 16 expand 1.7× fewer jump points than 8, 0.12 ms a query against 0.2 ms. 16
 * cost labyrinth-large 2.3 MB of tables (shared) and 1.7 MB of records per world (8: 1.1 and 1.1),
 * built in ~25 ms at load: a small, fixed price for maps less maze-like than today's.
 */
export const PLAN_LANDMARKS = 16;

/** Options of every planning search (hoisted: nav only reads them). Goals are free already: no retargeting. */
export const PLAN_SEARCH_OPTIONS: FindPathOptions = { budget: RULES.pathBudget };

/** What the planner knows of a map beyond MapInfo, per nav size class (see the file header). */
export interface PlanData {
  /** buildLandmarkTable(navGrids[class], PLAN_LANDMARKS). */
  readonly landmarkTables: readonly Int32Array[];
  /** regionLabels(navGrids[class]): a goal in another region than the start is unreachable. */
  readonly regions: readonly Int32Array[];
}

const planDataByMap = new WeakMap<MapInfo, PlanData>();

/** The PlanData of `info`'s map, built on first use. */
export function planDataOf(info: MapInfo): PlanData {
  let data = planDataByMap.get(info);
  if (!data) {
    data = {
      landmarkTables: info.navGrids.map((grid) => buildLandmarkTable(grid, PLAN_LANDMARKS)),
      regions: info.navGrids.map((grid) => regionLabels(grid)),
    };
    planDataByMap.set(info, data);
  }
  return data;
}

/** A searcher configured as the sim's, for `grid`; `table`: its landmark table when already built. */
export function createPlanSearcher(grid: NavGrid, table?: Int32Array): JumpPointSearch {
  return new JumpPointSearch(grid, { landmarks: PLAN_LANDMARKS }, table);
}

/** One searcher per nav size class of `info`, with the map's shared landmark tables. */
export function createPlanSearchers(info: MapInfo): JumpPointSearch[] {
  const tables = planDataOf(info).landmarkTables;
  return info.navGrids.map((grid, cls) => createPlanSearcher(grid, tables[cls]));
}
