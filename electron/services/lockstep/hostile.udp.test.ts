/**
 * A hostile peer on real sockets (127.0.0.1 only; issue 17): it knows the victim's session token
 * (it crosses the wire in every client frame) and forges datagrams with the victim's and the
 * host's addresses as their source. The forgeries enter the real receive path of each side's
 * socket with a forged source address (what a LAN spoofer's raw socket delivers; an unprivileged
 * test cannot send one), so they meet the secure link exactly as the kernel would hand them over.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { encodeClientFrame, encodeHostControl, encodeHostFrame, RejectReason, SessionReason } from '../../../core/lockstep';
import { MoveMode } from '../../../core/sim';
import { HeadlessPlayer } from './HeadlessPlayer';
import { LockstepClientService } from './LockstepClientService';
import { LockstepHostService } from './LockstepHostService';
import { mapLoader } from './loadMap';
import { loadTrees } from './loadTrees';
import { until } from '../testing/until';
import type { UdpTransport } from './UdpTransport';

const trees = loadTrees().trees;
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

/** Hands `bytes` to `t`'s receive path as if the kernel had read them from `from` ("ip:port"). */
function forge(t: UdpTransport, from: string, bytes: Uint8Array): void {
  const [address, port] = from.split(':');
  (t as unknown as { onMessage(msg: Buffer, rinfo: { address: string; port: number }): void }).onMessage(Buffer.from(bytes), { address: address!, port: Number(port) });
}

describe('a hostile peer on the LAN', () => {
  it('cannot take a slot with a sniffed token, nor speak for the player or the host by forging their addresses', async () => {
    const loadMap = mapLoader();
    const host = await LockstepHostService.start({ trees, port: 0, address: '127.0.0.1', owner: { name: 'owner' }, settings: { matchSeconds: 4 } });
    closers.push(() => host.close());
    const hostAddr = `127.0.0.1:${host.port}`;
    const owner = host.owner!;
    const victim = await LockstepClientService.connect({ trees, host: hostAddr, name: 'victim', address: '127.0.0.1' });
    closers.push(() => victim.close());
    const victimAddr = `127.0.0.1:${victim.transport.port}`;
    const players = [
      new HeadlessPlayer({ peer: owner, now: () => host.now(), loadMap, input: 'random', name: 'owner', seed: 1, log: () => undefined }),
      new HeadlessPlayer({ peer: victim.peer, now: () => victim.now(), loadMap, input: 'random', name: 'victim', seed: 2, log: () => undefined }),
    ];
    for (const p of players) {
      p.start();
      closers.push(() => p.stop());
    }
    // Everything the host's core reads from the victim's address.
    const read: Uint8Array[] = [];
    const receive = host.host.receive.bind(host.host);
    host.host.receive = (now, bytes, from) => {
      if (from === victimAddr) read.push(bytes.slice());
      receive(now, bytes, from);
    };
    expect(await until(() => host.host.sessionList().length === 2 && owner.phase === 'lobby' && victim.peer.phase === 'lobby', 15_000)).toBe(true);
    owner.startMatch();
    expect(await until(() => victim.peer.phase === 'running' && (victim.peer.match?.recvKey ?? -1) > 5, 30_000)).toBe(true);
    const token = victim.peer.sessionToken;
    const slot = victim.peer.slot;

    // 1. A rejoin with the sniffed token, from the thief's own socket and key.
    const thief = await LockstepClientService.connect({ trees, host: hostAddr, name: 'thief', address: '127.0.0.1', rejoinToken: token });
    closers.push(() => thief.close());
    expect(await until(() => thief.peer.phase === 'rejected', 10_000)).toBe(true);
    expect(thief.peer.events).toContainEqual(expect.objectContaining({ t: 'rejected', reason: RejectReason.UnknownToken }));
    expect(host.host.counters.unproven).toBe(1);
    expect(host.transport.link?.counters.unproven).toBe(1);

    // 2. Client frames with the victim's token and address: a steer to the far corner and a leave,
    //    unsealed and with a made-up tag.
    const forged = encodeClientFrame({ token, inputs: [{ key: victim.peer.match!.recvKey + 3, slot, input: { move: MoveMode.Target, angle: 0, targetX: 900, targetY: 900, dash: true } }] }).bytes;
    const tagged = new Uint8Array([...forged, 1, 2, 3, 4, 5, 6, 7, 8]);
    const before = { ...host.transport.link!.counters };
    for (let i = 0; i < 20; i++) {
      forge(host.transport, victimAddr, forged);
      forge(host.transport, victimAddr, tagged);
    }
    const after = host.transport.link!.counters;
    expect(after.badMac - before.badMac).toBe(40);

    // 3. The host's goodbye, forged from the host's address to the victim.
    const goodbye = encodeHostFrame({ ctl: { firstSeq: 0, msgs: [encodeHostControl({ t: 'closed', reason: SessionReason.HostClosed })] } }).bytes;
    for (let i = 0; i < 3; i++) forge(victim.transport, hostAddr, goodbye);
    expect(victim.transport.link?.counters.badMac).toBe(3);

    // The match plays out: the victim kept its slot and ended on the room's hash.
    expect(await until(() => host.host.lastResult !== null, 50_000)).toBe(true);
    expect(victim.peer.phase).toBe('lobby');
    expect(victim.peer.slot).toBe(slot);
    expect(host.host.lastResult?.agreed).toBe(true);
    expect(players.map((p) => p.finishedHash)).toEqual([host.host.lastResult?.hash, host.host.lastResult?.hash]);
    // Not one forged byte reached the host's core (only the victim's own, sealed, frames).
    expect(read.length).toBeGreaterThan(20);
    expect(read.some((b) => b.length === forged.length && b.every((v, i) => v === forged[i]))).toBe(false);
    expect(host.host.counters.wrongToken).toBe(0);
  }, 90_000);
});
