/**
 * A* open set: a binary min-heap on typed arrays. Slot k holds a cell index `items[k]` and its
 * packed priority `keys[k]`; `slot[cell]` is the cell's slot (so a decrease-key is a sift-up
 * from a known slot), set to -1 when the cell is popped (closed).
 *
 * Order: smaller key, then smaller cell index. The key packs (f, h) as `f · KEY_SCALE + h`, so
 * one comparison orders by f and then by h; with the index it is a total order, and pops are the
 * same on every machine whatever the push history. Keys live beside the items (not behind an
 * index) so a sift touches contiguous memory. f and h are below 2^26 (NavGrid.ts), so every key
 * is an integer below 2^52 and exact in a double.
 */

/** h's share of a packed key: key = f · KEY_SCALE + h with 0 ≤ h < KEY_SCALE. */
export const KEY_SCALE = 1 << 26;

/** Heap storage, sized to the grid's cell count once and reused by every search. */
export interface OpenHeap {
  readonly items: Int32Array;
  readonly keys: Float64Array;
  /** Per cell: its slot while open, -1 once closed; stale for cells the search has not touched. */
  readonly slot: Int32Array;
  size: number;
}

/** An empty heap for a grid of `cells` cells. */
export function createOpenHeap(cells: number): OpenHeap {
  return { items: new Int32Array(cells), keys: new Float64Array(cells), slot: new Int32Array(cells), size: 0 };
}

/**
 * Adds `cell` with priority (f, h), or lowers it when the cell is already open (pass its slot as
 * `at`, else -1). Takes integers, not a packed key, so no double crosses a call boundary (V8 boxes
 * those when a call is not inlined, which would allocate).
 */
export function heapUpsert(heap: OpenHeap, cell: number, f: number, h: number, at: number): void {
  const { items, keys, slot } = heap;
  const key = f * KEY_SCALE + h;
  let k = at < 0 ? heap.size++ : at;
  while (k > 0) {
    const up = (k - 1) >> 1;
    const ku = keys[up]!;
    // DETERMINISM: ties on the key go to the smaller cell index.
    if (ku < key || (ku === key && items[up]! < cell)) break;
    const p = items[up]!;
    items[k] = p;
    keys[k] = ku;
    slot[p] = k;
    k = up;
  }
  items[k] = cell;
  keys[k] = key;
  slot[cell] = k;
}

/**
 * Removes the best cell (items[0]) and marks it closed. The heap must not be empty.
 * Floyd's bottom-up variant: the hole at the root sinks along the smaller children to a leaf (one
 * comparison a level), then the last item rises from there, usually a level or two at most, since
 * it came from the bottom.
 */
export function heapPop(heap: OpenHeap): void {
  const { items, keys, slot } = heap;
  slot[items[0]!] = -1;
  const size = --heap.size;
  if (size === 0) return;
  let k = 0;
  for (let child = 1; child < size; child = 2 * k + 1) {
    let kc = keys[child]!;
    if (child + 1 < size) {
      const kr = keys[child + 1]!;
      if (kr < kc || (kr === kc && items[child + 1]! < items[child]!)) {
        child++;
        kc = kr;
      }
    }
    const c = items[child]!;
    items[k] = c;
    keys[k] = kc;
    slot[c] = k;
    k = child;
  }
  const cell = items[size]!;
  const key = keys[size]!;
  while (k > 0) {
    const up = (k - 1) >> 1;
    const ku = keys[up]!;
    if (ku < key || (ku === key && items[up]! < cell)) break;
    const p = items[up]!;
    items[k] = p;
    keys[k] = ku;
    slot[p] = k;
    k = up;
  }
  items[k] = cell;
  keys[k] = key;
  slot[cell] = k;
}
