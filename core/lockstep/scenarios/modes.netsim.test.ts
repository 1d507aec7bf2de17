/**
 * The match modes under the lockstep protocol, with the real simulation (issue 30): the lobby
 * deals out teams and takes players' own moves and the owner's (not another player's), a team chat
 * line reaches the sender's team only (no other team, no spectator), the mode
 * reaches every peer's world from the settings and roster alone, and a team last-ball-standing
 * match keeps one hash through a rejoin from a snapshot and the host's crash (succession).
 */
import { describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../../test/fixtures/maps/shipped';
import { SimGame } from '../loop/SimGame';
import { Room } from '../testing/Room';
import type { LinkSpec } from '../testing/NetSim';
import { MAX_TEAMS, SlotKind } from '../types';
import { MAX_TEAMS as SIM_MAX_TEAMS } from '../../sim';

const LAN: LinkSpec = { delayMs: 1, jitterMs: 2, loss: 0, duplicate: 0 };

describe('teams and last ball standing on the LAN', () => {
  it('the protocol’s team limit is the simulation’s', () => {
    expect(MAX_TEAMS).toBe(SIM_MAX_TEAMS);
  });

  it('the lobby deals out teams; a player moves itself, the owner anyone, another player nobody', () => {
    const room = new Room({ seed: 5, humans: 3, bots: 2, link: LAN, settings: { teams: 2 } });
    expect(room.joinAll()).toBe(true);
    room.run(300);
    const teams = (): number[] => room.client(1).peer.slots.filter((s) => s.kind >= SlotKind.Human).map((s) => s.team);
    expect(teams()).toEqual([0, 1, 0, 1, 0]); // the smallest team each time
    room.client(1).peer.setTeam(1, 0); // its own: taken
    room.client(2).peer.setTeam(0, 1); // another's, not the owner: refused
    room.client(0).peer.setTeam(4, 1); // the owner moves a bot
    room.client(0).peer.setTeam(3, 7); // out of range: refused (never sent: the codec would fail it)
    room.run(300);
    expect(teams()).toEqual([0, 0, 0, 1, 1]);
    expect(room.host.counters.notOwner).toBeGreaterThanOrEqual(1);
    // A new team count deals everyone out again, in slot order.
    room.client(0).peer.configure({ ...room.client(0).peer.settings, teams: 3 });
    room.run(300);
    expect(teams()).toEqual([0, 1, 2, 0, 1]);
  });

  it('a team line reaches the sender’s team only — not the other team, not a spectator; a spectator’s and a free-for-all one go nowhere', () => {
    const room = new Room({ seed: 6, humans: 4, spectators: 1, link: LAN, settings: { teams: 2 } });
    expect(room.joinAll()).toBe(true);
    room.run(300);
    expect(room.client(1).peer.slots.slice(0, 4).map((s) => s.team)).toEqual([0, 1, 0, 1]);
    const heard = (i: number): string[] => room.client(i).log.flatMap((e) => (e.t === 'chat' ? [`${e.from}:${e.team ? 'team' : 'all'}:${e.text}`] : []));
    room.client(1).peer.chat('rush left', true);
    room.client(2).peer.chat('gl hf', false);
    room.client(4).peer.chat('spoiler', true);
    const refused = room.host.counters.notOwner;
    room.run(300);
    expect(heard(1)).toEqual(['1:team:rush left', '2:all:gl hf']);
    expect(heard(3)).toEqual(['1:team:rush left', '2:all:gl hf']);
    for (const other of [0, 2, 4]) expect(heard(other), `client ${other}`).toEqual(['2:all:gl hf']);
    expect(room.host.counters.notOwner).toBe(refused + 1);
    // Free-for-all: nobody has a team, so a team line is refused and reaches no one.
    room.client(0).peer.configure({ ...room.client(0).peer.settings, teams: 0 });
    room.run(300);
    room.client(3).peer.chat('anyone?', true);
    room.run(300);
    for (const i of [0, 1, 2, 3, 4]) expect(heard(i).some((l) => l.includes('anyone?'))).toBe(false);
    expect(room.host.counters.notOwner).toBe(refused + 2);
  });

  it('a team last-ball-standing match: one hash on every peer through a rejoin and the host’s crash; the mode in every world', () => {
    const map = loadShippedMaps().get('arena-small');
    if (!map) throw new Error('arena-small missing');
    const room = new Room({
      seed: 43,
      humans: 4,
      bots: 2,
      snapshots: true,
      link: LAN,
      keepSnapshots: 4,
      settings: { matchSeconds: 30, map: 'arena-small', dropVoteSeconds: 1, forceDropSeconds: 2, teams: 3, lastStanding: true },
      game: (start, trees) => ({ game: new SimGame(map, start, trees.brains) }),
    });
    expect(room.joinAll()).toBe(true);
    expect(room.start()).toBe(true);
    room.run(6000);
    room.crash(3);
    room.run(3000);
    const c = room.rejoin(3);
    room.run(3000);
    expect(c.resumeError).toBeNull();
    room.crashHost();
    expect(room.runToEnd(120_000)).toBe(true);
    const r = room.host.lastResult;
    expect(r?.agreed).toBe(true);
    const live = room.clients.filter((x) => !x.silent);
    expect(live.length).toBeGreaterThanOrEqual(3);
    for (const x of live) {
      const g = x.anyGame as SimGame;
      expect(g.hash()).toBe(r?.hash);
      expect(g.world.settings.mode).toEqual({ teams: 3, team: [0, 1, 2, 0, 1, 2], lastStanding: true });
    }
  }, 120_000);
});
