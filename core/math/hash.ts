/**
 * Fast, engine-independent 32-bit hashing: MurmurHash3 x86_32 block mixing (hashMix, hashInts)
 * for map fingerprints, tree hashes and ids, and hashColumn's two-lane mix for the big int32
 * columns of world hashes and snapshot checksums.
 * Usage: h = hashMix(h, word) repeatedly (or hashInts / hashColumn for a whole column), then
 * hashFinish(h, wordCount). Inputs are consumed as int32 words by *value*, never as raw bytes of
 * a buffer, so the result does not depend on the platform's byte order.
 * Invariants: Math.imul / shifts / xor only — identical on every engine.
 */

/** Default seed for world hashes. */
export const HASH_SEED = 0x0bb1b2a1;

/** Mixes one 32-bit word into the running hash `h`; returns the new int32 hash. */
export function hashMix(h: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** Mixes words[from..to) into `h` (defaults: the whole array). Works for any integer array. */
export function hashInts(h: number, words: ArrayLike<number>, from = 0, to = words.length): number {
  for (let i = from; i < to; i++) {
    let k = Math.imul(words[i]!, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  return h;
}

/**
 * Mixes the int32 column `words` into `h`, for world hashes: two interleaved lanes (even and odd
 * words) of lane = rotl(imul(lane ^ word, 0x9e3779b1), 15), then joined into `h` with hashMix.
 * Every step is a bijection of the lane for a fixed word and of the word for a fixed lane, so a
 * single changed word always changes the result; two lanes run side by side where MurmurHash3's
 * one chain waits on each multiply (a third faster over a world's 16 000 words).
 */
export function hashColumn(h: number, words: Int32Array): number {
  const n = words.length;
  let a = h;
  let b = h ^ 0x85ebca6b;
  let i = 0;
  for (; i + 1 < n; i += 2) {
    a = Math.imul(a ^ words[i]!, 0x9e3779b1);
    a = (a << 15) | (a >>> 17);
    b = Math.imul(b ^ words[i + 1]!, 0x9e3779b1);
    b = (b << 15) | (b >>> 17);
  }
  if (i < n) {
    a = Math.imul(a ^ words[i]!, 0x9e3779b1);
    a = (a << 15) | (a >>> 17);
  }
  return hashMix(hashMix(h, a), b);
}

/** Final avalanche (MurmurHash3 fmix32) over `h` and the number of words mixed; returns a uint32. */
export function hashFinish(h: number, wordCount: number): number {
  h ^= wordCount;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Hash of a string's UTF-16 code units (for ids and names), as a uint32. */
export function hashString(s: string, seed = HASH_SEED): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) h = hashMix(h, s.charCodeAt(i));
  return hashFinish(h, s.length);
}

/** Hash of a whole integer array, as a uint32. */
export function hashArray(words: ArrayLike<number>, seed = HASH_SEED): number {
  return hashFinish(hashInts(seed, words), words.length);
}
