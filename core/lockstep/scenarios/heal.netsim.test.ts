/**
 * Desyncs heal themselves (issue 13), on the deterministic network simulator: a peer whose state
 * goes wrong is named, still writes its report from the wrong state, is sent the reference state
 * like a rejoiner (its ball a bot meanwhile) and takes its ball back in step while nobody else
 * waits; the match ends agreed. Out of step again within 30 s, it is told so and its slot stays a
 * bot. When the snapshot source (the owner) is the one out of step, nobody is healed.
 */
import { describe, expect, it } from 'vitest';
import type { PeerEvent } from '../client';
import { HEAL_AGAIN_MS } from '../host/HostResync';
import { SessionReason } from '../reasons';
import { Room } from '../testing/Room';
import type { RoomClient } from '../testing/Room';
import type { LinkSpec } from '../testing/NetSim';

const LAN: LinkSpec = { delayMs: 1, jitterMs: 2, loss: 0, duplicate: 0 };
const LOSSY: LinkSpec = { delayMs: 20, jitterMs: 15, loss: 0.05, duplicate: 0 };

function events<T extends PeerEvent['t']>(c: RoomClient, t: T): Extract<PeerEvent, { t: T }>[] {
  return c.log.filter((e): e is Extract<PeerEvent, { t: T }> => e.t === t);
}

/** 4 humans and a bot, snapshots on; client 2's state goes wrong `at` ms into the match. */
function outOfStep(seed: number, link: LinkSpec, at = 3000): { room: Room; c2: RoomClient; perturbedAt: number } {
  const room = new Room({ seed, humans: 4, bots: 1, snapshots: true, link, settings: { matchSeconds: 40 }, keepSnapshots: 16 });
  room.joinAll();
  room.start();
  room.run(at);
  const c2 = room.client(2);
  c2.game?.perturb(0);
  return { room, c2, perturbedAt: room.sim.now };
}

describe('desyncs heal themselves', () => {
  for (const [name, link, seed] of [['LAN', LAN, 51], ['5 % loss, 20 ± 15 ms', LOSSY, 52]] as const) {
    it(`a peer out of step is sent the state and plays on in step; nobody else waits (${name})`, () => {
      const { room, c2, perturbedAt } = outOfStep(seed, link);
      const others = [0, 1, 3].map((i) => room.client(i));
      const blockedBefore = others.map((c) => c.runner?.stats.blockedMs ?? 0);
      room.run(3000, () => events(c2, 'takeover').some((e) => e.slot === 2 && c2.keyTimes[e.key] !== undefined));
      const desync = events(c2, 'desync')[0];
      expect(desync?.slots).toEqual([2]);
      expect(c2.reports[0]).toMatchObject({ iDiverged: true, firstDifference: { component: 'positions' } }); // written from the wrong state
      for (const c of others) expect(events(c, 'dropped')).toContainEqual(expect.objectContaining({ slot: 2, why: 5 }));
      const take = events(c2, 'takeover').find((e) => e.slot === 2);
      expect(take).toBeDefined();
      expect(room.host.counters.healed).toBe(1);
      // Back in step: from the desync notice to my ball being mine again, in simulated time.
      const noticeAt = c2.log.indexOf(desync!);
      expect(noticeAt).toBeGreaterThanOrEqual(0);
      const backMs = (c2.keyTimes[take!.key] ?? Infinity) - perturbedAt;
      console.log(`[heal ${name}] perturbed → ball back at key ${take!.key}: ${backMs.toFixed(0)} ms (detection included); resumed from key ${events(c2, 'resume')[0]?.key}`);
      expect(backMs).toBeLessThan(3000);
      expect(room.runToEnd(60_000)).toBe(true);
      expect(room.host.lastResult?.agreed).toBe(true);
      expect(c2.anyGame?.hash()).toBe(room.host.lastResult?.hash);
      // Nobody else stopped for it (what they waited is the ordinary jitter of the link).
      const waited = others.map((c, i) => (c.runner?.stats.blockedMs ?? 0) - blockedBefore[i]!);
      console.log(`[heal ${name}] others blocked after the perturbation: ${waited.map(Math.round).join(' ')} ms`);
      for (const w of waited) expect(w).toBeLessThan(link === LAN ? 300 : 1500);
      expect(room.clients.every((c) => c.reports.length === 1)).toBe(true);
    });
  }

  it('out of step again within 30 s: told so, and its slot stays a bot; the others end agreed', () => {
    const { room, c2 } = outOfStep(53, LAN);
    room.run(3000, () => events(c2, 'takeover').some((e) => e.slot === 2));
    expect(room.host.counters.healed).toBe(1);
    room.run(2000);
    c2.game?.perturb(0); // the game it was rebuilt with
    room.run(5000, () => c2.peer.phase === 'failed');
    room.run(50); // the render ticks drain the events into the log
    expect(room.sim.now).toBeLessThan(HEAL_AGAIN_MS);
    expect(c2.log).toContainEqual({ t: 'closed', reason: SessionReason.OutOfStep });
    expect(room.host.counters.outOfStep).toBe(1);
    expect(room.host.counters.healed).toBe(1);
    expect(room.runToEnd(60_000)).toBe(true);
    expect(room.host.lastResult?.agreed).toBe(true);
    expect(room.client(0).runner?.botSlots()).toContain(2);
  });

  it('the owner out of step (the snapshot source): reported, nobody is healed', () => {
    const room = new Room({ seed: 54, humans: 4, snapshots: true, link: LAN, settings: { matchSeconds: 20 }, keepSnapshots: 16 });
    room.joinAll();
    room.start();
    room.run(3000);
    room.client(0).game?.perturb(0);
    room.run(3000);
    expect(events(room.client(1), 'desync')[0]?.slots).toEqual([0]);
    expect(room.host.counters.healed).toBe(0);
    expect(room.host.match?.hashes.divergedReporters()).toEqual([0]);
  });
});
