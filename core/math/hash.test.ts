import { describe, expect, it } from 'vitest';
import { HASH_SEED, hashArray, hashFinish, hashInts, hashMix, hashString } from './hash';

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
});
