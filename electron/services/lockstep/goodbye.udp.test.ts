/**
 * The host's goodbye on real sockets (127.0.0.1): LockstepNode.close() sends the final
 * burst before the socket closes, so a remote client ends at once with the reason instead of
 * after its 15 s silence timeout; a client's close() likewise gets its LEAVE out before its
 * socket closes (UdpTransport.close waits for sends in flight).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HOST_CLOSED_REASON } from '../../../core/lockstep';
import { LockstepNode } from './LockstepNode';
import { until } from '../testing/until';
import { loadTrees } from './loadTrees';

/** This checkout's resources/ai trees, as the apps load them. */
const trees = loadTrees().trees;

/** How soon a goodbye must take effect: far under the 15 s silence timeout it replaces. */
const GOODBYE_MS = 5000;

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});


describe('LockstepNode.close', () => {
  it('says goodbye: remote clients end at once with the reason', async () => {
    const host = await LockstepNode.open({ trees, port: 0, address: '127.0.0.1' });
    closers.push(() => host.close());
    host.host({ owner: { name: 'owner' } });
    const clients = await Promise.all([0, 1].map(async (i) => {
      const node = await LockstepNode.open({ trees, port: 0, address: '127.0.0.1' });
      closers.push(() => node.close());
      return node.join({ host: `127.0.0.1:${host.port}`, name: `c${i}` });
    }));
    expect(await until(() => clients.every((c) => c.phase === 'lobby'), 15_000)).toBe(true);
    const t0 = Date.now();
    await host.close();
    expect(await until(() => clients.every((c) => c.phase === 'failed'), GOODBYE_MS)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(GOODBYE_MS);
    for (const c of clients) expect(c.events).toContainEqual({ t: 'closed', reason: HOST_CLOSED_REASON });
  });

  it('a client that closes is gone from the host at once, not after the silence timeout', async () => {
    const node = await LockstepNode.open({ trees, port: 0, address: '127.0.0.1' });
    closers.push(() => node.close());
    const host = node.host({ owner: { name: 'owner' } });
    const c = await LockstepNode.open({ trees, port: 0, address: '127.0.0.1' });
    const peer = c.join({ host: `127.0.0.1:${node.port}`, name: 'leaver' });
    // In the lobby on both sides (owner, verifier, leaver): a client that has not yet heard its ACCEPT holds no token to sign a LEAVE with.
    expect(await until(() => host.sessionList().length === 3 && peer.phase === 'lobby', 15_000)).toBe(true);
    await c.close();
    expect(await until(() => host.sessionList().length === 2, GOODBYE_MS)).toBe(true);
  });
});
