/**
 * Pellet encoding: one int32 word per pellet slot, so 1000+ pellets hash and snapshot as a single
 * small column. Layout of a live pellet's word:
 *   bits 0-13   x in 1/64 cell (the pellet sits at the centre of that 1/64-cell square)
 *   bits 14-27  y in 1/64 cell
 *   bit 28      big pellet (worth RULES.bigPelletMass instead of RULES.pelletMass)
 *   bit 29      live (so no live pellet is ever 0); word 0 = free slot
 * 14 bits cover 256 cells, the largest map MAP_LIMITS allows.
 */
import { FX_SHIFT } from '../math';
import { RULES } from './rules';

const LIVE = 1 << 29;
const BIG = 1 << 28;
const AXIS_MASK = 0x3fff;
/** Fx per 1/64-cell unit. */
const UNIT_SHIFT = FX_SHIFT - 6;
const HALF_UNIT = 1 << (UNIT_SHIFT - 1);

/** The word of a live pellet at (x64, y64) in 1/64 cell. */
export function packPellet(x64: number, y64: number, big: boolean): number {
  return LIVE | (big ? BIG : 0) | ((y64 & AXIS_MASK) << 14) | (x64 & AXIS_MASK);
}

/** x (Fx) of the pellet in `word`. */
export function pelletX(word: number): number {
  return ((word & AXIS_MASK) << UNIT_SHIFT) + HALF_UNIT;
}

/** y (Fx) of the pellet in `word`. */
export function pelletY(word: number): number {
  return (((word >> 14) & AXIS_MASK) << UNIT_SHIFT) + HALF_UNIT;
}

/** Index of the map cell (row-major, `cols` wide) holding the pellet in `word`. */
export function pelletCell(word: number, cols: number): number {
  return (((word >> 14) & AXIS_MASK) >> 6) * cols + ((word & AXIS_MASK) >> 6);
}

/** Mass the pellet in `word` gives; 0 for a free slot. */
export function pelletValue(word: number): number {
  if (word === 0) return 0;
  return (word & BIG) !== 0 ? RULES.bigPelletMass : RULES.pelletMass;
}

/** Whether `word` is a well-formed pellet word (free, or live with only known bits set). */
export function isPelletWord(word: number): boolean {
  return word === 0 || (word & ~(BIG | 0x0fffffff)) === LIVE;
}
