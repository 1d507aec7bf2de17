/**
 * Replays end to end: a recorded bot match plays back with identical hashes at every frame, seeking
 * equals playing up to the frame, a lockstep recording reproduces SimGame's hashes key by key, and a
 * changed simulation input (seed, bot trees, map) is caught.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { recordLockstep, recordOffline, type OfflineRecording } from '../../test/fixtures/replays/record';
import { brainsOf, defaultBrains, defaultTree, Difficulty } from '../ai';
import { PROTOCOL_VERSION } from '../lockstep';
import type { GameMap } from '../map';
import { APP_VERSION } from '../version';
import { KIND_EFFECTS, parseReplay, ReplayPlayer, ReplayError, type ParsedReplay } from '.';

const ENV = { appVersion: APP_VERSION, protocolVersion: PROTOCOL_VERSION };
let map: GameMap;
let rec: OfflineRecording;
let parsed: ParsedReplay;

beforeAll(() => {
  map = loadShippedMaps().get('arena-small')!;
  // 40 s of game time, 8 balls: two scripted humans, six bots; the second human drops to a bot at 12 s.
  rec = recordOffline(map, { seconds: 40, players: 8, humans: [0, 5], seed: 77, takeover: 360 });
  parsed = parseReplay(rec.bytes, ENV);
});

describe('offline recording', () => {
  it('plays back with the same hash before every frame and at the end', () => {
    expect(parsed.header.roster).toHaveLength(8);
    expect(parsed.footer.frames).toBe(1200);
    expect(parsed.footer.complete).toBe(true);
    expect(parsed.footer.winner).not.toBeNull();
    expect(parsed.snapshots.map((s) => s.key)).toEqual([300, 600, 900]);
    expect(parsed.records.some((r) => r.events.length === 1)).toBe(true);
    const p = new ReplayPlayer(parsed, map, defaultBrains());
    for (let f = 0; f < 1200; f++) {
      expect(p.runner.hash(), `frame ${f}`).toBe(rec.hashes[f]);
      p.stepFrame();
    }
    expect(p.runner.hash()).toBe(rec.hashes[1200]);
    p.verifyFinal();
    expect(p.mismatch).toBeNull();
    expect(p.checked).toBe(41); // one a second, and the end record
    expect(p.runner.world.ended).toBe(true);
  });

  it('seeking to a frame equals playing up to it, forwards and backwards', () => {
    const p = new ReplayPlayer(parsed, map, defaultBrains());
    for (const f of [17, 299, 300, 301, 777, 1199, 1200, 5, 0, 901, 450]) {
      p.seek(f);
      expect(p.frame).toBe(f);
      expect(p.runner.hash(), `seek ${f}`).toBe(rec.hashes[f]);
    }
    expect(p.mismatch).toBeNull();
  });

  it('a match left early is a valid, partial replay', () => {
    const partial = recordOffline(map, { seconds: 40, players: 4, humans: [0], seed: 5, stopAt: 400 });
    const r = parseReplay(partial.bytes, ENV);
    expect(r.footer).toMatchObject({ frames: 400, complete: false, winner: null });
    const p = new ReplayPlayer(r, map, defaultBrains());
    expect(p.playToEnd()).toBe(true);
    expect(p.frame).toBe(400);
  });

  it('catches a changed simulation input: seed, bot trees, map', () => {
    const wrongSeed = { ...parsed, header: { ...parsed.header, seed: parsed.header.seed + 1 } };
    const p = new ReplayPlayer(wrongSeed, map, defaultBrains());
    expect(p.playToEnd()).toBe(false);
    expect(p.mismatch?.key).toBe(0);
    const otherBrains = brainsOf([defaultTree(Difficulty.Hard), defaultTree(Difficulty.Normal), defaultTree(Difficulty.Hard)]);
    expect(() => new ReplayPlayer(parsed, map, otherBrains)).toThrow(/bot behavior trees differ/);
    const other = loadShippedMaps().get('labyrinth-large')!;
    expect(() => new ReplayPlayer(parsed, other, defaultBrains())).toThrow(ReplayError);
  });
});

describe('lockstep recording', () => {
  it('reproduces SimGame key by key (lobby slots with gaps, a player dropped to a bot and back)', () => {
    const slots = [
      { slot: 0, bot: false },
      { slot: 2, bot: true },
      { slot: 5, bot: false },
      { slot: 7, bot: true },
      { slot: 9, bot: true },
    ];
    const r = recordLockstep(map, { seconds: 25, slots, seed: 9, takeover: { key: 120, slot: 5 }, rejoin: { key: 200, slot: 5 }, strayInputs: true });
    expect(KIND_EFFECTS.get(2)).toBe('human'); // the lockstep layer's "human again" kind
    const replay = parseReplay(r.bytes, ENV);
    expect(replay.header.source).toBe('lockstep');
    expect(replay.header.keyInterval).toBe(3);
    expect(replay.records.filter((x) => x.events.length > 0).map((x) => [x.key, x.events[0]!.kind])).toEqual([[120, 1], [200, 2]]);
    expect(replay.records.some((x) => x.key > 200 && x.inputs.some((i) => i.slot === 5))).toBe(true);
    const p = new ReplayPlayer(replay, map, defaultBrains());
    const I = 3;
    for (let key = 0; key < r.keyHashes.length; key++) {
      expect(p.runner.hash(), `key ${key}`).toBe(r.keyHashes[key]);
      for (let f = 0; f < I; f++) p.stepFrame();
    }
    expect(p.runner.hash()).toBe(r.finalHash);
    p.verifyFinal();
    expect(p.mismatch).toBeNull();
    p.seek(600);
    expect(p.runner.hash()).toBe(r.keyHashes[200]);
    p.seek(399);
    expect(p.runner.hash()).toBe(r.keyHashes[133]);
  });
});
