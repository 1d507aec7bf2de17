/**
 * docs/RULES.md, "Teams": teammates never eat each other, feed each other by ejecting, and the
 * team standings; the mode's validation; a free-for-all world is as before the modes.
 */
import { describe, expect, it } from 'vitest';
import { OPEN_ROOM, asciiMap, cellOf, dirInput, input, place, testWorld } from '../../test/fixtures/sim/scenario';
import { EventKind, FREE_FOR_ALL, RULES, createWorld, hashWorld, modeProblem, step, teamStandings, type MatchMode } from './index';

const teams2 = (team: number[], lastStanding = false): MatchMode => ({ teams: 2, team, lastStanding });

describe('teams', () => {
  it('a cell never eats a teammate’s, however heavy, but eats the other team’s', () => {
    const w = testWorld(OPEN_ROOM, { players: 3, mode: teams2([0, 0, 1]) });
    place(w, 0, 5, 5, 8000);
    place(w, 1, 5.1, 5, 1000); // teammate, under the big cell's centre
    place(w, 2, 5, 5.1, 1000); // the other team's
    step(w, []);
    expect(w.players.alive[1]).toBe(1);
    expect(w.cells.mass[cellOf(1)]).toBe(1000);
    expect(w.players.alive[2]).toBe(0);
    expect(w.players.kills[0]).toBe(1);
    const eaten = w.events.toArray().filter((e) => e.kind === EventKind.PlayerEaten).map((e) => [e.a, e.b]);
    expect(eaten).toEqual([[0, 2]]);
  });

  it('the same contact in free-for-all is eaten (the rule is the team’s)', () => {
    const w = testWorld(OPEN_ROOM, { players: 2 });
    place(w, 0, 5, 5, 8000);
    place(w, 1, 5.1, 5, 1000);
    step(w, []);
    expect(w.players.alive[1]).toBe(0);
  });

  it('a teammate eats your ejected blob: feeding is the team play', () => {
    const w = testWorld(OPEN_ROOM, { players: 2, mode: teams2([1, 1]) });
    place(w, 0, 5, 8, 4000);
    w.players.heading[0] = 0; // east
    const friend = place(w, 1, 8, 8, 3000);
    const before = w.cells.mass[friend]!;
    step(w, [{ slot: 0, input: input({ eject: true }) }]);
    let fed = false;
    for (let f = 0; f < 40 && !fed; f++) {
      step(w, []);
      fed = w.events.toArray().some((e) => e.kind === EventKind.BlobEaten && e.b === friend);
    }
    expect(fed).toBe(true);
    expect(w.cells.mass[friend]).toBeGreaterThanOrEqual(before + RULES.blobMass - 16); // decay aside
  });

  it('standings: team mass together, then kills, then team number; players listed', () => {
    const w = testWorld(OPEN_ROOM, { players: 4, mode: { teams: 3, team: [0, 1, 0, 1], lastStanding: false } });
    place(w, 0, 3, 3, 2000);
    place(w, 1, 9, 3, 3000);
    place(w, 2, 3, 9, 2500);
    place(w, 3, 9, 9, 1000);
    const rows = teamStandings(w);
    expect(rows.map((r) => [r.rank, r.team, r.mass, r.players])).toEqual([
      [1, 0, 4500, [0, 2]],
      [2, 1, 4000, [1, 3]],
    ]); // team 2 has nobody: not listed
    w.cells.mass[cellOf(0)] = 1500; // equal mass: kills decide
    w.players.kills[3] = 1;
    expect(teamStandings(w).map((r) => r.team)).toEqual([1, 0]);
    expect(teamStandings(testWorld())).toEqual([]);
  });

  it('in last ball standing a team with a player alive ranks above a heavier team without', () => {
    const w = testWorld(OPEN_ROOM, { players: 3, mode: teams2([0, 1, 1], true) });
    place(w, 0, 3, 3, 1000);
    place(w, 1, 9, 3, 9000);
    place(w, 2, 9, 9, 9000);
    expect(teamStandings(w)[0]!.team).toBe(1);
    w.players.alive[1] = 0; // the mass of the dead is 0 in standings anyway; alive count drives it
    w.players.alive[2] = 0;
    expect(teamStandings(w)[0]!.team).toBe(0);
  });

  it('a free-for-all world is bit-identical whether the mode is left out or given', () => {
    const map = asciiMap(OPEN_ROOM);
    const a = createWorld(map, { seed: 9, players: 4 });
    const b = createWorld(map, { seed: 9, players: 4, mode: FREE_FOR_ALL });
    for (let f = 0; f < 200; f++) {
      step(a, [dirInput(f % 4, (f * 37) % 1024)]);
      step(b, [dirInput(f % 4, (f * 37) % 1024)]);
    }
    expect(hashWorld(a)).toBe(hashWorld(b));
    expect(a.settings.mode).toBe(FREE_FOR_ALL);
  });

  it('refuses a bad mode with a one-line reason', () => {
    expect(modeProblem({ teams: 2, team: [0, 1], lastStanding: false }, 2)).toBeNull();
    expect(modeProblem({ teams: 0, team: [], lastStanding: true }, 5)).toBeNull();
    const bad: [unknown, string][] = [
      [null, 'missing'],
      [{ teams: 1, team: [0], lastStanding: false }, 'teams must be 0'],
      [{ teams: 5, team: [0], lastStanding: false }, 'teams must be 0'],
      [{ teams: 2, team: [0], lastStanding: false }, '1 team numbers for 2 players'],
      [{ teams: 2, team: [0, 2], lastStanding: false }, 'team 2 is not one of 0 to 1'],
      [{ teams: 2, team: [0, 1.5], lastStanding: false }, 'team 1.5'],
      [{ teams: 0, team: [1, 1], lastStanding: false }, 'no teams'],
      [{ teams: 2, team: [0, 1], lastStanding: 'yes' }, 'on or off'],
    ];
    for (const [mode, why] of bad) {
      const p = modeProblem(mode, 2);
      expect(p).toContain(why);
      expect(p).not.toContain('\n');
    }
  });
});
