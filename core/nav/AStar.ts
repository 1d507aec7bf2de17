/**
 * Grid A*: 8 directions without corner cutting, integer octile costs (NavGrid.ts), a node budget.
 *
 * Invariants:
 * - Every per-node buffer is allocated once per grid size (constructor or `setGrid`); a search
 *   allocates nothing. A node's g/parent/heap slot are valid only when its `stamp` equals the
 *   current search's `generation`, so nothing is cleared between searches.
 * - The open set is a binary heap (openHeap.ts) ordered by f, then h, then cell index: a total
 *   order, so a query on a grid always yields the same path, across instances and whatever
 *   queries ran before.
 * - The heuristic is octile, or with landmarks (AStarConfig) the max of octile and the landmark
 *   bounds (distanceField.ts). Both are consistent, so a popped node is final (never reopened) and
 *   a budget of `cols * rows` expansions never runs out.
 * - A search can run in slices (`begin`, then `resume` with an expansion count per frame); the
 *   result depends only on (grid, start, goal, budget), never on how it was sliced.
 * Units: cells (index `row * cols + col`) and step-cost units (STEP_STRAIGHT per edge step).
 */
import type { NavGrid } from './NavGrid';
import { buildLandmarkTable, landmarkBound } from './distanceField';
import { checkGrid, inGrid, nearestFreeCell, octile, openMoves, STEP_DIAGONAL, STEP_STRAIGHT } from './NavGrid';
import { createOpenHeap, heapPop, heapUpsert, KEY_SCALE, type OpenHeap } from './openHeap';

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
 * A search's outcome. Owned by the AStar instance and overwritten by its next search: copy what
 * must outlive it. For 'no-path' and 'budget' the path is the best partial path: it ends at the
 * expanded cell with the smallest heuristic distance to the goal (ties: smaller g, then smaller
 * index), so a ball still heads the right way while a later query (or a bigger budget) finishes.
 */
export interface PathResult {
  readonly status: PathStatus;
  /** Cells from start (path[0]) to the end cell (path[length - 1]); entries past `length` are stale. */
  readonly path: Int32Array;
  readonly length: number;
  /** Cost of path[0..length) in step-cost units. */
  readonly cost: number;
  /** Nodes expanded by this search (the budget's unit). */
  readonly expanded: number;
  /** The goal actually searched for (differs from the request after retargeting), or -1. */
  readonly goal: number;
}

type MutableResult = { -readonly [K in keyof PathResult]: PathResult[K] };

/** Per-search knobs. Hoist the object out of hot loops: it is only read. */
export interface FindPathOptions {
  /** Maximum node expansions; default `cols * rows` (never runs out). */
  readonly budget?: number;
  /**
   * When the goal is blocked, search for `nearestFreeCell(goal, retargetRadius)` instead; 0 (the
   * default) reports 'invalid' for a blocked goal.
   */
  readonly retargetRadius?: number;
}

/** Construction-time knobs; every peer of a match must use the same ones (they change paths). */
export interface AStarConfig {
  /**
   * Landmarks for the ALT heuristic (distanceField.ts), 0 (default) for plain octile. Each costs a
   * Dijkstra over the grid in `setGrid` and 4 bytes a cell; 8 cut expansions from ~3.9k to ~1.4k a
   * query on 256×256 grids with 25 % random walls (bench/astar.bench.ts). The table is built from
   * the walls at `setGrid` time: call `setGrid` again after walls change, or paths may stop being
   * optimal (they stay legal: moves are always checked against the live `blocked`).
   */
  readonly landmarks?: number;
}

/** Reusable A* searcher for one grid (or any grid of the same size, see `setGrid`). */
export class AStar {
  private grid!: NavGrid;
  private cells = 0;
  private colOf = new Uint16Array(0);
  private rowOf = new Uint16Array(0);
  private stamp = new Int32Array(0);
  private g = new Int32Array(0);
  private parent = new Int32Array(0);
  private heap: OpenHeap = createOpenHeap(0);
  /** Neighbour offsets N, S, W, E, NW, NE, SW, SE for the current grid width. */
  private readonly offsets = new Int32Array(8);
  private generation = 0;
  private readonly landmarkCount: number;
  /** Landmark distances, node-major (distanceField.ts); empty without landmarks. */
  private landmarks: Int32Array = new Int32Array(0);
  /** Per landmark (k = landmarks.length / cells of them): its distance to the current goal. */
  private goalLandmarks: Int32Array = new Int32Array(0);
  // State of the current search, kept between `resume` slices.
  private budget = 0;
  private goalCol = 0;
  private goalRow = 0;
  private best = -1;
  private bestH = 0;
  private readonly out: MutableResult = { status: PathStatus.Invalid, path: new Int32Array(0), length: 0, cost: 0, expanded: 0, goal: -1 };

  constructor(grid: NavGrid, config: AStarConfig = {}) {
    this.landmarkCount = config.landmarks ?? 0;
    if (!Number.isInteger(this.landmarkCount) || this.landmarkCount < 0) throw new RangeError(`AStar: bad landmark count ${this.landmarkCount}`);
    this.setGrid(grid);
  }

  /**
   * Points the searcher at `grid` (or re-reads its walls). Reallocates the search buffers only when
   * the cell count changes; rebuilds (reallocates) the landmark table when there is one.
   */
  setGrid(grid: NavGrid): void {
    checkGrid(grid);
    const { cols } = grid;
    const n = cols * grid.rows;
    if (n !== this.cells) {
      this.cells = n;
      this.stamp = new Int32Array(n);
      this.g = new Int32Array(n);
      this.parent = new Int32Array(n);
      this.heap = createOpenHeap(n);
      this.out.path = new Int32Array(n);
      this.colOf = new Uint16Array(n);
      this.rowOf = new Uint16Array(n);
      this.generation = 0;
    }
    for (let i = 0; i < n; i++) {
      this.colOf[i] = i % cols;
      this.rowOf[i] = (i - (i % cols)) / cols;
    }
    this.offsets.set([-cols, cols, -1, 1, -cols - 1, -cols + 1, cols - 1, cols + 1]);
    this.grid = grid;
    if (this.landmarkCount > 0) {
      this.landmarks = buildLandmarkTable(grid, this.landmarkCount);
      this.goalLandmarks = new Int32Array(this.landmarks.length / n);
    }
  }

  /**
   * Finds a path from cell `start` to cell `goal`. Returns this instance's reused PathResult.
   * Allocates nothing (pass a hoisted `options` object, or none). Abandons any sliced search.
   */
  findPath(start: number, goal: number, options?: FindPathOptions): PathResult {
    const out = this.begin(start, goal, options);
    return out.status === PathStatus.Running ? this.resume(this.cells + 1) : out;
  }

  /**
   * Starts a search to be run in slices by `resume`: status 'running', or 'invalid' at once.
   * One search at a time per instance: `begin` or `findPath` abandons the current one.
   */
  begin(start: number, goal: number, options?: FindPathOptions): PathResult {
    const out = this.out;
    out.status = PathStatus.Invalid;
    out.length = 0;
    out.cost = 0;
    out.expanded = 0;
    out.goal = -1;
    const grid = this.grid;
    if (!inGrid(grid, start) || !inGrid(grid, goal) || grid.blocked[start] !== 0) return out;
    if (grid.blocked[goal] !== 0) {
      const radius = options?.retargetRadius ?? 0;
      goal = radius > 0 ? nearestFreeCell(grid, goal, radius) : -1;
      if (goal < 0) return out;
    }
    // DETERMINISM: wrap-around clears the stamps, so a stale stamp can never alias a new search.
    if (this.generation === 0x7fffffff) {
      this.stamp.fill(0);
      this.generation = 0;
    }
    this.generation++;
    const { colOf, rowOf, landmarks, goalLandmarks } = this;
    const k = goalLandmarks.length;
    for (let i = 0; i < k; i++) goalLandmarks[i] = landmarks[goal * k + i]!;
    this.goalCol = colOf[goal]!;
    this.goalRow = rowOf[goal]!;
    let h0 = octile(colOf[start]! - this.goalCol, rowOf[start]! - this.goalRow);
    if (k > 0) h0 = landmarkBound(landmarks, goalLandmarks, k, start, h0);
    this.stamp[start] = this.generation;
    this.g[start] = 0;
    this.parent[start] = -1;
    this.heap.size = 0;
    heapUpsert(this.heap, start, h0, h0, -1);
    this.best = start;
    this.bestH = h0;
    this.budget = options?.budget ?? this.cells;
    out.goal = goal;
    out.status = PathStatus.Running;
    return out;
  }

  /**
   * Runs the search begun by `begin` for up to `maxExpansions` more expansions. Returns the
   * PathResult: still 'running', or finished with its path written. No-op once finished.
   */
  resume(maxExpansions: number): PathResult {
    const out = this.out;
    if (out.status !== PathStatus.Running) return out;
    out.status = this.run(out.expanded + maxExpansions);
    if (out.status !== PathStatus.Running) this.writePath(out.status === PathStatus.Found ? out.goal : this.best);
    return out;
  }

  /**
   * Expands nodes until the search ends or `out.expanded` reaches `until`; returns the status.
   * One function with locals: the hot loop of nav (expansion inlined; heap ops are small calls).
   * Checks run in a fixed order (goal on top, budget, slice end) so slicing never changes results.
   */
  private run(until: number): PathStatus {
    const { out, heap, stamp, g, parent, colOf, rowOf, offsets, cells, landmarks, goalLandmarks, budget } = this;
    const { cols, blocked } = this.grid;
    const gen = this.generation;
    const goal = out.goal;
    const gc = this.goalCol;
    const gr = this.goalRow;
    const k = goalLandmarks.length;
    let { best, bestH } = this;
    let expanded = out.expanded;
    let status: PathStatus = PathStatus.NoPath;
    while (heap.size > 0) {
      const cur = heap.items[0]!;
      if (cur === goal || expanded >= budget || expanded >= until) {
        status = cur === goal ? PathStatus.Found : expanded >= budget ? PathStatus.Budget : PathStatus.Running;
        break;
      }
      // key = (g + h)·S + h = g·S + h·(S + 1), so h is an exact division (no float modulo call).
      const g0 = g[cur]!;
      const h = (heap.keys[0]! - g0 * KEY_SCALE) / (KEY_SCALE + 1);
      heapPop(heap);
      expanded++;
      // Partial-path end: the closed cell with the smallest (h, g, index). Pops come in (f, h,
      // index) order with f never decreasing, so among equal h the first popped is the smallest
      // by (g, index): a strict < suffices.
      if (h < bestH) {
        best = cur;
        bestH = h;
      }
      for (let open = openMoves(blocked, cols, cells, cur, colOf[cur]!, rowOf[cur]!), d = 0; open !== 0; d++, open >>= 1) {
        if ((open & 1) === 0) continue;
        const n = cur + offsets[d]!;
        const ng = g0 + (d < 4 ? STEP_STRAIGHT : STEP_DIAGONAL);
        let at = -1;
        if (stamp[n] === gen) {
          at = heap.slot[n]!;
          // Closed (-1) is final under a consistent heuristic; strict < keeps the first parent.
          if (at < 0 || ng >= g[n]!) continue;
        } else {
          stamp[n] = gen;
        }
        let hn = octile(colOf[n]! - gc, rowOf[n]! - gr);
        if (k > 0) hn = landmarkBound(landmarks, goalLandmarks, k, n, hn);
        g[n] = ng;
        parent[n] = cur;
        heapUpsert(heap, n, ng + hn, hn, at);
      }
    }
    this.best = best;
    this.bestH = bestH;
    out.expanded = expanded;
    return status;
  }

  /** Writes the parent chain ending at `end` into out.path, start first. */
  private writePath(end: number): void {
    const out = this.out;
    const parent = this.parent;
    let length = 0;
    for (let i = end; i >= 0; i = parent[i]!) length++;
    let k = length;
    for (let i = end; i >= 0; i = parent[i]!) out.path[--k] = i;
    out.length = length;
    out.cost = this.g[end]!;
  }
}
