import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { layerOf, pointObject, tilesetOf, tinyMap, tinyMapWithViruses, tinyTileset, virusLayer } from '../../test/fixtures/maps/tinyMap';
import { MAP_LIMITS, MapError, Terrain, mapSimHash, parseTiledMap } from './index';

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
    // Objects are named by index, Tiled id and name.
    expectError(broken(spawnAt(1, 128, 10)), 'spawns', 'objects[1] (id 2, "b")', /outside the map/);
    expectError(broken(spawnAt(0, -0.5, 10)), 'spawns', 'objects[0] (id 1, "a")', /outside the map/);
    expectError(broken(spawnAt(1, 100, 5)), 'spawns', 'objects[1] (id 2, "b")', /col 3, row 0 is on a blocked cell/); // the wall
    expectError(broken(spawnAt(0, 40, 40)), 'spawns', 'objects[0] (id 1, "a")', /col 1, row 1 is on a blocked cell/); // the water
    expectError(broken(spawnAt(1, 31, 31)), 'spawns', 'objects[1] (id 2, "b")', /second spawn/);
    expectError(broken((m) => (layerOf(m, 'spawns')['objects'] = [])), 'spawns', 'objects', /no spawn points/);
    expectError(broken(spawnAt(0, Number.NaN, 3)), 'spawns', 'objects[0] (id 1, "a").x', /number/);
    // Without an id or a name, the index alone.
    const anonymous = broken((m) => ((layerOf(m, 'spawns')['objects'] as unknown[])[1] = { point: true, x: 200, y: 10 }));
    expectError(anonymous, 'spawns', 'objects[1]', /outside the map/);
  });

  it('rejects layer offsets and position-less templates', () => {
    expectError(broken((m) => (layerOf(m, 'walls')['offsetx'] = 8)), 'walls', 'offsetx', /offset must be 0/);
    const tpl = (m: Record<string, unknown>) => ((layerOf(m, 'spawns')['objects'] as unknown[])[0] = { id: 1, template: 'spawn.tj' });
    expectError(broken(tpl), 'spawns', 'objects[0] (id 1)', /Detach Template/);
  });
});

describe('the optional "viruses" object layer', () => {
  /** The tiny map with viruses after `mutate` has broken its virus layer's objects. */
  const withViruses = (mutate: (objects: Record<string, unknown>[], layer: Record<string, unknown>) => void): Record<string, unknown> => {
    const m = tinyMapWithViruses();
    const layer = layerOf(m, 'viruses');
    mutate(layer['objects'] as Record<string, unknown>[], layer);
    return m;
  };

  it('places viruses in file order on the cells of their points (tile objects and rectangles at their centres)', () => {
    expect(parseTiledMap(tinyMapWithViruses(), 'tiny.tmj', noExternal).viruses).toEqual([{ col: 1, row: 0 }, { col: 3, row: 1 }]);
    const m = withViruses((objects) => {
      objects.push({ id: 9, gid: 1, x: 64, y: 96, width: 32, height: 32 }); // tile object: centre (80, 80) → (2, 2)
      objects.push({ id: 10, x: 0, y: 32, width: 32, height: 32 }); // rectangle: centre (16, 48) → (0, 1)
    });
    expect(parseTiledMap(m, 'tiny.tmj', noExternal).viruses).toEqual([{ col: 1, row: 0 }, { col: 3, row: 1 }, { col: 2, row: 2 }, { col: 0, row: 1 }]);
  });

  it('is optional: a map without it, or with it empty, has no viruses', () => {
    expect(parseTiledMap(tinyMap(), 'tiny.tmj', noExternal).viruses).toEqual([]);
    expect(parseTiledMap(withViruses((objects) => (objects.length = 0)), 'tiny.tmj', noExternal).viruses).toEqual([]);
  });

  it('refuses a virus on a wall or on water, in one line naming the file, layer and object', () => {
    const onWall = withViruses((objects) => (objects[1] = pointObject(17, 'v', 100, 5)));
    const e = expectError(onWall, 'viruses', 'objects[1] (id 17, "v")', /virus at col 3, row 0 is on a blocked cell/);
    expect(e.message).toBe('test.tmj (layer "viruses", field "objects[1] (id 17, "v")"): virus at col 3, row 0 is on a blocked cell (wall or water)');
    expect(e.message).not.toContain('\n');
    expectError(withViruses((objects) => (objects[0] = pointObject(3, 'pond', 40, 40))), 'viruses', 'objects[0] (id 3, "pond")', /col 1, row 1 is on a blocked cell/);
  });

  it('refuses a virus outside the map, on either side', () => {
    expectError(withViruses((objects) => (objects[0]!['x'] = 128)), 'viruses', 'objects[0] (id 3, "v1")', /virus at \(128, 16\) px is outside the map \(0\.\.128 x 0\.\.96 px\)/);
    expectError(withViruses((objects) => (objects[1]!['y'] = -1)), 'viruses', 'objects[1] (id 4, "v2")', /outside the map/);
    expectError(withViruses((objects) => (objects[1]!['x'] = 1e9)), 'viruses', 'objects[1] (id 4, "v2")', /outside the map/);
  });

  it('refuses two viruses on one cell', () => {
    expectError(withViruses((objects) => objects.push(pointObject(8, 'twin', 40, 10))), 'viruses', 'objects[2] (id 8, "twin")', /a second virus at col 1, row 0/);
  });

  it('refuses more viruses than MAP_LIMITS.maxViruses, before reading them', () => {
    const enough = withViruses((objects) => {
      objects.length = 0;
      for (let k = 0; k < 9; k++) if (k !== 3 && k !== 5) objects.push(pointObject(100 + k, `v${k}`, (k % 4) * 32 + 16, Math.floor(k / 4) * 32 + 16));
    });
    expect(parseTiledMap(enough, 'tiny.tmj', noExternal).viruses).toHaveLength(7);
    // Exactly the limit passes the count (here to fail on the cells), one more does not.
    const all = (n: number) => withViruses((objects) => {
      objects.length = 0;
      for (let k = 0; k < n; k++) objects.push(pointObject(100 + k, `v${k}`, 16, 16));
    });
    expectError(all(MAP_LIMITS.maxViruses), 'viruses', 'objects[1] (id 101, "v1")', /a second virus/);
    expectError(all(MAP_LIMITS.maxViruses + 1), 'viruses', 'objects', new RegExp(`has ${MAP_LIMITS.maxViruses + 1} objects; at most ${MAP_LIMITS.maxViruses} viruses are allowed`));
  });

  it('refuses bad fields, naming the object and the field', () => {
    expectError(withViruses((objects) => (objects[0]!['x'] = 'left')), 'viruses', 'objects[0] (id 3, "v1").x', /number/);
    expectError(withViruses((objects) => delete objects[1]!['y']), 'viruses', 'objects[1] (id 4, "v2").y', /number/);
    expectError(withViruses((objects) => (objects[0]!['width'] = Number.NaN)), 'viruses', 'objects[0] (id 3, "v1").width', /number/);
    expectError(withViruses((objects) => ((objects as unknown[])[1] = 'virus')), 'viruses', 'objects[1]', /object/);
    expectError(withViruses((objects) => ((objects as unknown[])[0] = { id: 3, name: 'v1', template: 'virus.tj' })), 'viruses', 'objects[0] (id 3, "v1")', /Detach Template/);
    expectError(withViruses((_o, layer) => (layer['objects'] = 'none')), 'viruses', 'objects');
    expectError(withViruses((_o, layer) => (layer['type'] = 'tilelayer')), 'viruses', 'type', /object layer/);
    expectError(withViruses((_o, layer) => (layer['offsety'] = 4)), 'viruses', 'offsetx', /offset must be 0/);
    const twice = tinyMapWithViruses();
    (twice['layers'] as unknown[]).push(virusLayer([]));
    expectError(twice, 'viruses', 'name', /two layers are named "viruses"/);
  });

  it('cuts a long object name in the error', () => {
    const e = errorOf(withViruses((objects) => (objects[0] = pointObject(3, 'x'.repeat(300), 100, 5))));
    expect(e.field).toBe(`objects[0] (id 3, "${'x'.repeat(40)}")`);
  });

  it('moves the map fingerprint (mapSimHash) with the viruses', () => {
    const h = mapSimHash(parseTiledMap(tinyMapWithViruses(), 'tiny.tmj', noExternal));
    expect(mapSimHash(parseTiledMap(tinyMap(), 'tiny.tmj', noExternal))).not.toBe(h);
    expect(mapSimHash(parseTiledMap(withViruses((objects) => (objects[1]!['x'] = 80)), 'tiny.tmj', noExternal))).not.toBe(h); // moved a cell
    expect(mapSimHash(parseTiledMap(withViruses((objects) => (objects[1]!['x'] = 120)), 'tiny.tmj', noExternal))).toBe(h); // same cell
    expect(mapSimHash(parseTiledMap(withViruses((objects) => objects.reverse()), 'tiny.tmj', noExternal))).not.toBe(h); // order is virus ids
  });
});
