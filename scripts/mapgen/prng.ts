/**
 * Seeded PRNG for the map generators (scripts only: core has its own rules). mulberry32: small,
 * fast and the same sequence on every machine, so generated art and maps are reproducible.
 */

/** A generator of floats in [0, 1) fully determined by `seed`. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

