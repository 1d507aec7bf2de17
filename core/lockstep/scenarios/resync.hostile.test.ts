/**
 * The rejoin and snapshot wire under hostile input: the new layouts round-trip, their decoders
 * never throw, bogus rejoin tokens are refused and counted, hostile snapshot chunks and acks are
 * dropped and counted while the real transfer still completes and the rejoiner agrees.
 */
import { describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../../test/fixtures/maps/shipped';
import { PROTOCOL_VERSION } from '../../net/header';
import { APP_VERSION } from '../../version';
import { decodeDatagram, encodeJoin, LockstepType } from '../wire';
import { decodeClientControl, decodeHostControl, encodeClientControl, encodeHostControl } from '../wire';
import type { HostControl } from '../wire';
import { SimGame } from '../loop/SimGame';
import { SnapshotReceiver, SnapshotSender } from '../link';
import { decodeSnapAck, decodeSnapChunk, encodeSnapAck, encodeSnapChunk, SNAP_CHUNK_BYTES, snapChecksum } from '../wire';
import { Prng } from '../../math/Prng';
import { defaultBrains } from '../../ai';
import { extraPeer, HOST, Room } from '../testing/Room';
import { SessionReason } from '../reasons';
import { RejectReason } from '../types';
import { REJOIN_FAILS_ALLOWED, REJOIN_WINDOW_MS } from '../host/RejoinLimiter';

const maps = loadShippedMaps();
const brains = defaultBrains();

describe('rejoin and snapshot wire', () => {
  it('round-trips JOIN with a token, resync / takeover / live, chunks and acks', () => {
    const join = decodeDatagram(encodeJoin({ nonce: 7, spectate: false, name: 'ignored', appVersion: '1.2.3', token: 0xdeadbeef }));
    expect(join).toEqual({ ok: true, msg: { type: 'join', nonce: 7, spectate: false, name: '', appVersion: '1.2.3', token: 0xdeadbeef } });
    const plain = decodeDatagram(encodeJoin({ nonce: 8, spectate: true, name: 'Ann', appVersion: '1' }));
    expect(plain.ok && plain.msg.type === 'join' && plain.msg.token).toBe(undefined);
    const resync: HostControl = { t: 'resync', seed: 99, delayMs: 30, slots: [{ slot: 0, kind: 2, difficulty: 0, team: 0 }, { slot: 3, kind: 3, difficulty: 1, team: 1 }], key: 1234, size: 50_000, checksum: 0xabcdef01, trees: 0xdeadbeef };
    expect(decodeHostControl(encodeHostControl(resync), 1200)).toEqual(resync);
    expect(decodeHostControl(encodeHostControl({ t: 'takeover', slot: 4, key: 70_000 }), 69_990)).toEqual({ t: 'takeover', slot: 4, key: 70_000 });
    expect(decodeClientControl(encodeClientControl({ t: 'live', key: 500 }), 490)).toEqual({ t: 'live', key: 500 });
    const blob = Uint8Array.from({ length: 3 * SNAP_CHUNK_BYTES + 17 }, (_, i) => (i * 7) & 255);
    const sum = snapChecksum(blob);
    const rx = new SnapshotReceiver(40, blob.length, sum);
    const results = [3, 1, 0, 1, 2].map((i) => rx.accept(decodeSnapChunk(encodeSnapChunk(40, blob, sum, i)) ?? fail()));
    expect(results).toEqual(['new', 'new', 'new', 'duplicate', 'complete']);
    expect(rx.result).toEqual(blob);
    const ack = decodeSnapAck(encodeSnapAck(rx.ack(0, 5)));
    expect(ack).toMatchObject({ token: 5, key: 40, count: 4 });
    const tx = new SnapshotSender(40, blob);
    expect(tx.due(0, 100)).toHaveLength(0); // nothing before the receiver proved its address
    expect(tx.onAck(new SnapshotReceiver(40, blob.length, sum).ack(0, 5), 0)).toBe(true);
    expect(tx.due(0, 100)).toHaveLength(4);
    expect(tx.due(50, 100)).toHaveLength(0); // not yet timed out
    expect(tx.due(100, 100)).toHaveLength(4);
    expect(tx.due(1200, 100)).toHaveLength(0); // the receiver went silent
    expect(ack && tx.onAck(ack, 1300)).toBe(true);
    expect(tx.complete).toBe(true);
    expect(tx.due(1400, 100)).toHaveLength(0);
  });

  it('decoders never throw on random bytes or mutations, and refuse inconsistent chunks', () => {
    const rng = new Prng(4);
    const blob = Uint8Array.from({ length: 2000 }, (_, i) => i & 255);
    const good = [encodeSnapChunk(1, blob, snapChecksum(blob), 0), encodeSnapChunk(1, blob, 1, 1), encodeSnapAck({ token: 1, key: 1, count: 2, bitmap: Uint8Array.of(3) })];
    for (let i = 0; i < 20_000; i++) {
      const base = good[i % good.length] ?? new Uint8Array(0);
      const b = i % 4 === 0 ? Uint8Array.from({ length: rng.int(1300) }, () => rng.int(256)) : base.slice(0, rng.int(base.length + 1));
      if (i % 4 === 3 && b.length > 4) b[4 + rng.int(b.length - 4)] = rng.int(256);
      if (i % 4 === 0 && b.length > 3) (b[0] = 0x42), (b[1] = 0x42), (b[3] = i % 8 === 0 ? LockstepType.Snap : LockstepType.SnapAck);
      expect(() => [decodeSnapChunk(b), decodeSnapAck(b), decodeDatagram(b), decodeHostControl(b.subarray(4)), decodeClientControl(b.subarray(4))]).not.toThrow();
    }
    // Declared sizes must agree: a last chunk of the wrong length, an index past the count, spare bitmap bits.
    const last = encodeSnapChunk(1, blob, 0, 1);
    expect(decodeSnapChunk(last.slice(0, last.length - 1))).toBeNull();
    const past = encodeSnapChunk(1, blob, 0, 0);
    past[16] = 5;
    expect(decodeSnapChunk(past)).toBeNull();
    expect(decodeSnapAck(encodeSnapAck({ token: 1, key: 1, count: 2, bitmap: Uint8Array.of(7) }))).toBeNull();
  });

  it('SimGame.restore takes its own snapshot back and refuses damaged ones, leaving the game untouched', () => {
    const map = maps.get('arena-small');
    if (!map) throw new Error('arena-small missing');
    const start = { seed: 5, delayMs: 30, settings: { roomName: 'r', map: 'arena-small', matchSeconds: 60, keyInterval: 3, maxSlots: 4, dropVoteSeconds: 30, forceDropSeconds: 60, loadTimeoutSeconds: 30, teams: 0, lastStanding: false }, slots: [0, 1, 2, 3].map((slot) => ({ slot, kind: slot < 2 ? (2 as const) : (3 as const), difficulty: 1, team: 0 })), trees: brains.fingerprint };
    const a = new SimGame(map, start, brains);
    for (let f = 0; f < 300; f++) a.step([]);
    const blob = a.snapshot();
    const b = new SimGame(map, start, brains);
    const fresh = b.hash();
    const rng = new Prng(9);
    const controlAt = blob.length - 4 * (a.bots.control.length + a.bots.mem.length);
    let refused = 0;
    for (let i = 0; i < 200; i++) {
      const bad = i % 3 === 0 ? blob.slice(0, rng.int(blob.length)) : blob.slice();
      if (i % 3 === 1) bad[rng.int(controlAt)] = (bad[rng.int(controlAt)] ?? 0) ^ (1 + rng.int(255)); // world part: its checksum
      if (i % 3 === 2) bad[controlAt + 4 * rng.int(a.bots.control.length)] = 4 + rng.int(200); // a bot control out of range
      try {
        b.restore(bad);
        b.restore(new SimGame(map, start, brains).snapshot());
      } catch {
        refused++;
        expect(b.hash()).toBe(fresh);
      }
    }
    expect(refused).toBe(200);
    b.restore(blob);
    expect(b.hash()).toBe(a.hash());
    for (let f = 0; f < 300; f++) (a.step([]), b.step([]));
    expect(b.hash()).toBe(a.hash());
  });

  it('bogus rejoin tokens are refused and counted, then dropped unanswered per IP; the match goes on', () => {
    const room = new Room({ seed: 31, humans: 3, snapshots: true, settings: { matchSeconds: 20 } });
    const rejects: number[] = [];
    room.sim.addNode('evil', (_now, b) => {
      const d = decodeDatagram(b);
      if (d.ok && d.msg.type === 'reject') rejects.push(d.msg.reason);
    });
    const rng = new Prng(6);
    const bogus = (n: number) => {
      for (let i = 0; i < n; i++) room.sim.send('evil', HOST, encodeJoin({ nonce: rng.u32(), spectate: false, name: '', appVersion: APP_VERSION, token: rng.u32() }));
    };
    room.joinAll();
    bogus(3); // in the lobby there is nothing to rejoin
    room.start();
    room.run(3000);
    bogus(200);
    room.run(100);
    // Five refusals in a window, then silence for that IP: a guesser gets 5 tries in 10 s, not 4.7k/s.
    expect(room.host.counters.badRejoin).toBe(REJOIN_FAILS_ALLOWED);
    expect(room.host.counters.rejoinLimited).toBe(203 - REJOIN_FAILS_ALLOWED);
    expect(rejects).toEqual(Array(REJOIN_FAILS_ALLOWED).fill(RejectReason.UnknownToken));
    // A spectator JOIN from an address that never answers (spoofed): no snapshot is sent to it.
    room.sim.send('evil', HOST, encodeJoin({ nonce: 1, spectate: true, name: 'spoofed', appVersion: APP_VERSION }));
    room.run(3000);
    expect(room.host.counters.snapChunks).toBe(0);
    expect(room.sim.counters.get(`${HOST}>evil`)?.bytes ?? 0).toBeLessThan(20 * 1024);
    // Another IP is not limited by it: a crashed player rejoins and plays.
    room.crash(1);
    room.run(500);
    const back = room.rejoin(1);
    room.run(2000, () => back.peer.phase === 'running');
    expect(back.peer.phase).toBe('running');
    // When the window has passed, the guesser is answered again (and limited again).
    room.run(REJOIN_WINDOW_MS - 3000);
    bogus(1);
    room.run(100);
    expect(rejects).toHaveLength(REJOIN_FAILS_ALLOWED + 1);
    expect(room.runToEnd(60_000)).toBe(true);
    expect(room.host.lastResult?.agreed).toBe(true);
    expect(room.clients.every((c) => c.runner?.finished)).toBe(true);
  });

  it('hostile snapshot chunks and acks are dropped and counted; the real transfer completes', () => {
    const map = maps.get('arena-small');
    if (!map) throw new Error('arena-small missing');
    const room = new Room({ seed: 33, humans: 3, bots: 1, snapshots: true, link: { delayMs: 1, jitterMs: 1, loss: 0, duplicate: 0 }, settings: { matchSeconds: 25, map: 'arena-small', forceDropSeconds: 2, dropVoteSeconds: 1 }, game: (start, trees) => ({ game: new SimGame(map, start, trees.brains) }) });
    room.joinAll();
    room.start();
    room.run(4000);
    room.crash(2);
    room.run(3000);
    const rng = new Prng(8);
    let corrupted = 0;
    // The first real chunk is swapped for a copy with one flipped byte: every field agrees with the
    // announcement, only the checksum of the whole catches it; the receiver starts over.
    let injecting = false;
    room.sim.addDropRule((from, to, bytes, now) => {
      if (injecting || corrupted > 0 || from !== HOST || !to.startsWith('c2-') || bytes[3] !== LockstepType.Snap) return false;
      const bad = bytes.slice();
      bad[bad.length - 1] = (bad[bad.length - 1] ?? 0) ^ 0xff;
      corrupted++;
      room.sim.at(now, () => {
        injecting = true;
        room.sim.send(HOST, to, bad);
        injecting = false;
      });
      return true;
    });
    const c = room.rejoin(2);
    let hostile = 0;
    const spoof = (to: string, b: Uint8Array) => {
      hostile++;
      injecting = true;
      room.sim.send(HOST, to, b);
      injecting = false;
    };
    const blob = Uint8Array.from({ length: 5000 }, () => rng.int(256));
    room.sim.every(room.sim.now + 1, 3, () => {
      if (hostile >= 300) return false;
      const kind = hostile % 5;
      const to = hostile % 7 === 0 ? 'c1' : c.addr; // also at a player that is not syncing
      if (kind === 0) spoof(to, Uint8Array.from({ length: 20 + rng.int(1100) }, (_, i) => (i < 4 ? [0x42, 0x42, PROTOCOL_VERSION, LockstepType.Snap][i] ?? 0 : rng.int(256))));
      else if (kind === 1) spoof(to, encodeSnapChunk(rng.u32(), blob, snapChecksum(blob), rng.int(5))); // another transfer
      else if (kind === 2) spoof(to, encodeSnapChunk(0, blob, rng.u32(), 0));
      else if (kind === 3) spoof(to, encodeSnapChunk(1, blob, 0, 0).slice(0, 30));
      else {
        hostile++; // an ack from a real session's address: wrong token, or cut short
        room.sim.send(to, HOST, encodeSnapAck({ token: rng.u32(), key: rng.u32(), count: 1 + rng.int(50), bitmap: new Uint8Array(7) }).slice(0, 14 + rng.int(8)));
      }
      return true;
    });
    expect(room.runToEnd(120_000)).toBe(true);
    expect(corrupted).toBe(1);
    expect(room.host.counters.snapChunks).toBeGreaterThanOrEqual(2 * 24); // the corrupt whole was sent again
    expect(c.resumeError).toBeNull();
    expect(c.peer.stats.snapRejected).toBeGreaterThan(150);
    expect(room.client(1).peer.stats.snapRejected).toBeGreaterThan(20);
    expect(room.host.counters.badSnapAck + room.host.counters.unknownAddress).toBeGreaterThan(50);
    expect(room.host.lastResult?.agreed).toBe(true);
    expect(c.anyGame?.hash()).toBe(room.host.lastResult?.hash);
    console.log(`[hostile chunks] rejoiner rejected ${c.peer.stats.snapRejected}, player rejected ${room.client(1).peer.stats.snapRejected}, host bad acks ${room.host.counters.badSnapAck}, chunks sent ${room.host.counters.snapChunks}`);
  }, 60_000);

  it('a player whose slot a rejoin from another address takes is told at once, and stops', () => {
    const room = new Room({ seed: 35, humans: 3, snapshots: true, settings: { matchSeconds: 20 } });
    room.joinAll();
    room.start();
    room.run(3000);
    const victim = room.client(2);
    const thief = extraPeer(room, '10.9.9.9:4000', { rejoinToken: victim.peer.sessionToken }); // a token read off the wire
    room.run(200);
    expect(victim.peer.phase).toBe('failed');
    expect(victim.log).toContainEqual({ t: 'closed', reason: SessionReason.TakenOver });
    expect(room.host.sessionList().find((s) => s.slot === 2)?.addr).toBe('10.9.9.9:4000');
    expect(thief.phase).not.toBe('rejected');
    const sentAfter = victim.peer.stats.sent;
    room.run(2000);
    expect(victim.peer.stats.sent).toBe(sentAfter); // it stopped sending
  });
});


function fail(): never {
  throw new Error('chunk did not decode');
}
