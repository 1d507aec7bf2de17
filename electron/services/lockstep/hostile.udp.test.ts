/**
 * A hostile peer on real sockets (127.0.0.1 only; issue 17): it knows the victim's session token
 * (it crosses the wire in every client frame) and forges datagrams with the victim's and the
 * host's addresses as their source. The forgeries enter the real receive path of each side's
 * socket with a forged source address (what a LAN spoofer's raw socket delivers; an unprivileged
 * test cannot send one), so they meet the sealer exactly as the kernel would hand them over.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { encodeClientFrame, encodeHostControl, encodeHostFrame, LockstepType, RejectReason, SessionReason } from '../../../core/lockstep';
import { REJOIN_FAILS_ALLOWED } from '../../../core/lockstep/host/RejoinLimiter';
import type { RejoinLimiter } from '../../../core/lockstep/host/RejoinLimiter';
import type { ClientPeer, HostAuthority, RoomSettings } from '../../../core/lockstep';
import { MoveMode } from '../../../core/sim';
import { HeadlessPlayer } from './HeadlessPlayer';
import { LockstepNode } from './LockstepNode';
import { mapLoader } from './loadMap';
import { loadTrees } from './loadTrees';
import { until } from '../testing/until';
import type { NodeOptions } from './nodeOptions';
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

/** How long the heir lets a match session be silent before it removes it (the app's default is 120 s). */
const SILENT_MS = 4000;

/** A silent player is dropped to a bot after this many seconds (its vote one second earlier): the tests' stalls stay short. */
const QUICK_DROP = { dropVoteSeconds: 1, forceDropSeconds: 2 };

/** A hosting app's node: its own player (loopback) plays random inputs. */
async function hostWithOwner(matchSeconds: number, settings: Partial<RoomSettings> = {}): Promise<{ node: LockstepNode; host: HostAuthority; owner: ClientPeer }> {
  const node = await LockstepNode.open({ trees, port: 0, address: '127.0.0.1', verifier: { loadMap } });
  closers.push(() => node.close());
  const host = node.host({ owner: { name: 'owner' }, settings: { matchSeconds, ...settings } });
  play(node, 'owner', 1);
  return { node, host, owner: node.player! };
}

function play(node: LockstepNode, name: string, seed: number, log: Record<string, unknown>[] = []): HeadlessPlayer {
  const p = new HeadlessPlayer({ peer: node.player!, now: () => node.now(), loadMap, input: 'random', name, seed, log: (e) => void log.push(e) });
  node.drive(p);
  return p;
}

/** A joining app's node (its player is `peer`); `opts`: its stored key, a shorter session timeout should it host. */
async function join(host: string, name: string, rejoinToken?: number, opts: Pick<NodeOptions, 'identity' | 'matchTimeoutMs'> = {}): Promise<{ node: LockstepNode; peer: ClientPeer; transport: UdpTransport }> {
  const node = await LockstepNode.open({ trees, port: 0, address: '127.0.0.1', verifier: { loadMap }, ...opts });
  closers.push(() => node.close());
  const peer = node.join({ host, name, ...(rejoinToken !== undefined ? { rejoinToken } : {}) });
  return { node, peer, transport: node.transport };
}

/** The app dies: its socket closes first, so nothing (no leave, no goodbye) goes out. */
async function crash(node: LockstepNode): Promise<void> {
  await node.transport.close();
  await node.close();
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

  it('cannot take a slot at a successor with a sniffed token however long its player has been silent: the new host bound the token to its key', async () => {
    const { node, host, owner } = await hostWithOwner(20, QUICK_DROP);
    const clients: Awaited<ReturnType<typeof join>>[] = [];
    const players: HeadlessPlayer[] = [];
    // The heir drops a session silent for SILENT_MS (the app's 120 s): the real timeout path, sooner.
    for (let i = 0; i < 3; i++) {
      const c = await join(addrOf(node.transport), `c${i}`, undefined, { matchTimeoutMs: SILENT_MS });
      clients.push(c);
      players.push(play(c.node, `c${i}`, 2 + i));
    }
    const [heir, victim] = [clients[0]!, clients[1]!];
    const [heirAddr, victimAddr] = [addrOf(heir.transport), addrOf(victim.transport)];
    expect(await until(() => host.sessionList().length === 5 && owner.phase === 'lobby' && clients.every((c) => c.peer.phase === 'lobby'), 15_000)).toBe(true);
    owner.startMatch();
    expect(await until(() => clients.every((c) => c.peer.phase === 'running') && heir.transport.sealer?.keyOf(victimAddr) !== null, 30_000)).toBe(true);
    await node.close(); // the host leaves mid-match: it hands the match over
    expect(await until(() => heir.node.authority?.sessionList().some((s) => s.addr === victimAddr) === true && victim.peer.host === heirAddr, 10_000)).toBe(true);
    const auth = heir.node.authority!;
    const [token, identity, slot] = [victim.peer.sessionToken, victim.node.identity, victim.peer.slot];
    // The victim, which had followed the new host, crashes.
    await crash(victim.node);

    // 1. At once, while its session is still there: refused.
    const early = await join(heirAddr, 'thief', token);
    expect(await until(() => early.peer.phase === 'rejected', 10_000)).toBe(true);
    expect(auth.counters.unproven).toBe(1);
    // 2. After the session timeout removed the silent session (the slot waits for a rejoin): refused all the same.
    expect(await until(() => !auth.sessionList().some((s) => s.addr === victimAddr), 30_000)).toBe(true);
    const late = await join(heirAddr, 'thief', token);
    expect(await until(() => late.peer.phase === 'rejected', 10_000)).toBe(true);
    expect(late.peer.events).toContainEqual(expect.objectContaining({ t: 'rejected', reason: RejectReason.UnknownToken }));
    expect(auth.counters.unproven).toBe(2);
    expect(heir.transport.sealer?.counters.unproven).toBe(2);

    // 3. The victim's app restarts with its stored token and key: its slot, its ball, the room's hash.
    const again = await join(heirAddr, 'c1', token, { identity });
    const log: Record<string, unknown>[] = [];
    const againPlayer = play(again.node, 'c1', 9, log);
    expect(await until(() => log.some((e) => e['ev'] === 'takeover' && e['slot'] === slot), 20_000)).toBe(true);
    expect(again.peer.slot).toBe(slot);
    expect(await until(() => auth.lastResult !== null, 60_000)).toBe(true);
    expect(auth.lastResult?.agreed).toBe(true);
    expect(await until(() => againPlayer.finishedHash !== null, 5000)).toBe(true);
    for (const p of [players[0]!, players[2]!, againPlayer]) expect(p.finishedHash).toBe(auth.lastResult?.hash);
  }, 120_000);

  it('cannot lock a player out by failing rejoins from its address: a rejoin that proves its key is never rate-limited', async () => {
    const { node, host, owner } = await hostWithOwner(10, QUICK_DROP);
    const victim = await join(addrOf(node.transport), 'victim');
    play(victim.node, 'victim', 2);
    expect(await until(() => host.sessionList().length === 3 && victim.peer.phase === 'lobby', 15_000)).toBe(true);
    owner.startMatch();
    expect(await until(() => victim.peer.phase === 'running' && (victim.peer.match?.recvKey ?? -1) > 5, 30_000)).toBe(true);
    const [token, identity, slot] = [victim.peer.sessionToken, victim.node.identity, victim.peer.slot];
    await crash(victim.node);

    // From the victim's IP (every socket here is 127.0.0.1): refused rejoins with made-up tokens, up to the limit…
    for (let i = 0; i < REJOIN_FAILS_ALLOWED; i++) {
      const guess = await join(addrOf(node.transport), 'guess', (token ^ (0x1000 + i)) >>> 0);
      expect(await until(() => guess.peer.phase === 'rejected', 10_000)).toBe(true);
    }
    expect(host.counters.badRejoin).toBe(REJOIN_FAILS_ALLOWED);
    // …then the IP's rejoins that prove nothing are dropped unanswered: a guess, and the sniffed token with the thief's key.
    for (const t of [token ^ 0x2000, token]) {
      const before = host.counters.rejoinLimited;
      const dropped = await join(addrOf(node.transport), 'guess', t >>> 0);
      expect(await until(() => host.counters.rejoinLimited > before, 10_000)).toBe(true);
      expect(dropped.peer.phase).not.toBe('rejected');
      await dropped.node.close();
    }
    expect(host.counters.badRejoin).toBe(REJOIN_FAILS_ALLOWED);

    // The victim restarts behind the same IP with its stored token and key. Its JOIN reaches core
    // while the IP is limited (checked at that moment, not inferred from the clock), and gets in.
    const limitedAtJoin: boolean[] = [];
    let againAddr = '';
    const receive = host.receive.bind(host);
    const limiter = (host as unknown as { resync: { limiter: RejoinLimiter } }).resync.limiter;
    host.receive = (now, bytes, from) => {
      if (bytes[3] === LockstepType.Join && from === againAddr) limitedAtJoin.push(limiter.limited(now, from));
      receive(now, bytes, from);
    };
    const again = await join(addrOf(node.transport), 'victim', token, { identity });
    againAddr = addrOf(again.transport);
    const log: Record<string, unknown>[] = [];
    const againPlayer = play(again.node, 'victim', 3, log);
    expect(await until(() => log.some((e) => e['ev'] === 'takeover' && e['slot'] === slot), 20_000)).toBe(true);
    expect(limitedAtJoin[0]).toBe(true);
    expect(again.peer.slot).toBe(slot);
    expect(await until(() => host.lastResult !== null, 60_000)).toBe(true);
    expect(host.lastResult?.agreed).toBe(true);
    expect(await until(() => againPlayer.finishedHash !== null, 5000)).toBe(true);
    expect(againPlayer.finishedHash).toBe(host.lastResult?.hash);
  }, 120_000);
});
