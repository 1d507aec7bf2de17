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

describe('HostMatch on its clock (issue 34)', () => {
  const STOP = { move: 0, angle: 0, targetX: 0, targetY: 0, split: false, eject: false } as const;
  const GO = { ...STOP, move: 1, angle: 100 } as const;

  /** Two players closing every key 30 ms before it is due by a 100 ms clock, from `from` to `until`; player 1 from `lateFrom` on sends nothing. */
  function play(m: HostMatch, from: number, until: number, lateFrom = Infinity): void {
    for (let now = from; now <= until; now += 5) {
      for (const slot of [0, 1]) {
        if (slot === 1 && now >= lateFrom) continue;
        const closed = Math.floor((now + 30) / KEY_MS);
        if (closed > m.players.closedOf(slot)) m.onProgress(slot, now, m.released, closed, []);
        m.players.heard(slot, now);
      }
      m.tryRelease(now);
    }
  }

  it('goes on without a late player it hears, and puts its late input into the first key still to go, keeping its press', () => {
    const m = new HostMatch(SETTINGS, 30, [0, 1], 0, -1);
    play(m, 0, 2000);
    expect(m.released).toBe(20); // every key as soon as both closed it
    play(m, 2005, 2400, 2000); // player 1 falls silent for 400 ms: no key waits for it
    const released = m.released;
    expect(released).toBeGreaterThanOrEqual(23);
    expect(m.status(2400)).toBeUndefined(); // nobody is waited for
    // Its frame comes at last: a split for key 21 (long released) and a turn for key 22.
    const late = [{ key: 21, input: { ...STOP, split: true } }, { key: 22, input: GO }];
    m.players.heard(1, 2400);
    expect(m.onProgress(1, 2400, released, released + 1, late)).toBe('ok');
    expect(m.landed).toEqual([{ slot: 1, key: 21, at: released + 1 }, { slot: 1, key: 22, at: released + 1 }]);
    expect(m.lateInputs).toBe(2);
    play(m, 2405, 2600);
    // Released keys never change; the first key to go has the newer intent, and the press.
    for (const u of m.updates.slice(21, released + 1)) expect(u.inputs).toEqual([]);
    expect(m.updates[released + 1]?.inputs).toEqual([{ slot: 1, input: { ...GO, split: true } }]);
  });

  it('waits, as before, for a player silent past SILENT_MS, and the rule before waits for every closure', () => {
    const m = new HostMatch(SETTINGS, 30, [0, 1], 0, -1);
    play(m, 0, 3000, 2000);
    expect(m.released).toBeLessThan(2000 / KEY_MS + 8); // it went on a while, then held
    expect(m.status(3000)?.waiting).toEqual([{ slot: 1, cause: 1, votes: 0 }]);
    const old = new HostMatch(SETTINGS, 30, [0, 1], 0, -1);
    old.waitForLate = true;
    play(old, 0, 2100, 2000);
    expect(old.released).toBe(20);
  });
});
