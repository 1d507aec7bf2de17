import { describe, expect, it } from 'vitest';
import { VIRUS_HUE, hueOf, otherColors } from './colors';
import { VIRUS_COLOR } from '../view/VirusLayer';

const gap = (a: number, b: number): number => Math.min(Math.abs(a - b), 1 - Math.abs(a - b));

describe('otherColors', () => {
  it('keeps the other players clear of my hue and of the viruses’ green', () => {
    expect(VIRUS_HUE).toBeCloseTo(hueOf(`#${VIRUS_COLOR.toString(16).padStart(6, '0')}`), 9);
    const mine = '#3fa7ff';
    const colors = otherColors(49, mine);
    expect(colors).toHaveLength(49);
    expect(new Set(colors).size).toBe(49);
    for (const c of colors) {
      expect(c).toMatch(/^#[0-9a-f]{6}$/);
      expect(gap(hueOf(c), hueOf(mine))).toBeGreaterThanOrEqual(0.05);
      expect(gap(hueOf(c), VIRUS_HUE)).toBeGreaterThanOrEqual(0.05);
    }
  });
});
