/**
 * The host killed in every phase (issue 13), on the network simulator: in the lobby and while
 * loading (no match to carry on: every peer shows the host's silence at once, then ends with
 * "stopped answering"; nobody hosts), during a drop vote (the successor's room waits for the
 * silent player again and drops it), during another player's rejoin (the rejoiner may rejoin the
 * successor with its token, as may a player who was away when the host went), and between a
 * rejoiner's takeover announcement and its key (the successor hands its ball back). And nothing
 * is lost: each surviving peer's replay plays back through the takeover to the final hash.
 */
import { describe, expect, it } from 'vitest';
import { defaultBrains } from '../../ai';
import { loadShippedMaps } from '../../../test/fixtures/maps/shipped';
import { LockstepRecorder, parseReplay, ReplayPlayer } from '../../replay';
import { APP_VERSION } from '../../version';
import type { PeerEvent } from '../client';
import { SimGame } from '../loop';
import { SessionReason } from '../reasons';
import { HOST, Room } from '../testing/Room';
import type { RoomClient } from '../testing/Room';
import type { LinkSpec } from '../testing/NetSim';
import { PROTOCOL_VERSION } from '../wire';

const LAN: LinkSpec = { delayMs: 1, jitterMs: 2, loss: 0, duplicate: 0 };
/** The wait dialog (match, loading) or the lobby's banner shows after this much host silence. */
const SILENCE_SHOWN_MS = 1000;

function events<T extends PeerEvent['t']>(c: RoomClient, t: T): Extract<PeerEvent, { t: T }>[] {
  return c.log.filter((e): e is Extract<PeerEvent, { t: T }> => e.t === t);
}

/** Every remaining peer runs the match to the end on one hash. */
function endsAsOne(room: Room, skip: readonly RoomClient[] = []): boolean {
  if (!room.runToEnd(40_000)) return false;
  const r = room.host.lastResult;
  return r !== null && r.agreed && room.clients.filter((c) => !c.silent && !skip.includes(c)).every((c) => c.anyGame?.hash() === r.hash);
}

describe('the host killed in the lobby or while loading', () => {
  for (const phase of ['lobby', 'loading'] as const) {
    it(`${phase}: every peer shows the silence within a second, ends with "stopped answering", and nobody hosts`, () => {
      const room = new Room({ seed: phase === 'lobby' ? 81 : 82, humans: 4, link: LAN });
      expect(room.joinAll()).toBe(true);
      if (phase === 'loading') {
        for (const c of room.clients) c.lateLoader = true;
        room.client(0).peer.startMatch();
        room.run(300);
      }
      const peers = room.clients.slice(1);
      expect(peers.map((c) => c.peer.phase)).toEqual([phase, phase, phase]);
      room.crashHost();
      room.run(SILENCE_SHOWN_MS + 50);
      for (const c of peers) expect(c.peer.stall(room.sim.now).hostSilentMs).toBeGreaterThanOrEqual(SILENCE_SHOWN_MS);
      expect(peers.map((c) => c.peer.phase)).toEqual([phase, phase, phase]);
      room.run(16_000);
      for (const c of peers) expect(events(c, 'failed')).toEqual([{ t: 'failed', reason: SessionReason.StoppedAnswering }]);
      for (const c of peers) expect(events(c, 'succeed')).toEqual([]);
    });
  }
});

/**
 * Four players 3 s into a match with quick drop times; client 3 crashes and, `awayMs` later,
 * restarts and rejoins (`rejoin`), the host's verifier role giving it a snapshot.
 */
function playerAway(seed: number, awayMs: number): Room {
  const room = new Room({ seed, humans: 4, link: LAN, settings: { matchSeconds: 16, dropVoteSeconds: 1, forceDropSeconds: 2 }, keepSnapshots: 2, snapshots: true });
  room.joinAll();
  room.start();
  room.run(3000);
  room.crash(3);
  room.run(awayMs);
  return room;
}

describe('the host killed mid-match, while something else is under way', () => {
  it('during a drop vote: the successor’s room goes on holding where the old host was, and drops the silent player when its time is up', () => {
    const room = new Room({ seed: 83, humans: 4, link: LAN, settings: { matchSeconds: 30, dropVoteSeconds: 5, forceDropSeconds: 8 }, keepSnapshots: 2 });
    room.joinAll();
    room.start();
    room.run(3000);
    room.crash(3);
    const crashedAt = room.sim.now;
    room.run(6000);
    const vote = room.client(1).peer.status;
    expect(vote?.state).toBe(1);
    expect(vote?.waiting.map((w) => w.slot)).toEqual([3]);
    expect(vote?.voteInMs).toBe(0);
    room.crashHost();
    room.run(15_000, () => events(room.client(2), 'dropped').some((e) => e.slot === 3));
    // The silent player is still in the order: the first successor needs a report from 2 of the
    // 2 peers after it and gets 1, so the second one hosts (1 of 1).
    for (const c of [room.client(1), room.client(2)]) expect(events(c, 'hosting')).toEqual([{ t: 'hosting', slot: 2, left: 0, me: c === room.client(2) }]);
    expect(events(room.client(1), 'dropped').map((e) => e.slot)).toEqual([0, 3]);
    // Held about 8 s in all when the new host took over (~2.5 s after the old died): a fresh hold
    // would have waited 8 s more; the carried one drops once its re-attach grace (1 s) is over.
    const droppedAt = room.sim.now - crashedAt;
    console.log(`[succession] a drop vote under way: the silent player dropped ${droppedAt.toFixed(0)} ms after it went silent (force-drop 8 s)`);
    expect(droppedAt).toBeLessThan(12_000);
    expect(endsAsOne(room)).toBe(true);
    expect(room.client(2).runner?.botSlots()).toEqual(expect.arrayContaining([0, 3]));
  });

  it('during another player’s rejoin: the others play on, and the rejoiner rejoins the successor with its token and takes its ball back', () => {
    const room = playerAway(84, 2500);
    const rejoiner = room.rejoin(3);
    room.run(30);
    expect(rejoiner.runner).not.toBeNull(); // restoring the snapshot: not yet live, not in the order
    room.crashHost();
    room.run(3000, () => events(room.client(2), 'hosting').length > 0);
    expect(events(room.client(2), 'hosting')).toEqual([{ t: 'hosting', slot: 1, left: 0, me: false }]);
    // It knew the order (a rejoiner's tag), so whether the successor claimed it depends on when
    // its report came: 3 or 4 of eight seeds from 84 to 92 are claimed, before and after the
    // control timeout changed. Expecting no claim held for seed 84 by luck.
    expect([HOST, room.client(1).addr]).toContain(rejoiner.peer.host);
    const again = room.rejoin(3, room.client(1).addr);
    room.run(4000, () => !(room.client(2).runner?.botSlots().includes(3) ?? true));
    expect(again.peer.slot).toBe(3);
    expect(room.client(2).runner?.botSlots()).not.toContain(3);
    expect(endsAsOne(room)).toBe(true);
  });

  it('a player who was away when the host went rejoins the successor with its token', () => {
    const room = playerAway(85, 3000);
    expect(room.client(1).runner?.botSlots()).toContain(3);
    room.crashHost();
    room.run(3000, () => events(room.client(2), 'hosting').length > 0);
    const back = room.rejoin(3, room.client(1).addr);
    room.run(4000, () => back.runner !== null && !back.runner.botSlots().includes(3));
    expect(back.runner?.botSlots()).not.toContain(3);
    expect(endsAsOne(room)).toBe(true);
  });

  it('between a rejoiner’s takeover announcement and its key: the successor hands its ball back', () => {
    const room = playerAway(86, 2500);
    const rejoiner = room.rejoin(3);
    room.run(3000, () => events(rejoiner, 'takeover').length > 0);
    const announced = events(rejoiner, 'takeover')[0]?.key ?? -1;
    expect(room.host.match?.released).toBeLessThan(announced);
    room.crashHost();
    room.run(3000, () => events(room.client(2), 'hosting').length > 0);
    room.run(3000, () => !(rejoiner.runner?.botSlots().includes(3) ?? true));
    expect(events(rejoiner, 'hosting')).toEqual([{ t: 'hosting', slot: 1, left: 0, me: false }]);
    expect(rejoiner.runner?.botSlots()).not.toContain(3);
    expect(endsAsOne(room)).toBe(true);
  });
});

describe('nothing lost', () => {
  it('each surviving peer’s replay plays back through the takeover to the final hash', () => {
    const map = loadShippedMaps().get('arena-small');
    if (!map) throw new Error('arena-small missing');
    const recorders = new Map<string, { rec: LockstepRecorder; game: SimGame }>();
    const room = new Room({
      seed: 87,
      humans: 4,
      bots: 2,
      link: LAN,
      keepSnapshots: 2,
      settings: { matchSeconds: 14, map: 'arena-small' },
      game: (start, trees, addr) => {
        const game = new SimGame(map, start, trees.brains);
        const players = start.slots.map((s) => ({ slot: s.slot, name: `P${s.slot}`, colour: '#336699' }));
        const rec = new LockstepRecorder({ appVersion: APP_VERSION, protocolVersion: PROTOCOL_VERSION, date: '2026-11-28T00:00:00.000Z', map, brains: trees.brains }, start, players, game);
        recorders.set(addr, { rec, game });
        return { game, onBegin: (key, u, hash) => rec.key(key, u, hash) };
      },
    });
    room.joinAll();
    room.start();
    room.run(5000);
    room.crashHost();
    expect(endsAsOne(room)).toBe(true);
    const final = room.host.lastResult?.hash;
    for (const c of room.clients.slice(1)) {
      const r = recorders.get(c.addr);
      if (!r || !c.runner) throw new Error(`${c.addr} recorded nothing`);
      const bytes = r.rec.finish(c.runner.frame, r.game.hash(), r.game.world, r.game.world.ended);
      const player = new ReplayPlayer(parseReplay(bytes, { appVersion: APP_VERSION, protocolVersion: PROTOCOL_VERSION }), map, defaultBrains());
      expect(player.playToEnd()).toBe(true);
      expect(player.mismatch).toBeNull();
      expect(player.runner.hash()).toBe(final);
      expect(player.replay.footer.complete).toBe(true);
    }
  }, 60_000);
});
