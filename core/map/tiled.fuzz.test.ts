/**
 * Random mutations of valid maps: parseTiledMap must either return a map that satisfies every
 * GameMap invariant or throw a MapError from a specific check (never the internal-error guard,
 * never any other exception). Seeded, so a failure reproduces.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tinyMap, tinyMapWithViruses } from '../../test/fixtures/maps/tinyMap';
import type { GameMap } from './index';
import { INTERNAL_ERROR_FIELD, MAP_LIMITS, MapError, Terrain, parseTiledMap } from './index';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const POOL: readonly unknown[] = [null, -1, 0, 1, 2, 1.5, 255, 256, 257, 0x10000000, 2 ** 32, 1e308, Number.NaN, '', 'x', 'csv', 'base64', true, false, [], {}, [1, 2]];

type Path = (string | number)[];

function paths(v: unknown, skipData: boolean, prefix: Path = [], out: Path[] = []): Path[] {
  if (typeof v !== 'object' || v === null) return out;
  for (const [k, child] of Object.entries(v)) {
    const key = Array.isArray(v) ? Number(k) : k;
    if (skipData && k === 'data') {
      out.push([...prefix, key, 0]);
      continue;
    }
    out.push([...prefix, key]);
    paths(child, skipData, [...prefix, key], out);
  }
  return out;
}

/** Applies one random mutation at a random path. */
function mutate(root: Record<string, unknown>, r: () => number, skipData: boolean): void {
  const all = paths(root, skipData);
  const path = all[Math.floor(r() * all.length)]!;
  let parent: unknown = root;
  for (const k of path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[k];
  const obj = parent as Record<string | number, unknown>;
  const key = path[path.length - 1]!;
  const old = obj[key];
  const roll = r();
  if (roll < 0.15 && !Array.isArray(obj)) delete obj[key];
  else if (roll < 0.3 && Array.isArray(old)) old.length = Math.floor(r() * old.length);
  else if (roll < 0.5 && typeof old === 'number') obj[key] = old + (r() < 0.5 ? -1 : 1) * (1 + Math.floor(r() * 40));
  else obj[key] = structuredClone(POOL[Math.floor(r() * POOL.length)]);
}

function checkInvariants(map: GameMap): void {
  const n = map.cols * map.rows;
  expect(map.cols >= 1 && map.cols <= MAP_LIMITS.maxCells && map.rows >= 1 && map.rows <= MAP_LIMITS.maxCells).toBe(true);
  for (const a of [map.ground, map.terrain, map.blocked, map.bush, map.wallTiles, map.bushTiles]) expect(a.length).toBe(n);
  for (let i = 0; i < n; i++) {
    if (map.ground[i]! >= map.tileset.tileCount || map.wallTiles[i]! > map.tileset.tileCount) throw new Error(`tile out of range at ${i}`);
    const blocked = map.wallTiles[i]! > 0 || map.terrain[i] === Terrain.Water ? 1 : 0;
    if (map.blocked[i] !== blocked || map.bush[i] !== (map.bushTiles[i]! > 0 ? 1 : 0)) throw new Error(`inconsistent cell ${i}`);
  }
  expect(map.spawns.length).toBeGreaterThan(0);
  const cells = map.spawns.map((p) => p.row * map.cols + p.col);
  expect(new Set(cells).size).toBe(cells.length);
  for (const p of map.spawns) expect(map.blocked[p.row * map.cols + p.col]).toBe(0);
  expect(map.viruses.length).toBeLessThanOrEqual(MAP_LIMITS.maxViruses);
  const viruses = map.viruses.map((p) => p.row * map.cols + p.col);
  expect(new Set(viruses).size).toBe(viruses.length);
  for (const p of map.viruses) {
    expect(Number.isInteger(p.col) && Number.isInteger(p.row) && p.col >= 0 && p.row >= 0 && p.col < map.cols && p.row < map.rows).toBe(true);
    expect(map.blocked[p.row * map.cols + p.col]).toBe(0);
  }
}

function fuzz(base: () => Record<string, unknown>, seed: number, rounds: number, skipData: boolean, resolve: (s: string) => unknown): { ok: number; fields: Set<string> } {
  const r = rng(seed);
  let ok = 0;
  const fields = new Set<string>();
  for (let round = 0; round < rounds; round++) {
    const m = base();
    const count = 1 + Math.floor(r() * 3);
    for (let k = 0; k < count; k++) mutate(m, r, skipData);
    try {
      checkInvariants(parseTiledMap(m, 'fuzz.tmj', resolve));
      ok++;
    } catch (e) {
      if (!(e instanceof MapError)) throw new Error(`round ${round}: ${String(e)} for ${JSON.stringify(m).slice(0, 400)}`);
      expect(e.field, `round ${round}: ${e.message}`).not.toBe(INTERNAL_ERROR_FIELD);
      fields.add(e.field.replace(/\d+/g, '#'));
    }
  }
  return { ok, fields };
}

describe('parseTiledMap under random mutation', () => {
  it('throws only specific MapErrors, or returns a map that keeps every invariant (tiny map)', () => {
    const { ok, fields } = fuzz(tinyMap, 1234, 3000, false, () => {
      throw new Error('no external tilesets here');
    });
    // The mutations must exercise both outcomes and many distinct checks, or the test proves little.
    expect(ok).toBeGreaterThan(100);
    expect(fields.size).toBeGreaterThan(25);
  });

  it('does the same with a viruses layer (tiny map with two viruses)', () => {
    const { ok, fields } = fuzz(tinyMapWithViruses, 4321, 1200, false, () => {
      throw new Error('no external tilesets here');
    });
    expect(ok).toBeGreaterThan(100);
    expect([...fields].filter((f) => f.startsWith('objects')).length).toBeGreaterThan(3); // the virus (and spawn) objects' own checks
  });

  it('does the same on the shipped arena with its external tileset', () => {
    const dir = new URL('../../resources/maps/', import.meta.url);
    const text = readFileSync(new URL('arena-small.tmj', dir), 'utf8');
    const tileset = JSON.parse(readFileSync(new URL('tileset.tsj', dir), 'utf8')) as Record<string, unknown>;
    const r = rng(99);
    const resolve = () => {
      if (r() < 0.3) {
        const t = structuredClone(tileset);
        mutate(t, r, false);
        return t;
      }
      return tileset;
    };
    const { ok } = fuzz(() => JSON.parse(text) as Record<string, unknown>, 777, 400, true, resolve);
    expect(ok).toBeGreaterThan(20);
  });
});
