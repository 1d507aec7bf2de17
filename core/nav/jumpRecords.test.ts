import { describe, expect, it } from 'vitest';
import { CLOSED, DIR_SHIFT, FIELDS, FROM, G, H, LM_MAX, LM_NONE, STAMP, landmarkBound8, pickLandmarks, recordStride, storeLandmarks } from './jumpRecords';
import { JUMP_POINT_WORK } from './JumpPointSearch';
import { STEP_DIAGONAL, STEP_STRAIGHT } from './NavGrid';
import { KEY_SCALE } from './openHeap';

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
    const pairs = new Int32Array(16);
    expect(pickLandmarks(lm, 0, 6, 6, new Int32Array(6), pairs)).toBe(5);
    // (index, goal distance); the 3 slots left over repeat the first pick.
    expect(Array.from(pairs)).toEqual([1, 11, 4, 9, 3, 9, 0, 11, 5, 3, 1, 11, 1, 11, 1, 11]);
    const two = Uint16Array.of(10, LM_NONE, 40, 20, LM_NONE, 5);
    expect(pickLandmarks(two, 0, 3, 3, new Int32Array(3), pairs)).toBe(2);
    expect(Array.from(pairs.subarray(0, 6))).toEqual([2, 5, 0, 20, 2, 5]);
  });

  it('bounds by the active landmarks only, skipping cells a landmark cannot reach', () => {
    const lm = Uint16Array.of(100, LM_NONE, 40, 7);
    const pairs = (...p: number[]): Int32Array => Int32Array.from({ length: 16 }, (_, i) => p[i % p.length]!);
    expect(landmarkBound8(lm, 0, pairs(2, 10, 1, 50), 0)).toBe(30); // |10 - 40|; landmark 1 unreachable
    expect(landmarkBound8(lm, 0, pairs(2, 10, 1, 50, 0, 130), 0)).toBe(30); // + |130 - 100|
    expect(landmarkBound8(lm, 0, pairs(2, 10, 1, 50, 0, 130), 45)).toBe(45); // never below h
    expect(landmarkBound8(lm, 0, pairs(2, 90, 1, 0, 0, 170), 0)).toBe(70);
    const eight = Uint16Array.of(10, 20, 30, 40, 50, 60, 70, 80);
    expect(landmarkBound8(eight, 0, Int32Array.of(0, 15, 1, 0, 2, 30, 3, 100, 4, 50, 5, 0, 6, 0, 7, 172), 0)).toBe(92); // the 8th counts
  });

  it('has the values the hot code writes as literals (JumpPointSearch.ts, lazyHeap.ts, NavGrid.ts octile)', () => {
    expect([STAMP, G, FROM, H, FIELDS, CLOSED, DIR_SHIFT, LM_NONE]).toEqual([0, 1, 2, 3, 4, -1, 20, 0xffff]);
    expect([STEP_STRAIGHT, STEP_DIAGONAL, JUMP_POINT_WORK, KEY_SCALE]).toEqual([70, 99, 32, 2 ** 26]);
  });
});
