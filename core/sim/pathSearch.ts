/**
 * A resumable grid A*: the same search as core/nav's AStar (8 directions without corner cutting,
 * nav's integer step costs and octile heuristic, ties broken by f, then h, then cell index) but
 * able to stop after any number of node expansions and continue later, so the simulation can
 * spread a long search over several frames with a fixed expansion budget per frame.
 * The result depends only on (grid, start, goal): slicing never changes it, which is what lets a
 * restored world redo an interrupted search and land on the same path (planPaths.ts).
 * Candidate for core/nav (as an AStar `begin`/`resume` API); kept here until nav offers one.
 * Buffers are allocated once per grid; a search allocates nothing.
 */
import { STEP_DIAGONAL, STEP_STRAIGHT, octile, type NavGrid } from '../nav';

/** How a search stands. */
export const SearchStatus = { Idle: 0, Running: 1, Found: 2, NoPath: 3, Budget: 4 } as const;
export type SearchStatus = (typeof SearchStatus)[keyof typeof SearchStatus];

/** h's share of a packed heap key (f · KEY_SCALE + h; f, h < 2^26 so keys are exact doubles). */
const KEY_SCALE = 1 << 26;

/** One resumable search over one grid. */
export class PathSearch {
  private readonly cells: number;
  private readonly g: Int32Array;
  private readonly h: Int32Array;
  private readonly parent: Int32Array;
  private readonly stamp: Int32Array;
  /** Heap slot of an open cell, -1 once closed. */
  private readonly slot: Int32Array;
  private readonly items: Int32Array;
  private readonly keys: Float64Array;
  private size = 0;
  private generation = 0;
  private goal = -1;
  private goalCol = 0;
  private goalRow = 0;
  private best = -1;
  /** Status of the current search. */
  status: SearchStatus = SearchStatus.Idle;
  /** Expansions done by the current search. */
  expanded = 0;

  constructor(private readonly grid: NavGrid) {
    const n = grid.cols * grid.rows;
    this.cells = n;
    this.g = new Int32Array(n);
    this.h = new Int32Array(n);
    this.parent = new Int32Array(n);
    this.stamp = new Int32Array(n);
    this.slot = new Int32Array(n);
    this.items = new Int32Array(n);
    this.keys = new Float64Array(n);
  }

  /** Starts a search from `start` to `goal` (both free cells of the grid). */
  begin(start: number, goal: number): void {
    if (this.generation === 0x7fffffff) {
      this.stamp.fill(0);
      this.generation = 0;
    }
    this.generation++;
    this.size = 0;
    this.goal = goal;
    this.goalCol = goal % this.grid.cols;
    this.goalRow = (goal - this.goalCol) / this.grid.cols;
    this.best = start;
    this.expanded = 0;
    this.status = SearchStatus.Running;
    this.open(start, 0, -1);
  }

  /**
   * Expands up to `maxExpansions` more nodes, stopping early when the goal is reached, the open
   * set runs dry (NoPath) or `totalBudget` expansions have been spent (Budget). Returns the status.
   */
  run(maxExpansions: number, totalBudget: number): SearchStatus {
    if (this.status !== SearchStatus.Running) return this.status;
    const { cols, blocked } = this.grid;
    const stop = Math.min(this.expanded + maxExpansions, totalBudget);
    while (this.size > 0) {
      const cur = this.items[0]!;
      if (cur === this.goal) return (this.status = SearchStatus.Found);
      if (this.expanded >= totalBudget) return (this.status = SearchStatus.Budget);
      if (this.expanded >= stop) return this.status;
      this.pop();
      this.expanded++;
      if (this.closer(cur, this.best)) this.best = cur;
      const c = cur % cols;
      const r = (cur - c) / cols;
      const gs = this.g[cur]! + STEP_STRAIGHT;
      const gd = this.g[cur]! + STEP_DIAGONAL;
      const n = cur - cols;
      const s = cur + cols;
      const nOk = r > 0 && blocked[n] === 0;
      const sOk = s < this.cells && blocked[s] === 0;
      const wOk = c > 0 && blocked[cur - 1] === 0;
      const eOk = c < cols - 1 && blocked[cur + 1] === 0;
      if (nOk) this.relax(n, gs, cur);
      if (sOk) this.relax(s, gs, cur);
      if (wOk) this.relax(cur - 1, gs, cur);
      if (eOk) this.relax(cur + 1, gs, cur);
      if (nOk && wOk && blocked[n - 1] === 0) this.relax(n - 1, gd, cur);
      if (nOk && eOk && blocked[n + 1] === 0) this.relax(n + 1, gd, cur);
      if (sOk && wOk && blocked[s - 1] === 0) this.relax(s - 1, gd, cur);
      if (sOk && eOk && blocked[s + 1] === 0) this.relax(s + 1, gd, cur);
    }
    return (this.status = SearchStatus.NoPath);
  }

  /**
   * Writes the cells from the start to the path's end — the goal when Found, else the expanded
   * cell nearest the goal (smallest h, then g, then index) — into `out`; returns the count.
   */
  writePath(out: Int32Array): number {
    const end = this.status === SearchStatus.Found ? this.goal : this.best;
    let length = 0;
    for (let i = end; i >= 0; i = this.parent[i]!) length++;
    let k = length;
    for (let i = end; i >= 0; i = this.parent[i]!) out[--k] = i;
    return length;
  }

  private closer(a: number, b: number): boolean {
    const ha = this.h[a]!;
    const hb = this.h[b]!;
    if (ha !== hb) return ha < hb;
    const ga = this.g[a]!;
    const gb = this.g[b]!;
    return ga !== gb ? ga < gb : a < b;
  }

  private open(cell: number, g: number, from: number): void {
    const col = cell % this.grid.cols;
    const h = octile(col - this.goalCol, (cell - col) / this.grid.cols - this.goalRow);
    this.stamp[cell] = this.generation;
    this.g[cell] = g;
    this.h[cell] = h;
    this.parent[cell] = from;
    this.siftUp(this.size++, cell, (g + h) * KEY_SCALE + h);
  }

  private relax(cell: number, g: number, from: number): void {
    if (this.stamp[cell] !== this.generation) {
      this.open(cell, g, from);
      return;
    }
    const at = this.slot[cell]!;
    // Closed cells are final (consistent heuristic); strict < keeps the first parent on ties.
    if (at < 0 || g >= this.g[cell]!) return;
    this.g[cell] = g;
    this.parent[cell] = from;
    this.siftUp(at, cell, (g + this.h[cell]!) * KEY_SCALE + this.h[cell]!);
  }

  /** Places `cell` with `key` at slot `k` or above. DETERMINISM: key ties go to the smaller cell. */
  private siftUp(k: number, cell: number, key: number): void {
    const { items, keys, slot } = this;
    while (k > 0) {
      const up = (k - 1) >> 1;
      const ku = keys[up]!;
      if (ku < key || (ku === key && items[up]! < cell)) break;
      items[k] = items[up]!;
      keys[k] = ku;
      slot[items[k]!] = k;
      k = up;
    }
    items[k] = cell;
    keys[k] = key;
    slot[cell] = k;
  }

  /** Removes the best open cell (items[0]) and marks it closed. */
  private pop(): void {
    const { items, keys, slot } = this;
    slot[items[0]!] = -1;
    const size = --this.size;
    if (size === 0) return;
    const cell = items[size]!;
    const key = keys[size]!;
    let k = 0;
    for (;;) {
      let child = 2 * k + 1;
      if (child >= size) break;
      let kc = keys[child]!;
      if (child + 1 < size) {
        const kr = keys[child + 1]!;
        if (kr < kc || (kr === kc && items[child + 1]! < items[child]!)) {
          child++;
          kc = kr;
        }
      }
      if (key < kc || (key === kc && cell < items[child]!)) break;
      items[k] = items[child]!;
      keys[k] = kc;
      slot[items[k]!] = k;
      k = child;
    }
    items[k] = cell;
    keys[k] = key;
    slot[cell] = k;
  }
}
