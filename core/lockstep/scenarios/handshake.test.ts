/**
 * Handshake refusals and untrusted datagrams: every refusal has its reason; datagrams from
 * unknown addresses, with wrong tokens, or carrying another slot's inputs are dropped, counted,
 * and never change the match.
 */
import { describe, expect, it } from 'vitest';
import { HEADER_BYTES, PROTOCOL_VERSION } from '../../net/header';
import { answerPing, decodeProbe, encodePing } from '../../net/probe';
import { MoveMode } from '../../sim/input';
import { APP_VERSION } from '../../version';
import { HostAuthority } from '../host/HostAuthority';
import { ADDRESS_QUIET_MS } from '../host/HostInbox';
import { decodeDatagram, encodeJoin } from '../wire';
import { encodeClientControl } from '../wire';
import { encodeClientFrame } from '../wire/encodeFrames';
import { extraPeer, HOST, Room } from '../testing/Room';
import { RejectReason, SlotKind } from '../types';

describe('handshake', () => {
  it('refuses a full room, another app version, a running match and a kicked player', () => {
    const room = new Room({ seed: 1, humans: 2, settings: { maxSlots: 2, matchSeconds: 5 } });
    expect(room.joinAll()).toBe(true);
    const full = extraPeer(room, 'x1');
    const old = extraPeer(room, 'x2', { appVersion: '0.0.9' });
    room.run(300);
    expect(full.events).toContainEqual({ t: 'rejected', reason: RejectReason.Full, hostVersion: APP_VERSION });
    expect(old.events).toContainEqual({ t: 'rejected', reason: RejectReason.Version, hostVersion: APP_VERSION });

    room.client(0).peer.kick(1);
    room.run(300);
    expect(room.client(1).log).toContainEqual({ t: 'kicked', reason: 'kicked' });
    expect(room.client(1).peer.phase).toBe('kicked');
    room.sim.removeNode('c1');
    const back = extraPeer(room, 'c1', { name: 'P1' });
    room.run(300);
    expect(back.events).toContainEqual({ t: 'rejected', reason: RejectReason.Kicked, hostVersion: APP_VERSION });

    room.client(0).peer.startMatch();
    room.run(500);
    expect(room.host.phase).toBe('running');
    const late = extraPeer(room, 'x3');
    room.run(300);
    expect(late.events).toContainEqual({ t: 'rejected', reason: RejectReason.Running, hostVersion: APP_VERSION });
    expect(room.host.counters.rejectedJoins).toBe(4);
    // The host's own lobby is told who tried and why, newest first, one line per address, three at most.
    expect(room.host.refused().last).toEqual([
      { from: 'x3', name: 'x3', reason: RejectReason.Running },
      { from: 'c1', name: 'P1', reason: RejectReason.Kicked },
      { from: 'x2', name: 'x2', reason: RejectReason.Version },
    ]);
  });

  it('keeps the refusals a flood of JOINs brings bounded: the newest three, a count for the rest', () => {
    const room = new Room({ seed: 3, humans: 1, settings: { maxSlots: 1 } });
    room.joinAll();
    for (let i = 0; i < 2000; i++) room.sim.send(`spoof${i}`, HOST, encodeJoin({ nonce: i + 1, name: `n${i}`, appVersion: APP_VERSION, spectate: false }));
    room.run(200);
    const r = room.host.refused();
    expect(r.count).toBe(2000);
    expect(r.last.map((x) => x.from)).toEqual(['spoof1999', 'spoof1998', 'spoof1997']);
    expect(r.last.every((x) => x.reason === RejectReason.Full)).toBe(true);
  });

  // Version 5 is the one before 48-byte names (v6): its peers would refuse a long name as malformed.
  // Version 6 is the one before host succession's fence (v7): its host would never raise it.
  // Version 7 is the one before the rejoiners (v8): its successor would refuse a rejoiner's token.
  // Version 8 is the one before the sealer (v9): its JOINs carry no key, its frames no tag.
  // Version 9 is the one before group frames (v10): its peers would refuse a GFRAME as unknown.
  // Version 10 is the one before phase shifts told once (v11): its host repeats a player's
  // earliness every second, and a v11 peer would make the same shift again each time.
  // Version 11 is the one before cells (v12): its peers would read a split as a dash.
  // Version 12 is the one before teams (v13): its settings and slots lack the team bytes.
  // Version 13 is the one before keys on the host's clock (v14): its host waits for every late
  // closure, and its peers would neither read `landed` nor resend a change the host lacks.
  // Version 14 is the one before team chat (v15): its chat messages lack the scope byte.
  it.each([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, PROTOCOL_VERSION + 1])('answers a JOIN of protocol version %i with a reject the old client can read', (version) => {
    expect(PROTOCOL_VERSION).toBe(15);
    const room = new Room({ seed: 2, humans: 1 });
    room.joinAll();
    const replies: Uint8Array[] = [];
    room.sim.addNode('v', (_now, b) => replies.push(b));
    const join = encodeJoin({ nonce: 5, spectate: false, name: 'v', appVersion: APP_VERSION });
    join[2] = version;
    room.sim.send('v', HOST, join);
    room.run(50);
    expect(room.host.counters.version).toBe(1);
    expect(room.host.sessionList()).toHaveLength(1);
    expect(replies).toHaveLength(1);
    const d = decodeDatagram(replies[0] ?? new Uint8Array(0));
    expect(d.ok && d.msg).toEqual({ type: 'reject', nonce: 5, reason: RejectReason.Version, appVersion: APP_VERSION });
  });
});

describe('the lobby', () => {
  it('sends each peer one slot table for a burst of joins, not one per join, and every peer ends with the whole table', () => {
    const room = new Room({ seed: 3, humans: 8 }); // the clients join 2 ms apart
    room.joinAll();
    room.run(200);
    for (const c of room.clients) {
      expect(c.peer.slots.filter((x) => x.kind === SlotKind.Human).map((x) => x.name)).toEqual(room.clients.map((_, i) => `P${i}`));
      expect(c.log.filter((e) => e.t === 'slots').length).toBeLessThanOrEqual(2); // was 8 for the first to join
    }
  });
});

describe('untrusted datagrams during a match', () => {
  function play(attack: boolean): Room {
    const room = new Room({ seed: 3, humans: 3, settings: { matchSeconds: 8 } });
    room.joinAll();
    room.start();
    room.run(2000);
    if (attack) {
      const token = room.host.sessionList().find((s) => s.slot === 1)?.token ?? 0;
      const key = room.host.match?.released ?? 0;
      const forged = (tok: number, slot: number) =>
        encodeClientFrame({
          token: tok,
          progress: { recvKey: key, closedThrough: key + 3 },
          inputs: [{ key: key + 2, slot, input: { move: MoveMode.Direction, angle: 1000, targetX: 0, targetY: 0, split: true, eject: false } }],
        }).bytes;
      room.sim.send('evil', HOST, forged(token, 1)); // unknown address, right token
      room.sim.send('c1', HOST, forged(token ^ 1, 1)); // known address, wrong token
      room.sim.send('c1', HOST, forged(token, 2)); // right token, another slot's inputs
      const bad = forged(token, 1).slice(0, HEADER_BYTES + 9);
      room.sim.send('c1', HOST, bad); // truncated
      room.sim.send('c2', HOST, encodeClientFrame({ token: room.host.sessionList().find((s) => s.slot === 2)?.token ?? 0, ctl: { firstSeq: 60000, msgs: [encodeClientControl({ t: 'kick', slot: 1 })] } }).bytes);
    }
    room.runToEnd(60_000);
    return room;
  }

  it('drops and counts them; the match ends exactly as without them', () => {
    const clean = play(false);
    const attacked = play(true);
    const c = attacked.host.counters;
    expect(c.unknownAddress).toBe(1);
    expect(c.wrongToken).toBe(1);
    expect(c.wrongSlot).toBe(1);
    expect(c.malformed).toBe(1);
    expect(clean.host.counters.wrongSlot + clean.host.counters.wrongToken + clean.host.counters.unknownAddress + clean.host.counters.malformed).toBe(0);
    expect(attacked.host.lastResult).toEqual(clean.host.lastResult);
    expect(attacked.client(1).keyHashes).toEqual(clean.client(1).keyHashes);
    expect(attacked.client(1).peer.phase).not.toBe('kicked');
  });

  it('a fresh JOIN forged from a talking player\'s address replaces nobody; once that address has gone quiet (a restart), it gets in', () => {
    const room = new Room({ seed: 4, humans: 3, settings: { matchSeconds: 20 } });
    expect(room.joinAll()).toBe(true);
    const victim = room.host.sessionList().find((s) => s.addr === 'c1')!;
    const forge = (nonce: number, spectate: boolean) => room.sim.send('c1', HOST, encodeJoin({ nonce, spectate, name: 'Mallory', appVersion: APP_VERSION }));
    forge(999, false);
    room.run(100);
    expect(room.host.sessionList().find((s) => s.addr === 'c1')).toBe(victim);
    expect(room.host.counters.addressInUse).toBe(1);
    // In a match, a spectator JOIN from the player's address would have ended its session.
    room.start();
    room.run(1000);
    forge(1000, true);
    room.run(100);
    expect(room.host.sessionList().find((s) => s.addr === 'c1')).toBe(victim);
    expect(room.host.counters.addressInUse).toBe(2);
    expect(room.host.match?.players.isActive(1)).toBe(true);
    // The app really restarted on the same port: its old session goes quiet, its JOIN retries get in.
    room.crash(1);
    room.run(ADDRESS_QUIET_MS);
    forge(1001, true);
    room.run(100);
    expect(room.host.sessionList().find((s) => s.addr === 'c1')?.name).toBe('Mallory');
    expect(room.host.counters.addressInUse).toBe(2);
  });

  it('lets only the room owner edit the room', () => {
    const room = new Room({ seed: 4, humans: 3 });
    room.joinAll();
    room.client(2).peer.kick(1);
    room.client(2).peer.configure({ ...room.host.lobby.settings, matchSeconds: 5 });
    room.run(300);
    expect(room.host.counters.notOwner).toBe(2);
    expect(room.host.sessionList().map((s) => s.slot)).toEqual([0, 1, 2]);
    room.client(0).peer.configure({ ...room.host.lobby.settings, matchSeconds: 5, keyInterval: 6 });
    room.run(300);
    expect(room.client(2).peer.settings).toMatchObject({ matchSeconds: 5, keyInterval: 6 });
  });
});

describe('discovery probes on the game port', () => {
  it('are answered even from an app of another protocol version, so its Join list can grey the game out', () => {
    const sent: Array<[string, Uint8Array]> = [];
    const advert = { gameId: 'g1', room: 'Den', map: 'arena-small', players: 1, maxPlayers: 8, state: 'lobby' as const, protocolVersion: PROTOCOL_VERSION, appVersion: APP_VERSION, port: 47777 };
    const host = new HostAuthority({ appVersion: APP_VERSION, send: (to, b) => sent.push([to, b]), random32: () => 7, probe: (b) => answerPing(b, advert) });
    host.receive(0, encodePing(11, 22), '10.0.0.2:5000');
    host.receive(0, encodePing(33, 44, PROTOCOL_VERSION + 1), '10.0.0.3:5000');
    expect(sent.map(([to]) => to)).toEqual(['10.0.0.2:5000', '10.0.0.3:5000']);
    const old = decodeProbe(sent[1]![1], 47777);
    expect(old.ok && old.message.kind === 'pong' && old.message.nonce).toBe(33);
    expect(host.counters.probes).toBe(2);
  });
});
