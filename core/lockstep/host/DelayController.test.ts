import { describe, expect, it } from 'vitest';
import { CLEAN_MARGINS, DelayController, LOSSY_MARGINS, LOWEST_DELAY_MS } from './DelayController';

/** Two evaluations a second apart with every player at `slack`; the change it decides (or undefined). */
function decide(delay: number, slack: number, loss: number): number | undefined {
  const c = new DelayController(() => delay);
  c.evaluate([slack, slack + 30], 1000, loss);
  c.evaluate([slack, slack + 30], 2000, loss);
  return c.take(2000);
}

describe('DelayController', () => {
  it('on a clean link lowers to a few ms of slack; on a lossy one keeps the wide margin', () => {
    // 40 ms of slack at 200: a clean link goes to 165 (5 ms left), a lossy one to 180 (20 ms).
    expect(decide(200, 40, 0)).toBe(200 - (40 - CLEAN_MARGINS.target));
    expect(decide(200, 40, 0.1)).toBe(200 - (40 - LOSSY_MARGINS.target));
    // 8 ms of slack: enough on a clean link (no change), too little on a lossy one (raised).
    expect(decide(200, 8, 0)).toBeUndefined();
    expect(decide(200, 8, 0.1)).toBe(220);
    // Under 3 ms even a clean link raises.
    expect(decide(200, 0, 0)).toBe(220);
  });

  it('never lowers under the floor, nor raises a start already under it', () => {
    expect(decide(60, 60, 0)).toBe(LOWEST_DELAY_MS);
    expect(decide(LOWEST_DELAY_MS, 60, 0)).toBeUndefined();
    expect(decide(20, 60, 0)).toBeUndefined();
  });
});
