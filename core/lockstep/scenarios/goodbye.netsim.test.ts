/**
 * The host's goodbye (protocol v4) and kick bans, on the deterministic network simulator: when the
 * room closes every client ends within one datagram delivery — not after the 15 s (lobby) or 60 s
 * (match) silence timeout — on a 20 %-loss link, or with 2 of the 3 burst copies lost; a kick
 * refuses the kicked session's address and token, not its machine; a joiner that leaves before its
 * ACCEPT arrives frees its slot at once. (A host that leaves a running match without a reason
 * hands it over instead: succession.netsim.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../version';
import { decodeDatagram, encodeJoin } from '../wire';
import { decodeHostControl } from '../wire';
import { HOST_CLOSED_REASON } from '../host/goodbye';
import { extraPeer, HOST, Room } from '../testing/Room';
import type { LinkSpec } from '../testing/NetSim';
import { RejectReason, SlotKind } from '../types';

const LOSSY: LinkSpec = { delayMs: 5, jitterMs: 10, loss: 0.2, duplicate: 0 };

/** Drops the first two goodbye datagrams to each client: only the burst's last copy gets through. */
function loseTwoOfThree(room: Room): void {
  const seen = new Map<string, number>();
  room.sim.addDropRule((from, to, bytes) => {
    if (from !== HOST) return false;
    const d = decodeDatagram(bytes);
    const bye = d.ok && d.msg.type === 'hframe' && d.msg.ctl?.msgs.some((b) => decodeHostControl(b)?.t === 'closed');
    if (!bye) return false;
    const n = (seen.get(to) ?? 0) + 1;
    seen.set(to, n);
    return n <= 2;
  });
}

/**
 * Closes the room now (with `reason`; none: a running match with successors is handed over, not
 * closed); returns, per remote client, how long until its peer had ended (ms).
 */
function closeAndTime(room: Room, reason?: string): number[] {
  const remote = room.clients.slice(1);
  const at = room.sim.now;
  const endedAt = new Map<number, number>();
  room.host.close(at, reason);
  room.sim.every(at, 1, (now) => {
    remote.forEach((c, i) => {
      if (!endedAt.has(i) && c.peer.phase === 'failed') endedAt.set(i, now - at);
    });
    return endedAt.size < remote.length;
  });
  room.run(1000, () => endedAt.size === remote.length);
  room.run(50); // let the render ticks drain the events into the logs
  return remote.map((_, i) => endedAt.get(i) ?? Infinity);
}

function expectClosedLogs(room: Room, reason = HOST_CLOSED_REASON): void {
  for (const c of room.clients.slice(1)) {
    expect(c.log).toContainEqual({ t: 'closed', reason });
    expect(c.log.filter((e) => e.t === 'closed' || e.t === 'failed')).toHaveLength(1);
  }
}

describe("the host's goodbye", () => {
  it('ends every client in the lobby within one delivery, on a 20 %-loss link', () => {
    let lost = 0;
    for (const seed of [41, 42, 43, 44, 45]) {
      const room = new Room({ seed, humans: 6, link: LOSSY });
      expect(room.joinAll()).toBe(true);
      room.run(500);
      const sentBefore = room.host.counters.sent;
      const lostBefore = room.sim.total(HOST).lost;
      const times = closeAndTime(room);
      lost += room.sim.total(HOST).lost - lostBefore;
      // One delivery: the link's delay plus its jitter; the silence timeout would be 15 000 ms.
      expect(Math.max(...times)).toBeLessThanOrEqual(LOSSY.delayMs + LOSSY.jitterMs + 1);
      expectClosedLogs(room);
      // The burst: 3 datagrams per session (owner included), then nothing more from a closed host.
      expect(room.host.counters.sent - sentBefore).toBe(3 * 6);
      room.run(3000);
      expect(room.host.counters.sent - sentBefore).toBe(3 * 6);
      expect(room.clients.slice(1).every((c) => c.peer.phase === 'failed')).toBe(true);
    }
    // The link's loss hit the bursts (seeded: 75 remote copies): the redundancy was needed.
    expect(lost).toBeGreaterThanOrEqual(8);
  });

  it('a room closed mid-match on purpose ends every client when 2 of the 3 copies are lost, even past a gap in its control stream', () => {
    const room = new Room({ seed: 42, humans: 5, spectators: 1, settings: { matchSeconds: 60 }, link: LOSSY });
    expect(room.joinAll()).toBe(true);
    expect(room.start()).toBe(true);
    room.run(3000);
    expect(room.host.phase).toBe('running');
    // The first two copies to everyone are lost; the third must get through (no random loss now).
    for (const c of room.clients.slice(1)) room.sim.setLink(HOST, c.addr, { ...LOSSY, loss: 0 });
    loseTwoOfThree(room);
    // Queued but never sent: the goodbye's sequence number lies past a gap for every client.
    room.host.say('this line never leaves the host');
    const times = closeAndTime(room, HOST_CLOSED_REASON);
    expect(Math.max(...times)).toBeLessThanOrEqual(LOSSY.delayMs + LOSSY.jitterMs + 1);
    expectClosedLogs(room);
    for (const c of room.clients.slice(1)) expect(c.log).not.toContainEqual(expect.objectContaining({ t: 'chat', text: 'this line never leaves the host' }));
  });

  it('carries the reason the host gives (a dedicated host stopping)', () => {
    const room = new Room({ seed: 43, humans: 3 });
    expect(room.joinAll()).toBe(true);
    room.host.close(room.sim.now, 'The server is shutting down.');
    room.run(100);
    expectClosedLogs(room, 'The server is shutting down.');
  });
});

describe('kick bans', () => {
  it("refuse the kicked session's address and token, not another app on the same machine", () => {
    const room = new Room({ seed: 44, humans: 1 });
    expect(room.joinAll()).toBe(true);
    const victim = extraPeer(room, '10.0.0.5:4000', { name: 'Alice' });
    room.run(300);
    expect(victim.phase).toBe('lobby');
    const token = victim.sessionToken;
    room.client(0).peer.kick(victim.slot);
    room.run(300);
    expect(victim.phase).toBe('kicked');
    room.sim.removeNode('10.0.0.5:4000');

    const sameAddress = extraPeer(room, '10.0.0.5:4000', { name: 'Someone else' });
    const sameToken = extraPeer(room, '10.0.0.9:5000', { rejoinToken: token });
    const sameIpOtherPort = extraPeer(room, '10.0.0.5:4001', { name: 'Bob' });
    const sameName = extraPeer(room, '10.0.0.6:4000', { name: 'Alice' });
    room.run(300);
    expect(sameAddress.events).toContainEqual({ t: 'rejected', reason: RejectReason.Kicked, hostVersion: APP_VERSION });
    expect(sameToken.events).toContainEqual({ t: 'rejected', reason: RejectReason.Kicked, hostVersion: APP_VERSION });
    expect(sameIpOtherPort.phase).toBe('lobby');
    expect(sameName.phase).toBe('lobby');

    // Banned for the room's life: still refused in the match.
    sameIpOtherPort.leave(room.sim.now);
    sameName.leave(room.sim.now);
    room.run(100);
    room.client(0).peer.startMatch();
    room.run(500);
    expect(room.host.phase).toBe('running');
    const midMatch = extraPeer(room, '10.0.0.10:5000', { rejoinToken: token });
    room.run(300);
    expect(midMatch.events).toContainEqual({ t: 'rejected', reason: RejectReason.Kicked, hostVersion: APP_VERSION });
  });

  it('a joiner that leaves before its ACCEPT arrives frees its slot at once; a cancel with another nonce or from another address changes nothing', () => {
    const room = new Room({ seed: 7, humans: 2 });
    room.run(300);
    const addr = '10.0.0.5:4000';
    room.sim.addDropRule((from, to) => from === HOST && to === addr); // its ACCEPT never comes
    const joiner = extraPeer(room, addr, { name: 'Hasty' });
    room.run(100);
    const session = room.host.sessionList().find((s) => s.addr === addr);
    expect(session?.name).toBe('Hasty'); // the host took it in; the joiner does not know yet
    expect(joiner.phase).toBe('joining');

    // Forged cancels: the right nonce from another address, another nonce from its address.
    room.sim.sender('10.0.0.6:4000')(HOST, encodeJoin({ nonce: session!.nonce, spectate: false, name: '', appVersion: '', cancel: true }));
    room.sim.sender(addr)(HOST, encodeJoin({ nonce: (session!.nonce + 1) >>> 0, spectate: false, name: '', appVersion: '', cancel: true }));
    room.run(50);
    expect(room.host.sessionList().some((s) => s.addr === addr)).toBe(true);
    expect(room.host.counters.badCancel).toBe(2);

    const slotsBefore = room.host.lobby.slots.filter((s) => s.kind === SlotKind.Human).length;
    joiner.leave(room.sim.now);
    room.run(50); // one delivery, not the 10 s lobby silence timeout
    expect(room.host.sessionList().some((s) => s.addr === addr)).toBe(false);
    expect(room.host.lobby.slots.filter((s) => s.kind === SlotKind.Human).length).toBe(slotsBefore - 1);
    expect(room.host.counters.badCancel).toBe(2);
  });
});
