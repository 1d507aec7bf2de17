/**
 * The real simulation and behavior-tree bots under the lockstep protocol on the simulated network:
 * every peer agrees on every key's hash, lobby bots and a dropped player's bot included.
 */
import { describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../../test/fixtures/maps/shipped';
import { SimGame } from '../loop/SimGame';
import { Room } from '../testing/Room';
import { MAX_SLOTS } from '../types';
import { MAX_PLAYERS } from '../../sim';

const maps = loadShippedMaps();

describe('lockstep with the real simulation', () => {
  it('protocol slot limit equals the simulation ball limit', () => {
    expect(MAX_SLOTS).toBe(MAX_PLAYERS);
  });

  it('6 humans + 2 bots, 10 % loss, a player drops and becomes a bot: identical hashes everywhere', () => {
    const map = maps.get('arena-small');
    if (!map) throw new Error('arena-small missing');
    const sims: SimGame[] = [];
    const room = new Room({
      seed: 99,
      humans: 6,
      bots: 2,
      settings: { matchSeconds: 40, map: 'arena-small', forceDropSeconds: 3, dropVoteSeconds: 1 },
      link: { delayMs: 2, jitterMs: 40, loss: 0.1, duplicate: 0.01 },
      game: (start, trees) => {
        const g = new SimGame(map, start, trees.brains);
        sims.push(g);
        return { game: g };
      },
    });
    expect(room.joinAll()).toBe(true);
    expect(room.start()).toBe(true);
    room.run(15_000);
    room.client(4).silent = true;
    room.sim.removeNode('c4');
    expect(room.runToEnd(200_000)).toBe(true);
    expect(room.host.lastResult?.agreed).toBe(true);
    const ref = room.client(0).keyHashes;
    expect(ref.length).toBe(400);
    for (const c of room.clients) {
      if (c.silent) continue;
      expect(c.keyHashes).toEqual(ref);
      expect(c.runner?.botSlots()).toEqual([4, 6, 7]);
    }
    const live = room.clients.filter((c) => !c.silent).map((c) => c.anyGame as SimGame);
    expect(live.every((g) => sims.includes(g))).toBe(true);
    for (const g of live) expect(g.world.frame).toBe(1200);
    expect(new Set(live.map((g) => g.hash())).size).toBe(1);
  }, 120_000);
});
