import { describe, expect, it } from 'vitest';
import { FixedStepLoop } from './FixedStepLoop';

const FRAME = 1000 / 30;

describe('FixedStepLoop', () => {
  it('turns real time into whole 30 Hz frames and a render fraction', () => {
    const loop = new FixedStepLoop({ rate: 30 });
    let steps = 0;
    for (let i = 0; i < 60; i++) steps += loop.advance(1000 / 60).steps; // one second at 60 Hz
    expect(steps).toBe(30);
    const p = loop.advance(FRAME / 2);
    expect(p.alpha).toBeGreaterThan(0.4);
    expect(p.alpha).toBeLessThanOrEqual(1);
  });

  it('keeps the step count even when display frames arrive with jitter', () => {
    const loop = new FixedStepLoop({ rate: 30 });
    const jitter = [5, 30, 2, 25, 16, 9, 40, 3];
    let t = 0;
    let steps = 0;
    for (let i = 0; i < 400; i++) {
      const dt = jitter[i % jitter.length]!;
      t += dt;
      steps += loop.advance(dt).steps;
    }
    expect(Math.abs(steps - Math.floor(t / FRAME))).toBeLessThanOrEqual(1);
  });

  it('runs N× faster, caps catch-up, pauses, and never steps past the available frames', () => {
    const loop = new FixedStepLoop({ rate: 30, maxCatchUp: 4 });
    loop.speed = 10;
    expect(loop.advance(100).steps).toBe(30);
    loop.speed = 1;
    expect(loop.advance(1000).steps).toBeLessThanOrEqual(4);
    loop.paused = true;
    expect(loop.advance(1000).steps).toBe(0);
    loop.paused = false;
    loop.reset();
    expect(loop.advance(200, 2).steps).toBe(2);
    // Starved: no debt builds up while nothing may be stepped.
    expect(loop.advance(500, 0).steps).toBe(0);
    expect(loop.advance(FRAME, Infinity).steps).toBeLessThanOrEqual(2);
  });

  it('stretches time around the key-frame buffer target', () => {
    const fast = new FixedStepLoop({ rate: 30, targetBuffer: 3 });
    const slow = new FixedStepLoop({ rate: 30, targetBuffer: 3 });
    let a = 0;
    let b = 0;
    for (let i = 0; i < 300; i++) {
      a += fast.advance(1000 / 60, 20).steps;
      b += slow.advance(1000 / 60, 1).steps;
    }
    expect(a).toBeGreaterThan(150);
    expect(b).toBeLessThan(150);
  });
});
