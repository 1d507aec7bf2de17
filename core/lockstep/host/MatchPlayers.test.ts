import { describe, expect, it } from 'vitest';
import { PHASE_SHIFT_PACE } from '../types';
import { MatchPlayers, PHASE_TOLERANCE_MS, WAIT_WINDOW } from './MatchPlayers';

/** Releases WAIT_WINDOW keys from `key`, one every 100 ms from `at`: slot 1 closes each `early` ms before slot 2. */
function releaseKeys(players: MatchPlayers, key: number, at: number, early: number): number {
  for (let i = 0; i < WAIT_WINDOW; i++, key++, at += 100) {
    players.get(1)!.closedAt.set(key, at - early);
    players.get(2)!.closedAt.set(key, at);
    players.release(key, at);
  }
  return at;
}

describe('MatchPlayers phase shifts', () => {
  it('tells an early player its earliness once, then judges only closures after the move is done', () => {
    const players = new MatchPlayers();
    players.add(1, 0, true, 0);
    players.add(2, 0, true, 0);
    let now = releaseKeys(players, 1, 1000, 80);
    expect(players.earlyOf(1)).toBe(80);
    // The player that completes the releases is never shifted.
    expect(players.takeShift(2, now, 50)).toBe(0);
    expect(players.takeShift(1, now, 50)).toBe(80);
    // Told once: not again from the same waits, nor while the move reaches the peer and is made.
    expect(players.takeShift(1, now, 50)).toBe(0);
    const movedBy = now + 50 + 80 / (1 - PHASE_SHIFT_PACE);
    now = releaseKeys(players, 31, now + 100, 80);
    expect(now).toBeGreaterThan(movedBy);
    expect(players.takeShift(1, now, 50)).toBe(0); // waits from before movedBy do not count
    now = releaseKeys(players, 61, now + 100, 80);
    expect(players.takeShift(1, now, 50)).toBe(80); // still early: told again
  });

  it('leaves a phase within the tolerance alone: noise must not make a player the one everyone waits for', () => {
    const players = new MatchPlayers();
    players.add(1, 0, true, 0);
    players.add(2, 0, true, 0);
    const now = releaseKeys(players, 1, 1000, PHASE_TOLERANCE_MS);
    expect(players.earlyOf(1)).toBe(PHASE_TOLERANCE_MS);
    expect(players.takeShift(1, now, 50)).toBe(0);
  });
});
