import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { layerOf, tilesetOf, tinyMap, tinyTileset } from '../../test/fixtures/maps/tinyMap';
import { MapError, Terrain, parseTiledMap } from './index';

const noExternal = (source: string): unknown => {
  throw new Error(`unexpected external tileset ${source}`);
};
const shippedTileset = JSON.parse(readFileSync(new URL('../../resources/maps/tileset.tsj', import.meta.url), 'utf8')) as unknown;

/** Parses `json` expecting a MapError; returns it for field assertions. */
function errorOf(json: unknown, resolve: (s: string) => unknown = noExternal): MapError {
  try {
    parseTiledMap(json, 'test.tmj', resolve);
  } catch (e) {
    expect(e).toBeInstanceOf(MapError);
    return e as MapError;
  }
  throw new Error('expected a MapError, the map loaded');
}

function expectError(json: unknown, layer: string | null, field: string, text?: RegExp, resolve?: (s: string) => unknown): MapError {
  const e = errorOf(json, resolve);
  expect({ layer: e.layer, field: e.field }).toEqual({ layer, field });
  expect(e.message).toContain(field);
  if (text) expect(e.reason).toMatch(text);
  return e;
}

/** A tiny map after `mutate` has broken it. */
function broken(mutate: (m: Record<string, unknown>) => void): Record<string, unknown> {
  const m = tinyMap();
  mutate(m);
  return m;
}

describe('parseTiledMap on a valid map', () => {
  it('reads size, art, terrain, walls, bushes, spawns and the name property', () => {
    const map = parseTiledMap(tinyMap(), 'maps/tiny.tmj', noExternal);
    expect(map).toMatchObject({ id: 'tiny', name: 'Tiny Test Map', cols: 4, rows: 3, tileWidth: 32, tileHeight: 32 });
    expect(Array.from(map.ground)).toEqual([0, 0, 0, 0, 0, 1, 2, 0, 3, 4, 0, 0]);
    expect(Array.from(map.terrain)).toEqual([0, 0, 0, 0, 0, Terrain.Water, Terrain.Road, 0, Terrain.Dirt, Terrain.Sand, 0, 0]);
    expect(Array.from(map.blocked)).toEqual([0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(map.wallTiles)).toEqual([0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(map.bush)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
    expect(Array.from(map.bushTiles)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0]);
    expect(map.spawns).toEqual([{ col: 0, row: 0 }, { col: 2, row: 2 }]);
    expect(map.tileset).toEqual({ name: 'tiny', image: 'tiny.png', imageWidth: 128, imageHeight: 64, tileWidth: 32, tileHeight: 32, columns: 4, tileCount: 8, margin: 0, spacing: 0 });
  });

  it('takes an explicit id over the file name', () => {
    expect(parseTiledMap(tinyMap(), 'tiny.tmj', noExternal, 'custom').id).toBe('custom');
  });

  it('clears flip flags from gids', () => {
    const m = tinyMap();
    const data = layerOf(m, 'ground')['data'] as number[];
    data[0] = (0x80000000 + 0x40000000 + 0x20000000 + 0x10000000 + 3) >>> 0; // all four flag bits on tile 2 (road)
    const map = parseTiledMap(m, 'tiny.tmj', noExternal);
    expect(map.ground[0]).toBe(2);
    expect(map.terrain[0]).toBe(Terrain.Road);
  });

  it('places tile-object and rectangle spawns at their centres', () => {
    const m = tinyMap();
    const objects = layerOf(m, 'spawns')['objects'] as Record<string, unknown>[];
    // A tile object is anchored bottom-left: x 64..96, y 32..64 → centre cell (2, 1).
    objects[0] = { id: 1, gid: 1, x: 64, y: 64, width: 32, height: 32 };
    // A rectangle 0..32 x 64..96 → centre (16, 80) → cell (0, 2).
    objects[1] = { id: 2, x: 0, y: 64, width: 32, height: 32 };
    expect(parseTiledMap(m, 'tiny.tmj', noExternal).spawns).toEqual([{ col: 2, row: 1 }, { col: 0, row: 2 }]);
  });

  it('loads an external tileset through the resolver and resolves its image beside it', () => {
    const m = tinyMap();
    const external: Record<string, unknown> = { ...tinyTileset(), type: 'tileset', image: '../art/tiny.png' };
    delete external['firstgid'];
    (m['tilesets'] as unknown[])[0] = { firstgid: 1, source: 'sets/tiny.tsj' };
    const seen: string[] = [];
    const map = parseTiledMap(m, 'tiny.tmj', (s) => (seen.push(s), external));
    expect(seen).toEqual(['sets/tiny.tsj']);
    expect(map.tileset.image).toBe('art/tiny.png');
    expect(map.terrain[5]).toBe(Terrain.Water);
  });

  it('defaults terrain to grass for tiles without the property', () => {
    const m = tinyMap();
    (layerOf(m, 'ground')['data'] as number[])[0] = 8; // tile 7: no properties
    expect(parseTiledMap(m, 'tiny.tmj', noExternal).terrain[0]).toBe(Terrain.Grass);
  });
});

describe('parseTiledMap errors name file, layer and field', () => {
  it('rejects what is not a map object', () => {
    for (const bad of [null, 42, 'map', [], undefined]) expectError(bad, null, '(root)', /not a Tiled JSON map/);
    expect(errorOf(null).message).toBe('test.tmj (no layer, field "(root)"): not a Tiled JSON map: expected an object, got null');
    expectError({ type: 'tileset', columns: 8 }, null, 'type', /not a Tiled map/);
    expectError(broken((m) => delete m['layers']), null, 'layers', /not a Tiled JSON map/);
  });

  it('rejects infinite and non-orthogonal maps', () => {
    expectError(broken((m) => (m['infinite'] = true)), null, 'infinite', /Infinite/);
    expectError(broken((m) => (m['orientation'] = 'isometric')), null, 'orientation', /orthogonal/);
  });

  it('rejects sizes over the limits', () => {
    expectError(broken((m) => (m['width'] = 257)), null, 'width', /0?1\.\.256/);
    expectError(broken((m) => (m['height'] = 0)), null, 'height');
    expectError(broken((m) => (m['tilewidth'] = 300)), null, 'tilewidth', /256/);
    expectError(broken((m) => (m['width'] = 4.5)), null, 'width', /integer/);
  });

  it('names each missing layer and a layer of the wrong kind', () => {
    for (const name of ['ground', 'walls', 'bushes', 'spawns']) {
      const m = broken((mm) => (mm['layers'] = (mm['layers'] as Record<string, unknown>[]).filter((l) => l['name'] !== name)));
      expectError(m, name, 'layers', new RegExp(`missing .*"${name}"`));
    }
    expectError(broken((m) => (layerOf(m, 'spawns')['type'] = 'tilelayer')), 'spawns', 'type', /object layer/);
    expectError(broken((m) => (m['layers'] as unknown[]).push({ ...layerOf(m, 'walls') })), 'walls', 'name', /two layers/);
  });

  it('rejects layer data of the wrong length', () => {
    expectError(broken((m) => (layerOf(m, 'walls')['data'] as number[]).pop()), 'walls', 'data', /11 entries, expected .* 12/);
    expectError(broken((m) => (layerOf(m, 'bushes')['width'] = 5)), 'bushes', 'width', /map width 4/);
  });

  it('rejects gids outside the tileset and malformed gids', () => {
    expectError(broken((m) => ((layerOf(m, 'walls')['data'] as number[])[2] = 9)), 'walls', 'data[2]', /gid 9 .*col 2, row 0.*1\.\.8/);
    expectError(broken((m) => ((layerOf(m, 'ground')['data'] as unknown[])[1] = '1')), 'ground', 'data[1]', /expected a gid/);
    expectError(broken((m) => ((layerOf(m, 'ground')['data'] as number[])[7] = -1)), 'ground', 'data[7]', /expected a gid/);
  });

  it('requires ground art on every cell', () => {
    expectError(broken((m) => ((layerOf(m, 'ground')['data'] as number[])[6] = 0)), 'ground', 'data[6]', /col 2, row 1 has no ground/);
  });

  it('rejects base64 and compressed layers with a re-save hint', () => {
    const hint = /Tile Layer Format to "CSV"/;
    expectError(broken((m) => (layerOf(m, 'ground')['encoding'] = 'base64')), 'ground', 'encoding', hint);
    expectError(broken((m) => (layerOf(m, 'walls')['compression'] = 'zstd')), 'walls', 'compression', hint);
    expectError(broken((m) => (layerOf(m, 'bushes')['data'] = 'AAAA')), 'bushes', 'data', hint);
    const saved = JSON.parse(readFileSync(new URL('../../test/fixtures/maps/base64-zlib.tmj', import.meta.url), 'utf8')) as unknown;
    expectError(saved, 'ground', 'encoding', hint, () => shippedTileset);
  });

  it('rejects missing or inconsistent tileset fields', () => {
    expectError(broken((m) => delete tilesetOf(m)['columns']), null, 'tilesets[0].columns', /integer/);
    expectError(broken((m) => (tilesetOf(m)['tilecount'] = 0)), null, 'tilesets[0].tilecount');
    expectError(broken((m) => (tilesetOf(m)['columns'] = 5)), null, 'tilesets[0].columns', /160 px .* 128 px wide/);
    expectError(broken((m) => (tilesetOf(m)['tilecount'] = 13)), null, 'tilesets[0].tilecount', /4 rows/);
    expectError(broken((m) => (tilesetOf(m)['tilewidth'] = 16)), null, 'tilesets[0].tilewidth', /must match/);
    expectError(broken((m) => delete tilesetOf(m)['image']), null, 'tilesets[0].image', /one image/);
    expectError(broken((m) => (tilesetOf(m)['image'] = '../../secret.png')), null, 'tilesets[0].image', /inside the map's folder/);
    expectError(broken((m) => (tilesetOf(m)['image'] = 'C:/art/x.png')), null, 'tilesets[0].image');
    expectError(broken((m) => (tilesetOf(m)['firstgid'] = 0)), null, 'tilesets[0].firstgid');
    expectError(broken((m) => (m['tilesets'] as unknown[]).push(tinyTileset())), null, 'tilesets', /exactly one tileset, found 2/);
    expectError(broken((m) => (m['tilesets'] = [])), null, 'tilesets', /found 0/);
  });

  it('rejects an unknown terrain property value', () => {
    const m = broken((mm) => {
      const tiles = tilesetOf(mm)['tiles'] as { properties: { value: unknown }[] }[];
      tiles[2]!.properties[0]!.value = 'lava';
    });
    expectError(m, null, 'tilesets[0].tiles[2].properties[0].value', /grass, road, sand, water, dirt; got "lava"/);
  });

  it('reports external tileset problems against the tileset file', () => {
    const external = (m: Record<string, unknown>) => ((m['tilesets'] as unknown[])[0] = { firstgid: 1, source: 'tiny.tsj' });
    const e = expectError(broken(external), null, 'tilesets[0].source', /could not be read: no such file/, () => {
      throw new Error('no such file');
    });
    expect(e.file).toBe('test.tmj');
    const bad = { ...tinyTileset(), type: 'tileset', columns: 'eight' };
    const e2 = expectError(broken(external), null, 'columns', /integer/, () => bad);
    expect(e2.file).toBe('tiny.tsj');
    expectError(broken(external), null, 'type', /"tileset"/, () => tinyMap());
    expectError(broken((m) => ((m['tilesets'] as unknown[])[0] = { firstgid: 1, source: 'tiny.tsx' })), null, 'tilesets[0].source', /Export As/);
  });

  it('rejects spawns outside the map, on blocked cells, duplicated, or none', () => {
    const spawnAt = (k: number, x: number, y: number) => (m: Record<string, unknown>) => {
      const o = (layerOf(m, 'spawns')['objects'] as Record<string, unknown>[])[k]!;
      o['x'] = x;
      o['y'] = y;
    };
    expectError(broken(spawnAt(1, 128, 10)), 'spawns', 'objects[1]', /outside the map/);
    expectError(broken(spawnAt(0, -0.5, 10)), 'spawns', 'objects[0]', /outside the map/);
    expectError(broken(spawnAt(1, 100, 5)), 'spawns', 'objects[1]', /col 3, row 0 is on a blocked cell/); // the wall
    expectError(broken(spawnAt(0, 40, 40)), 'spawns', 'objects[0]', /col 1, row 1 is on a blocked cell/); // the water
    expectError(broken(spawnAt(1, 31, 31)), 'spawns', 'objects[1]', /second spawn/);
    expectError(broken((m) => (layerOf(m, 'spawns')['objects'] = [])), 'spawns', 'objects', /no spawn points/);
    expectError(broken(spawnAt(0, Number.NaN, 3)), 'spawns', 'objects[0].x', /number/);
  });

  it('rejects layer offsets and position-less templates', () => {
    expectError(broken((m) => (layerOf(m, 'walls')['offsetx'] = 8)), 'walls', 'offsetx', /offset must be 0/);
    const tpl = (m: Record<string, unknown>) => ((layerOf(m, 'spawns')['objects'] as unknown[])[0] = { id: 1, template: 'spawn.tj' });
    expectError(broken(tpl), 'spawns', 'objects[0]', /Detach Template/);
  });
});
