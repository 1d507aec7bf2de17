/**
 * Group frames (protocol 10, issue 15): the host multicasts each release once to the peers that
 * listen, and sends its own frame only to a peer that needs one (control messages to read first,
 * a ping, keys it lacks). On the simulator a group datagram reaches every member over its own link.
 */
import { describe, expect, it } from 'vitest';
import { decodeDatagram, LockstepType } from '../wire';
import { GROUP_MISS_LIMIT } from '../host/HostSender';
import { WAIT_DIALOG_GRACE_MS } from '../client';
import type { LinkSpec } from '../testing/NetSim';
import { HOST, Room } from '../testing/Room';

const LAN: LinkSpec = { delayMs: 1, jitterMs: 2, loss: 0, duplicate: 0 };
const isGroup = (bytes: Uint8Array): boolean => bytes[3] === LockstepType.GroupFrame;

/** One match of 8 players (the owner does not listen); the host's datagrams and the final hashes. */
function play(group: boolean, setup: (room: Room) => void = () => undefined) {
  const room = new Room({ seed: 91, humans: 8, link: LAN, settings: { matchSeconds: 20 }, group });
  setup(room);
  expect(room.joinAll()).toBe(true);
  expect(room.start()).toBe(true);
  const sent0 = room.host.counters.sent;
  expect(room.runToEnd(60_000)).toBe(true);
  const hashes = new Set(room.clients.map((c) => c.game?.hash()));
  return { room, sent: room.host.counters.sent - sent0, hashes };
}

describe('group frames', () => {
  it('cost the host one datagram a release for the listeners instead of one each, on the same simulation', () => {
    const unicast = play(false);
    const multicast = play(true);
    expect(unicast.hashes.size).toBe(1);
    expect(multicast.hashes).toEqual(unicast.hashes);
    const c = multicast.room.host.counters;
    expect(c.groupFrames).toBeGreaterThan(150); // 200 keys
    expect(c.groupRepairs).toBe(0);
    // 7 listeners: without them the host sends ≥ 8 frames a key; with them the owner's, the
    // group's and the pings (one a second each) are left.
    expect(multicast.sent).toBeLessThan(unicast.sent * 0.4);
    console.log(`[group] host datagrams during a 20 s match of 8: ${unicast.sent} unicast, ${multicast.sent} with group frames (${c.groupFrames} of them)`);
  });

  it('a second match in the same room is served by group frames too, from its first keys', () => {
    const { room } = play(true);
    const first = room.host.counters.groupFrames;
    room.run(500); // everyone back in the lobby
    room.clients[0]?.peer.startMatch();
    room.run(5000, () => room.host.match !== null);
    expect(room.host.match).not.toBeNull();
    room.run(60_000, () => room.host.match === null);
    expect(room.host.match).toBeNull();
    // The first match's record (keys up to ~200 carried, misses, a pause) must not hold back the
    // second's listeners, whose keys start again at 0.
    const second = room.host.counters.groupFrames - first;
    expect(second).toBeGreaterThan(150);
    expect(room.host.counters.groupRepairs).toBe(0);
    expect(new Set(room.clients.map((c) => c.game?.hash())).size).toBe(1);
  });

  it('a listener whose group frames are lost gets its keys alone, then its own frames for a while; one hash', () => {
    const deaf = 'c3';
    const { room, hashes } = play(true, (r) => r.sim.addDropRule((from, to, bytes) => from === HOST && to === deaf && isGroup(bytes)));
    expect(hashes.size).toBe(1);
    const c = room.host.counters;
    expect(c.groupRepairs).toBeGreaterThanOrEqual(GROUP_MISS_LIMIT);
    // Paused after each run of misses: far fewer repairs than releases.
    expect(c.groupRepairs).toBeLessThan(c.groupFrames / 5);
    expect(room.client(3).peer.stats.groupSkipped).toBe(0);
  });

  it('multicast dying mid-match for the whole LAN: each listener says unicast, the room plays on without a wait dialog; one hash', () => {
    const seen: (string | null)[][] = [];
    let longest = 0;
    const { room, hashes } = play(true, (r) => {
      r.sim.addDropRule((from, _to, bytes, now) => from === HOST && now >= 8000 && isGroup(bytes));
      for (const at of [7000, 12_000]) r.sim.at(at, () => void seen.push(r.clients.slice(1).map((c) => c.peer.framesBy(r.sim.now))));
      for (let at = 8000; at < 19_000; at += 20) r.sim.at(at, () => void (longest = Math.max(longest, ...r.clients.map((c) => c.peer.stall(r.sim.now).blockedMs))));
    });
    expect(hashes.size).toBe(1);
    expect(seen).toEqual([Array(7).fill('group'), Array(7).fill('missed')]);
    expect(room.client(0).peer.framesBy(room.sim.now)).toBe('off'); // the owner does not listen
    expect(room.host.counters.groupRepairs).toBeGreaterThan(0);
    // Repairs ride the next release: no listener stalls long enough for the wait dialog.
    expect(longest).toBeLessThan(WAIT_DIALOG_GRACE_MS);
    console.log(`[group] multicast dropped at 8 s: ${room.host.counters.groupRepairs} repairs, longest block ${longest.toFixed(0)} ms`);
  });

  it('a held slot ignores the group frame and reads its own copy, with the control messages sent before it', () => {
    let heldSeen = 0;
    const { room, hashes } = play(true, (r) => {
      // A chat message mid-match: every listener has a control message to read before the next
      // keys. c5's acks of it are lost for a while, so it stays held while the others listen again.
      r.sim.at(3000, () => r.client(2).peer.chat('gg'));
      r.sim.addDropRule((from, to, bytes, now) => {
        if (from === 'c5' && now >= 3000 && now < 3400) {
          const d = decodeDatagram(bytes, r.host.match?.released ?? 0);
          return d.ok && d.msg.type === 'cframe' && d.msg.ctlAck !== undefined;
        }
        if (from !== HOST || to !== 'c5' || !isGroup(bytes)) return false;
        const d = decodeDatagram(bytes, r.host.match?.released ?? 0);
        if (d.ok && d.msg.type === 'hframe' && d.msg.held?.includes(5)) heldSeen++;
        return false;
      });
    });
    expect(hashes.size).toBe(1);
    expect(heldSeen).toBeGreaterThan(0);
    expect(room.client(5).peer.stats.groupSkipped).toBeGreaterThanOrEqual(heldSeen);
    expect(room.client(5).log.some((e) => e.t === 'chat')).toBe(true);
  });
});
