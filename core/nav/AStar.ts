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
import { checkGrid, octile, openMoves, STEP_DIAGONAL, STEP_STRAIGHT } from './NavGrid';
import { createOpenHeap, heapPop, heapUpsert, KEY_SCALE, type OpenHeap } from './openHeap';
import { checkLandmarks, PathStatus, startQuery, type AStarConfig, type FindPathOptions, type MutableResult, type PathResult } from './pathResult';

export { PathStatus } from './pathResult';
export type { AStarConfig, FindPathOptions, PathResult } from './pathResult';

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
    this.landmarkCount = checkLandmarks(config.landmarks ?? 0);
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
    goal = startQuery(out, this.grid, start, goal, options);
    if (goal < 0) return out;
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
