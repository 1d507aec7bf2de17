/**
 * Replays carry the match mode (teams, last ball standing) in their header: a recorded team
 * last-ball-standing match plays back hash for hash to its (early) end with its standings, a
 * free-for-all header has no mode fields at all, and a bad mode field is named, never misplayed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { recordOffline, type OfflineRecording } from '../../test/fixtures/replays/record';
import { defaultBrains } from '../ai';
import { PROTOCOL_VERSION } from '../lockstep';
import type { GameMap } from '../map';
import { teamStandings } from '../sim';
import { APP_VERSION } from '../version';
import { parseReplay, ReplayError, ReplayPlayer, ReplayWriter, type ReplayHeader } from '.';

const ENV = { appVersion: APP_VERSION, protocolVersion: PROTOCOL_VERSION };
let map: GameMap;
let rec: OfflineRecording;

beforeAll(() => {
  map = loadShippedMaps().get('arena-small')!;
  // A 30 s last-ball-standing match of 3 teams: the area closes in over 5 to 25 s.
  rec = recordOffline(map, { seconds: 30, players: 6, humans: [0], seed: 31, teams: 3, lastStanding: true });
});

describe('replays of team and last-ball-standing matches', () => {
  it('carry the mode and play back hash for hash, to the same standings', () => {
    const parsed = parseReplay(rec.bytes, ENV);
    expect(parsed.header.teams).toBe(3);
    expect(parsed.header.lastStanding).toBe(true);
    expect(parsed.header.roster.map((r) => r.team)).toEqual([0, 1, 2, 0, 1, 2]);
    const p = new ReplayPlayer(parsed, map, defaultBrains());
    const frames = rec.hashes.length - 1;
    for (let f = 0; f < frames; f++) {
      expect(p.runner.hash(), `frame ${f}`).toBe(rec.hashes[f]);
      p.stepFrame();
    }
    expect(p.runner.hash()).toBe(rec.hashes[frames]);
    expect(p.runner.world.settings.mode).toMatchObject({ teams: 3, lastStanding: true });
    expect(teamStandings(p.runner.world)).toHaveLength(3);
  });

  it('a free-for-all header has no mode fields (such files are as before the modes)', () => {
    const ffa = recordOffline(map, { seconds: 2, players: 2, humans: [0], seed: 1 });
    const h = parseReplay(ffa.bytes, ENV).header;
    expect('teams' in h || 'lastStanding' in h || h.roster.some((r) => 'team' in r)).toBe(false);
  });

  it('a bad mode field is named', () => {
    const header = parseReplay(rec.bytes, ENV).header;
    const cases: [Partial<ReplayHeader>, string][] = [
      [{ teams: 5 }, 'teams'],
      [{ teams: 1 }, 'teams'],
      [{ lastStanding: false }, 'lastStanding'],
      [{ roster: header.roster.map((r, i) => (i === 2 ? { ...r, team: 3 } : r)) }, 'teams'],
      [{ roster: header.roster.map(({ team: _t, ...r }, i) => (i === 0 ? r : { ...r, team: _t })) }, 'teams'],
    ];
    for (const [patch, field] of cases) {
      const bytes = new ReplayWriter({ ...header, ...patch }).finish({ frames: 0, hash: 0, complete: false, winner: null }, 0);
      let err: unknown = null;
      try {
        parseReplay(bytes, ENV);
      } catch (e) {
        err = e;
      }
      expect(err, JSON.stringify(patch).slice(0, 80)).toBeInstanceOf(ReplayError);
      expect(err).toMatchObject({ code: 'invalid-field', field });
    }
    const { teams: _n, ...noTeams } = header;
    const ffaWithTeams = new ReplayWriter(noTeams).finish({ frames: 0, hash: 0, complete: false, winner: null }, 0);
    expect(() => parseReplay(ffaWithTeams, ENV)).toThrow(/invalid field roster \(a free-for-all match has no teams\)/);
  });
});
