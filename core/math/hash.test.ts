import { describe, expect, it } from 'vitest';
import { HASH_SEED, hashArray, hashColumn, hashFinish, hashInts, hashMix, hashString } from './hash';

describe('hash', () => {
  it('matches MurmurHash3 x86_32 reference values for int32 word input', () => {
    // murmur3_32 of the 4 bytes 00 00 00 00 with seed 0 is 0x2362F9DE; of "test" (0x74736574 LE) with seed 0 is 0xBA6BD213.
    expect(hashFinish(hashMix(0, 0), 4)).toBe(0x2362f9de);
    expect(hashFinish(hashMix(0, 0x74736574), 4)).toBe(0xba6bd213);
  });

  it('hashInts equals word-by-word hashMix and respects ranges', () => {
    const a = Int32Array.from([1, -2, 3, 0x7fffffff, -0x80000000]);
    let h = HASH_SEED;
    for (const w of a) h = hashMix(h, w);
    expect(hashInts(HASH_SEED, a)).toBe(h);
    expect(hashInts(HASH_SEED, a, 1, 3)).toBe(hashMix(hashMix(HASH_SEED, -2), 3));
    expect(hashArray(a)).toBe(hashFinish(h, 5));
  });

  it('hashes by value: typed arrays of different kinds with equal values hash equally', () => {
    expect(hashArray(Uint8Array.from([1, 2, 3]))).toBe(hashArray(Int32Array.from([1, 2, 3])));
  });

  it('changes when any single word changes', () => {
    const a = new Int32Array(1000);
    const base = hashArray(a);
    for (let i = 0; i < a.length; i += 37) {
      a[i] = 1;
      expect(hashArray(a)).not.toBe(base);
      a[i] = 0;
    }
    expect(hashString('arena-small')).not.toBe(hashString('arena-smalL'));
  });

  it('hashColumn: two interleaved multiply-rotate lanes joined by hashMix, any one changed word changes it', () => {
    const rotl = (x: number, r: number): number => (x << r) | (x >>> (32 - r));
    const lane = (h: number, w: number): number => rotl(Math.imul(h ^ w, 0x9e3779b1), 15);
    for (const n of [0, 1, 2, 5, 64]) {
      const a = Int32Array.from({ length: n }, (_, i) => Math.imul(i + 1, 0x2545f491));
      let even = HASH_SEED;
      let odd = HASH_SEED ^ 0x85ebca6b;
      a.forEach((w, i) => (i % 2 === 0 ? (even = lane(even, w)) : (odd = lane(odd, w))));
      const h = hashColumn(HASH_SEED, a);
      expect(h, `length ${n}`).toBe(hashMix(hashMix(HASH_SEED, even), odd));
      for (let i = 0; i < n; i++) {
        for (const flip of [1, 0x80000000, -1]) {
          const b = a.slice();
          b[i]! ^= flip;
          expect(hashColumn(HASH_SEED, b), `length ${n}, word ${i} ^ ${flip}`).not.toBe(h);
        }
      }
    }
    // Swapped neighbours (one in each lane) and swapped words of one lane change it too.
    const c = Int32Array.from([1, 2, 3, 4]);
    expect(hashColumn(HASH_SEED, Int32Array.from([2, 1, 3, 4]))).not.toBe(hashColumn(HASH_SEED, c));
    expect(hashColumn(HASH_SEED, Int32Array.from([3, 2, 1, 4]))).not.toBe(hashColumn(HASH_SEED, c));
  });
});
