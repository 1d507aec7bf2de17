/**
 * A hidden window (issue 14): the browser stops the page's loop, but the peer in main goes on
 * closing that player's keys as the updates arrive (ClientPeer.setAway), so the room never waits
 * for it; shown again, the loop drains its backlog at the pacer's catch-up speed and ends in step.
 * On the deterministic network simulator with the product's MatchLoop; a simulation stuck past
 * STUCK_BEHIND_MS that is not hidden still holds the room (netsim.test.ts: "slow").
 */
import { describe, expect, it } from 'vitest';
import { STUCK_BEHIND_MS } from '../host';
import { Room } from '../testing/Room';
import type { RoomClient } from '../testing/Room';

const HIDDEN_MS = 2000;

/** Hides client 2 for HIDDEN_MS after 4 s of play; the room's stall over that time and the drain after it. */
function hideOnce(seed: number, tellPeer: boolean): { stallMs: number; waitedMs: number; drainMs: number | null; room: Room } {
  const room = new Room({ seed, humans: 3, settings: { matchSeconds: 20 }, link: { delayMs: 2, jitterMs: 2, loss: 0, duplicate: 0 } });
  room.joinAll();
  room.start();
  room.run(4000);
  const c2 = room.client(2);
  const match = room.host.match!;
  const stallBefore = match.stallMs;
  const waitedBefore = waited(room, 2);
  c2.frozenUntil = room.sim.now + HIDDEN_MS;
  if (tellPeer) c2.peer.setAway(room.sim.now, true);
  room.run(HIDDEN_MS);
  if (tellPeer) c2.peer.setAway(room.sim.now, false);
  const shownAt = room.sim.now;
  let drainMs: number | null = null;
  room.run(3000, () => {
    if (drainMs === null && caughtUp(c2)) drainMs = room.sim.now - shownAt;
    return false;
  });
  return { stallMs: match.stallMs - stallBefore, waitedMs: waited(room, 2) - waitedBefore, drainMs, room };
}

function waited(room: Room, slot: number): number {
  return room.host.match?.players.waitedBySlot().find((w) => w.slot === slot)?.ms ?? 0;
}

/** The loop is back within the live margin of the newest update (the pacer's catch-up is over). */
function caughtUp(c: RoomClient): boolean {
  const m = c.peer.match;
  return m !== null && m.backlog <= m.liveKeys;
}

describe('a hidden window', () => {
  it('holds nobody: its keys close as the updates come, its loop drains the backlog within 1 s, one final hash', () => {
    const { stallMs, waitedMs, drainMs, room } = hideOnce(31, true);
    console.log(`[away] hidden ${HIDDEN_MS} ms: room stalled ${stallMs} ms, waited for it ${waitedMs} ms; drained ${drainMs} ms after showing`);
    expect(stallMs).toBe(0);
    expect(waitedMs).toBe(0);
    expect(drainMs).not.toBeNull();
    expect(drainMs!).toBeLessThanOrEqual(1000);
    expect(room.client(2).runner!.stats.catchUpTicks).toBeGreaterThan(0);
    expect(room.runToEnd(60_000)).toBe(true);
    expect(room.host.lastResult?.agreed).toBe(true);
    for (const c of room.clients) expect(c.anyGame?.hash()).toBe(room.host.lastResult?.hash);
  });

  it('without telling the peer (a stuck loop), the room waits for it: the difference setAway makes', () => {
    const { stallMs, waitedMs } = hideOnce(31, false);
    console.log(`[away] stuck ${HIDDEN_MS} ms, not away: room stalled ${stallMs} ms, waited for it ${waitedMs} ms`);
    // The room goes on for STUCK_BEHIND_MS (its closures land late), then waits for it.
    expect(stallMs).toBeGreaterThan((HIDDEN_MS - STUCK_BEHIND_MS) / 2);
    expect(waitedMs).toBeGreaterThan((HIDDEN_MS - STUCK_BEHIND_MS) / 3); // the hold ended in a release, and it is still blamed
  });

  it('a hidden spectator or a peer outside a match changes nothing', () => {
    const room = new Room({ seed: 32, humans: 2, spectators: 1, settings: { matchSeconds: 8 } });
    room.joinAll();
    room.clients[2]!.peer.setAway(0, true); // before the match: no match, nothing to do
    room.start();
    room.run(2000);
    const spec = room.clients[2]!;
    spec.peer.setAway(room.sim.now, true);
    spec.frozenUntil = room.sim.now + 1000;
    room.run(1000);
    spec.peer.setAway(room.sim.now, false);
    expect(room.runToEnd(60_000)).toBe(true);
    expect(room.host.lastResult?.agreed).toBe(true);
  });
});
