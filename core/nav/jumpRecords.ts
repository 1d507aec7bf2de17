/**
 * JumpPointSearch's per-cell records: the search fields of a cell and its landmark distances side
 * by side in one typed-array record, so a cell the search touches costs about one cache line, and
 * the record-level helpers (landmark storage and bound, heap compaction, path writing).
 *
 * Record of cell n: int32s `rec[n * stride + field]` for the FIELDS below, then, seen through a
 * Uint16Array `lm` over the same buffer, landmark i at `lm[n * 2 * stride + 2 * FIELDS + i]`.
 * Landmark distances are stored saturated: LM_NONE for unreachable, LM_MAX for LM_MAX or more.
 * Clamping is 1-Lipschitz, so the landmark bound stays admissible and consistent; it only gets
 * weaker beyond LM_MAX step-cost units (~936 straight cells).
 * JumpPointSearch's hot code (and landmarkBound8 here) writes these constants as literals: V8
 * reloads and re-checks an imported or module-level constant at every use, which cost a query
 * about 8 % (jumpRecords.test.ts pins the values the literals assume).
 */
import { KEY_SCALE } from './openHeap';
import { heapify, type LazyHeap } from './lazyHeap';
import type { MutableResult } from './pathResult';

/** Int32 search fields at the head of each record. */
export const FIELDS = 4;
/** Search generation that last touched the cell; the other fields are stale unless it is current. */
export const STAMP = 0;
/** Cost from the start. */
export const G = 1;
/** Parent cell (below 2^18, MAX_CELLS) | arrival direction code << DIR_SHIFT; -1 at the start. */
export const FROM = 2;
/** The heuristic (fixed for a cell within a search) while open; CLOSED once expanded. */
export const H = 3;
export const CLOSED = -1;
export const DIR_SHIFT = 20;
export const PARENT_MASK = (1 << DIR_SHIFT) - 1;
/** Direction code (dc + 1) + 3 · (dr + 1) → dc and dr (code 4, no move, marks the start). */
export const DIR_DC = Int8Array.of(-1, 0, 1, -1, 0, 1, -1, 0, 1);
export const DIR_DR = Int8Array.of(-1, -1, -1, 0, 0, 0, 1, 1, 1);
/** Stored landmark distance for "unreachable"; distances of LM_MAX or more are stored as LM_MAX. */
export const LM_NONE = 0xffff;
export const LM_MAX = 0xfffe;

/** Int32s per record for `landmarks` Uint16 distances. */
export function recordStride(landmarks: number): number {
  return FIELDS + ((landmarks + 1) >> 1);
}

/** Copies a node-major landmark table (distanceField.ts, k a cell) into the records, saturated. */
export function storeLandmarks(lm: Uint16Array, stride: number, table: Int32Array, k: number): void {
  // Running offsets, not products: every world's searchers do this as the world is made.
  for (let t = 0, at = 2 * FIELDS; t < table.length; at += 2 * stride) {
    for (let i = 0; i < k; i++) {
      const d = table[t++]!;
      lm[at + i] = d < 0 ? LM_NONE : d > LM_MAX ? LM_MAX : d;
    }
  }
}

/** How many landmarks a JumpPointSearch query uses at most: those with the largest bounds at its start. */
export const ACTIVE_LANDMARKS = 8;

/**
 * Picks a query's active landmarks among the k stored: the ACTIVE_LANDMARKS (or fewer) with the
 * largest bound |d(L, goal) - d(L, start)| at the start, ties to the lower index, none that cannot
 * reach both. Writes them to `pairs` as (landmark index, goal distance), the first one again in
 * the slots left over (a repeated landmark bounds the same), and returns how many there are
 * (`bounds` is k entries of scratch). A max over any subset of consistent bounds is consistent.
 */
export function pickLandmarks(lm: Uint16Array, startAt: number, goalAt: number, k: number, bounds: Int32Array, pairs: Int32Array): number {
  for (let i = 0; i < k; i++) {
    const ds = lm[startAt + i]!;
    const dg = lm[goalAt + i]!;
    bounds[i] = ds === LM_NONE || dg === LM_NONE ? -1 : ds > dg ? ds - dg : dg - ds;
  }
  let n = 0;
  for (; n < ACTIVE_LANDMARKS; n++) {
    let pick = -1;
    // DETERMINISM: a strict > keeps the lower index among equal bounds.
    for (let i = 0; i < k; i++) if (bounds[i]! >= 0 && (pick < 0 || bounds[i]! > bounds[pick]!)) pick = i;
    if (pick < 0) break;
    pairs[2 * n] = pick;
    pairs[2 * n + 1] = lm[goalAt + pick]!;
    bounds[pick] = -1;
  }
  for (let j = n; j < ACTIVE_LANDMARKS; j++) {
    pairs[2 * j] = pairs[0]!;
    pairs[2 * j + 1] = pairs[1]!;
  }
  return n;
}

/**
 * max(`h`, |d(L, goal) - d(L, n)|) over the active landmarks (pickLandmarks' `pairs`, at least one
 * picked): distanceField.ts's landmarkBound on the stored distances of a cell whose record's
 * landmarks start at `lm[at]`. A cell a landmark cannot reach (LM_NONE) gets no bound from it.
 * Written out for the 8 pairs, constants as literals (see the header): a query computes this for
 * every cell it reaches, and the loop cost 40 instructions a landmark.
 */
export function landmarkBound8(lm: Uint16Array, at: number, pairs: Int32Array, h: number): number {
  h = gap(lm[at + pairs[0]!]!, pairs[1]!, h);
  h = gap(lm[at + pairs[2]!]!, pairs[3]!, h);
  h = gap(lm[at + pairs[4]!]!, pairs[5]!, h);
  h = gap(lm[at + pairs[6]!]!, pairs[7]!, h);
  h = gap(lm[at + pairs[8]!]!, pairs[9]!, h);
  h = gap(lm[at + pairs[10]!]!, pairs[11]!, h);
  h = gap(lm[at + pairs[12]!]!, pairs[13]!, h);
  return gap(lm[at + pairs[14]!]!, pairs[15]!, h);
}

/** max(h, |dg - dn|), or h when dn is LM_NONE (0xffff). */
function gap(dn: number, dg: number, h: number): number {
  if (dn === 0xffff) return h;
  const x = dg > dn ? dg - dn : dn - dg;
  return x > h ? x : h;
}

/**
 * Drops the stale entries (closed cells, superseded keys) from the heap. What is left is one entry
 * per open cell, fewer than the cells, so a full heap always has room again afterwards.
 */
export function compactHeap(heap: LazyHeap, rec: Int32Array, stride: number): void {
  const { items, keys } = heap;
  let kept = 0;
  for (let i = 0; i < heap.size; i++) {
    const cell = items[i]!;
    const g = rec[cell * stride + G]!;
    const h = rec[cell * stride + H]!;
    if (h === CLOSED || keys[i] !== (g + h) * KEY_SCALE + h) continue;
    items[kept] = cell;
    keys[kept] = keys[i]!;
    kept++;
  }
  heap.size = kept;
  heapify(heap);
}

/**
 * Writes the cells from the start to jump point `end` into out.path (each jump, a straight or
 * diagonal line, cell by cell), with out.length and out.cost.
 */
export function writeJumpPath(out: MutableResult, rec: Int32Array, stride: number, cols: number, end: number): void {
  const path = out.path;
  let length = 1;
  for (let j = end, from = rec[j * stride + FROM]!; from >= 0; j = from & PARENT_MASK, from = rec[j * stride + FROM]!) {
    const code = from >>> DIR_SHIFT;
    length += (j - (from & PARENT_MASK)) / (DIR_DC[code]! + DIR_DR[code]! * cols);
  }
  let k = length;
  let j = end;
  for (let from = rec[j * stride + FROM]!; from >= 0; j = from & PARENT_MASK, from = rec[j * stride + FROM]!) {
    const code = from >>> DIR_SHIFT;
    const step = DIR_DC[code]! + DIR_DR[code]! * cols;
    for (let i = j; i !== (from & PARENT_MASK); i -= step) path[--k] = i;
  }
  path[0] = j; // the start
  out.length = length;
  out.cost = rec[end * stride + G]!;
}
