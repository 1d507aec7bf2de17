/**
 * Jump Point Search (Harabor & Grastien 2011) on nav's grid: AStar's moves, costs, result contract
 * and API (8 directions without corner cutting, integer octile costs, optimal paths, `findPath`,
 * `begin`/`resume`, budget, retargeting, optional landmarks), found by expanding far fewer nodes.
 * The jump scans and the pruning rules of this no-corner-cutting variant are in jumps.ts.
 * It is the game's planner (core/sim searchers.ts: with landmarks, one per size class).
 * Figures (bench/astar.bench.ts, 256×256, 25 % walls): ~1.8k jump points a query against
 * AStar's ~3.9k cells; with 16 landmarks ~340, about 0.12 ms.
 *
 * - The open list holds jump points only, in AStar's (f, h, index) order. A jump is a straight or
 *   diagonal line, so its cost is the octile distance between its ends and both heuristics stay
 *   consistent: a popped jump point is final, and the path found is optimal.
 * - Budget unit: work, not nodes: JUMP_POINT_WORK an expansion plus the cells its scans stepped
 *   onto (jumps.ts). A jump point scans ~7 cells on a random 25 % grid but 30 to 90 (hundreds at
 *   worst) in the shipped maps' rooms, so only work tracks time whatever the map. `expanded`, the
 *   budget (default 2^30 - 1, ~5 s) and `resume`'s slices count work; `jumpPoints` counts expansions.
 * - A search stops only between expansions, at the first where its work has reached the budget or
 *   the slice's end (a slice may overrun by one expansion's work). Work grows with every
 *   expansion, so slices (`begin`/`resume`) give exactly `findPath`'s result, and re-running a
 *   search up to a recorded `expanded` stops exactly where it stopped.
 * - `path` is the jumps expanded back into cells, start to goal, each step a legal 8-neighbour
 *   move, so smoothPath and AStar's callers work unchanged. It is an optimal path; where several
 *   tie it may differ from AStar's (JPS keeps diagonal-first paths), always deterministically.
 * - For 'no-path' and 'budget' the partial path ends at the expanded jump point with the smallest
 *   (h, g, index), as AStar's does among its expanded cells (so for 'no-path' it need not be the
 *   reachable cell nearest the goal, as AStar's is: regions.ts finds that one without a search).
 * - Landmarks (AStarConfig) are stored as Uint16 beside each cell's search fields (jumpRecords.ts);
 *   a query uses the ACTIVE_LANDMARKS (8) of them with the largest bounds at its start. The table
 *   is built in `setGrid` unless the caller passes one it built (buildLandmarkTable) for the grid,
 *   so searchers of one grid can share one build.
 * - Speed (same results either way): the open list is lazyHeap.ts (no decrease-key); an expansion
 *   reads its successors' records together, then relaxes them; its best successor, when it beats
 *   the open list, is expanded next without a push and pop. The hot methods (run, takeHeld,
 *   liveTop, before, push) write the record fields (jumpRecords.ts: STAMP 0, G 1, FROM 2, H 3,
 *   FIELDS 4, CLOSED -1, DIR_SHIFT 20), step costs (70, 99) and JUMP_POINT_WORK (32) as literals:
 *   V8 reloads and re-checks an imported constant at every use, ~8 % of a query (profiled with
 *   callgrind; jumpRecords.test.ts pins the values).
 * - Buffers are allocated per grid size (constructor, `setGrid`); a search allocates nothing.
 * - It reads the live `blocked` array: wall changes need `setGrid` only with landmarks.
 */
import type { NavGrid } from './NavGrid';
import { buildLandmarkTable, checkLandmarkTable } from './distanceField';
import { findSuccessors, type Successors } from './jumps';
import { checkGrid, octile } from './NavGrid';
import { createLazyHeap, lazyPop, lazyPush, type LazyHeap } from './lazyHeap';
import { ACTIVE_LANDMARKS, FIELDS, FROM, G, H, recordStride, STAMP } from './jumpRecords';
import { compactHeap, landmarkBound8, pickLandmarks, storeLandmarks, writeJumpPath } from './jumpRecords';
import { checkLandmarks, PathStatus, startQuery, type AStarConfig, type FindPathOptions, type MutableResult, type PathResult } from './pathResult';

/**
 * Work an expansion costs besides its scanned cells: its heap pop, relaxations and the set-up of
 * its scans. Fitting query times to jump points and scanned cells (the shipped maps and the
 * bench's grids) puts an expansion at 18 to 48 cells; with 32, a unit of work took 3.8 to 6.1 ns
 * on all of them. At least 1, so that work grows with every expansion.
 */
export const JUMP_POINT_WORK = 32;

/**
 * The default budget and findPath's slice: 2^30 - 1 work units, ~5 s of search, beyond any real
 * query (an expansion scans at most ~2 · cols · rows cells, on an open grid). V8's largest small
 * integer: a larger (double) one was boxed, 16 bytes of garbage a query.
 */
const UNLIMITED = 2 ** 30 - 1;

/** Reusable JPS searcher for one grid (or any grid of the same size); same API as AStar. */
export class JumpPointSearch {
  private grid!: NavGrid;
  private cells = 0;
  /** Per-cell records, `stride` int32s each (jumpRecords.ts). */
  private rec = new Int32Array(0);
  /** The same memory as `rec`, as Uint16, for the landmark distances. */
  private lm = new Uint16Array(0);
  private readonly stride: number;
  private heap: LazyHeap = createLazyHeap(0);
  private generation = 0;
  private readonly landmarkCount: number;
  /** This query's active landmarks (jumpRecords.ts pickLandmarks): (index, goal distance) pairs, and how many. */
  private readonly pairs = new Int32Array(2 * ACTIVE_LANDMARKS);
  private nActive = 0;
  private bounds = new Int32Array(0);
  /** The jump points one expansion found (jumps.ts findSuccessors), relaxed together (relaxFound). */
  private readonly successors: Successors = { found: new Int32Array(3 * 8), count: 0, scanned: 0 };
  /** The best successor of the last expansion, not pushed yet (run, takeHeld); -1 for none. */
  private held = -1;
  /** Sum of the loads that warm a successor's record (relaxFound); kept so they are not optimised away. */
  private touched = 0;
  // State of the current search, kept between `resume` slices.
  private budget = 0;
  private goalCol = 0;
  private goalRow = 0;
  private best = -1;
  private bestH = 0;
  private expandedJumpPoints = 0;
  private readonly out: MutableResult = { status: PathStatus.Invalid, path: new Int32Array(0), length: 0, cost: 0, expanded: 0, goal: -1 };

  /** `table`: as in setGrid. */
  constructor(grid: NavGrid, config: AStarConfig = {}, table?: Int32Array) {
    this.landmarkCount = checkLandmarks(config.landmarks ?? 0);
    this.stride = recordStride(this.landmarkCount);
    this.setGrid(grid, table);
  }

  /** Jump points expanded by the current (or last) search; `expanded` is its work (see the header). */
  get jumpPoints(): number {
    return this.expandedJumpPoints;
  }

  /**
   * As AStar.setGrid: reallocates only when the cell count changes; rebuilds the landmarks (stored
   * in the cell records, saturated: see jumpRecords.ts) from `table` when given, which must be
   * `buildLandmarkTable(grid, landmarks)` (checked for size only), else from a new build.
   */
  setGrid(grid: NavGrid, table?: Int32Array): void {
    checkGrid(grid);
    const n = grid.cols * grid.rows;
    const stride = this.stride;
    if (n !== this.cells) {
      this.cells = n;
      this.rec = new Int32Array(n * stride);
      this.lm = new Uint16Array(this.rec.buffer);
      this.heap = createLazyHeap(n);
      this.out.path = new Int32Array(n);
      this.generation = 0;
    }
    this.grid = grid;
    if (this.landmarkCount === 0) return;
    const lms = table ?? buildLandmarkTable(grid, this.landmarkCount);
    checkLandmarkTable(lms, n, this.landmarkCount);
    this.bounds = new Int32Array(lms.length / n);
    storeLandmarks(this.lm, stride, lms, lms.length / n);
  }

  /** As AStar.findPath: the whole search at once; returns this instance's reused PathResult. */
  findPath(start: number, goal: number, options?: FindPathOptions): PathResult {
    const out = this.begin(start, goal, options);
    return out.status === PathStatus.Running ? this.resume(UNLIMITED) : out;
  }

  /** As AStar.begin: starts a search for `resume` ('running'), or reports 'invalid' at once. */
  begin(start: number, goal: number, options?: FindPathOptions): PathResult {
    const out = this.out;
    goal = startQuery(out, this.grid, start, goal, options);
    if (goal < 0) return out;
    const { rec, lm, stride } = this;
    // DETERMINISM: wrap-around clears the stamps, so a stale stamp can never alias a new search.
    if (this.generation === 0x7fffffff) {
      for (let i = 0; i < this.cells; i++) rec[i * stride + STAMP] = 0;
      this.generation = 0;
    }
    this.generation++;
    const cols = this.grid.cols;
    const at = 2 * (start * stride + FIELDS);
    this.nActive = pickLandmarks(lm, at, 2 * (goal * stride + FIELDS), this.bounds.length, this.bounds, this.pairs);
    this.goalCol = goal % cols;
    this.goalRow = (goal - this.goalCol) / cols;
    const sc = start % cols;
    let h0 = octile(sc - this.goalCol, (start - sc) / cols - this.goalRow);
    if (this.nActive > 0) h0 = landmarkBound8(lm, at, this.pairs, h0);
    const base = start * stride;
    rec[base + STAMP] = this.generation;
    rec[base + G] = 0;
    rec[base + FROM] = -1;
    rec[base + H] = h0;
    this.heap.size = 0;
    lazyPush(this.heap, start, h0, h0);
    this.best = start;
    this.bestH = h0;
    this.expandedJumpPoints = 0;
    this.budget = options?.budget ?? UNLIMITED;
    out.goal = goal;
    out.status = PathStatus.Running;
    return out;
  }

  /** As AStar.resume, counting work (see the header): runs until `expanded` grows by `maxExpansions` or more. */
  resume(maxExpansions: number): PathResult {
    const out = this.out;
    if (out.status !== PathStatus.Running) return out;
    out.status = this.run(out.expanded + maxExpansions);
    const end = out.status === PathStatus.Found ? out.goal : this.best;
    if (out.status !== PathStatus.Running) writeJumpPath(out, this.rec, this.stride, this.grid.cols, end);
    return out;
  }

  /**
   * Expands jump points until the search ends or `out.expanded` (work) reaches `until` (as
   * AStar.run, checked between expansions only). The next node is the held best successor of the
   * last expansion when it beats the open list (takeHeld), which is the node a pop would give,
   * without the push and pop. One function with locals, fields as literals (see the header).
   */
  private run(until: number): PathStatus {
    const { out, heap, rec, budget, stride, lm, pairs, nActive, generation, goalCol, goalRow, successors, grid } = this;
    const found = successors.found;
    const cols = grid.cols;
    const goal = out.goal;
    let { best, bestH } = this;
    let expanded = out.expanded;
    let jumpPoints = this.expandedJumpPoints;
    let status: PathStatus = PathStatus.NoPath;
    for (let next = -1; ; next = this.takeHeld()) {
      const cur = next >= 0 ? next : this.liveTop();
      if (cur < 0) break;
      if (cur === goal || expanded >= budget || expanded >= until) {
        status = cur === goal ? PathStatus.Found : expanded >= budget ? PathStatus.Budget : PathStatus.Running;
        // A resumable search keeps its whole state in the open list.
        if (next >= 0 && status !== PathStatus.Found) this.push(next);
        break;
      }
      if (next < 0) lazyPop(heap);
      const at = cur * stride;
      const h = rec[at + 3]!;
      const g0 = rec[at + 1]!;
      rec[at + 3] = -1; // closed
      jumpPoints++;
      // DETERMINISM: expansions come in (f, h, index) order: the first of equal h wins (AStar.run).
      if (h < bestH) {
        best = cur;
        bestH = h;
      }
      const from = rec[at + 2]!;
      // The arrival direction code (dc + 1) + 3 (dr + 1); 4 (no move) at the start.
      const code = from < 0 ? 4 : from >>> 20;
      const m = code % 3;
      findSuccessors(grid, cur, m - 1, (code - m) / 3 - 1, goal, successors);
      expanded += 32 + successors.scanned;
      // The successors' records are read together first, so their cache misses overlap instead
      // of queueing one relax after another; `touched` keeps the loads from being optimised away.
      const end = 3 * successors.count;
      let sum = 0;
      for (let i = 0; i < end; i += 3) {
        const n = (cur + found[i + 2]! * (found[i]! + found[i + 1]! * cols)) * stride;
        sum += rec[n]! + rec[n + stride - 1]!;
      }
      this.touched = sum;
      // Relax them in the order found: open a jump point, or lower its cost; hold the best.
      const c = cur % cols;
      const r = (cur - c) / cols;
      let held = -1;
      for (let i = 0; i < end; i += 3) {
        const dc = found[i]!;
        const dr = found[i + 1]!;
        const steps = found[i + 2]!;
        const n = cur + steps * (dc + dr * cols);
        const base = n * stride;
        const ng = g0 + steps * (dc !== 0 && dr !== 0 ? 99 : 70);
        let hn = rec[base + 3]!;
        if (rec[base] === generation) {
          // Closed is final under a consistent heuristic; strict < keeps the first parent.
          if (hn === -1 || ng >= rec[base + 1]!) continue;
        } else {
          rec[base] = generation;
          hn = octile(c + steps * dc - goalCol, r + steps * dr - goalRow);
          if (nActive > 0) hn = landmarkBound8(lm, 2 * (base + 4), pairs, hn);
          rec[base + 3] = hn;
        }
        rec[base + 1] = ng;
        rec[base + 2] = cur | ((dc + 1 + 3 * (dr + 1)) << 20);
        if (held < 0) held = n;
        else if (this.before(n, held)) {
          this.push(held);
          held = n;
        } else this.push(n);
      }
      this.held = held;
    }
    this.best = best;
    this.bestH = bestH;
    this.expandedJumpPoints = jumpPoints;
    out.expanded = expanded;
    return status;
  }

  /** The open list's best live cell (stale entries of closed cells popped first), or -1 when empty. */
  private liveTop(): number {
    const { heap, rec, stride } = this;
    while (heap.size > 0 && rec[heap.items[0]! * stride + 3] === -1) lazyPop(heap);
    return heap.size > 0 ? heap.items[0]! : -1;
  }

  /** The held cell when it beats the open list's best (so it is next), else -1 after pushing it. */
  private takeHeld(): number {
    const held = this.held;
    if (held < 0) return -1;
    const top = this.liveTop();
    if (top < 0 || top === held || this.before(held, top)) return held;
    this.push(held);
    return -1;
  }

  /** True when open cell a comes before open cell b in (f, h, index) order, by their current g and h. */
  private before(a: number, b: number): boolean {
    const { rec, stride } = this;
    const ha = rec[a * stride + 3]!;
    const hb = rec[b * stride + 3]!;
    const fa = rec[a * stride + 1]! + ha;
    const fb = rec[b * stride + 1]! + hb;
    // DETERMINISM: the open list's total order (lazyHeap.ts).
    return fa < fb || (fa === fb && (ha < hb || (ha === hb && a < b)));
  }

  /** Pushes open cell `n` with its current key, first dropping stale entries if the list is full. */
  private push(n: number): void {
    const { heap, rec, stride } = this;
    if (heap.size === heap.items.length) compactHeap(heap, rec, stride);
    const h = rec[n * stride + 3]!;
    lazyPush(heap, n, rec[n * stride + 1]! + h, h);
  }
}
