/**
 * The walkability grid every path query reads, its step costs and small cell helpers.
 *
 * Grid: `cols × rows` cells, row-major index `row * cols + col` (col east, row south), `blocked[i]`
 * non-zero = wall. It is the plain shape `GameMap.blocked` comes in; nav never copies it, so a
 * change to the array is seen by the next query.
 *
 * Step costs are integers: STEP_STRAIGHT for a move to an edge neighbour, STEP_DIAGONAL for a move
 * to a corner neighbour. 99/70 is a convergent of √2 (too high by 5 parts in 100 000): integer-
 * optimal paths are the Euclidean-optimal ones unless two routes differ by hundreds of diagonal
 * steps (10/14 or 1000/1414 pick a different mix of straight and diagonal steps much sooner), and
 * the numbers stay small: with `cols * rows <= MAX_CELLS`, every g, h and f is below 2^26, which
 * lets the open heap pack (f, h) exactly into one double (openHeap.ts).
 */

/** A walkability grid (see the file header). */
export interface NavGrid {
  readonly cols: number;
  readonly rows: number;
  /** Length `cols * rows`; non-zero = blocked. */
  readonly blocked: Uint8Array;
}

/** Cost of a move to an edge-adjacent cell. */
export const STEP_STRAIGHT = 70;
/** Cost of a move to a corner-adjacent cell (≈ STEP_STRAIGHT · √2). */
export const STEP_DIAGONAL = 99;
/** Largest `cols * rows` nav accepts (e.g. 512 × 512): keeps g, h and f below 2^26. */
export const MAX_CELLS = 1 << 18;
/** Largest `cols` or `rows` (A* keeps columns and rows in Uint16Arrays). */
export const MAX_SIDE = 0xffff;

/** Throws unless `grid` is well formed and within MAX_CELLS and MAX_SIDE. */
export function checkGrid(grid: NavGrid): void {
  const { cols, rows, blocked } = grid;
  if (!Number.isInteger(cols) || !Number.isInteger(rows) || cols < 1 || rows < 1 || cols > MAX_SIDE || rows > MAX_SIDE) {
    throw new RangeError(`nav grid: bad size ${cols}×${rows}`);
  }
  if (cols * rows > MAX_CELLS) throw new RangeError(`nav grid: ${cols}×${rows} exceeds ${MAX_CELLS} cells`);
  if (blocked.length !== cols * rows) {
    throw new RangeError(`nav grid: blocked has ${blocked.length} entries, expected ${cols * rows}`);
  }
}

/**
 * Octile distance in step-cost units between cells `dc` columns and `dr` rows apart: the exact
 * cost of the cheapest path on an empty grid, hence an admissible and consistent A* heuristic.
 */
export function octile(dc: number, dr: number): number {
  const ac = dc < 0 ? -dc : dc;
  const ar = dr < 0 ? -dr : dr;
  // STEP_STRAIGHT (70) and STEP_DIAGONAL - STEP_STRAIGHT (29) as literals: every search calls this
  // for every cell it reaches, and V8 reloads a module-level constant at every use.
  return ac > ar ? 70 * ac + 29 * ar : 70 * ar + 29 * ac;
}

/** True when `cell` is an integer index inside the grid. */
export function inGrid(grid: NavGrid, cell: number): boolean {
  return Number.isInteger(cell) && cell >= 0 && cell < grid.cols * grid.rows;
}

/** True when `cell` is inside the grid and not blocked. */
export function isFree(grid: NavGrid, cell: number): boolean {
  return inGrid(grid, cell) && grid.blocked[cell] === 0;
}

/**
 * Cost of a cell path under nav's step costs, or -1 when some step is not a legal move (not
 * 8-adjacent, onto a wall, or a diagonal cutting a wall corner). Reads `path[0..length)`.
 */
export function pathCost(grid: NavGrid, path: ArrayLike<number>, length: number): number {
  let cost = 0;
  for (let i = 1; i < length; i++) {
    const step = stepCost(grid, path[i - 1] ?? -1, path[i] ?? -1);
    if (step < 0) return -1;
    cost += step;
  }
  return length > 0 && isFree(grid, path[0] ?? -1) ? cost : -1;
}

/** Cost of one legal move from `a` to `b`, or -1 when the move is illegal. */
export function stepCost(grid: NavGrid, a: number, b: number): number {
  if (!isFree(grid, a) || !isFree(grid, b)) return -1;
  const { cols, blocked } = grid;
  const ac = a % cols;
  const bc = b % cols;
  const dc = bc - ac;
  const dr = (b - bc) / cols - (a - ac) / cols;
  if (dc < -1 || dc > 1 || dr < -1 || dr > 1 || (dc === 0 && dr === 0)) return -1;
  if (dc === 0 || dr === 0) return STEP_STRAIGHT;
  // No corner cutting: both edge neighbours shared by a and b must be free.
  if (blocked[a + dc] !== 0 || blocked[a + dr * cols] !== 0) return -1;
  return STEP_DIAGONAL;
}

/**
 * The free cell nearest to `cell` (smallest squared Euclidean distance in cells; ties go to the
 * lower index), searching up to `maxRadius` rings out, or -1 if none. `cell` itself counts when
 * free. Used to retarget a goal that lies in a wall; the result may still be unreachable.
 */
export function nearestFreeCell(grid: NavGrid, cell: number, maxRadius: number): number {
  if (!inGrid(grid, cell)) return -1;
  const { cols, rows, blocked } = grid;
  const c0 = cell % cols;
  const r0 = (cell - c0) / cols;
  let best = -1;
  let bestD = 0;
  // A cell in ring r (Chebyshev distance r) is at squared distance ≥ r², so stop once r² > bestD.
  for (let r = 0; r <= maxRadius && (best < 0 || r * r <= bestD); r++) {
    for (let dr = -r; dr <= r; dr++) {
      const row = r0 + dr;
      if (row < 0 || row >= rows) continue;
      const edge = dr === -r || dr === r;
      for (let dc = -r; dc <= r; dc += edge || r === 0 ? 1 : 2 * r) {
        const col = c0 + dc;
        if (col < 0 || col >= cols) continue;
        const i = row * cols + col;
        if (blocked[i] !== 0) continue;
        const d = dc * dc + dr * dr;
        // DETERMINISM: ties broken by lower cell index, whatever the scan order.
        if (best < 0 || d < bestD || (d === bestD && i < best)) {
          best = i;
          bestD = d;
        }
      }
    }
  }
  return best;
}

/**
 * Legal moves out of cell `cur` (column c, row r) as a bit mask, in the order N, S, W, E, NW, NE,
 * SW, SE (bits 0-7). An edge move needs the neighbour to exist and be free; a corner move needs
 * the corner cell and both edge cells it passes between free (no corner cutting).
 */
export function openMoves(blocked: Uint8Array, cols: number, cells: number, cur: number, c: number, r: number): number {
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
