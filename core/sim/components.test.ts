/**
 * COMPONENTS covers the whole state: every typed array a real world holds is a COMPONENTS column
 * (so it is hashed and snapshotted) or sits under a NOT_STATE path (deliberately not state, with
 * the reason there). A forgotten column would silently drop out of desync checks and rejoins.
 */
import { describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { COMPONENTS, NOT_STATE } from './components';
import { ScriptedPlayers, createWorld, mapInfoOf, restoreInto, snapshot, step, type World } from './index';

const isPlain = (v: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === Array.prototype || proto === null;
};

/**
 * Paths (from `world`) of the typed arrays that are neither one of COMPONENTS' columns of `state`
 * nor under a NOT_STATE path, and of class instances (opaque to this walk) not under one either.
 * Walks plain objects and arrays; `state` defaults to `world` (a planted copy keeps its columns).
 */
function unlistedArrays(world: object, state: World, notState: Readonly<Record<string, string>> = NOT_STATE): string[] {
  const columns = new Set<unknown>(COMPONENTS.flatMap((c) => c.columns(state)));
  const out: string[] = [];
  const visiting = new Set<object>();
  const walk = (v: unknown, at: string): void => {
    if (v === null || typeof v !== 'object' || visiting.has(v)) return;
    if (Object.hasOwn(notState, at)) return;
    if (ArrayBuffer.isView(v)) {
      if (!columns.has(v)) out.push(`${at} (${v.constructor.name})`);
      return;
    }
    // The world itself is a class instance (World.ts: one shape for every world); below it, plain data.
    if (at !== '' && !isPlain(v)) return void out.push(`${at} (a ${v.constructor.name}: list it in NOT_STATE, its insides cannot be checked)`);
    visiting.add(v);
    for (const [k, x] of Object.entries(v)) walk(x, at === '' ? k : `${at}.${k}`);
    visiting.delete(v);
  };
  walk(world, '');
  return out;
}

/** NOT_STATE paths that name nothing in `world` (a renamed or removed field leaves a stale entry). */
function staleEntries(world: object): string[] {
  const has = (p: string): boolean => {
    let v: unknown = world;
    for (const k of p.split('.')) {
      if (v === null || typeof v !== 'object' || !Object.hasOwn(v, k)) return false;
      v = (v as Record<string, unknown>)[k];
    }
    return true;
  };
  return Object.keys(NOT_STATE).filter((p) => !has(p));
}

const maps = loadShippedMaps();

/** A world on `mapId` after `frames` steps of scripted play, or sooner once `until` holds. */
function played(mapId: string, players: number, frames: number, until: (w: World) => boolean = () => false): World {
  const map = maps.get(mapId)!;
  const w = createWorld(map, { seed: 3, players });
  const script = new ScriptedPlayers(3, players, mapInfoOf(map));
  for (let f = 0; f < frames && !until(w); f++) step(w, script.next());
  return w;
}

/**
 * Worlds that between them fill every lazily made or transient field: a fresh one, one with a
 * path search in flight at the end of a frame (rare with JPS: played until one is), one
 * snapshotted and restored.
 */
let made: World[] | null = null;
function worlds(): World[] {
  made ??= makeWorlds(); // read only below: made once for both tests
  return made;
}

function makeWorlds(): World[] {
  const restored = played('arena-small', 10, 150);
  restoreInto(restored, snapshot(restored));
  const searching = played('labyrinth-large', 50, 3000, (w) => w.scratch.searchResult !== null);
  expect(restored.scratch.stage).not.toBeNull();
  expect(searching.scratch.searchResult).not.toBeNull();
  return [createWorld(maps.get('arena-small')!, { seed: 1, players: 4 }), searching, restored];
}

describe('COMPONENTS covers every typed array of the world', () => {
  it('finds no unlisted typed array in a fresh, a searching or a restored world', () => {
    for (const w of worlds()) expect(unlistedArrays(w, w), 'typed arrays in neither COMPONENTS nor NOT_STATE (components.ts): add each to one').toEqual([]);
  });

  it('names a planted column that COMPONENTS does not list, at any depth', () => {
    const w = played('arena-small', 10, 150);
    expect(unlistedArrays({ ...w, shield: new Int32Array(4) }, w)).toEqual(['shield (Int32Array)']);
    expect(unlistedArrays({ ...w, players: { ...w.players, dash: new Uint8Array(4) } }, w)).toEqual(['players.dash (Uint8Array)']);
    expect(unlistedArrays({ ...w, cells: { ...w.cells, spin: new Int32Array(4) } }, w)).toEqual(['cells.spin (Int32Array)']);
    expect(unlistedArrays({ ...w, blobs: { ...w.blobs, mass: new Int32Array(4) } }, w)).toEqual(['blobs.mass (Int32Array)']);
    expect(unlistedArrays({ ...w, viruses: { ...w.viruses, home: new Int32Array(4) } }, w)).toEqual(['viruses.home (Int32Array)']);
    expect(unlistedArrays({ ...w, scratch: { ...w.scratch, spare: new Float64Array(1) } }, w)).toEqual(['scratch.spare (Float64Array)']);
    expect(unlistedArrays({ ...w, bots: { ...w.bots, plans: [new Int32Array(2)] } }, w)).toEqual(['bots.plans.0 (Int32Array)']);
    // A copy of a column is not the column: it would be neither hashed nor snapshotted.
    expect(unlistedArrays({ ...w, cells: { ...w.cells, x: w.cells.x.slice() } }, w)).toEqual(['cells.x (Int32Array)']);
    expect(unlistedArrays({ ...w, viruses: { ...w.viruses, feeds: w.viruses.feeds.slice() } }, w)).toEqual(['viruses.feeds (Int32Array)']);
    // A class instance could hide a column: it must be listed too.
    expect(unlistedArrays({ ...w, extra: new Map() }, w)).toEqual(['extra (a Map: list it in NOT_STATE, its insides cannot be checked)']);
  });

  it('needs every NOT_STATE entry', () => {
    const all = worlds();
    for (const w of all) expect(staleEntries(w)).toEqual([]);
    for (const path of Object.keys(NOT_STATE)) {
      const fewer = Object.fromEntries(Object.entries(NOT_STATE).filter(([p]) => p !== path));
      expect(all.flatMap((w) => unlistedArrays(w, w, fewer)), `${path} covers nothing`).not.toEqual([]);
    }
  });
});
