/**
 * The simulation's seeded pseudo-random generator: xoshiro128** (Blackman & Vigna), 32-bit.
 * Owns no state of its own: the state is 4 words in an Int32Array the caller keeps (the World
 * keeps it, so it is snapshotted and hashed with everything else). Cosmetic randomness belongs to
 * the renderer, never here.
 * Invariants: the state is never all zero (rngSeed guarantees it; xoshiro keeps it so); every
 * operation is Math.imul / shifts / xor on int32, identical on every engine.
 */

/** Words of generator state. */
export const RNG_STATE_WORDS = 4;

/** A generator state: RNG_STATE_WORDS int32 words (read as unsigned). */
export type RngState = Int32Array;

/** SplitMix32 step: spreads a 32-bit seed over the state words. */
function splitmix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return z ^ (z >>> 15);
}

/** Fills `state` from a 32-bit seed (any number; reduced to uint32). Equal seeds, equal streams. */
export function rngSeed(state: RngState, seed: number): void {
  let x = seed | 0;
  let any = 0;
  for (let i = 0; i < RNG_STATE_WORDS; i++) {
    x = (x + 0x6a09e667) | 0;
    const w = splitmix32(x);
    state[i] = w;
    any |= w;
  }
  // xoshiro must never see the all-zero state (it would stay zero forever).
  if (any === 0) state[0] = 1;
}

/** A new state seeded from `seed`. */
export function createRng(seed: number): RngState {
  const s = new Int32Array(RNG_STATE_WORDS);
  rngSeed(s, seed);
  return s;
}

/** Next uniformly distributed uint32 (0..2^32-1); advances `state`. */
export function rngNextU32(state: RngState): number {
  const s0 = state[0]!;
  const s1 = state[1]!;
  const s2 = state[2]!;
  const s3 = state[3]!;
  const m = Math.imul(s1, 5);
  const result = Math.imul((m << 7) | (m >>> 25), 9);
  const t = s1 << 9;
  const n2 = s2 ^ s0;
  const n3 = s3 ^ s1;
  state[0] = s0 ^ n3;
  state[1] = s1 ^ n2;
  state[2] = n2 ^ t;
  state[3] = (n3 << 11) | (n3 >>> 21);
  return result >>> 0;
}

const TWO_32 = 4294967296;

/**
 * Uniform integer in 0..n-1 without modulo bias (rejection of the top partial block).
 * `n` is an integer in 1..2^32; returns 0 for n ≤ 1.
 */
export function rngInt(state: RngState, n: number): number {
  if (n <= 1) return 0;
  // DETERMINISM: all values are exact integers below 2^33 in doubles.
  const limit = TWO_32 - (TWO_32 % n);
  let x = rngNextU32(state);
  while (x >= limit) x = rngNextU32(state);
  return x % n;
}

/** Uniform integer in lo..hi inclusive (hi ≥ lo, hi − lo < 2^32). */
export function rngRange(state: RngState, lo: number, hi: number): number {
  return lo + rngInt(state, hi - lo + 1);
}

/** True with probability num/den (0 ≤ num ≤ den, den ≥ 1). */
export function rngChance(state: RngState, num: number, den: number): boolean {
  return rngInt(state, den) < num;
}
