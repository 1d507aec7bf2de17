/** Replay bytes cross the bridge as base64: core's encoder and the page's decoder are inverses. */
import { describe, expect, it } from 'vitest';
import { toBase64 } from '../../core/lockstep';
import { fromBase64 } from './ReplayFiles';

describe('replay bytes over the bridge', () => {
  it('round-trip through base64 at every padding length and at replay size, matching the platform encoder', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 100_003]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 2654435761) >>> 24);
      const text = toBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(fromBase64(text)).toEqual(bytes);
    }
  });
});
