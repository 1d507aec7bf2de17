import { describe, expect, it } from 'vitest';
import { ANGLE_STEPS, TRIG_ONE, angleOf, cosA, normAngle, sinA } from './angle';
import { SINE_QUARTER } from './trigTable';

const STEP = (2 * Math.PI) / ANGLE_STEPS;

describe('trig table', () => {
  it('has a quarter turn plus one entries, from 0 to TRIG_ONE, non-decreasing', () => {
    expect(SINE_QUARTER.length).toBe(ANGLE_STEPS / 4 + 1);
    expect(SINE_QUARTER[0]).toBe(0);
    expect(SINE_QUARTER[ANGLE_STEPS / 4]).toBe(TRIG_ONE);
    for (let i = 1; i < SINE_QUARTER.length; i++) expect(SINE_QUARTER[i]! >= SINE_QUARTER[i - 1]!).toBe(true);
  });

  it('matches Math.sin and Math.cos within 1 LSB at every step of the turn', () => {
    for (let a = 0; a < ANGLE_STEPS; a++) {
      expect(Math.abs(sinA(a) - Math.sin(a * STEP) * TRIG_ONE)).toBeLessThanOrEqual(1);
      expect(Math.abs(cosA(a) - Math.cos(a * STEP) * TRIG_ONE)).toBeLessThanOrEqual(1);
    }
  });

  it('has exact quadrant symmetries and never returns -0', () => {
    const neg = (v: number): number => -v | 0;
    for (let a = 0; a < ANGLE_STEPS; a++) {
      expect(sinA(a + 2048)).toBe(neg(sinA(a)));
      expect(sinA(-a)).toBe(neg(sinA(a)));
      expect(sinA(2048 - a)).toBe(sinA(a));
      expect(cosA(a)).toBe(sinA(a + 1024));
      expect(cosA(-a)).toBe(cosA(a));
    }
  });

  it('wraps any int32 angle', () => {
    expect(sinA(ANGLE_STEPS * 1000 + 7)).toBe(sinA(7));
    expect(sinA(-1)).toBe(-SINE_QUARTER[1]!);
    expect(normAngle(-1)).toBe(ANGLE_STEPS - 1);
  });
});

describe('angleOf', () => {
  it('gives the axes and diagonals exactly', () => {
    expect(angleOf(0, 0)).toBe(0);
    expect(angleOf(5, 0)).toBe(0);
    expect(angleOf(0, 5)).toBe(1024);
    expect(angleOf(-5, 0)).toBe(2048);
    expect(angleOf(0, -5)).toBe(3072);
    expect(angleOf(7, 7)).toBe(512);
    expect(angleOf(-7, 7)).toBe(1536);
    expect(angleOf(-7, -7)).toBe(2560);
    expect(angleOf(7, -7)).toBe(3584);
  });

  it('is within one step of Math.atan2 for many vectors, including huge ones', () => {
    let s = 99;
    for (let i = 0; i < 50000; i++) {
      s = (Math.imul(s, 1664525) + 1013904223) | 0;
      const dx = (s >> 8) * (i % 3 === 0 ? 1 : 1 / 4096);
      s = (Math.imul(s, 1664525) + 1013904223) | 0;
      const dy = (s >> 8) * (i % 3 === 0 ? 1 : 1 / 4096);
      const ix = Math.trunc(dx);
      const iy = Math.trunc(dy);
      if (ix === 0 && iy === 0) continue;
      const ref = ((Math.atan2(iy, ix) / STEP) % ANGLE_STEPS + ANGLE_STEPS) % ANGLE_STEPS;
      const got = angleOf(ix, iy);
      let d = Math.abs(got - ref);
      if (d > ANGLE_STEPS / 2) d = ANGLE_STEPS - d;
      if (d > 1) expect.fail(`angleOf(${ix}, ${iy}) = ${got}, atan2 says ${ref}`);
    }
  });

  it('inverts (cosA, sinA) for every table angle', () => {
    for (let a = 0; a < ANGLE_STEPS; a++) {
      const got = angleOf(cosA(a) * 100, sinA(a) * 100);
      let d = Math.abs(got - a);
      if (d > ANGLE_STEPS / 2) d = ANGLE_STEPS - d;
      expect(d).toBeLessThanOrEqual(1);
    }
    expect(angleOf(2 ** 40, 1)).toBe(0);
    expect(angleOf(-(2 ** 40), -(2 ** 40))).toBe(2560);
  });
});
