/**
 * A hostile peer on real sockets (127.0.0.1 only; issue 17): it knows the victim's session token
 * (it crosses the wire in every client frame) and forges datagrams with the victim's and the
 * host's addresses as their source. The forgeries enter the real receive path of each side's
 * socket with a forged source address (what a LAN spoofer's raw socket delivers; an unprivileged
 * test cannot send one), so they meet the sealer exactly as the kernel would hand them over.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { encodeClientFrame, encodeHostControl, encodeHostFrame, RejectReason, SessionReason } from '../../../core/lockstep';
import type { ClientPeer, HostAuthority } from '../../../core/lockstep';
import { MoveMode } from '../../../core/sim';
import { HeadlessPlayer } from './HeadlessPlayer';
import { LockstepNode } from './LockstepNode';
import { mapLoader } from './loadMap';
import { loadTrees } from './loadTrees';
import { until } from '../testing/until';
import type { UdpTransport } from './UdpTransport';

const trees = loadTrees().trees;
const loadMap = mapLoader();
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

/** Hands `bytes` to `t`'s receive path as if the kernel had read them from `from` ("ip:port"). */
function forge(t: UdpTransport, from: string, bytes: Uint8Array): void {
  const [address, port] = from.split(':');
  (t as unknown as { onMessage(msg: Buffer, rinfo: { address: string; port: number }): void }).onMessage(Buffer.from(bytes), { address: address!, port: Number(port) });
}

const addrOf = (t: UdpTransport): string => `127.0.0.1:${t.port}`;

/** A hosting app's node: its own player (loopback) plays random inputs. */
async function hostWithOwner(matchSeconds: number): Promise<{ node: LockstepNode; host: HostAuthority; owner: ClientPeer }> {
  const node = await LockstepNode.open({ trees, port: 0, address: '127.0.0.1', verifier: { loadMap } });
  closers.push(() => node.close());
  const host = node.host({ owner: { name: 'owner' }, settings: { matchSeconds } });
  play(node, 'owner', 1);
  return { node, host, owner: node.player! };
}

function play(node: LockstepNode, name: string, seed: number): HeadlessPlayer {
  const p = new HeadlessPlayer({ peer: node.player!, now: () => node.now(), loadMap, input: 'random', name, seed, log: () => undefined });
  node.drive(p);
  return p;
}

/** A joining app's node (its player is `peer`). */
async function join(host: string, name: string, rejoinToken?: number): Promise<{ node: LockstepNode; peer: ClientPeer; transport: UdpTransport }> {
  const node = await LockstepNode.open({ trees, port: 0, address: '127.0.0.1', verifier: { loadMap } });
  closers.push(() => node.close());
  const peer = node.join({ host, name, ...(rejoinToken !== undefined ? { rejoinToken } : {}) });
  return { node, peer, transport: node.transport };
}

/** What `auth`'s core reads from `from`, from now on. */
function tap(auth: HostAuthority, from: string): Uint8Array[] {
  const read: Uint8Array[] = [];
  const receive = auth.receive.bind(auth);
  auth.receive = (now, bytes, f) => {
    if (f === from) read.push(bytes.slice());
    receive(now, bytes, f);
  };
  return read;
}

/** A client frame in `peer`'s name: its token, a steer of its ball to the far corner. */
function steer(peer: ClientPeer): Uint8Array {
  const input = { move: MoveMode.Target, angle: 0, targetX: 900, targetY: 900, split: true, eject: false };
  return encodeClientFrame({ token: peer.sessionToken, inputs: [{ key: (peer.match?.recvKey ?? 0) + 3, slot: peer.slot, input }] }).bytes;
}

const GOODBYE = encodeHostFrame({ ctl: { firstSeq: 0, msgs: [encodeHostControl({ t: 'closed', reason: SessionReason.HostClosed })] } }).bytes;
const same = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

describe('a hostile peer on the LAN', () => {
  it('cannot take a slot with a sniffed token, nor speak for the player or the host by forging their addresses', async () => {
    const { node, host, owner } = await hostWithOwner(4);
    const victim = await join(addrOf(node.transport), 'victim');
    const victimPlayer = play(victim.node, 'victim', 2);
    const read = tap(host, addrOf(victim.transport));
    expect(await until(() => host.sessionList().length === 3 && owner.phase === 'lobby' && victim.peer.phase === 'lobby', 15_000)).toBe(true);
    owner.startMatch();
    expect(await until(() => victim.peer.phase === 'running' && (victim.peer.match?.recvKey ?? -1) > 5, 30_000)).toBe(true);
    const slot = victim.peer.slot;

    // 1. A rejoin with the sniffed token, from the thief's own socket and key.
    const thief = await join(addrOf(node.transport), 'thief', victim.peer.sessionToken);
    expect(await until(() => thief.peer.phase === 'rejected', 10_000)).toBe(true);
    expect(thief.peer.events).toContainEqual(expect.objectContaining({ t: 'rejected', reason: RejectReason.UnknownToken }));
    expect(host.counters.unproven).toBe(1);
    expect(node.transport.sealer?.counters.unproven).toBe(1);

    // 2. Client frames with the victim's token and address, unsealed and with a made-up tag.
    const forged = steer(victim.peer);
    const tagged = new Uint8Array([...forged, 1, 2, 3, 4, 5, 6, 7, 8]);
    const before = node.transport.sealer!.counters.badMac;
    for (let i = 0; i < 20; i++) {
      forge(node.transport, addrOf(victim.transport), forged);
      forge(node.transport, addrOf(victim.transport), tagged);
    }
    expect(node.transport.sealer!.counters.badMac - before).toBe(40);

    // 3. The host's goodbye, forged from the host's address to the victim.
    for (let i = 0; i < 3; i++) forge(victim.transport, addrOf(node.transport), GOODBYE);
    expect(victim.transport.sealer?.counters.badMac).toBe(3);

    // The match plays out: the victim kept its slot and ended on the room's hash.
    expect(await until(() => host.lastResult !== null, 50_000)).toBe(true);
    // The end reaches the victim one datagram after the host decided it.
    expect(await until(() => victim.peer.phase === 'lobby', 5000)).toBe(true);
    expect(victim.peer.slot).toBe(slot);
    expect(host.lastResult?.agreed).toBe(true);
    expect(victimPlayer.finishedHash).toBe(host.lastResult?.hash);
    // Not one forged byte reached the host's core (only the victim's own, sealed, frames).
    expect(read.length).toBeGreaterThan(20);
    expect(read.some((b) => same(b, forged))).toBe(false);
    expect(host.counters.wrongToken).toBe(0);
  }, 90_000);

  it('cannot speak for a peer or the new host after a takeover either: their keys came from the first host', async () => {
    const { node, host, owner } = await hostWithOwner(6);
    const clients: Awaited<ReturnType<typeof join>>[] = [];
    const players: HeadlessPlayer[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await join(addrOf(node.transport), `c${i}`);
      clients.push(c);
      players.push(play(c.node, `c${i}`, 2 + i));
    }
    const [heir, peer] = [clients[0]!, clients[1]!];
    const [heirAddr, peerAddr] = [addrOf(heir.transport), addrOf(peer.transport)];
    expect(await until(() => host.sessionList().length === 5 && owner.phase === 'lobby' && clients.every((c) => c.peer.phase === 'lobby'), 15_000)).toBe(true);
    owner.startMatch();
    // The first successor holds every peer's key, and the others the successor's.
    expect(await until(() => clients.every((c) => c.peer.phase === 'running') && heir.transport.sealer?.keyOf(peerAddr) !== null && peer.transport.sealer?.keyOf(heirAddr) !== null, 30_000)).toBe(true);
    expect(heir.transport.sealer?.keyOf(peerAddr)).toEqual(peer.transport.sealer?.identity.publicKey);
    const peerSlot = peer.peer.slot;
    await node.close(); // the host leaves mid-match: it hands the match over
    expect(await until(() => heir.node.authority !== null && clients.slice(1).every((c) => c.peer.host === heirAddr), 10_000)).toBe(true);
    const auth = heir.node.authority!;
    const read = tap(auth, peerAddr);
    const forged = steer(peer.peer);
    for (let i = 0; i < 10; i++) forge(heir.transport, peerAddr, forged);
    for (let i = 0; i < 3; i++) forge(peer.transport, heirAddr, GOODBYE);
    expect(heir.transport.sealer?.counters.badMac).toBe(10);
    expect(peer.transport.sealer?.counters.badMac).toBe(3);
    // A rejoin at the new host with the peer's sniffed token: the slot's holder has a key.
    const thief = await join(heirAddr, 'thief', peer.peer.sessionToken);
    expect(await until(() => thief.peer.phase === 'rejected', 10_000)).toBe(true);
    expect(auth.counters.unproven).toBe(1);
    expect(await until(() => auth.lastResult !== null, 60_000)).toBe(true);
    expect(auth.lastResult?.agreed).toBe(true);
    expect(players.map((p) => p.finishedHash)).toEqual(players.map(() => auth.lastResult?.hash));
    // The heir's verifier replayed the match from its start and then served as its snapshot source.
    expect(heir.node.verifier?.finishedHash).toBe(auth.lastResult?.hash);
    console.log(`[hostile takeover] the heir's verifier caught up in ${Math.round(heir.node.verifierCatchUp?.ms ?? -1)} ms (key ${heir.node.verifierCatchUp?.keys})`);
    expect(peer.peer.slot).toBe(peerSlot);
    // The peer's own frames reached the new host, sealed (not one forged byte did).
    expect(read.length).toBeGreaterThan(10);
    expect(read.some((b) => same(b, forged))).toBe(false);
  }, 90_000);
});
