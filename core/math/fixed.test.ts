import { describe, expect, it } from 'vitest';
import { FX_ONE, clampInt, divFloor, divRound, divTrunc, fx, fxDiv, fxFloor, fxFromInt, fxMul } from './fixed';

describe('fixed point', () => {
  it('converts integers and floors', () => {
    expect(fxFromInt(3)).toBe(3 * FX_ONE);
    expect(fxFloor(fx(-1))).toBe(-1);
    expect(fxFloor(fx(2047))).toBe(1);
    expect(fx(1.9)).toBe(1);
  });

  it('multiplies and divides with documented half-up rounding', () => {
    expect(fxMul(fxFromInt(3), fx(512))).toBe(1536);
    expect(fxMul(fx(1), fx(512))).toBe(1); // 0.5 LSB rounds up
    expect(fxMul(fx(-1), fx(512))).toBe(0); // -0.5 LSB rounds up too
    expect(fxDiv(fxFromInt(1), fxFromInt(3))).toBe(341);
    expect(fxDiv(fxFromInt(2), fxFromInt(3))).toBe(683);
    expect(() => fxDiv(fx(1), fx(0))).toThrow(RangeError);
  });

  it('integer divisions agree with BigInt references', () => {
    let s = 5;
    for (let i = 0; i < 20000; i++) {
      s = (Math.imul(s, 1664525) + 1013904223) | 0;
      const n = s * 4099 + (i - 10000);
      s = (Math.imul(s, 1664525) + 1013904223) | 0;
      const d = (s >> 12) || 1;
      const bn = BigInt(n);
      const bd = BigInt(d);
      const q = bn / bd; // truncating
      const floor = (bn % bd !== 0n && (bn < 0n) !== (bd < 0n)) ? q - 1n : q;
      expect(divTrunc(n, d)).toBe(Number(q));
      expect(divFloor(n, d)).toBe(Number(floor));
      const ad = d < 0 ? -d : d;
      const an = d < 0 ? -n : n;
      const ref = (2n * BigInt(an) + BigInt(ad)) / (2n * BigInt(ad));
      const refFloor = (2n * BigInt(an) + BigInt(ad)) % (2n * BigInt(ad)) !== 0n && 2n * BigInt(an) + BigInt(ad) < 0n ? ref - 1n : ref;
      expect(divRound(n, d)).toBe(Number(refFloor));
    }
  });

  it('clamps', () => {
    expect(clampInt(5, 0, 3)).toBe(3);
    expect(clampInt(-5, 0, 3)).toBe(0);
    expect(clampInt(2, 0, 3)).toBe(2);
  });
});
