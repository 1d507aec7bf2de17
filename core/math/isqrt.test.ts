import { describe, expect, it } from 'vitest';
import { ilength, isqrt } from './isqrt';

/** Reference ⌊√n⌋ by BigInt Newton iteration (independent of Math.sqrt). */
function refIsqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}

function check(n: number): void {
  const r = isqrt(n);
  const ref = Number(refIsqrt(BigInt(n)));
  if (r !== ref) expect.fail(`isqrt(${n}) = ${r}, expected ${ref}`);
}

describe('isqrt', () => {
  it('is exact for 0..100000', () => {
    for (let n = 0; n <= 100000; n++) check(n);
  });

  it('is exact at and around every perfect square and power of two up to 2^53', () => {
    for (let k = 1; k < 94906266; k = Math.floor(k * 1.37) + 1) {
      for (const n of [k * k - 1, k * k, k * k + 1]) if (n < 2 ** 53) check(n);
    }
    for (let b = 0; b <= 53; b++) {
      for (const n of [2 ** b - 1, 2 ** b, 2 ** b + 1]) if (n < 2 ** 53) check(n);
    }
    check(2 ** 53 - 1);
    const top = 94906265; // ⌊√(2^53)⌋
    check(top * top);
    check(top * top - 1);
  });

  it('is exact for 200000 pseudo-random values spread over 0..2^52', () => {
    let s = 12345;
    for (let i = 0; i < 200000; i++) {
      s = (Math.imul(s, 1103515245) + 12345) | 0;
      const bits = 1 + (i % 52);
      const n = Math.floor(((s >>> 0) / 2 ** 32) * 2 ** bits) + (i & 7);
      check(n);
      if (n < 2 ** 52 && isqrt(n) !== Math.floor(Math.sqrt(n))) expect.fail(`isqrt(${n}) = ${isqrt(n)}, Math.sqrt says ${Math.floor(Math.sqrt(n))}`);
    }
  });

  it('returns 0 for zero and negatives', () => {
    expect(isqrt(0)).toBe(0);
    expect(isqrt(-5)).toBe(0);
  });

  it('ilength floors the Euclidean length', () => {
    expect(ilength(3, 4)).toBe(5);
    expect(ilength(-3, -4)).toBe(5);
    expect(ilength(1024, 1023)).toBe(Math.floor(Math.hypot(1024, 1023)));
  });
});
