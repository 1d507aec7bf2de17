/**
 * Regions of a nav grid: the sets of cells a path can join. A diagonal move needs both edge cells
 * it passes between free (NavGrid.ts), so 8-direction moves connect exactly the cells 4-direction
 * moves connect: a region is a 4-connected set of free cells. A goal outside the start's region is
 * unreachable, which a search finds out only by expanding the whole region; with the labels a
 * caller knows at once, and can pick the region's cell nearest to the goal instead.
 * Labels: regions are numbered 0, 1, … in the order of their lowest cell index; blocked cells get
 * -1. Deterministic; a pure function of `blocked` (relabel after walls change).
 */
import type { NavGrid } from './NavGrid';
import { checkGrid, octile } from './NavGrid';

/** The region label of every cell of `grid` (see the file header). */
export function regionLabels(grid: NavGrid): Int32Array {
  checkGrid(grid);
  const { cols, rows, blocked } = grid;
  const n = cols * rows;
  const labels = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let next = 0;
  for (let seed = 0; seed < n; seed++) {
    if (blocked[seed] !== 0 || labels[seed] !== -1) continue;
    // Breadth-first flood from the region's lowest cell.
    labels[seed] = next;
    let head = 0;
    let tail = 0;
    queue[tail++] = seed;
    while (head < tail) {
      const cur = queue[head++]!;
      const c = cur % cols;
      const r = (cur - c) / cols;
      if (r > 0 && blocked[cur - cols] === 0 && labels[cur - cols] === -1) (labels[cur - cols] = next), (queue[tail++] = cur - cols);
      if (r < rows - 1 && blocked[cur + cols] === 0 && labels[cur + cols] === -1) (labels[cur + cols] = next), (queue[tail++] = cur + cols);
      if (c > 0 && blocked[cur - 1] === 0 && labels[cur - 1] === -1) (labels[cur - 1] = next), (queue[tail++] = cur - 1);
      if (c < cols - 1 && blocked[cur + 1] === 0 && labels[cur + 1] === -1) (labels[cur + 1] = next), (queue[tail++] = cur + 1);
    }
    next++;
  }
  return labels;
}

/**
 * The cell of region `region` (labels from regionLabels) nearest to cell `target` by octile
 * distance (the search heuristic: a path's lower bound), ties to the lower index; -1 when the
 * region has no cell. Scans the whole grid: O(cols · rows).
 */
export function nearestInRegion(grid: NavGrid, labels: Int32Array, region: number, target: number): number {
  const cols = grid.cols;
  const tc = target % cols;
  const tr = (target - tc) / cols;
  let best = -1;
  let bestD = 0;
  for (let i = 0, c = 0, r = 0; i < labels.length; i++) {
    if (labels[i] === region) {
      const d = octile(c - tc, r - tr);
      if (best < 0 || d < bestD) {
        best = i;
        bestD = d;
      }
    }
    if (++c === cols) {
      c = 0;
      r++;
    }
  }
  return best;
}
