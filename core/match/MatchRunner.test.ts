/**
 * MatchRunner's snapshot of world + bot columns restores exactly from wherever the bytes sit: a
 * replay file, a reassembled datagram, or a pooled Node Buffer whose slice() is a view at an odd
 * offset (a rejoin snapshot decoded from base64 in main).
 */
import { describe, expect, it } from 'vitest';
import { defaultBrains } from '../ai';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { MatchRunner } from './MatchRunner';

describe('MatchRunner snapshot', () => {
  it('restores from a blob at any byte offset, bot columns included', () => {
    const map = loadShippedMaps().get('arena-small')!;
    const spec = { seed: 7, lengthFrames: 900, pelletTarget: null, roster: [0, 1, 2].map((slot) => ({ slot, bot: slot > 0, difficulty: slot })) };
    const a = new MatchRunner(map, spec, defaultBrains());
    for (let f = 0; f < 120; f++) a.step([]);
    const blob = a.snapshot();
    for (const offset of [0, 1, 3, 5]) {
      const host = new Uint8Array(blob.length + offset + 7);
      host.set(blob, offset);
      const b = new MatchRunner(map, spec, defaultBrains());
      b.restore(offset % 2 ? Buffer.from(host.buffer).subarray(offset, offset + blob.length) : host.subarray(offset, offset + blob.length));
      expect(b.hash()).toBe(a.hash());
      for (let f = 0; f < 60; f++) {
        a.step([]);
        b.step([]);
      }
      expect(b.hash()).toBe(a.hash());
      a.restore(blob);
    }
  });
});
