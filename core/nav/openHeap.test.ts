import { describe, expect, it } from 'vitest';
import { createOpenHeap, heapPop, heapUpsert, KEY_SCALE } from './openHeap';
import { rng } from './test/fixtures';

describe('openHeap', () => {
  it('pops in (f, h, cell index) order under pushes, decrease-keys and pops, with many ties', () => {
    const rand = rng(21);
    for (let t = 0; t < 50; t++) {
      const cells = 1 + rand(300);
      const heap = createOpenHeap(cells);
      const f = new Map<number, [number, number]>();
      const popped: Array<[number, number, number]> = [];
      for (let op = 0; op < 4 * cells; op++) {
        const cell = rand(cells);
        const entry = f.get(cell);
        if (rand(3) === 0 && heap.size > 0) {
          const top = heap.items[0]!;
          const [ft, ht] = f.get(top)!;
          // The top is the least open entry by (f, h, index).
          // (Checked by hand and asserted on a miss: an expect per entry per op took ~9 s.)
          for (const [c, [fc, hc]] of f) if (cmp([ft, ht, top], [fc, hc, c]) > 0) expect.fail(`top ${top} comes after ${c}`);
          heapPop(heap);
          expect(heap.slot[top]).toBe(-1);
          f.delete(top);
          popped.push([ft, ht, top]);
        } else if (entry === undefined && !popped.some(([, , c]) => c === cell)) {
          const e: [number, number] = [rand(4), rand(3)];
          f.set(cell, e);
          heapUpsert(heap, cell, e[0], e[1], -1);
        } else if (entry !== undefined && entry[0] > 0) {
          const e: [number, number] = [entry[0] - 1, rand(3)];
          f.set(cell, e);
          heapUpsert(heap, cell, e[0], e[1], heap.slot[cell]!);
        }
        for (let k = 0; k < heap.size; k++) if (heap.slot[heap.items[k]!] !== k) expect.fail(`heap.slot of the item at ${k} is ${heap.slot[heap.items[k]!]}`);
        if (heap.size > 0) expect(heap.keys[0]).toBe(f.get(heap.items[0]!)![0] * KEY_SCALE + f.get(heap.items[0]!)![1]);
      }
    }
  });
});

function cmp(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
