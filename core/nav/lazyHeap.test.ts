import { describe, expect, it } from 'vitest';
import { JumpPointSearch } from './JumpPointSearch';
import { compactHeap } from './jumpRecords';
import { createLazyHeap, heapify, lazyPop, lazyPush, type LazyHeap } from './lazyHeap';
import { KEY_SCALE } from './openHeap';
import { PathStatus } from './pathResult';
import { randomFreeCell, randomGrid, rng } from './test/fixtures';

/** Pops everything: [key, cell] pairs in pop order. */
function drain(heap: LazyHeap): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  while (heap.size > 0) {
    out.push([heap.keys[0]!, heap.items[0]!]);
    lazyPop(heap);
  }
  return out;
}

const byKeyThenCell = (a: [number, number], b: [number, number]): number => a[0] - b[0] || a[1] - b[1];

describe('lazyHeap', () => {
  it('pops in (f, h, cell) order under interleaved pushes and pops, with many ties', () => {
    const rand = rng(23);
    for (let t = 0; t < 50; t++) {
      const heap = createLazyHeap(400);
      const pending: Array<[number, number]> = [];
      for (let op = 0; op < 300; op++) {
        if (rand(3) === 0 && heap.size > 0) {
          pending.sort(byKeyThenCell);
          expect([heap.keys[0], heap.items[0]]).toEqual(pending.shift());
          lazyPop(heap);
        } else {
          const [cell, f, h] = [rand(50), rand(8), rand(3)];
          lazyPush(heap, cell, f, h);
          pending.push([f * KEY_SCALE + h, cell]);
        }
      }
      expect(drain(heap)).toEqual(pending.sort(byKeyThenCell));
    }
  });

  it('heapify restores the order after entries are dropped in place', () => {
    const rand = rng(24);
    for (let t = 0; t < 50; t++) {
      const heap = createLazyHeap(200);
      for (let i = 0; i < 150; i++) lazyPush(heap, rand(100), rand(20), rand(4));
      let kept = 0;
      for (let i = 0; i < heap.size; i++) {
        if (rand(2) === 0) continue;
        [heap.items[kept], heap.keys[kept]] = [heap.items[i]!, heap.keys[i]!];
        kept++;
      }
      heap.size = kept;
      const expected = Array.from(heap.keys.subarray(0, kept), (k, i): [number, number] => [k, heap.items[i]!]).sort(byKeyThenCell);
      heapify(heap);
      expect(drain(heap)).toEqual(expected);
    }
  });

  it('compacting the open list in the middle of a search changes nothing: same path, same expansions', () => {
    const rand = rng(25);
    let compacted = 0;
    for (let t = 0; t < 40; t++) {
      const grid = randomGrid(rand, 30, 30, 25);
      const jps = new JumpPointSearch(grid, { landmarks: rand(2) * 4 });
      const [s, g] = [randomFreeCell(rand, grid), randomFreeCell(rand, grid)];
      const whole = jps.findPath(s, g);
      const expected = [whole.status, whole.cost, whole.expanded, ...whole.path.subarray(0, whole.length)];
      const inner = jps as unknown as { heap: LazyHeap; rec: Int32Array; stride: number };
      let res = jps.begin(s, g);
      while (res.status === PathStatus.Running) {
        const before = inner.heap.size;
        compactHeap(inner.heap, inner.rec, inner.stride);
        if (inner.heap.size < before) compacted++;
        res = jps.resume(3);
      }
      expect([res.status, res.cost, res.expanded, ...res.path.subarray(0, res.length)]).toEqual(expected);
    }
    expect(compacted).toBeGreaterThan(20); // stale entries really were dropped
  });
});
