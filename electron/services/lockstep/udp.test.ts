/**
 * The UDP transport and the lockstep node on real sockets (127.0.0.1 only).
 */
import dgram from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { HeadlessPlayer } from './HeadlessPlayer';
import { LockstepNode } from './LockstepNode';
import { mapLoader } from './loadMap';
import { until } from '../testing/until';
import { addressKey, parseAddress } from '../../../core/net';
import { RECV_BUFFER_BYTES, UdpTransport } from './UdpTransport';
import { loadTrees } from './loadTrees';

/** This checkout's resources/ai trees, as the apps load them. */
const trees = loadTrees().trees;

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});


describe('UdpTransport', () => {
  it('keeps a 2000-datagram burst in its own queue and drops oversize datagrams', async () => {
    const t = await UdpTransport.open({ port: 0, address: '127.0.0.1' });
    closers.push(() => t.close());
    expect(t.recvBufferSize()).toBeGreaterThanOrEqual(RECV_BUFFER_BYTES);
    let got = 0;
    t.onDatagrams((batch) => (got += batch.length));
    const s = dgram.createSocket('udp4');
    closers.push(() => void s.close());
    const payload = Buffer.alloc(200, 7);
    for (let i = 0; i < 2000; i++) s.send(payload, t.port, '127.0.0.1');
    s.send(Buffer.alloc(1300), t.port, '127.0.0.1');
    expect(await until(() => got === 2000 && t.counters.oversize === 1, 5000)).toBe(true);
    expect(t.counters.received).toBe(2000);
  });

  it('falls back to a free port when the wanted one is taken, unless told not to', async () => {
    const a = await UdpTransport.open({ port: 0, address: '127.0.0.1' });
    closers.push(() => a.close());
    const b = await UdpTransport.open({ port: a.port, address: '127.0.0.1' });
    closers.push(() => b.close());
    expect(b.port).not.toBe(a.port);
    await expect(UdpTransport.open({ port: a.port, address: '127.0.0.1', fallback: false })).rejects.toThrow(/EADDRINUSE/);
  });

  it('names addresses the way core/lockstep does', () => {
    expect(addressKey('127.0.0.1', 5)).toBe('127.0.0.1:5');
    expect(parseAddress('[::1]:47777')).toEqual({ address: '::1', port: 47777 });
    expect(parseAddress('loopback:owner')).toBeNull();
    expect(parseAddress('1.2.3.4:70000')).toBeNull();
  });
});

describe('lockstep nodes on real sockets', () => {
  it('a host with its own player (loopback), its verifier and two remote clients finish a match with equal hashes', async () => {
    const loadMap = mapLoader();
    const node = await LockstepNode.open({ trees, port: 0, address: '127.0.0.1', verifier: { loadMap } });
    closers.push(() => node.close());
    const host = node.host({ owner: { name: 'owner' }, settings: { matchSeconds: 3 } });
    const owner = node.player;
    if (!owner) throw new Error('no owner');
    const players = [new HeadlessPlayer({ peer: owner, now: () => node.now(), loadMap, input: 'random', name: 'owner', seed: 1, log: () => undefined })];
    node.drive(players[0]!);
    for (let i = 0; i < 2; i++) {
      const c = await LockstepNode.open({ trees, port: 0, address: '127.0.0.1' });
      closers.push(() => c.close());
      const p = new HeadlessPlayer({ peer: c.join({ host: `127.0.0.1:${node.port}`, name: `c${i}` }), now: () => c.now(), loadMap, input: i === 0 ? 'bot' : 'random', name: `c${i}`, seed: 2 + i, log: () => undefined });
      c.drive(p);
      players.push(p);
    }
    // The host knows a session one delivery before its peer has the ACCEPT; a control sent while
    // still joining is not the lobby's (the page offers Start only in the lobby). The verifier is
    // a spectator, so it is never in the order of successors.
    expect(await until(() => host.sessionList().length === 4 && owner.phase === 'lobby', 15_000)).toBe(true);
    owner.startMatch();
    // A deadline, not a speed goal: a 3 s match on a loaded 2-core runner can take several times that.
    expect(await until(() => host.lastResult !== null, 50_000)).toBe(true);
    expect(host.lastResult?.agreed).toBe(true);
    const hashes = [...players, node.verifier].map((p) => p?.finishedHash);
    expect(new Set(hashes).size).toBe(1);
    expect(hashes[0]).toBe(host.lastResult?.hash);
  }, 60_000);
});
