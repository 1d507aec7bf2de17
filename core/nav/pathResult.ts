/**
 * What every nav path search returns and takes: status, result, per-search options and
 * construction-time config, shared by AStar and JumpPointSearch, and the query set-up both run.
 */
import type { NavGrid } from './NavGrid';
import { inGrid, nearestFreeCell } from './NavGrid';

/** How a search ended (or 'running' between slices of `begin`/`resume`). */
export const PathStatus = {
  /** `path` runs from start to goal and is optimal. */
  Found: 'found',
  /** The goal is unreachable; `path` is the best partial path (see PathResult). */
  NoPath: 'no-path',
  /** The expansion budget ran out; `path` is the best partial path (see PathResult). */
  Budget: 'budget',
  /** Start or goal outside the grid or blocked (and no free goal nearby when retargeting); empty path. */
  Invalid: 'invalid',
  /** Only from `begin`/`resume`: not finished yet; `path` is empty until it is. */
  Running: 'running',
} as const;
export type PathStatus = (typeof PathStatus)[keyof typeof PathStatus];

/**
 * A search's outcome. Owned by the searcher (AStar, JumpPointSearch) and overwritten by its next
 * search: copy what must outlive it. For 'no-path' and 'budget' the path is the best partial path:
 * it ends at the expanded cell (JPS: jump point) with the smallest heuristic distance to the goal
 * (ties: smaller g, then smaller index), so a ball still heads the right way while a later query
 * (or a bigger budget) finishes.
 */
export interface PathResult {
  readonly status: PathStatus;
  /** Cells from start (path[0]) to the end cell (path[length - 1]); entries past `length` are stale. */
  readonly path: Int32Array;
  readonly length: number;
  /** Cost of path[0..length) in step-cost units. */
  readonly cost: number;
  /**
   * Work done by this search, the budget's unit: for AStar the cells expanded; for JumpPointSearch
   * JUMP_POINT_WORK per jump point expanded plus the cells its scans stepped onto (its header).
   */
  readonly expanded: number;
  /** The goal actually searched for (differs from the request after retargeting), or -1. */
  readonly goal: number;
}

/** PathResult as a searcher writes it. */
export type MutableResult = { -readonly [K in keyof PathResult]: PathResult[K] };

/** Per-search knobs. Hoist the object out of hot loops: it is only read. */
export interface FindPathOptions {
  /** Maximum work (PathResult.expanded's unit); by default it never runs out (AStar: `cols * rows`; JPS: 2^30 - 1). */
  readonly budget?: number;
  /**
   * When the goal is blocked, search for `nearestFreeCell(goal, retargetRadius)` instead; 0 (the
   * default) reports 'invalid' for a blocked goal.
   */
  readonly retargetRadius?: number;
}

/**
 * Construction-time knobs of AStar and JumpPointSearch; every peer of a match must use the same
 * ones (they change paths).
 */
export interface AStarConfig {
  /**
   * Landmarks for the ALT heuristic (distanceField.ts), 0 (default) for plain octile. Each costs a
   * Dijkstra over the grid in `setGrid` and 4 bytes a cell (JumpPointSearch: 2, and a query uses
   * the 8 best for it); on 256×256 grids with 25 % random walls (bench/astar.bench.ts) 8 cut
   * AStar's expansions from ~3.9k to ~1.3k a query, and JumpPointSearch's from ~1.8k jump points
   * to ~600 (16: ~340, 32: ~235). The table is built from the walls at `setGrid` time: call
   * `setGrid` again after walls change, or paths may stop being optimal (they stay legal: moves
   * are always checked against the live `blocked`).
   */
  readonly landmarks?: number;
}

/** Throws unless `count` is a valid landmark count (AStarConfig.landmarks). */
export function checkLandmarks(count: number): number {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`nav: bad landmark count ${count}`);
  return count;
}

/**
 * Resets `out` for a new query ('invalid', empty) and returns the goal to search for: `goal`, or
 * its retarget when blocked (FindPathOptions.retargetRadius), or -1 when the query is invalid.
 */
export function startQuery(out: MutableResult, grid: NavGrid, start: number, goal: number, options?: FindPathOptions): number {
  out.status = PathStatus.Invalid;
  out.length = 0;
  out.cost = 0;
  out.expanded = 0;
  out.goal = -1;
  if (!inGrid(grid, start) || !inGrid(grid, goal) || grid.blocked[start] !== 0) return -1;
  if (grid.blocked[goal] === 0) return goal;
  const radius = options?.retargetRadius ?? 0;
  return radius > 0 ? nearestFreeCell(grid, goal, radius) : -1;
}
