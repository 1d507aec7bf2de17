/**
 * A map being designed for scripts/gen-maps.ts: per-cell terrain, walls, bushes and spawns, with
 * the shape helpers the map builders use and the checks every shipped map must pass (no
 * cut-off pockets, spawns spread out and reachable). Cells are (col, row), index row * cols + col.
 */
import type { GridPoint } from '../../core/map';
import { Terrain } from '../../core/map';

/** A map being designed: what each cell is, before any art is chosen. */
export class Design {
  readonly terrain: Uint8Array;
  readonly wall: Uint8Array;
  readonly bush: Uint8Array;
  spawns: GridPoint[] = [];
  viruses: GridPoint[] = [];
  constructor(readonly cols: number, readonly rows: number) {
    this.terrain = new Uint8Array(cols * rows).fill(Terrain.Grass);
    this.wall = new Uint8Array(cols * rows);
    this.bush = new Uint8Array(cols * rows);
  }
  in(c: number, r: number): boolean {
    return c >= 0 && r >= 0 && c < this.cols && r < this.rows;
  }
  /** Applies f to every cell of the rectangle [c0, c1] x [r0, r1] (inclusive) that is on the map. */
  rect(c0: number, r0: number, c1: number, r1: number, f: (i: number, c: number, r: number) => void): void {
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) if (this.in(c, r)) f(r * this.cols + c, c, r);
  }
  setWall(c0: number, r0: number, c1: number, r1: number, on = 1): void {
    this.rect(c0, r0, c1, r1, (i) => {
      this.wall[i] = on;
      if (on) this.bush[i] = 0;
    });
  }
  setTerrain(c0: number, r0: number, c1: number, r1: number, t: Terrain): void {
    this.rect(c0, r0, c1, r1, (i) => (this.terrain[i] = t));
  }
  setBush(c0: number, r0: number, c1: number, r1: number): void {
    this.rect(c0, r0, c1, r1, (i) => {
      if (!this.blocked(i)) this.bush[i] = 1;
    });
  }
  /** Water ellipse with a sand shore `shore` cells wide. */
  pond(cx: number, cy: number, rx: number, ry: number, shore: number): void {
    this.rect(Math.floor(cx - rx - shore - 1), Math.floor(cy - ry - shore - 1), Math.ceil(cx + rx + shore + 1), Math.ceil(cy + ry + shore + 1), (i, c, r) => {
      const d = Math.hypot((c + 0.5 - cx) / rx, (r + 0.5 - cy) / ry);
      if (d <= 1) this.terrain[i] = Terrain.Water;
      else if (d <= 1 + shore / Math.min(rx, ry) && this.terrain[i] !== Terrain.Road) this.terrain[i] = Terrain.Sand;
      if (d <= 1) this.bush[i] = 0;
    });
  }
  /** Terrain `t` over an ellipse (cell centres inside it). */
  blob(cx: number, cy: number, rx: number, ry: number, t: Terrain): void {
    this.rect(Math.floor(cx - rx), Math.floor(cy - ry), Math.ceil(cx + rx), Math.ceil(cy + ry), (i, c, r) => {
      if (Math.hypot((c + 0.5 - cx) / rx, (r + 0.5 - cy) / ry) <= 1) this.terrain[i] = t;
    });
  }
  blocked(i: number): boolean {
    return this.wall[i] === 1 || this.terrain[i] === Terrain.Water;
  }
  border(): void {
    this.setWall(0, 0, this.cols - 1, 0);
    this.setWall(0, this.rows - 1, this.cols - 1, this.rows - 1);
    this.setWall(0, 0, 0, this.rows - 1);
    this.setWall(this.cols - 1, 0, this.cols - 1, this.rows - 1);
  }
}

/** Cells reachable from `start` by 4-neighbour steps over free cells. */
export function reachable(d: Design, start: number): Uint8Array {
  const seen = new Uint8Array(d.cols * d.rows);
  const queue = [start];
  seen[start] = 1;
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q]!;
    const c = i % d.cols, r = (i - c) / d.cols;
    for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
      const j = (r + dr) * d.cols + c + dc;
      if (d.in(c + dc, r + dr) && !seen[j] && !d.blocked(j)) {
        seen[j] = 1;
        queue.push(j);
      }
    }
  }
  return seen;
}

/** Walls in every free cell not reachable from `start`, so no pocket is cut off. */
export function sealPockets(d: Design, start: number): void {
  const seen = reachable(d, start);
  for (let i = 0; i < seen.length; i++) {
    if (!seen[i] && !d.blocked(i)) {
      d.wall[i] = 1;
      d.bush[i] = 0;
    }
  }
}

/** How a spread of points may be placed beyond the cells' own test. */
export interface SpreadOptions {
  /** Every place that goes with a picked one (the map's mirror images of it, itself included; default: itself alone). */
  readonly images?: (p: GridPoint) => readonly GridPoint[];
  /** Whether cell (c, r) may hold a point at all (default: any). */
  readonly allowed?: (c: number, r: number) => boolean;
}

/**
 * Picks `count` spawns spread over the map: farthest-point sampling over free, bush-free cells
 * whose four neighbours are free too, starting next to `first`; ties go to the lower cell index.
 * With `images`, each pick brings its mirror images along (so it may pick a few more than `count`).
 */
export function spreadSpawns(d: Design, first: GridPoint, count: number, opts: SpreadOptions = {}): GridPoint[] {
  const fits = (i: number): boolean => !(d.blocked(i) || d.bush[i] || d.blocked(i - 1) || d.blocked(i + 1) || d.blocked(i - d.cols) || d.blocked(i + d.cols));
  const cand: number[] = [];
  for (let r = 1; r < d.rows - 1; r++) {
    for (let c = 1; c < d.cols - 1; c++) if (fits(r * d.cols + c) && (opts.allowed?.(c, r) ?? true)) cand.push(r * d.cols + c);
  }
  return farthestPoints(d, cand, first, count, opts, 'spawn cells');
}

/**
 * Picks `count` virus places spread over the map (farthest-point sampling, as spreadSpawns) among
 * free, bush-free cells with free cells all around (a virus is about a cell wide) and at least
 * `keepOff` cells (Chebyshev) from every spawn, starting next to `first`.
 */
export function spreadViruses(d: Design, first: GridPoint, count: number, keepOff: number, opts: SpreadOptions = {}): GridPoint[] {
  const roomy = (i: number): boolean => {
    const c = i % d.cols, r = Math.floor(i / d.cols);
    for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) if (!d.in(c + dc, r + dr) || d.blocked((r + dr) * d.cols + c + dc)) return false;
    return d.bush[i] === 0 && d.spawns.every((s) => Math.max(Math.abs(s.col - c), Math.abs(s.row - r)) > keepOff) && (opts.allowed?.(c, r) ?? true);
  };
  const cand: number[] = [];
  for (let i = 0; i < d.cols * d.rows; i++) if (roomy(i)) cand.push(i);
  return farthestPoints(d, cand, first, count, opts, 'virus places');
}

/** Farthest-point sampling over the cells `cand` (ascending), from the one nearest `first`, until `count` are picked. */
function farthestPoints(d: Design, cand: readonly number[], first: GridPoint, count: number, opts: SpreadOptions, what: string): GridPoint[] {
  const images = opts.images ?? ((p: GridPoint) => [p]);
  const dist = cand.map((i) => Math.hypot((i % d.cols) - first.col, Math.floor(i / d.cols) - first.row));
  const picked: GridPoint[] = [];
  let next = dist.indexOf(Math.min(...dist));
  dist.fill(Infinity); // from here on: distance to the nearest picked point
  while (picked.length < count) {
    const i = cand[next]!;
    let best = -1;
    for (const p of images({ col: i % d.cols, row: Math.floor(i / d.cols) })) {
      if (!cand.includes(cellOf(d, p))) throw new Error(`the mirror image ${p.col}, ${p.row} of ${what.replace(/s$/, '')} ${i % d.cols}, ${Math.floor(i / d.cols)} is not one: the map is not symmetric`);
      picked.push(p);
      best = -1;
      for (let k = 0; k < cand.length; k++) {
        const j = cand[k]!;
        dist[k] = Math.min(dist[k]!, Math.hypot((j % d.cols) - p.col, Math.floor(j / d.cols) - p.row));
        if (best < 0 || dist[k]! > dist[best]!) best = k;
      }
    }
    if (best < 0 || dist[best] === 0) throw new Error(`only ${picked.length} ${what} available`);
    next = best;
  }
  return picked;
}

/**
 * The symmetries of a square map: a cell and its images under the mirrors across both middle
 * lines and the diagonals (eight places, fewer on a mirror line), in a fixed order, without repeats.
 */
export function squareImages(d: Design): (p: GridPoint) => readonly GridPoint[] {
  if (d.cols !== d.rows) throw new Error(`a ${d.cols} x ${d.rows} map is not square`);
  const n = d.cols - 1;
  return ({ col: c, row: r }) => {
    const out: GridPoint[] = [];
    for (const [col, row] of [[c, r], [n - c, r], [c, n - r], [n - c, n - r], [r, c], [n - r, c], [r, n - c], [n - r, n - c]] as const) {
      if (!out.some((p) => p.col === col && p.row === row)) out.push({ col, row });
    }
    return out;
  };
}

/**
 * Makes a square design the same under all eight symmetries of the square (squareImages), so no
 * side, corner or team is favoured: every cell takes what its image in the fundamental eighth
 * holds — the top-left quarter, on or below its diagonal (col ≤ row). Draw there; the rest follows.
 */
export function symmetrize(d: Design): void {
  const n = d.cols - 1;
  squareImages(d); // checks that the map is square
  d.rect(0, 0, n, n, (i, c, r) => {
    const a = Math.min(c, n - c), b = Math.min(r, n - r);
    const j = Math.max(a, b) * d.cols + Math.min(a, b);
    d.terrain[i] = d.terrain[j]!;
    d.wall[i] = d.wall[j]!;
    d.bush[i] = d.bush[j]!;
  });
}

/** Index of a cell in the design's arrays. */
export const cellOf = (d: Design, p: GridPoint): number => p.row * d.cols + p.col;

/**
 * Where a ball of nav size class k may stand: free cells at Chebyshev distance > k from every
 * blocked cell and from the map edge (the rule core/sim's nav grids use). 1 = standable.
 */
export function standable(d: Design, k: number): Uint8Array {
  const n = d.cols * d.rows;
  let ok = new Uint8Array(n);
  for (let i = 0; i < n; i++) ok[i] = d.blocked(i) ? 0 : 1;
  for (let step = 0; step < k; step++) {
    const next = new Uint8Array(n);
    for (let r = 1; r < d.rows - 1; r++) {
      for (let c = 1; c < d.cols - 1; c++) {
        let v = 1;
        for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) v &= ok[(r + dr) * d.cols + c + dc]!;
        next[r * d.cols + c] = v;
      }
    }
    ok = next;
  }
  return ok;
}

/** Sizes of the 4-connected components of the cells marked 1 in `mask`, largest first. */
export function componentSizes(d: Design, mask: Uint8Array): number[] {
  const seen = new Uint8Array(mask.length);
  const sizes: number[] = [];
  for (let s = 0; s < mask.length; s++) {
    if (!mask[s] || seen[s]) continue;
    const queue = [s];
    seen[s] = 1;
    for (let q = 0; q < queue.length; q++) {
      const i = queue[q]!;
      const c = i % d.cols;
      for (const j of [c > 0 ? i - 1 : -1, c < d.cols - 1 ? i + 1 : -1, i - d.cols, i + d.cols]) {
        if (j >= 0 && j < mask.length && mask[j] && !seen[j]) {
          seen[j] = 1;
          queue.push(j);
        }
      }
    }
    sizes.push(queue.length);
  }
  return sizes.sort((a, b) => b - a);
}

/**
 * Number of ball size classes the simulation plans paths for (core/sim/mapInfo.ts SIZE_CLASSES:
 * radius up to 2.5 cells). Shipped maps keep every class's standable region in one piece, so a
 * ball of any size can reach every part of the map that has room for it.
 */
export const NAV_SIZE_CLASSES = 3;

/** Whether, for every size class, the standable cells form exactly one connected region. */
export function connectedForAllSizes(d: Design): boolean {
  for (let k = 0; k < NAV_SIZE_CLASSES; k++) if (componentSizes(d, standable(d, k)).length !== 1) return false;
  return true;
}

/** Applies `change`, and undoes it if the map stops being connectedForAllSizes. Returns whether it was kept. */
export function tryChange(d: Design, change: () => void): boolean {
  const saved = [d.terrain.slice(), d.wall.slice(), d.bush.slice()] as const;
  change();
  if (connectedForAllSizes(d)) return true;
  d.terrain.set(saved[0]);
  d.wall.set(saved[1]);
  d.bush.set(saved[2]);
  return false;
}

/** ASCII view for error messages: '#' wall, '~' water, digit = largest size class that fits, ' ' none. */
export function regionsPicture(d: Design): string {
  const masks = Array.from({ length: NAV_SIZE_CLASSES }, (_, k) => standable(d, k));
  const lines: string[] = [];
  for (let r = 0; r < d.rows; r++) {
    let line = '';
    for (let c = 0; c < d.cols; c++) {
      const i = r * d.cols + c;
      let best = -1;
      for (let k = 0; k < NAV_SIZE_CLASSES; k++) if (masks[k]![i]) best = k;
      line += d.wall[i] ? '#' : d.terrain[i] === Terrain.Water ? '~' : best < 0 ? ' ' : String(best);
    }
    lines.push(line);
  }
  return lines.join('\n');
}
