/**
 * Test fixtures for core/nav (imported by tests only): a seeded PRNG, random grids and a plain
 * Dijkstra with A*'s move rules and costs, as the reference for optimality.
 */
import type { NavGrid } from '../NavGrid';
import { stepCost } from '../NavGrid';

/** mulberry32: a small seeded PRNG returning integers in [0, n). */
export function rng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n: number): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n) | 0;
  };
}

/** A cols×rows grid where each cell is a wall with probability `wallPercent` %. */
export function randomGrid(rand: (n: number) => number, cols: number, rows: number, wallPercent: number): NavGrid {
  const blocked = new Uint8Array(cols * rows);
  for (let i = 0; i < blocked.length; i++) blocked[i] = rand(100) < wallPercent ? 1 : 0;
  return { cols, rows, blocked };
}

/** A random free cell, or -1 when the grid has none. */
export function randomFreeCell(rand: (n: number) => number, grid: NavGrid): number {
  const n = grid.cols * grid.rows;
  for (let tries = 0; tries < 1000; tries++) {
    const i = rand(n);
    if (grid.blocked[i] === 0) return i;
  }
  return grid.blocked.indexOf(0);
}

/** Optimal path cost from `start` to every cell (-1 = unreachable), by Dijkstra with a binary heap. */
export function dijkstra(grid: NavGrid, start: number): Int32Array {
  const { cols, rows } = grid;
  const dist = new Int32Array(cols * rows).fill(-1);
  const done = new Uint8Array(cols * rows);
  const heap: Array<[number, number]> = [[0, start]];
  dist[start] = 0;
  while (heap.length > 0) {
    const [d, u] = popMin(heap);
    if (done[u]) continue;
    done[u] = 1;
    const uc = u % cols;
    const ur = (u - uc) / cols;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const c = uc + dc;
        const r = ur + dr;
        if ((dc === 0 && dr === 0) || c < 0 || r < 0 || c >= cols || r >= rows) continue;
        const v = r * cols + c;
        const step = stepCost(grid, u, v);
        if (step < 0 || done[v]) continue;
        if (dist[v] === -1 || d + step < dist[v]!) {
          dist[v] = d + step;
          pushHeap(heap, [d + step, v]);
        }
      }
    }
  }
  return dist;
}

function pushHeap(h: Array<[number, number]>, e: [number, number]): void {
  h.push(e);
  let k = h.length - 1;
  while (k > 0) {
    const p = (k - 1) >> 1;
    if (h[p]![0] <= e[0]) break;
    h[k] = h[p]!;
    k = p;
  }
  h[k] = e;
}

function popMin(h: Array<[number, number]>): [number, number] {
  const top = h[0]!;
  const last = h.pop()!;
  if (h.length > 0) {
    let k = 0;
    for (;;) {
      let c = 2 * k + 1;
      if (c >= h.length) break;
      if (c + 1 < h.length && h[c + 1]![0] < h[c]![0]) c++;
      if (h[c]![0] >= last[0]) break;
      h[k] = h[c]!;
      k = c;
    }
    h[k] = last;
  }
  return top;
}

/** A grid from text rows: '#' is a wall, anything else free. */
export function gridFrom(rows: string[]): NavGrid {
  const cols = rows[0]!.length;
  const blocked = new Uint8Array(cols * rows.length);
  rows.forEach((row, r) => [...row].forEach((ch, c) => (blocked[r * cols + c] = ch === '#' ? 1 : 0)));
  return { cols, rows: rows.length, blocked };
}

/**
 * Why `path[0..length)` is not a legal cell path, or undefined when it is: every cell free, every
 * step to one of the 8 neighbours, a diagonal step only between two free edge cells. Written apart
 * from NavGrid's stepCost, so a shared bug cannot hide.
 */
export function illegalStep(grid: NavGrid, path: ArrayLike<number>, length: number): string | undefined {
  const { cols, blocked } = grid;
  for (let i = 0; i < length; i++) if (blocked[path[i]!] !== 0) return `cell ${path[i]} is a wall`;
  for (let i = 1; i < length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const [ac, ar, bc, br] = [a % cols, (a - (a % cols)) / cols, b % cols, (b - (b % cols)) / cols];
    if (Math.max(Math.abs(bc - ac), Math.abs(br - ar)) !== 1) return `step ${a}->${b} is not to a neighbour`;
    if (bc !== ac && br !== ar && (blocked[ar * cols + bc] !== 0 || blocked[br * cols + ac] !== 0)) return `step ${a}->${b} cuts a corner`;
  }
  return undefined;
}
