/** Snapshot robustness (damaged or foreign blobs are refused with a clear error) and desync reports. */
import { describe, expect, it } from 'vitest';
import { HASH_SEED, hashFinish, hashInts } from '../math';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { OPEN_ROOM, asciiMap } from '../../test/fixtures/sim/scenario';
import {
  COMPONENTS,
  PATH_CAPACITY,
  ScriptedPlayers,
  SnapshotError,
  createWorld,
  firstDifference,
  hashWorld,
  mapInfoOf,
  readSnapshotHeader,
  restore,
  restoreInto,
  snapshot,
  step,
  subHashes,
  type World,
} from './index';

const map = loadShippedMaps().get('arena-small')!;

function playedWorld(frames = 300, seed = 3): World {
  const w = createWorld(map, { seed, players: 10 });
  const script = new ScriptedPlayers(seed, 10, mapInfoOf(map));
  for (let f = 0; f < frames; f++) step(w, script.next());
  return w;
}

/** `blob` with word `i` replaced and the checksum recomputed (a well-formed lie). */
function forge(blob: Uint8Array, i: number, value: number): Uint8Array {
  const words = new Int32Array(blob.slice().buffer);
  words[i] = value;
  words[3] = hashFinish(hashInts(HASH_SEED, words, 4, words.length), words.length) | 0;
  return new Uint8Array(words.buffer);
}

/** Word offset of the first word of component `name`'s data in `blob`. */
function componentOffset(w: World, name: string): number {
  let o = 14 + w.settings.mapId.length;
  for (const c of COMPONENTS) {
    if (c.name === name) return o + 2;
    o += 2;
    for (const col of c.columns(w)) o += col.length;
  }
  throw new Error(name);
}

describe('snapshot', () => {
  const w = playedWorld();
  const blob = snapshot(w);

  it('round-trips: restore gives an identical world, the header is readable first', () => {
    const r = restore(blob, map);
    expect(hashWorld(r)).toBe(hashWorld(w));
    expect(firstDifference(w, r)).toBeNull();
    expect(readSnapshotHeader(blob)).toMatchObject({ mapId: 'arena-small', settings: w.settings, mapFingerprint: mapInfoOf(map).fingerprint });
  });

  it('refuses every single flipped byte with a SnapshotError (never a corrupt world)', () => {
    for (let i = 0; i < blob.length; i += 7) {
      const bad = blob.slice();
      bad[i]! ^= 1 << (i % 8);
      expect(() => restore(bad, map), `byte ${i}`).toThrow(SnapshotError);
    }
  });

  it('names what is wrong with truncated, foreign or incompatible blobs', () => {
    expect(() => restore(blob.subarray(0, blob.length - 4), map)).toThrow(/truncated|checksum/);
    expect(() => restore(blob.subarray(0, 10), map)).toThrow(/bad length/);
    expect(() => restore(new Uint8Array(blob.length), map)).toThrow(/bad magic/);
    const swapped = blob.slice();
    swapped.set([0x4e, 0x53, 0x42, 0x42], 0);
    expect(() => restore(swapped, map)).toThrow(/byte order/);
    expect(() => restore(forge(blob, 1, 999), map)).toThrow(/version 999/);
    expect(() => restore(forge(blob, 10, 5), map)).toThrow(/capacities/);
    expect(() => restore(blob, asciiMap(OPEN_ROOM, 'arena-small'))).toThrow(/differs from the one/);
    expect(() => restore(blob, asciiMap(OPEN_ROOM))).toThrow(/of map "arena-small"/);
    expect(() => restore('nope' as unknown as Uint8Array, map)).toThrow(SnapshotError);
    const other = createWorld(map, { seed: 4, players: 10 });
    expect(() => restoreInto(other, blob)).toThrow(/different match/);
  });

  it('refuses well-formed blobs that describe an impossible world', () => {
    const pos = componentOffset(w, 'positions');
    const alive = w.balls.alive.indexOf(1);
    expect(() => restore(forge(blob, pos + alive, -5), map)).toThrow(/impossible state \(ball \d+: position off the map\)/);
    const masses = componentOffset(w, 'masses');
    expect(() => restore(forge(blob, masses + alive, 999999), map)).toThrow(/impossible state \(ball \d+: mass/);
    const pellets = componentOffset(w, 'pellets');
    const p = w.pellets.word.findIndex((v) => v !== 0);
    expect(() => restore(forge(blob, pellets + p, 0x7fffffff), map)).toThrow(/pellet/);
    const rng = componentOffset(w, 'rng');
    const zeroRng = forge(forge(forge(forge(blob, rng, 0), rng + 1, 0), rng + 2, 0), rng + 3, 0);
    expect(() => restore(zeroRng, map)).toThrow(/rng/);
  });

  it('restoreInto leaves the world untouched when it refuses a blob', () => {
    const target = playedWorld(100);
    const before = hashWorld(target);
    const pos = componentOffset(w, 'positions');
    expect(() => restoreInto(target, forge(blob, pos, -5))).toThrow(SnapshotError);
    expect(hashWorld(target)).toBe(before);
    restoreInto(target, blob);
    expect(hashWorld(target)).toBe(hashWorld(w));
  });

  it('accepts a blob at an unaligned offset', () => {
    const buf = new Uint8Array(blob.length + 1);
    buf.set(blob, 1);
    expect(hashWorld(restore(buf.subarray(1), map))).toBe(hashWorld(w));
  });
});

describe('desync reports', () => {
  const w = playedWorld(200, 9);

  const cases: [string, (c: World) => void, string, string, number][] = [
    ['a velocity', (c) => void (c.balls.vx[7]! += 1), 'velocities', 'vx', 7],
    ['a position', (c) => void (c.balls.y[4]! -= 1), 'positions', 'y', 4],
    ['a pellet', (c) => void (c.pellets.word[321] = c.pellets.word[321] === 0 ? 1 << 29 : 0), 'pellets', 'word', 321],
    ['a waypoint', (c) => void (c.balls.wp[5 * PATH_CAPACITY + 3]! += 1), 'paths', 'waypoints', 5],
    ['the rng', (c) => void (c.rng[2]! ^= 1), 'rng', 'rng', 2],
    ['the frame', (c) => void (c.clock[0]! += 1), 'clock', 'clock', 0],
    ['a kill count', (c) => void (c.balls.kills[9]! += 1), 'scores', 'kills', 9],
  ];

  for (const [what, perturb, component, column, entity] of cases) {
    it(`firstDifference names ${what}: ${component}.${column} of entity ${entity}`, () => {
      const copy = restore(snapshot(w), map);
      perturb(copy);
      expect(firstDifference(w, copy)).toMatchObject({ component, column, entity });
      const a = subHashes(w);
      const b = subHashes(copy);
      expect(a.filter((s, i) => s.hash !== b[i]!.hash).map((s) => s.name)).toEqual([component]);
      expect(hashWorld(copy)).not.toBe(hashWorld(w));
    });
  }

  it('reports different matches as settings differences', () => {
    const other = createWorld(map, { seed: 10, players: 10 });
    expect(firstDifference(w, other)).toMatchObject({ component: 'settings', column: 'seed' });
  });
});
