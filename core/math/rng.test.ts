import { describe, expect, it } from 'vitest';
import { createRng, rngChance, rngInt, rngNextU32, rngRange, rngSeed } from './rng';

describe('xoshiro128**', () => {
  it('matches the reference output for state {1, 2, 3, 4}', () => {
    const s = Int32Array.from([1, 2, 3, 4]);
    const out = Array.from({ length: 6 }, () => rngNextU32(s));
    expect(out).toEqual([11520, 0, 5927040, 70819200, 2031721883, 1637235492]);
  });

  it('is reproducible from a seed and differs between seeds', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const xa = Array.from({ length: 100 }, () => rngNextU32(a));
    expect(Array.from({ length: 100 }, () => rngNextU32(b))).toEqual(xa);
    expect(Array.from({ length: 100 }, () => rngNextU32(c))).not.toEqual(xa);
  });

  it('never produces an all-zero state from any seed', () => {
    const s = new Int32Array(4);
    for (let seed = -1000; seed < 1000; seed++) {
      rngSeed(s, seed);
      expect(s.some((w) => w !== 0)).toBe(true);
    }
  });

  it('rngInt stays in range and is roughly uniform', () => {
    const s = createRng(7);
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 60000; i++) {
      const v = rngInt(s, 6);
      if (!(v >= 0 && v < 6 && Number.isInteger(v))) expect.fail(`rngInt(s, 6) gave ${v}`);
      counts[v]!++;
    }
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(500);
    expect(rngInt(s, 1)).toBe(0);
    expect(rngInt(s, 0)).toBe(0);
    const big = rngInt(s, 2 ** 32);
    expect(big >= 0 && big < 2 ** 32).toBe(true);
  });

  it('rngInt rejects the biased top block (n = 3·2^30)', () => {
    // With n = 3·2^30 a plain modulo would return values < 2^30 twice as often.
    const s = createRng(1);
    const n = 3 * 2 ** 30;
    let low = 0;
    for (let i = 0; i < 30000; i++) if (rngInt(s, n) < 2 ** 30) low++;
    expect(Math.abs(low / 30000 - 1 / 3)).toBeLessThan(0.02);
  });

  it('rngRange and rngChance respect their bounds', () => {
    const s = createRng(3);
    for (let i = 0; i < 1000; i++) {
      const v = rngRange(s, -5, 5);
      expect(v >= -5 && v <= 5).toBe(true);
    }
    for (let i = 0; i < 100; i++) {
      expect(rngChance(s, 0, 10)).toBe(false);
      expect(rngChance(s, 10, 10)).toBe(true);
    }
  });
});
