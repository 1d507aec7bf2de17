import { describe, expect, it } from 'vitest';
import { NineGrid } from './NineGrid';
import { rng } from './test/fixtures';

const W = 40 * 1024;
const H = 30 * 1024;
const BIG = 5 * 1024;

interface Model {
  x: Map<number, number>;
  y: Map<number, number>;
}

const clampBig = (v: number, cells: number, big: number): number => Math.min(cells - 1, Math.max(0, Math.floor(v / big)));

function bruteNine(m: Model, x: number, y: number, big: number): number[] {
  const bc = clampBig(x, Math.ceil(W / big), big);
  const br = clampBig(y, Math.ceil(H / big), big);
  return [...m.x.keys()]
    .filter((id) => {
      const c = clampBig(m.x.get(id)!, Math.ceil(W / big), big);
      const r = clampBig(m.y.get(id)!, Math.ceil(H / big), big);
      return Math.abs(c - bc) <= 1 && Math.abs(r - br) <= 1;
    })
    .sort((a, b) => a - b);
}

function bruteRect(m: Model, x0: number, y0: number, x1: number, y1: number): number[] {
  return [...m.x.keys()]
    .filter((id) => m.x.get(id)! >= x0 && m.x.get(id)! <= x1 && m.y.get(id)! >= y0 && m.y.get(id)! <= y1)
    .sort((a, b) => a - b);
}

const coord = (rand: (n: number) => number, size: number): number => rand(size + 4096) - 2048; // some outside the world

describe('NineGrid', () => {
  // A power-of-two side (the simulation's) buckets by a shift, any other by a division.
  it.each([BIG, 4 * 1024])('queries equal brute force under random inserts, moves, re-inserts in place, removes and clears (big cell %i)', (big) => {
    const rand = rng(2024);
    const capacity = 1100;
    const grid = new NineGrid(W, H, big, capacity);
    const m: Model = { x: new Map(), y: new Map() };
    const out = new Int32Array(capacity);
    let nonEmpty = 0;
    for (let step = 0; step < 3000; step++) {
      const op = rand(100);
      const id = rand(capacity);
      if (op < 55) {
        const [x, y] = [coord(rand, W), coord(rand, H)];
        if (op < 30) grid.insert(id, x, y);
        else grid.move(id, x, y);
        m.x.set(id, x);
        m.y.set(id, y);
      } else if (op < 65) {
        if (m.x.has(id)) grid.insert(id, m.x.get(id)!, m.y.get(id)!); // where it already is
      } else if (op < 75) {
        grid.remove(id);
        m.x.delete(id);
        m.y.delete(id);
      } else if (op === 99 && step % 7 === 0) {
        grid.clear();
        m.x.clear();
        m.y.clear();
      }
      expect(grid.count).toBe(m.x.size);
      expect(grid.has(id)).toBe(m.x.has(id));
      const [qx, qy] = [coord(rand, W), coord(rand, H)];
      const n = grid.queryNine(qx, qy, out);
      expect(Array.from(out.subarray(0, n))).toEqual(bruteNine(m, qx, qy, big));
      const [ax, bx, ay, by] = [coord(rand, W), coord(rand, W), coord(rand, H), coord(rand, H)];
      const [x0, x1, y0, y1] = [Math.min(ax, bx), Math.max(ax, bx), Math.min(ay, by), Math.max(ay, by)];
      const k = grid.queryRect(x0, y0, x1, y1, out);
      expect(Array.from(out.subarray(0, k))).toEqual(bruteRect(m, x0, y0, x1, y1));
      if (n > 0 && k > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(1000);
  });

  it('gives the same results whatever the insertion order (move-per-frame equals clear and rebuild)', () => {
    const rand = rng(3);
    const ids = Array.from({ length: 500 }, (_, i) => i);
    const xs = ids.map(() => rand(W));
    const ys = ids.map(() => rand(H));
    const a = new NineGrid(W, H, BIG, 500);
    const b = new NineGrid(W, H, BIG, 500);
    for (const i of ids) a.insert(i, rand(W), rand(H)); // stale positions, then moved
    for (const i of ids) a.move(i, xs[i]!, ys[i]!);
    for (const i of [...ids].reverse()) b.insert(i, xs[i]!, ys[i]!);
    const outA = new Int32Array(500);
    const outB = new Int32Array(500);
    for (let q = 0; q < 200; q++) {
      const [x, y] = [rand(W), rand(H)];
      const na = a.queryNine(x, y, outA);
      expect(b.queryNine(x, y, outB)).toBe(na);
      expect(outB.subarray(0, na)).toEqual(outA.subarray(0, na));
      for (let i = 1; i < na; i++) expect(outA[i]!).toBeGreaterThan(outA[i - 1]!);
    }
  });

  it('rect bounds are inclusive, an inverted rect is empty', () => {
    const g = new NineGrid(W, H, BIG, 4);
    g.insert(0, 100, 100);
    g.insert(1, 101, 100);
    g.insert(3, 100, 99);
    const out = new Int32Array(4);
    expect(Array.from(out.subarray(0, g.queryRect(100, 100, 100, 100, out)))).toEqual([0]);
    expect(Array.from(out.subarray(0, g.queryRect(99, 99, 101, 101, out)))).toEqual([0, 1, 3]);
    expect(g.queryRect(101, 100, 100, 100, out)).toBe(0);
  });

  it('throws on an out-of-range id or a too-short output, and stays usable afterwards', () => {
    const g = new NineGrid(W, H, BIG, 8);
    expect(() => g.insert(8, 0, 0)).toThrow(RangeError);
    expect(() => g.insert(-1, 0, 0)).toThrow(RangeError);
    for (let i = 0; i < 8; i++) g.insert(i, 10 * i, 0);
    expect(() => g.queryNine(0, 0, new Int32Array(7))).toThrow(RangeError);
    const out = new Int32Array(8);
    expect(g.queryNine(0, 0, out)).toBe(8);
    expect(Array.from(out)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    g.remove(3);
    expect(g.queryRect(0, 0, 30, 0, out)).toBe(3);
    expect(Array.from(out.subarray(0, 3))).toEqual([0, 1, 2]);
  });
});
