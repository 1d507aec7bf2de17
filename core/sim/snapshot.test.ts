/** Snapshot robustness (damaged or foreign blobs are refused with a clear error) and desync reports. */
import { describe, expect, it } from 'vitest';
import { HASH_SEED, hashColumn, hashFinish } from '../math';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { OPEN_ROOM, asciiMap } from '../../test/fixtures/sim/scenario';
import {
  BLOB_CAPACITY,
  BOT_MEMORY_WORDS,
  CELLS_PER_PLAYER,
  COMPONENTS,
  PATH_CAPACITY,
  PELLET_CAPACITY,
  RULES,
  ScriptedPlayers,
  SnapshotError,
  copyWorldInto,
  createWorld,
  firstDifference,
  hashWorld,
  mapInfoOf,
  packPellet,
  readSnapshotHeader,
  restore,
  restoreInto,
  snapshot,
  step,
  subHashes,
  VIRUS_CAPACITY,
  type World,
} from './index';

const map = loadShippedMaps().get('arena-small')!;

function playedWorld(frames = 300, seed = 3): World {
  const w = createWorld(map, { seed, players: 10 });
  const script = new ScriptedPlayers(seed, 10, mapInfoOf(map));
  for (let f = 0; f < frames; f++) step(w, script.next());
  return w;
}

/** Every column word of cell `c` set to 0 (a free slot), as [word, value] edits of a blob of `w`. */
function freeCellEdits(w: World, c: number): [number, number][] {
  const cols: [string, string][] = [['positions', 'x'], ['positions', 'y'], ['velocities', 'vx'], ['velocities', 'vy'], ['velocities', 'bx'], ['velocities', 'by'], ['masses', 'mass'], ['masses', 'radius'], ['timers', 'merge'], ['timers', 'noCollide'], ['timers', 'inBush']];
  return cols.map(([k, col]) => [columnOffset(w, k, col) + c, 0]);
}

/** A blob's checksum as the format defines it (snapshot.ts header). */
const checksumOf = (words: Int32Array): number => hashFinish(hashColumn(HASH_SEED, words.subarray(4)), words.length) | 0;

/** `blob` with word `i` replaced and the checksum recomputed (a well-formed lie). */
function forge(blob: Uint8Array, i: number, value: number): Uint8Array {
  const words = new Int32Array(blob.slice().buffer);
  words[i] = value;
  words[3] = checksumOf(words);
  return new Uint8Array(words.buffer);
}

/** Word offset of column `column` of component `name` in a snapshot of `w`. */
function columnOffset(w: World, name: string, column: string): number {
  const c = COMPONENTS.find((k) => k.name === name)!;
  let o = componentOffset(w, name);
  for (let i = 0; i < c.columnNames.length; i++) {
    if (c.columnNames[i] === column) return o;
    o += c.columns(w)[i]!.length;
  }
  throw new Error(`${name}.${column}`);
}

/** `blob` with each [word, value] of `edits` applied and the checksum recomputed. */
function forgeAll(blob: Uint8Array, edits: readonly (readonly [number, number])[]): Uint8Array {
  let out = blob;
  for (const [i, v] of edits) out = forge(out, i, v);
  return out;
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

  it('refuses a flipped byte anywhere (all the header, a sample of every component) with a SnapshotError (never a corrupt world)', () => {
    // Every 23rd byte (all of the header, a sample of every component; the cells made the blob 4× longer).
    for (let i = 0; i < blob.length; i += i < 64 ? 1 : 23) {
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
    const live = w.cells.mass.findIndex((m) => m !== 0);
    expect(() => restore(forge(blob, pos + live, -5), map)).toThrow(/impossible state \(cell \d+: position off the map\)/);
    const masses = componentOffset(w, 'masses');
    expect(() => restore(forge(blob, masses + live, 999999), map)).toThrow(/impossible state \(cell \d+: mass/);
    const pellets = componentOffset(w, 'pellets');
    const p = w.pellets.word.findIndex((v) => v !== 0);
    expect(() => restore(forge(blob, pellets + p, 0x7fffffff), map)).toThrow(/pellet/);
    const rng = componentOffset(w, 'rng');
    const zeroRng = forge(forge(forge(forge(blob, rng, 0), rng + 1, 0), rng + 2, 0), rng + 3, 0);
    expect(() => restore(zeroRng, map)).toThrow(/rng/);
  });

  it('refuses a damaged body by its checksum, before reading any of it', () => {
    const words = new Int32Array(blob.slice().buffer);
    words[componentOffset(w, 'positions')]! += 1;
    expect(() => restore(new Uint8Array(words.buffer), map)).toThrow(/checksum mismatch/);
    // The checksum is core/math hashColumn over words 4..end, finished, as the format says.
    const ok = new Int32Array(blob.slice().buffer);
    expect(ok[3]).toBe(checksumOf(ok));
  });

  it('refuses a blob whose component framing is wrong', () => {
    const first = componentOffset(w, 'clock') - 2;
    expect(() => restore(forge(blob, first, 12345), map)).toThrow(/component "clock" missing or out of order/);
    const pellets = componentOffset(w, 'pellets') - 2;
    expect(() => restore(forge(blob, pellets + 1, 7), map)).toThrow(/component "pellets" has the wrong size/);
    const longer = new Int32Array(blob.length / 4 + 1);
    longer.set(new Int32Array(blob.slice().buffer));
    longer[2] = longer.length;
    const padded = forge(new Uint8Array(longer.buffer), 2, longer.length);
    expect(() => restore(padded, map)).toThrow(/trailing data/);
    expect(() => restoreInto(playedWorld(10), padded)).toThrow(/trailing data/);
  });

  describe('names every kind of impossible state, through restore and restoreInto alike', () => {
    const p = w.players.alive.indexOf(1); // a live player
    const c = w.cells.mass.findIndex((m) => m !== 0); // a live cell
    const owner = c >> 4;
    const col = (component: string, column: string, entity = 0): number => columnOffset(w, component, column) + entity;
    const ownCells = (q: number): [number, number][] =>
      Array.from({ length: CELLS_PER_PLAYER }, (_, k) => q * CELLS_PER_PLAYER + k).filter((k) => w.cells.mass[k] !== 0).flatMap((k) => freeCellEdits(w, k));
    const homes = mapInfoOf(map).virusCells.length;
    const freeBlob = w.blobs.life.indexOf(0);
    const blobAt = (x: number, y: number, life = 10, owner = 1): [number, number][] => [
      [col('blobs', 'x', freeBlob), x], [col('blobs', 'y', freeBlob), y], [col('blobs', 'life', freeBlob), life], [col('blobs', 'owner', freeBlob), owner],
    ];
    const shot = homes + 3; // a free shot-virus slot
    const cases: [string, [number, number][], RegExp][] = [
      ['a frame past the end', [[col('clock', 'clock'), -1]], /clock: frame -1 outside/],
      ['a wrong ended flag', [[col('clock', 'clock', 1), 1]], /clock: ended flag 1/],
      ['a planner cursor out of range', [[col('planner', 'planner', 6), 99]], /planner: cursor out of range/],
      // players
      ['an alive flag of 7', [[col('players', 'alive', p), 7]], new RegExp(`player ${p}: alive flag`)],
      ['a live player with a respawn timer', [[col('players', 'respawn', p), 5]], new RegExp(`player ${p}: alive with a respawn timer`)],
      ['a dead player that owns cells', [[col('players', 'alive', p), 0], [col('players', 'respawn', p), 5]], new RegExp(`player ${p}: dead but owns cells`)],
      ['a dead player without a respawn timer', [[col('players', 'alive', p), 0], ...ownCells(p), [col('players', 'shield', p), 0]], new RegExp(`player ${p}: respawn timer out of range`)],
      ['a live player without a cell', ownCells(p), new RegExp(`player ${p}: alive without a cell`)],
      ['spawn protection past its length', [[col('players', 'shield', p), RULES.spawnShieldFrames + 1]], new RegExp(`player ${p}: spawn protection out of range`)],
      ['a heading out of range', [[col('players', 'heading', p), 4096]], new RegExp(`player ${p}: heading out of range`)],
      ['a negative death count', [[col('scores', 'deaths', p), -1]], /negative score/],
      ['an angle out of range', [[col('intents', 'angle', p), 5000]], /intent mode\/angle/],
      ['a target off the map', [[col('intents', 'targetY', p), -1]], /target off the map/],
      ['a path state of 9', [[col('paths', 'pathState', p), 9]], /path state\/length/],
      ['a path longer than its capacity', [[col('paths', 'pathLen', p), PATH_CAPACITY + 1]], /path state\/length/],
      ['a path index past the path', [[col('paths', 'pathLen', p), 1], [col('paths', 'pathIdx', p), 1]], /path index\/stuck/],
      [
        'a waypoint off the map',
        [[col('paths', 'pathLen', p), 3], [col('paths', 'pathIdx', p), 0], [col('paths', 'waypoints', p * PATH_CAPACITY), 5], [col('paths', 'waypoints', p * PATH_CAPACITY + 1), 5], [col('paths', 'waypoints', p * PATH_CAPACITY + 2), 1 << 20]],
        new RegExp(`player ${p}: waypoint off the map`),
      ],
      ['a cell on a slot nobody plays', [[col('masses', 'mass', 12 * CELLS_PER_PLAYER + 3), 5000]], /player 12: not playing but has state/],
      // cells
      ['a velocity out of range', [[col('velocities', 'vx', c), 99999]], new RegExp(`cell ${c}: velocity out of range`)],
      ['a boost out of range', [[col('velocities', 'by', c), -99999]], new RegExp(`cell ${c}: velocity out of range`)],
      ['a mass over the maximum', [[col('masses', 'mass', c), RULES.maxMass + 1]], new RegExp(`cell ${c}: mass out of range`)],
      ['a radius that does not match the mass', [[col('masses', 'radius', c), w.cells.radius[c]! + 1]], new RegExp(`cell ${c}: radius does not match mass`)],
      ['a centre inside a wall', [[col('positions', 'x', c), 512], [col('positions', 'y', c), 512]], new RegExp(`cell ${c}: centre inside a wall`)],
      ['a negative merge timer', [[col('timers', 'merge', c), -1]], new RegExp(`cell ${c}: timers out of range`)],
      ['a pass-through timer past its length', [[col('timers', 'noCollide', c), RULES.noCollideFrames + 1]], new RegExp(`cell ${c}: timers out of range`)],
      ['an inBush flag of 2', [[col('timers', 'inBush', c), 2]], new RegExp(`cell ${c}: inBush flag`)],
      ['a free cell slot with a position', [[col('positions', 'x', owner * CELLS_PER_PLAYER + 15), 2048]], new RegExp(`cell ${owner * CELLS_PER_PLAYER + 15}: free slot with state`)],
      // blobs
      ['a blob off the map', blobAt(-3, 2048), new RegExp(`blob ${freeBlob}: position off the map`)],
      ['a blob inside a wall', blobAt(512, 512), new RegExp(`blob ${freeBlob}: centre inside a wall`)],
      ['a blob living too long', blobAt(5 * 1024 + 512, 5 * 1024 + 512, RULES.blobLifeFrames + 1), new RegExp(`blob ${freeBlob}: timers out of range`)],
      ['a blob nobody spat', blobAt(5 * 1024 + 512, 5 * 1024 + 512, 10, 0), new RegExp(`blob ${freeBlob}: owner out of range`)],
      ['a free blob slot with a velocity', [[col('blobs', 'vx', freeBlob), 3]], new RegExp(`blob ${freeBlob}: free slot with state`)],
      // viruses
      ['a virus of the wrong mass', [[col('viruses', 'mass', 0), 100]], /virus 0: mass out of range/],
      ['a virus fed too often', [[col('viruses', 'feeds', 0), RULES.virusFeeds]], /virus 0: mass out of range/],
      ['a virus inside a wall', [[col('viruses', 'x', 0), 512], [col('viruses', 'y', 0), 512]], /virus 0: centre inside a wall/],
      ['a virus both there and coming back', [[col('viruses', 'respawn', 0), 5]], /virus 0: alive with a respawn timer/],
      [
        'a map virus gone without a way back',
        (['x', 'y', 'vx', 'vy', 'mass', 'feeds', 'aim', 'respawn'] as const).map((k) => [col('viruses', k, 0), 0] as [number, number]),
        /virus 0: respawn timer out of range/,
      ],
      ['a shot virus with a respawn timer', [[col('viruses', 'respawn', shot), 5]], new RegExp(`virus ${shot}: respawn timer out of range`)],
      ['a free virus slot with a position', [[col('viruses', 'x', shot), 5]], new RegExp(`virus ${shot}: free slot with state`)],
      // pellets, bots
      ['a malformed pellet', [[col('pellets', 'word', 1000), 0x7fffffff]], /pellet 1000: malformed word/],
      ['a pellet off the map', [[col('pellets', 'word', 1000), packPellet(map.cols * 64 + 5, 40, false)]], /pellet 1000: off the map/],
      ['a pellet inside a wall', [[col('pellets', 'word', 1000), packPellet(32, 32, false)]], /pellet 1000: inside a wall/],
      ['a bot control out of range', [[col('bots', 'control', 2), 9]], /bots: slot 2 control 9/],
      ['a bot on a slot nobody plays', [[col('bots', 'control', 12), 1]], /bots: slot 12 control 1/],
      ['bot memory on a human slot', [[col('bots', 'memory', 3 * BOT_MEMORY_WORDS + 27), 1]], /bots: human slot 3 has bot memory/],
    ];
    it('is played on a map with viruses, with a free blob slot and a free virus slot to forge into', () => {
      expect(homes).toBeGreaterThan(0);
      expect(freeBlob).toBeGreaterThanOrEqual(0);
      expect(w.viruses.mass[0]).toBe(RULES.virusMass);
      expect([w.viruses.mass[shot], w.viruses.respawn[shot]]).toEqual([0, 0]);
      expect(w.cells.mass[owner * CELLS_PER_PLAYER + 15]).toBe(0);
      expect([BLOB_CAPACITY, VIRUS_CAPACITY].every((n) => n > shot)).toBe(true);
    });
    const target = playedWorld(100);
    for (const [what, edits, message] of cases) {
      it(what, () => {
        const bad = forgeAll(blob, edits);
        expect(() => restore(bad, map)).toThrow(message);
        const before = hashWorld(target);
        expect(() => restoreInto(target, bad)).toThrow(message);
        expect(hashWorld(target)).toBe(before);
      });
    }

    it('two pellets in one cell', () => {
      const p = w.pellets.word.findIndex((v) => v !== 0);
      const free = w.pellets.word.indexOf(0, p + 1);
      const bad = forge(blob, col('pellets', 'word', free), w.pellets.word[p]!);
      expect(() => restore(bad, map)).toThrow(new RegExp(`pellet ${free}: second pellet in its cell`));
      expect(() => restoreInto(target, bad)).toThrow(/second pellet in its cell/);
    });

    it('more live pellets than the target', () => {
      const live = w.pellets.word.filter((v) => v !== 0).length;
      expect(live).toBeGreaterThan(2);
      expect(() => restore(forge(blob, 8, 2), map)).toThrow(new RegExp(`pellets: ${live} live, target 2`));
    });
  });

  it('restoreInto leaves the world untouched when it refuses a blob', () => {
    const target = playedWorld(100);
    const before = hashWorld(target);
    const pos = componentOffset(w, 'positions');
    expect(() => restoreInto(target, forge(blob, pos, -5))).toThrow(SnapshotError);
    expect(hashWorld(target)).toBe(before);
    // Refused by the last check (bots), after the pellets were read and validated.
    const at = target.scratch.pelletAt.slice();
    const { pelletCount, pelletHint } = target.scratch;
    expect(() => restoreInto(target, forge(blob, columnOffset(w, 'bots', 'control'), 9))).toThrow(/bots/);
    expect(hashWorld(target)).toBe(before);
    expect(target.scratch.pelletAt).toEqual(at);
    expect([target.scratch.pelletCount, target.scratch.pelletHint]).toEqual([pelletCount, pelletHint]);
    restoreInto(target, blob);
    expect(hashWorld(target)).toBe(hashWorld(w));
  });

  it('restoreInto leaves the derived pellet index exactly as a full rebuild would', () => {
    const target = playedWorld(100);
    const snaps = [snapshot(target)];
    const script = new ScriptedPlayers(3, 10, mapInfoOf(map));
    for (let f = 0; f < 200; f++) {
      step(target, script.next());
      if (f % 40 === 0) snaps.push(snapshot(target));
    }
    for (const s of [...snaps, ...snaps.reverse(), blob, blob]) {
      restoreInto(target, s);
      const fresh = restore(s, map);
      expect(target.scratch.pelletAt).toEqual(fresh.scratch.pelletAt);
      expect(target.scratch.pelletCount).toBe(fresh.scratch.pelletCount);
      // The hint need only be a lower bound of the free slots (spawning searches up from it).
      const firstFree = target.pellets.word.indexOf(0);
      expect(target.scratch.pelletHint).toBeLessThanOrEqual(firstFree < 0 ? PELLET_CAPACITY : firstFree);
      expect(firstDifference(target, fresh)).toBeNull();
    }
  });

  it('copyWorldInto makes the same world as restoreInto(snapshot), which then plays on identically; another match is refused', () => {
    const script = new ScriptedPlayers(3, 10, mapInfoOf(map));
    const source = createWorld(map, { seed: 3, players: 10 });
    const copied = createWorld(map, { seed: 3, players: 10 });
    const restored = createWorld(map, { seed: 3, players: 10 });
    for (let f = 0; f < 400; f++) {
      step(source, script.next());
      if (f % 37 !== 0) continue;
      copyWorldInto(copied, source);
      restoreInto(restored, snapshot(source));
      expect(firstDifference(copied, restored)).toBeNull();
      expect(copied.scratch.pelletAt).toEqual(restored.scratch.pelletAt);
      expect(copied.scratch.pelletCount).toBe(restored.scratch.pelletCount);
      expect(hashWorld(copied)).toBe(hashWorld(source));
    }
    // The copy is a world of its own: stepping it leaves the source alone, and both then agree step for step.
    copyWorldInto(copied, source);
    const before = hashWorld(source);
    const inputs = script.next();
    step(copied, inputs);
    expect(hashWorld(source)).toBe(before);
    step(source, inputs);
    expect(hashWorld(copied)).toBe(hashWorld(source));
    expect(() => copyWorldInto(createWorld(map, { seed: 4, players: 10 }), source)).toThrow(SnapshotError);
  });

  it('accepts a blob at an unaligned offset', () => {
    const buf = new Uint8Array(blob.length + 1);
    buf.set(blob, 1);
    expect(hashWorld(restore(buf.subarray(1), map))).toBe(hashWorld(w));
  });
});

describe('desync reports', () => {
  const w = playedWorld(200, 9);

  const blob = w.blobs.life.findIndex((l) => l !== 0);
  const cases: [string, (c: World) => void, string, string, string, number][] = [
    ['a velocity', (c) => void (c.cells.vx[7 * CELLS_PER_PLAYER]! += 1), 'velocities', 'vx', 'cell', 7 * CELLS_PER_PLAYER],
    ['a boost', (c) => void (c.cells.bx[37]! += 1), 'velocities', 'bx', 'cell', 37],
    ['a position', (c) => void (c.cells.y[4 * CELLS_PER_PLAYER + 2]! -= 1), 'positions', 'y', 'cell', 4 * CELLS_PER_PLAYER + 2],
    ['a merge timer', (c) => void (c.cells.merge[99]! += 1), 'timers', 'merge', 'cell', 99],
    ['a spawn protection', (c) => void (c.players.shield[6]! += 1), 'players', 'shield', 'player', 6],
    ['a pellet', (c) => void (c.pellets.word[321] = c.pellets.word[321] === 0 ? 1 << 29 : 0), 'pellets', 'word', 'pellet', 321],
    ['a waypoint', (c) => void (c.players.wp[5 * PATH_CAPACITY + 3]! += 1), 'paths', 'waypoints', 'player', 5],
    ['the rng', (c) => void (c.rng[2]! ^= 1), 'rng', 'rng', 'scalar', 2],
    ['the frame', (c) => void (c.clock[0]! += 1), 'clock', 'clock', 'scalar', 0],
    ['a kill count', (c) => void (c.players.kills[9]! += 1), 'scores', 'kills', 'player', 9],
    ['a blob', (c) => void (c.blobs.x[blob]! += 1), 'blobs', 'x', 'blob', blob],
    ['a virus', (c) => void (c.viruses.feeds[2]! += 1), 'viruses', 'feeds', 'virus', 2],
    ['a bot', (c) => void (c.bots.control[4] = 1), 'bots', 'control', 'player', 4],
  ];

  it('is played long enough to have a live blob', () => expect(blob).toBeGreaterThanOrEqual(0));

  for (const [what, perturb, component, column, kind, entity] of cases) {
    it(`firstDifference names ${what}: ${component}.${column} of ${kind} ${entity}`, () => {
      const copy = restore(snapshot(w), map);
      perturb(copy);
      expect(firstDifference(w, copy)).toMatchObject({ component, column, kind, entity });
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
