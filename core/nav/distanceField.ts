/**
 * Distance fields: the exact path cost from one cell to every cell of the grid (Dijkstra with
 * A*'s moves and step costs), and the landmark tables A* can use for a sharper heuristic.
 *
 * A landmark table holds, for K landmark cells spread along the grid's border, the distance from
 * each landmark to every cell, node-major (`table[cell * K + i]`, -1 = unreachable) so one cell's
 * K entries share a cache line. By the triangle inequality |d(L, goal) - d(L, n)| never exceeds
 * d(n, goal) and changes by at most a step's cost per step, so the max over landmarks (and octile)
 * is an admissible, consistent heuristic: the "ALT" technique. It must be rebuilt when walls change.
 * Units: step-cost units (NavGrid.ts); cells by index.
 */
import type { NavGrid } from './NavGrid';
import { checkGrid, nearestFreeCell, STEP_DIAGONAL, STEP_STRAIGHT } from './NavGrid';
import { createOpenHeap, heapPop, heapUpsert, type OpenHeap } from './openHeap';

/**
 * Writes into `out` (length cols*rows) the path cost from `source` to every cell, -1 where
 * unreachable (or everywhere when `source` is blocked). `heap` is scratch of the grid's size: pass
 * a `createOpenHeap(cols * rows)` kept by the caller to allocate nothing.
 */
export function distanceField(grid: NavGrid, source: number, out: Int32Array, heap: OpenHeap = createOpenHeap(grid.cols * grid.rows)): void {
  checkGrid(grid);
  const { cols, rows, blocked } = grid;
  const cells = cols * rows;
  if (out.length !== cells || heap.items.length < cells) throw new RangeError('distanceField: buffers do not fit the grid');
  out.fill(-1);
  if (!(source >= 0 && source < cells) || blocked[source] !== 0) return;
  heap.size = 0;
  out[source] = 0;
  heapUpsert(heap, source, 0, 0, -1);
  while (heap.size > 0) {
    const cur = heap.items[0]!;
    heapPop(heap);
    const c = cur % cols;
    const r = (cur - c) / cols;
    const g0 = out[cur]!;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const nc = c + dc;
        const nr = r + dr;
        if ((dc === 0 && dr === 0) || nc < 0 || nr < 0 || nc >= cols || nr >= rows) continue;
        const n = nr * cols + nc;
        // Corner rule as in A*: a diagonal needs both edge cells it passes between free.
        if (blocked[n] !== 0 || (dc !== 0 && dr !== 0 && (blocked[cur + dc] !== 0 || blocked[cur + dr * cols] !== 0))) continue;
        const ng = g0 + (dc !== 0 && dr !== 0 ? STEP_DIAGONAL : STEP_STRAIGHT);
        const d = out[n]!;
        // A settled cell (popped, slot -1) already has its final distance.
        if (d >= 0 && (ng >= d || heap.slot[n]! < 0)) continue;
        out[n] = ng;
        heapUpsert(heap, n, ng, 0, d < 0 ? -1 : heap.slot[n]!);
      }
    }
  }
}

/**
 * Landmark cells: `count` points evenly spaced clockwise along the border from the top-left corner,
 * each moved to its nearest free cell (duplicates and fully blocked grids give fewer). Deterministic.
 */
export function landmarkCells(grid: NavGrid, count: number): number[] {
  const { cols, rows } = grid;
  const perimeter = 2 * (cols - 1) + 2 * (rows - 1) || 1;
  const cells: number[] = [];
  for (let i = 0; i < count; i++) {
    // Walk t steps clockwise: top edge, right edge, bottom edge, left edge.
    let t = Math.floor((i * perimeter) / count);
    let col = 0;
    let row = 0;
    if (t < cols - 1) col = t;
    else if ((t -= cols - 1) < rows - 1) [col, row] = [cols - 1, t];
    else if ((t -= rows - 1) < cols - 1) [col, row] = [cols - 1 - t, rows - 1];
    else [col, row] = [0, rows - 1 - (t - (cols - 1))];
    const cell = nearestFreeCell(grid, row * cols + col, Math.max(cols, rows));
    if (cell >= 0 && !cells.includes(cell)) cells.push(cell);
  }
  return cells;
}

/** The landmark table (see the file header) for `landmarkCells(grid, count)`; K = its length / cells. */
export function buildLandmarkTable(grid: NavGrid, count: number): Int32Array {
  const cells = grid.cols * grid.rows;
  const sources = landmarkCells(grid, count);
  const k = sources.length;
  const table = new Int32Array(cells * k);
  const field = new Int32Array(cells);
  const heap = createOpenHeap(cells);
  sources.forEach((source, i) => {
    distanceField(grid, source, field, heap);
    for (let n = 0; n < cells; n++) table[n * k + i] = field[n]!;
  });
  return table;
}

/**
 * max(`h`, |d(L, goal) - d(L, n)|) over the k landmarks L, from a landmark table and the goal's k
 * distances. A landmark that cannot reach n or the goal gives no bound.
 */
export function landmarkBound(table: Int32Array, goalD: Int32Array, k: number, n: number, h: number): number {
  const base = n * k;
  for (let i = 0; i < k; i++) {
    const dn = table[base + i]!;
    const dg = goalD[i]!;
    if (dn < 0 || dg < 0) continue;
    const diff = dg > dn ? dg - dn : dn - dg;
    if (diff > h) h = diff;
  }
  return h;
}

/**
 * Throws unless `table` can be a landmark table (buildLandmarkTable) of a `cells`-cell grid for a
 * searcher configured with `landmarks`: K = table.length / cells whole, and at most `landmarks`.
 */
export function checkLandmarkTable(table: Int32Array, cells: number, landmarks: number): void {
  const k = table.length / cells;
  if (!Number.isInteger(k) || k > landmarks) throw new RangeError(`nav: landmark table of ${table.length} entries does not fit ${cells} cells × ${landmarks} landmarks`);
}
