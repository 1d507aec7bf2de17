/**
 * Path smoothing by string pulling: drops every cell of an A* path that a straight line can skip,
 * so a ball steers along a few long segments instead of zig-zagging along 45° steps.
 *
 * Greedy: from the last kept waypoint, keep extending the line to later path cells while
 * `hasLineOfSight` holds; when it fails at cell i, cell i-1 becomes the next waypoint. Every output
 * segment therefore passed line of sight (or is one legal A* step, which always passes), the first
 * and last cells are kept, and the output never has more entries than the input. Cell indices in,
 * cell indices out; allocation-free.
 */
import type { NavGrid } from './NavGrid';
import { hasLineOfSight } from './lineOfSight';

/**
 * Writes the waypoints of `path[0..length)` (a legal cell path, e.g. AStar's) into `out` and
 * returns how many. `out` may be `path` itself; it needs room for `length` entries.
 */
export function smoothPath(grid: NavGrid, path: Int32Array, length: number, out: Int32Array): number {
  if (out.length < length || path.length < length) throw new RangeError('smoothPath: buffer shorter than length');
  if (length <= 2) {
    for (let i = 0; i < length; i++) out[i] = path[i]!;
    return length;
  }
  let anchor = path[0]!;
  out[0] = anchor;
  let k = 1;
  for (let i = 2; i < length; i++) {
    if (!hasLineOfSight(grid, anchor, path[i]!)) {
      // Writes go to out[k] with k ≤ i - 1 while reads are at ≥ i: safe in place.
      anchor = path[i - 1]!;
      out[k++] = anchor;
    }
  }
  out[k++] = path[length - 1]!;
  return k;
}
