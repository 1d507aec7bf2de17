/**
 * Exact integer square root (the core may not use Math.sqrt: its result is not pinned down
 * bit-for-bit across engines for every use we would make of it, and the style bans it).
 * Invariant: isqrt(n) = ⌊√n⌋ exactly for every integer 0 ≤ n ≤ 2^53 − 1.
 */

const TWO_32 = 4294967296;

/** ⌊√n⌋ for an integer 0 ≤ n < 2^53; returns 0 for n ≤ 0 (and for non-integers' floor). */
export function isqrt(n: number): number {
  if (n <= 0) return 0;
  if (n < TWO_32) return isqrt32(n >>> 0);
  // Newton from above: x0 = 2^ceil(bits/2) ≥ √n, then x ← ⌊(x + ⌊n/x⌋)/2⌋ decreases monotonically
  // to ⌊√n⌋. Every intermediate is an integer below 2^53, so the double arithmetic is exact.
  const hi = Math.floor(n / TWO_32);
  const bits = 64 - Math.clz32(hi);
  let x = 1 << ((bits + 1) >> 1); // bits ≤ 53, so the shift is at most 27
  for (;;) {
    // DETERMINISM: floor of an exact-integer quotient below 2^53 is exact (see fixed.ts divFloor).
    const y = Math.floor((x + Math.floor(n / x)) / 2);
    if (y >= x) return x;
    x = y;
  }
}

/** Bits the table below resolves. */
const TABLE_BITS = 14;
/** ⌊√t⌋ for every t < 2^TABLE_BITS, made digit by digit (isqrtDigits) when the module loads. */
const ROOTS = new Uint16Array(1 << TABLE_BITS);
for (let t = 0; t < ROOTS.length; t++) ROOTS[t] = isqrtDigits(t);

/**
 * ⌊√n⌋ for 0 ≤ n < 2^32: below 2^14 a table look-up; above, the table's root of n's top 13-14
 * bits (shifted by an even count, so its root shifts by half) is within 1/64 of √n from below,
 * one integer Newton step from there lands at ⌊√n⌋ or a few above (Newton never lands below
 * ⌊√n⌋), and the last steps are counted down exactly.
 */
function isqrt32(n: number): number {
  if (n < ROOTS.length) return ROOTS[n]!;
  const shift = (32 - Math.clz32(n) - TABLE_BITS + 1) & ~1;
  let r = ROOTS[n >>> shift]! << (shift >> 1);
  // DETERMINISM: r ≥ 64 here, the quotient of integers below 2^32 is exact, and so is every product below 2^53.
  r = (r + Math.floor(n / r)) >>> 1;
  while (r * r > n) r--;
  return r;
}

/** ⌊√n⌋ for 0 ≤ n < 2^32, digit by digit in 32-bit integer operations (16 rounds, no division): the table's maker. */
function isqrtDigits(n: number): number {
  let rem = n >>> 0;
  let root = 0;
  let bit = 1 << 30;
  while (bit > rem) bit >>>= 2;
  while (bit !== 0) {
    const trial = (root + bit) >>> 0;
    if (rem >= trial) {
      rem = (rem - trial) >>> 0;
      root = ((root >>> 1) + bit) >>> 0;
    } else {
      root >>>= 1;
    }
    bit >>>= 2;
  }
  return root;
}

/** ⌊√(dx² + dy²)⌋: the integer length of a vector whose components are below 2^26 in magnitude. */
export function ilength(dx: number, dy: number): number {
  return isqrt(dx * dx + dy * dy);
}
