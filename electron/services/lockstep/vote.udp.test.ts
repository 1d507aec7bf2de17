/**
 * A room of headless players on real sockets (127.0.0.1 only): when one of them falls silent, the
 * others — who have nobody to ask — vote it out as soon as voting opens, so the room waits the
 * vote time (1 s here), not the force-drop time (30 s), and the wait is charged to the silent one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SILENT_MS } from '../../../core/lockstep/host';
import { until } from '../testing/until';
import { HeadlessPlayer } from './HeadlessPlayer';
import { LockstepNode } from './LockstepNode';
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
    // A dedicated host: its verifier owns the room.
    const node = await LockstepNode.open({ trees, port: 0, address: '127.0.0.1', verifier: { loadMap, name: 'host' } });
    closers.push(() => node.close());
    const host = node.host({ settings: { matchSeconds: 12, maxSlots: 3, dropVoteSeconds: 1, forceDropSeconds: 30 } });
    const votes: unknown[] = [];
    const players: { c: LockstepNode; p: HeadlessPlayer }[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await LockstepNode.open({ trees, port: 0, address: '127.0.0.1' });
      closers.push(() => c.close());
      const p = new HeadlessPlayer({ peer: c.join({ host: `127.0.0.1:${node.port}`, name: `c${i}` }), now: () => c.now(), loadMap, input: 'bot', name: `c${i}`, log: (e) => void (e['ev'] === 'vote' && votes.push(e)) });
      c.drive(p);
      players.push({ c, p });
    }
    expect(await until(() => host.sessionList().filter((s) => !s.spectator).length === 3, 5000)).toBe(true);
    host.start(node.now());
    expect(await until(() => players.every(({ p }) => (p.loop?.runner.frame ?? 0) > 30), 20_000)).toBe(true);
    // Every player plays its own ball by now (a loaded machine may have made one a late loader, whose bot plays first).
    expect(await until(() => players.every(({ c }) => host.match?.players.isActive(c.player?.slot ?? -1) === true), 20_000)).toBe(true);
    // Player 2's machine goes silent: its socket closes without a goodbye.
    const silent = players[2]!;
    const slot = silent.c.player?.slot ?? -1;
    await silent.c.transport.close();
    const silentAt = node.now();
    expect(await until(() => host.match?.players.isActive(slot) === false, 15_000)).toBe(true);
    const droppedAfter = node.now() - silentAt;
    expect(droppedAfter).toBeLessThan(10_000); // the vote time plus detection, far from the 30 s force-drop
    expect(votes.length).toBeGreaterThanOrEqual(2);
    // Voting opened 1 s after the host first went on without it; the room waited for it from
    // SILENT_MS of silence on (until then its input might only have been late, issue 34).
    expect(host.match?.players.waitedBySlot().find((w) => w.slot === slot)?.ms).toBeGreaterThan(900 - SILENT_MS);
    expect(await until(() => host.lastResult !== null, 40_000)).toBe(true);
    expect(host.lastResult?.agreed).toBe(true);
    expect(new Set([players[0]!.p.finishedHash, players[1]!.p.finishedHash, node.verifier?.finishedHash]).size).toBe(1);
  }, 60_000);
});
