import { describe, expect, it } from 'vitest';
import { DECAY, SNAP_CELLS, Smoother } from './Smoother';

function balls(n: number): { x: Int32Array; y: Int32Array; alive: Int32Array } {
  return { x: new Int32Array(n), y: new Int32Array(n), alive: new Int32Array(n).fill(1) };
}

describe('Smoother', () => {
  it('interpolates between the previous and the current logic frame', () => {
    const b = balls(1);
    const s = new Smoother(1);
    s.update(b, 1, 16);
    s.capture(b);
    b.x[0] = 1024; // one cell east in one logic frame (faster than a ball, but within this frame's reach below)
    s.update(b, 0.5, 100);
    expect(s.x[0]).toBeCloseTo(0.5, 6);
    s.update(b, 1, 100);
    expect(s.x[0]).toBeCloseTo(1, 6);
  });

  it('absorbs a burst of frames into a decaying offset instead of a visible jump', () => {
    const b = balls(1);
    const s = new Smoother(1);
    s.update(b, 1, 16);
    s.capture(b);
    b.x[0] = 2 * 1024; // two cells in one 16 ms display frame: no ball moves that fast
    s.capture(b); // several steps ran this display frame: prev = cur
    s.update(b, 1, 1000 / 60);
    const first = s.x[0]!;
    expect(first).toBeLessThan(0.6); // moved at most a dash-speed step (0.4 cell) plus a little decay
    expect(s.offset(0)).toBeGreaterThan(1.4);
    let prev = first;
    for (let i = 0; i < 120; i++) {
      s.update(b, 1, 1000 / 60);
      expect(s.x[0]! - prev).toBeLessThanOrEqual(2 * DECAY + 1e-9); // each display frame moves a little
      prev = s.x[0]!;
    }
    expect(s.x[0]).toBeCloseTo(2, 3);
  });

  it('snaps large corrections and respawns instead of sliding across the map', () => {
    const b = balls(2);
    const s = new Smoother(2);
    s.update(b, 1, 16);
    s.capture(b);
    b.x[0] = (SNAP_CELLS + 5) * 1024;
    b.x[1] = 3 * 1024;
    s.snap(1);
    s.update(b, 1, 16);
    expect(s.x[0]).toBeCloseTo(SNAP_CELLS + 5, 6);
    expect(s.x[1]).toBeCloseTo(3, 6);
    expect(s.offset(0)).toBe(0);
  });

  it('does not treat fast play (N× speed) as corrections', () => {
    const b = balls(1);
    const s = new Smoother(1);
    s.update(b, 1, 16);
    s.capture(b);
    b.x[0] = 1024;
    s.update(b, 1, 16, 10);
    expect(s.offset(0)).toBe(0);
  });
});
