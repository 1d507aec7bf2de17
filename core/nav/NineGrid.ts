/**
 * Nine-grid spatial partition (seed 004): the world is cut into square big cells; an id lives in
 * the big cell holding its position, and `queryNine` returns the ids of the 3×3 big cells around a
 * point. Broadphase for ball-vs-ball and ball-vs-pellet eating, and the renderer's culling.
 *
 * Units: positions in sim fixed point (FX_ONE = 1024 per grid cell; the world is cols·1024 ×
 * rows·1024); the big cell side in the same units. Positions outside the world are kept as given
 * and bucketed in the nearest edge big cell, so queries stay exact for them too.
 * Storage: one doubly linked list per big cell on Int32Arrays (insert/remove/move O(1)); a query
 * marks hits in a bitset over ids and reads back the words it marked in ascending order, so
 * results are sorted, duplicate-free and independent of insertion history; a query costs
 * O(ids visited + the span of their ids / 32).
 * Nothing allocates after construction.
 * Per-frame use: either `move` what moved (cheap when most things stay in their big cell) or
 * `clear` and re-`insert` everything; both give identical query results.
 */

/** Spatial hash of ids 0..capacity-1 over square big cells. */
export class NineGrid {
  /** Big cells across and down. */
  readonly bigCols: number;
  readonly bigRows: number;
  private readonly head: Int32Array;
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  /** Big cell of each id, -1 when absent. */
  private readonly bucketOf: Int32Array;
  private readonly xs: Int32Array;
  private readonly ys: Int32Array;
  private readonly marks: Int32Array;
  /** log2(bigCellFx) when it is a power of two (a shift then buckets a position), else -1. */
  private readonly shift: number;
  /** Lowest and highest mark word a query set (drain reads only that span). */
  private markLo = 0;
  private markHi = -1;
  private size = 0;

  /**
   * @param worldWidthFx world width in fixed-point units (cols · 1024)
   * @param worldHeightFx world height in fixed-point units (rows · 1024)
   * @param bigCellFx side of a big cell in fixed-point units; for a query radius R around a point,
   *   `queryNine` covers it when bigCellFx ≥ R
   * @param capacity ids are integers in [0, capacity)
   */
  constructor(worldWidthFx: number, worldHeightFx: number, readonly bigCellFx: number, readonly capacity: number) {
    for (const v of [worldWidthFx, worldHeightFx, bigCellFx, capacity]) {
      if (!Number.isInteger(v) || v < 1) throw new RangeError(`NineGrid: bad size ${v}`);
    }
    this.bigCols = Math.ceil(worldWidthFx / bigCellFx);
    this.bigRows = Math.ceil(worldHeightFx / bigCellFx);
    this.head = new Int32Array(this.bigCols * this.bigRows).fill(-1);
    this.next = new Int32Array(capacity);
    this.prev = new Int32Array(capacity);
    this.bucketOf = new Int32Array(capacity).fill(-1);
    this.xs = new Int32Array(capacity);
    this.ys = new Int32Array(capacity);
    this.marks = new Int32Array((capacity + 31) >>> 5);
    this.markLo = this.marks.length;
    let shift = 0;
    while (shift < 30 && 1 << shift < bigCellFx) shift++;
    this.shift = 1 << shift === bigCellFx ? shift : -1;
  }

  /** Number of ids present. */
  get count(): number {
    return this.size;
  }

  /** True when `id` is present. */
  has(id: number): boolean {
    return id >= 0 && id < this.capacity && this.bucketOf[id]! >= 0;
  }

  /** Removes every id. O(big cells + capacity). */
  clear(): void {
    this.head.fill(-1);
    this.bucketOf.fill(-1);
    this.size = 0;
  }

  /** Adds `id` at (x, y) (int32 fixed-point units), or moves it there when already present. */
  insert(id: number, x: number, y: number): void {
    if (!Number.isInteger(id) || id < 0 || id >= this.capacity) throw new RangeError(`NineGrid: id ${id} outside [0, ${this.capacity})`);
    const old = this.bucketOf[id]!;
    // Already there (a refresh of things that did not move): nothing to do.
    if (old >= 0 && this.xs[id] === x && this.ys[id] === y) return;
    const b = this.bucketAt(x, y);
    this.xs[id] = x;
    this.ys[id] = y;
    if (old === b) return;
    if (old >= 0) this.unlink(id, old);
    else this.size++;
    this.link(id, b);
  }

  /** Updates the position of `id` (inserting it when absent). */
  move(id: number, x: number, y: number): void {
    this.insert(id, x, y);
  }

  /** Removes `id`; no-op when absent. */
  remove(id: number): void {
    if (!this.has(id)) return;
    this.unlink(id, this.bucketOf[id]!);
    this.bucketOf[id] = -1;
    this.size--;
  }

  /**
   * Writes into `out` the ids in the 3×3 big cells around the big cell of (x, y) (fewer at the
   * world's edge), ascending, and returns how many. Not filtered by distance: a broadphase.
   * Throws when `out` is too short.
   */
  queryNine(x: number, y: number, out: Int32Array): number {
    const bc = this.axis(x, this.bigCols);
    const br = this.axis(y, this.bigRows);
    let hits = 0;
    for (let r = br > 0 ? br - 1 : 0; r <= br + 1 && r < this.bigRows; r++) {
      for (let c = bc > 0 ? bc - 1 : 0; c <= bc + 1 && c < this.bigCols; c++) {
        for (let id = this.head[r * this.bigCols + c]!; id >= 0; id = this.next[id]!) {
          this.mark(id);
          hits++;
        }
      }
    }
    return this.drain(hits, out);
  }

  /**
   * Writes into `out` the ids whose position lies in the closed rectangle [minX, maxX] × [minY,
   * maxY] (exact), ascending, and returns how many. Throws when `out` is too short.
   */
  queryRect(minX: number, minY: number, maxX: number, maxY: number, out: Int32Array): number {
    if (minX > maxX || minY > maxY) return 0;
    const c1 = this.axis(maxX, this.bigCols);
    const r1 = this.axis(maxY, this.bigRows);
    const { xs, ys, next } = this;
    let hits = 0;
    for (let r = this.axis(minY, this.bigRows); r <= r1; r++) {
      for (let c = this.axis(minX, this.bigCols); c <= c1; c++) {
        for (let id = this.head[r * this.bigCols + c]!; id >= 0; id = next[id]!) {
          const x = xs[id]!;
          const y = ys[id]!;
          if (x < minX || x > maxX || y < minY || y > maxY) continue;
          this.mark(id);
          hits++;
        }
      }
    }
    return this.drain(hits, out);
  }

  /** Marks `id` in the bitset, widening the span drain reads. */
  private mark(id: number): void {
    const w = id >>> 5;
    this.marks[w]! |= 1 << (id & 31);
    if (w < this.markLo) this.markLo = w;
    if (w > this.markHi) this.markHi = w;
  }

  /** Reads the marked ids back in ascending order into `out`, clearing the marks. */
  private drain(hits: number, out: Int32Array): number {
    const marks = this.marks;
    const fits = out.length >= hits;
    let n = 0;
    const hi = this.markHi;
    let w = this.markLo;
    this.markLo = marks.length;
    this.markHi = -1;
    for (; w <= hi && n < hits; w++) {
      let m = marks[w]!;
      if (m === 0) continue;
      marks[w] = 0;
      while (m !== 0) {
        const low = m & -m;
        // DETERMINISM: ascending id order comes from the bitset, not from list order.
        if (fits) out[n] = (w << 5) + 31 - Math.clz32(low);
        n++;
        m ^= low;
      }
    }
    if (!fits) throw new RangeError(`NineGrid: out holds ${out.length}, query found ${hits}`);
    return n;
  }

  /** Big-cell coordinate of a position along one axis, clamped into [0, cells). */
  private axis(v: number, cells: number): number {
    // An int32 shifted right is its floor division by a power-of-two side.
    const b = this.shift >= 0 && (v | 0) === v ? v >> this.shift : Math.floor(v / this.bigCellFx);
    return b < 0 ? 0 : b >= cells ? cells - 1 : b;
  }

  private bucketAt(x: number, y: number): number {
    return this.axis(y, this.bigRows) * this.bigCols + this.axis(x, this.bigCols);
  }

  private link(id: number, b: number): void {
    const h = this.head[b]!;
    this.next[id] = h;
    this.prev[id] = -1;
    if (h >= 0) this.prev[h] = id;
    this.head[b] = id;
    this.bucketOf[id] = b;
  }

  private unlink(id: number, b: number): void {
    const p = this.prev[id]!;
    const n = this.next[id]!;
    if (p >= 0) this.next[p] = n;
    else this.head[b] = n;
    if (n >= 0) this.prev[n] = p;
  }
}
