/**
 * A room of headless players on real sockets (127.0.0.1 only): when one of them falls silent, the
 * others — who have nobody to ask — vote it out as soon as voting opens, so the room waits the
 * vote time (1 s here), not the force-drop time (30 s), and the wait is charged to the silent one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../testing/until';
import { HeadlessPlayer } from './HeadlessPlayer';
import { LockstepClientService } from './LockstepClientService';
import { LockstepHostService } from './LockstepHostService';
import { mapLoader } from './loadMap';
import { loadTrees } from './loadTrees';

/** This checkout's resources/ai trees, as the apps load them. */
const trees = loadTrees().trees;
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

describe('a room of headless players', () => {
  it('votes a silent player out when voting opens, and the host blames it for the wait', async () => {
    const loadMap = mapLoader();
    const host = await LockstepHostService.start({ trees, port: 0, address: '127.0.0.1', owner: { name: 'host', spectate: true }, settings: { matchSeconds: 12, maxSlots: 3, dropVoteSeconds: 1, forceDropSeconds: 30 } });
    closers.push(() => host.close());
    const owner = host.owner;
    if (!owner) throw new Error('no verifier');
    const verifier = new HeadlessPlayer({ peer: owner, now: () => host.now(), loadMap, input: 'none', name: 'host', log: () => undefined });
    verifier.start();
    closers.push(() => verifier.stop());
    const votes: unknown[] = [];
    const players: { c: LockstepClientService; p: HeadlessPlayer }[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await LockstepClientService.connect({ trees, host: `127.0.0.1:${host.port}`, name: `c${i}`, address: '127.0.0.1' });
      closers.push(() => c.close());
      const p = new HeadlessPlayer({ peer: c.peer, now: () => c.now(), loadMap, input: 'bot', name: `c${i}`, log: (e) => void (e['ev'] === 'vote' && votes.push(e)) });
      p.start();
      closers.push(() => p.stop());
      players.push({ c, p });
    }
    expect(await until(() => host.host.sessionList().filter((s) => !s.spectator).length === 3, 5000)).toBe(true);
    host.host.start(host.now());
    expect(await until(() => players.every(({ p }) => (p.loop?.runner.frame ?? 0) > 30), 20_000)).toBe(true);
    // Player 2's machine goes silent: its loop stops and its socket closes without a goodbye.
    const silent = players[2]!;
    silent.p.stop();
    await silent.c.transport.close();
    const silentAt = host.now();
    const slot = silent.c.peer.slot;
    expect(await until(() => host.host.match?.players.isActive(slot) === false, 15_000)).toBe(true);
    const droppedAfter = host.now() - silentAt;
    expect(droppedAfter).toBeLessThan(10_000); // the vote time plus detection, far from the 30 s force-drop
    expect(votes.length).toBeGreaterThanOrEqual(2);
    expect(host.host.match?.players.waitedBySlot().find((w) => w.slot === slot)?.ms).toBeGreaterThan(900);
    expect(await until(() => host.host.lastResult !== null, 40_000)).toBe(true);
    expect(host.host.lastResult?.agreed).toBe(true);
    expect(new Set([players[0]!.p.finishedHash, players[1]!.p.finishedHash, verifier.finishedHash]).size).toBe(1);
  }, 60_000);
});
