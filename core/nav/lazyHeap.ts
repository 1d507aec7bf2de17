/**
 * Open list without decrease-key: a binary min-heap of (key, cell) entries on typed arrays, where
 * lowering a cell's priority pushes a new entry and the old one stays behind, stale, to be skipped
 * when popped (its cell is closed by then: the lower entry pops first). The heap never writes per
 * cell bookkeeping, so a sift touches only its own two small arrays, never a random cell's record.
 *
 * Keys are openHeap.ts's packed (f, h): `f · KEY_SCALE + h`; ties go to the smaller cell index.
 * A (key, cell) pair is pushed at most once (a cell's keys only go down), so the order is total and
 * the sequence of pops does not depend on the heap's layout: a search using this heap pops live
 * entries in exactly the order openHeap.ts would, and `heapify` after dropping entries is safe.
 */

/** Heap storage with a fixed capacity (see JumpPointSearch for how it is kept in bounds). */
export interface LazyHeap {
  readonly items: Int32Array;
  readonly keys: Float64Array;
  size: number;
}

/** An empty heap of `capacity` entries. */
export function createLazyHeap(capacity: number): LazyHeap {
  return { items: new Int32Array(capacity), keys: new Float64Array(capacity), size: 0 };
}

/** Adds `cell` with priority (f, h). The heap must not be full (`size < items.length`). */
export function lazyPush(heap: LazyHeap, cell: number, f: number, h: number): void {
  const k = heap.size++;
  heap.items[k] = cell;
  // KEY_SCALE (2^26) as a literal: V8 reloads an imported constant at every use (JumpPointSearch.ts).
  heap.keys[k] = f * 67108864 + h;
  siftUp(heap, k);
}

/** Removes the top entry (items[0]). The heap must not be empty. Bottom-up, as openHeap's heapPop. */
export function lazyPop(heap: LazyHeap): void {
  const { items, keys } = heap;
  const size = --heap.size;
  if (size === 0) return;
  let k = 0;
  for (let child = 1; child < size; child = 2 * k + 1) {
    let kc = keys[child]!;
    if (child + 1 < size) {
      const kr = keys[child + 1]!;
      // DETERMINISM: ties on the key go to the smaller cell index.
      if (kr < kc || (kr === kc && items[child + 1]! < items[child]!)) {
        child++;
        kc = kr;
      }
    }
    items[k] = items[child]!;
    keys[k] = kc;
    k = child;
  }
  items[k] = items[size]!;
  keys[k] = keys[size]!;
  siftUp(heap, k);
}

/** Restores the heap order over items[0..size) after entries were removed in place (O(size)). */
export function heapify(heap: LazyHeap): void {
  const { items, keys, size } = heap;
  for (let start = (size >> 1) - 1; start >= 0; start--) {
    const cell = items[start]!;
    const key = keys[start]!;
    let k = start;
    for (let child = 2 * k + 1; child < size; child = 2 * k + 1) {
      if (child + 1 < size) {
        const kr = keys[child + 1]!;
        const kl = keys[child]!;
        if (kr < kl || (kr === kl && items[child + 1]! < items[child]!)) child++;
      }
      const kc = keys[child]!;
      if (kc > key || (kc === key && items[child]! > cell)) break;
      items[k] = items[child]!;
      keys[k] = keys[child]!;
      k = child;
    }
    items[k] = cell;
    keys[k] = key;
  }
}

/**
 * Moves the entry at slot k up to its place. Takes slots, not keys: no double crosses a call
 * boundary (V8 boxes those when a call is not inlined, which would allocate).
 */
function siftUp(heap: LazyHeap, k: number): void {
  const { items, keys } = heap;
  const cell = items[k]!;
  const key = keys[k]!;
  while (k > 0) {
    const up = (k - 1) >> 1;
    const ku = keys[up]!;
    if (ku < key || (ku === key && items[up]! < cell)) break;
    items[k] = items[up]!;
    keys[k] = ku;
    k = up;
  }
  items[k] = cell;
  keys[k] = key;
}

