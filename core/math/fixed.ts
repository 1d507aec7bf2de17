/**
 * Fixed-point numbers and exact integer division for the deterministic core.
 * Owns: the `Fx` brand and its scale. An Fx is an integer equal to a real value × FX_ONE; for
 * positions the real unit is one grid cell (docs/ARCHITECTURE.md), so 1 Fx = 1/1024 cell.
 * Invariants: Fx values in the simulation are int32. Helpers compute in doubles, which is exact
 * (and therefore identical on every engine) while every intermediate stays below 2^53 in
 * magnitude; each helper states the operand range that guarantees it.
 * Rounding: `fxMul`/`fxDiv` round half up (towards +∞), `divFloor` floors, `divTrunc` truncates.
 */

/** Number of fractional bits of an Fx. */
export const FX_SHIFT = 10;
/** 1.0 as an Fx (one grid cell when the Fx is a length). */
export const FX_ONE = 1024;
/** 0.5 as an Fx. */
export const FX_HALF = 512;

/** A fixed-point number: an integer equal to the real value × FX_ONE. */
export type Fx = number & { readonly __brand: 'Fx' };

/** Brands an already-scaled integer as Fx (truncated to int32). */
export function fx(raw: number): Fx {
  return (raw | 0) as Fx;
}

/** The Fx of the integer `n` (n × FX_ONE); |n| < 2^21. */
export function fxFromInt(n: number): Fx {
  return ((n | 0) * FX_ONE) as Fx;
}

/** Integer part of `a`, rounded towards −∞. */
export function fxFloor(a: Fx): number {
  return a >> FX_SHIFT;
}

/**
 * a × b in Fx, rounded half up. Exact while |a × b| < 2^53 (e.g. both below 2^26 in magnitude).
 */
export function fxMul(a: Fx, b: Fx): Fx {
  // DETERMINISM: the product is an exact double below 2^53; division by a power of two is exact.
  return Math.floor((a * b + FX_HALF) / FX_ONE) as Fx;
}

/**
 * a ÷ b in Fx, rounded half up; b ≠ 0 (throws RangeError when b is 0: a caller bug, never data).
 * Exact while |a| < 2^40.
 */
export function fxDiv(a: Fx, b: Fx): Fx {
  if (b === 0) throw new RangeError('fxDiv: division by zero');
  return divRound(a * FX_ONE, b) as Fx;
}

/** ⌊n ÷ d⌋ for integers with |n| < 2^53, d ≠ 0. */
export function divFloor(n: number, d: number): number {
  // DETERMINISM: for |n| < 2^53 the correctly rounded quotient never crosses an integer, so
  // flooring it gives the exact integer quotient on every IEEE-754 engine.
  return Math.floor(n / d);
}

/** n ÷ d rounded towards zero, for integers with |n| < 2^53, d ≠ 0. */
export function divTrunc(n: number, d: number): number {
  return Math.trunc(n / d);
}

/** n ÷ d rounded to nearest, halves towards +∞; integers with |n|, |d| < 2^51, d ≠ 0. */
export function divRound(n: number, d: number): number {
  // Rewrite as floor((2n + d) / 2d) for d > 0; flip signs so the divisor is positive.
  if (d < 0) {
    n = -n;
    d = -d;
  }
  return Math.floor((2 * n + d) / (2 * d));
}

/** `v` clamped to [lo, hi]. */
export function clampInt(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
