/**
 * A coarse grid of pellet mass for FindPelletCluster: blocks of BLOCK × BLOCK cells, each holding
 * the total value of the pellets in it. Derived scratch (never state): the owner invalidates it
 * at the start of every decision round and it is rebuilt from the world's pellet columns on first
 * use, so it always describes the current state (also right after a restore) on every peer.
 * Units: cells, blocks, Fx, mass units.
 */
import { FX_ONE, FX_SHIFT, isqrt } from '../math';
import { PELLET_CAPACITY, leadCell, pelletValue, pelletX, pelletY, type World } from '../sim';

/** Block edge in cells (a power of two). */
export const BLOCK_SHIFT = 2;
const BLOCK = 1 << BLOCK_SHIFT;

/** Pellet mass per block of one world, cached per frame. */
export class PelletGrid {
  private bcols = 0;
  private brows = 0;
  private sum = new Int32Array(0);
  private valid = false;

  /** Forgets the sums: the next query rebuilds them. Call whenever the world may have changed. */
  invalidate(): void {
    this.valid = false;
  }

  /** Rebuilds the sums from `w` unless they are still valid. */
  refresh(w: World): void {
    if (this.valid) return;
    const bcols = (w.info.cols + BLOCK - 1) >> BLOCK_SHIFT;
    const brows = (w.info.rows + BLOCK - 1) >> BLOCK_SHIFT;
    if (bcols * brows !== this.sum.length) this.sum = new Int32Array(bcols * brows);
    else this.sum.fill(0);
    this.bcols = bcols;
    this.brows = brows;
    const words = w.pellets.word;
    for (let p = 0; p < PELLET_CAPACITY; p++) {
      const word = words[p]!;
      if (word === 0) continue;
      this.sum[(pelletY(word) >> (FX_SHIFT + BLOCK_SHIFT)) * bcols + (pelletX(word) >> (FX_SHIFT + BLOCK_SHIFT))]! += pelletValue(word);
    }
    this.valid = true;
  }

  /**
   * The pellet `me` should head for: among blocks whose centre is within `range` cells, the one
   * maximising value × 256 / (distance in cells + 3) (ties to the lower block index), then that
   * block's pellet nearest `me`'s lead cell (ties to the lower cell index). The pellet in cell `avoid` (one
   * the bot could not reach) does not count. -1 when no pellet is in range.
   */
  best(w: World, me: number, range: number, avoid: number): number {
    this.refresh(w);
    const lead = leadCell(w, me);
    const mx = w.cells.x[lead]!;
    const my = w.cells.y[lead]!;
    const half = (BLOCK * FX_ONE) >> 1;
    const reach = range * FX_ONE;
    const bc0 = Math.max(0, (mx - reach) >> (FX_SHIFT + BLOCK_SHIFT));
    const bc1 = Math.min(this.bcols - 1, (mx + reach) >> (FX_SHIFT + BLOCK_SHIFT));
    const br0 = Math.max(0, (my - reach) >> (FX_SHIFT + BLOCK_SHIFT));
    const br1 = Math.min(this.brows - 1, (my + reach) >> (FX_SHIFT + BLOCK_SHIFT));
    let best = -1;
    let bestScore = 0;
    for (let br = br0; br <= br1; br++) {
      for (let bc = bc0; bc <= bc1; bc++) {
        const v = this.sum[br * this.bcols + bc]! - this.valueAt(w, br, bc, avoid);
        if (v <= 0) continue;
        const dx = ((bc << (FX_SHIFT + BLOCK_SHIFT)) + half - mx) >> FX_SHIFT;
        const dy = ((br << (FX_SHIFT + BLOCK_SHIFT)) + half - my) >> FX_SHIFT;
        const d2 = dx * dx + dy * dy;
        if (d2 > range * range) continue;
        // DETERMINISM: integer score; strict > keeps the lower block index on ties.
        const score = Math.floor((v * 256) / (isqrt(d2) + 3));
        if (score > bestScore) {
          bestScore = score;
          best = br * this.bcols + bc;
        }
      }
    }
    return best < 0 ? -1 : this.nearestIn(w, best, mx, my, avoid);
  }

  /** Value of the pellet in cell `cell` if that cell lies in block (br, bc), else 0. */
  private valueAt(w: World, br: number, bc: number, cell: number): number {
    if (cell < 0) return 0;
    const cols = w.info.cols;
    if (Math.floor(cell / cols) >> BLOCK_SHIFT !== br || (cell % cols) >> BLOCK_SHIFT !== bc) return 0;
    const p = w.scratch.pelletAt[cell]!;
    return p < 0 ? 0 : pelletValue(w.pellets.word[p]!);
  }

  /** The pellet of block `blk` nearest (mx, my), not in cell `avoid`, or -1. */
  private nearestIn(w: World, blk: number, mx: number, my: number, avoid: number): number {
    const cols = w.info.cols;
    const c0 = (blk % this.bcols) << BLOCK_SHIFT;
    const r0 = Math.floor(blk / this.bcols) << BLOCK_SHIFT;
    const at = w.scratch.pelletAt;
    const words = w.pellets.word;
    let best = -1;
    let bestD = 0;
    for (let r = r0; r < Math.min(r0 + BLOCK, w.info.rows); r++) {
      for (let c = c0; c < Math.min(c0 + BLOCK, cols); c++) {
        const p = at[r * cols + c]!;
        if (p < 0 || r * cols + c === avoid) continue;
        const dx = pelletX(words[p]!) - mx;
        const dy = pelletY(words[p]!) - my;
        const d = dx * dx + dy * dy;
        if (best < 0 || d < bestD) {
          best = p;
          bestD = d;
        }
      }
    }
    return best;
  }
}
