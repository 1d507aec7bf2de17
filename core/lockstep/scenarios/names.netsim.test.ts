/**
 * Names in a room, end to end on the simulated network: the host tells duplicates apart the same
 * way every time, carries 16-CJK-character names whole to every peer, and refuses a name the rule
 * refuses; a peer never sends one.
 */
import { describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../version';
import { HOST, extraPeer, Room } from '../testing/Room';
import { decodeDatagram, encodeJoin } from '../wire';
import { RejectReason, SlotKind } from '../types';

const CJK16 = '球球大乱斗的最强玩家就是我了吧！';

function humanNames(room: Room): string[] {
  return room.host.lobby.slots.filter((s) => s.kind === SlotKind.Human).map((s) => s.name);
}

describe('names in a room', () => {
  it('numbers duplicate names in join order, and every peer sees the same table', () => {
    const run = (): string[] => {
      const room = new Room({ seed: 4, humans: 1, settings: { maxSlots: 6 } });
      room.joinAll();
      const peers = [extraPeer(room, 'a1', { name: 'Ana' }), extraPeer(room, 'a2', { name: ' Ana ' })];
      room.run(300);
      peers.push(extraPeer(room, 'a3', { name: 'Ana' }), extraPeer(room, 'a4', { name: CJK16 }));
      room.run(300);
      peers.push(extraPeer(room, 'a5', { name: CJK16 }));
      room.run(300);
      const names = humanNames(room);
      for (const p of peers) expect(p.slots.filter((s) => s.kind === SlotKind.Human).map((s) => s.name)).toEqual(names);
      return names;
    };
    const names = run();
    // a1 and a2 race in the same window: whichever the host took first keeps "Ana".
    expect(names.slice(0, 1)).toEqual(['P0']);
    expect([...names.slice(1, 3)].sort()).toEqual(['Ana', 'Ana (2)']);
    expect(names.slice(3)).toEqual(['Ana (3)', CJK16, '球球大乱斗的最强玩家就是我了 (2)']);
    expect(run()).toEqual(names);
  });

  it('a name taken by a bot is numbered too', () => {
    const room = new Room({ seed: 5, humans: 1, settings: { maxSlots: 4 } });
    room.joinAll();
    room.host.setSlot(3, SlotKind.Bot, 1);
    const p = extraPeer(room, 'b1', { name: 'Bot 4' });
    room.run(300);
    expect(p.phase).toBe('lobby');
    expect(humanNames(room)).toEqual(['P0', 'Bot 4 (2)']);
  });

  it('refuses a JOIN whose name breaks the rule, and a peer never sends one', () => {
    const room = new Room({ seed: 6, humans: 1 });
    room.joinAll();
    const replies: Uint8Array[] = [];
    room.sim.addNode('evil', (_now, b) => replies.push(b));
    room.sim.send('evil', HOST, encodeJoin({ nonce: 1, spectate: false, name: 'a\u202eevil', appVersion: APP_VERSION }));
    room.sim.send('evil', HOST, encodeJoin({ nonce: 2, spectate: false, name: '', appVersion: APP_VERSION }));
    room.run(100);
    expect(replies.map((b) => decodeDatagram(b))).toEqual([1, 2].map((nonce) => ({ ok: true, msg: { type: 'reject', nonce, reason: RejectReason.BadName, appVersion: APP_VERSION } })));
    expect(room.host.counters.rejectedJoins).toBe(2);
    expect(room.host.sessionList()).toHaveLength(1);

    const long = extraPeer(room, 'x1', { name: `${CJK16}吗` });
    room.run(300);
    expect(long.phase).toBe('failed');
    expect(long.events).toEqual([{ t: 'failed', reason: 'name: 51 UTF-8 bytes, at most 48 allowed (16 Chinese characters or 48 Latin letters)' }]);
    expect(room.sim.counters.get(`x1>${HOST}`)?.sent ?? 0).toBe(0);
  });
});
