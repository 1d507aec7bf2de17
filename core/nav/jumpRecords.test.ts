import { describe, expect, it } from 'vitest';
import { FIELDS, LM_MAX, LM_NONE, landmarkBound16, pickLandmarks, recordStride, storeLandmarks } from './jumpRecords';

describe('jumpRecords', () => {
  it('stores landmark distances beside the search fields, saturated, unreachable as LM_NONE', () => {
    const stride = recordStride(3);
    const rec = new Int32Array(2 * stride).fill(7);
    const lm = new Uint16Array(rec.buffer);
    storeLandmarks(lm, stride, Int32Array.of(0, 5, -1, 70000, LM_MAX, 65535), 3);
    expect(Array.from(lm.subarray(2 * FIELDS, 2 * FIELDS + 3))).toEqual([0, 5, LM_NONE]);
    expect(Array.from(lm.subarray(2 * stride + 2 * FIELDS, 2 * stride + 2 * FIELDS + 3))).toEqual([LM_MAX, LM_MAX, LM_MAX]);
    expect(Array.from(rec.subarray(0, FIELDS))).toEqual([7, 7, 7, 7]); // search fields untouched
  });

  it('picks the landmarks with the largest bounds at the start, ties to the lower index, none unreachable', () => {
    // Landmark distances of the start (at 0) and the goal (at 6): bounds 1, 9, -, 4, 9, 0.
    const lm = Uint16Array.of(10, 20, LM_NONE, 5, 0, 3, 11, 11, 7, 9, 9, 3);
    const [active, goal] = [new Int32Array(3), new Int32Array(3)];
    expect(pickLandmarks(lm, 0, 6, 6, new Int32Array(6), active, goal)).toBe(3);
    expect([Array.from(active), Array.from(goal)]).toEqual([[1, 4, 3], [11, 9, 9]]);
    const all = [new Int32Array(8), new Int32Array(8)] as const;
    expect(pickLandmarks(lm, 0, 6, 6, new Int32Array(6), ...all)).toBe(5);
    expect(Array.from(all[0].subarray(0, 5))).toEqual([1, 4, 3, 0, 5]);
  });

  it('bounds by the active landmarks only, skipping cells a landmark cannot reach', () => {
    const lm = Uint16Array.of(100, LM_NONE, 40, 7);
    const [active, goal] = [Int32Array.of(2, 1, 0), Int32Array.of(10, 50, 130)];
    expect(landmarkBound16(lm, 0, active, goal, 2, 0)).toBe(30); // |10 - 40|; landmark 1 unreachable
    expect(landmarkBound16(lm, 0, active, goal, 3, 0)).toBe(30); // + |130 - 100|
    expect(landmarkBound16(lm, 0, active, goal, 3, 45)).toBe(45); // never below h
    expect(landmarkBound16(lm, 0, active, Int32Array.of(90, 0, 170), 3, 0)).toBe(70);
  });
});
