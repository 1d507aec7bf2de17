/**
 * HostMatch's stall rules on their own, in virtual time: who is blamed for a hold, and when a
 * silent player is dropped without a vote.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../types';
import { HostMatch } from './HostMatch';

const SETTINGS = { ...DEFAULT_SETTINGS, matchSeconds: 60, dropVoteSeconds: 2, forceDropSeconds: 10 };
const KEY_MS = 100;

/** Player `slot` closes every key up to the one due at `now` (it keeps playing). */
function keepUp(m: HostMatch, slot: number, now: number): void {
  m.onProgress(slot, now, m.released, m.released + 2, []);
  m.players.heard(slot, now);
}

/** Runs the match in 10 ms steps until `until`, with `live` players closing keys; returns drop notices. */
function run(m: HostMatch, from: number, until: number, live: readonly number[]): { at: number; slot: number; why: number }[] {
  const drops: { at: number; slot: number; why: number }[] = [];
  for (let now = from; now <= until; now += 10) {
    for (const s of live) keepUp(m, s, now);
    m.tick(now);
    m.tryRelease(now);
    for (const n of m.notices.splice(0)) if (n.t === 'dropped') drops.push({ at: now, slot: n.slot, why: n.why });
  }
  return drops;
}

describe('HostMatch stalls', () => {
  it('drops a silent player when voting opens if nobody could vote, and charges it the wait', () => {
    const m = new HostMatch(SETTINGS, 30, [0], 0, -1);
    const drops = run(m, 0, 12_000, []);
    expect(drops).toHaveLength(1);
    expect(drops[0]).toMatchObject({ slot: 0, why: 2 });
    // Voting opens 2 s into the hold (the hold starts two key periods after the last release).
    expect(drops[0]!.at).toBeLessThan(2 * KEY_MS + 2000 + 2 * KEY_MS);
    expect(m.players.waitedBySlot()[0]!.ms).toBeGreaterThanOrEqual(2000);
  });

  it('waits for the votes of players who could vote, and force-drops only at the force time', () => {
    const m = new HostMatch(SETTINGS, 30, [0, 1], 0, -1);
    const drops = run(m, 0, 12_000, [1]);
    expect(drops).toHaveLength(1);
    expect(drops[0]).toMatchObject({ slot: 0, why: 2 });
    expect(drops[0]!.at).toBeGreaterThanOrEqual(10_000);
    const waited = m.players.waitedBySlot();
    expect(waited.find((w) => w.slot === 0)!.ms).toBeGreaterThanOrEqual(9_500);
    expect(waited.find((w) => w.slot === 1)!.ms).toBe(0);
  });
});
