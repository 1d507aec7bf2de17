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
 * - The octile heuristic is consistent, so a popped node is final (never reopened) and a budget of
 *   `cols * rows` expansions never runs out.
 * Units: cells (index `row * cols + col`) and step-cost units (STEP_STRAIGHT per edge step).
 */
import type { NavGrid } from './NavGrid';
import { checkGrid, inGrid, nearestFreeCell, octile, STEP_DIAGONAL, STEP_STRAIGHT } from './NavGrid';
import { createOpenHeap, heapPop, heapUpsert, KEY_SCALE, type OpenHeap } from './openHeap';

/** How a search ended. */
export const PathStatus = {
  /** `path` runs from start to goal and is optimal. */
  Found: 'found',
  /** The goal is unreachable; `path` is the best partial path (see PathResult). */
  NoPath: 'no-path',
  /** The expansion budget ran out; `path` is the best partial path (see PathResult). */
  Budget: 'budget',
  /** Start or goal outside the grid or blocked (and no free goal nearby when retargeting); empty path. */
  Invalid: 'invalid',
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
  private readonly out: MutableResult = { status: PathStatus.Invalid, path: new Int32Array(0), length: 0, cost: 0, expanded: 0, goal: -1 };

  constructor(grid: NavGrid) {
    this.setGrid(grid);
  }

  /** Points the searcher at `grid`; reallocates buffers only when the cell count changes. */
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
  }

  /**
   * Finds a path from cell `start` to cell `goal`. Returns this instance's reused PathResult.
   * Allocates nothing (pass a hoisted `options` object, or none).
   */
  findPath(start: number, goal: number, options?: FindPathOptions): PathResult {
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
    out.goal = goal;
    // DETERMINISM: wrap-around clears the stamps, so a stale stamp can never alias a new search.
    if (this.generation === 0x7fffffff) {
      this.stamp.fill(0);
      this.generation = 0;
    }
    this.generation++;
    const end = this.search(start, goal, options?.budget ?? this.cells);
    this.writePath(end);
    return out;
  }

  /**
   * Runs the search; sets status and expanded; returns the cell the path should end at.
   * One function with locals, the hot loop of nav (expansion inlined; heap ops are small calls).
   */
  private search(start: number, goal: number, budget: number): number {
    const { out, heap, stamp, g, parent, colOf, rowOf, offsets, cells } = this;
    const { cols, blocked } = this.grid;
    const gen = this.generation;
    const gc = colOf[goal]!;
    const gr = rowOf[goal]!;
    const h0 = octile(colOf[start]! - gc, rowOf[start]! - gr);
    stamp[start] = gen;
    g[start] = 0;
    parent[start] = -1;
    heap.size = 0;
    heapUpsert(heap, start, h0, h0, -1);
    let best = start;
    let bestH = h0;
    let expanded = 0;
    out.status = PathStatus.NoPath;
    while (heap.size > 0) {
      const cur = heap.items[0]!;
      if (cur === goal || expanded >= budget) {
        out.status = cur === goal ? PathStatus.Found : PathStatus.Budget;
        if (cur === goal) best = goal;
        break;
      }
      // Partial-path end: the closed cell with the smallest (h, g, index). Pops come in (f, h,
      // index) order with f never decreasing, so among equal h the first popped is the smallest
      // by (g, index): a strict < suffices. The key's low part is h.
      const h = heap.keys[0]! % KEY_SCALE;
      heapPop(heap);
      expanded++;
      if (h < bestH) {
        best = cur;
        bestH = h;
      }
      const c = colOf[cur]!;
      const g0 = g[cur]!;
      for (let open = openMoves(blocked, cols, cells, cur, c, rowOf[cur]!), d = 0; open !== 0; d++, open >>= 1) {
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
        const hn = octile(colOf[n]! - gc, rowOf[n]! - gr);
        g[n] = ng;
        parent[n] = cur;
        heapUpsert(heap, n, ng + hn, hn, at);
      }
    }
    out.expanded = expanded;
    return best;
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

/**
 * Legal moves out of cell `cur` (column c, row r) as a bit mask in `offsets` order. Bits 0-3: N,
 * S, W, E exist and are free. Bits 4-7: NW, NE, SW, SE are free and so are both edge cells they
 * pass between (no corner cutting; a corner neighbour exists when both edge neighbours do).
 */
function openMoves(blocked: Uint8Array, cols: number, cells: number, cur: number, c: number, r: number): number {
  let open = 0;
  if (r > 0 && blocked[cur - cols] === 0) open |= 1;
  if (cur + cols < cells && blocked[cur + cols] === 0) open |= 2;
  if (c > 0 && blocked[cur - 1] === 0) open |= 4;
  if (c < cols - 1 && blocked[cur + 1] === 0) open |= 8;
  if ((open & 5) === 5 && blocked[cur - cols - 1] === 0) open |= 16;
  if ((open & 9) === 9 && blocked[cur - cols + 1] === 0) open |= 32;
  if ((open & 6) === 6 && blocked[cur + cols - 1] === 0) open |= 64;
  if ((open & 10) === 10 && blocked[cur + cols + 1] === 0) open |= 128;
  return open;
}
