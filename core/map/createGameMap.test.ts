import { describe, expect, it } from 'vitest';
import { BUILTIN_TILESET, BuiltinTile, MAP_LIMITS, MapError, Terrain, builtinTileTerrain, createGameMap, inMap, isFreeCell, mapSimHash } from './index';

const PICTURE = `
  #######
  #S..*~#
  #=,:*~#
  #..S..#
  #######
`;

describe('createGameMap from ASCII', () => {
  const map = createGameMap({ picture: PICTURE, id: 'pic', name: 'Picture' });
  const at = (col: number, row: number) => row * map.cols + col;

  it('reads size, terrain, walls, water, bushes and spawns in reading order', () => {
    expect([map.id, map.name, map.cols, map.rows, map.tileWidth, map.tileHeight]).toEqual(['pic', 'Picture', 7, 5, 32, 32]);
    expect(map.spawns).toEqual([{ col: 1, row: 1 }, { col: 3, row: 3 }]);
    expect([map.terrain[at(1, 2)], map.terrain[at(2, 2)], map.terrain[at(3, 2)], map.terrain[at(5, 1)], map.terrain[at(2, 1)]]).toEqual([
      Terrain.Road, Terrain.Dirt, Terrain.Sand, Terrain.Water, Terrain.Grass,
    ]);
    expect([map.blocked[at(0, 0)], map.blocked[at(5, 2)], map.blocked[at(4, 1)], map.blocked[at(2, 3)]]).toEqual([1, 1, 0, 0]);
    expect([map.bush[at(4, 1)], map.bush[at(4, 2)], map.bush[at(3, 1)]]).toEqual([1, 1, 0]);
    expect(isFreeCell(map, 4, 1)).toBe(true);
    expect(isFreeCell(map, 5, 1)).toBe(false);
    expect(inMap(map, 7, 0)).toBe(false);
  });

  it('paints art the renderer can draw, consistent with the terrain', () => {
    expect(map.tileset).toBe(BUILTIN_TILESET);
    for (let i = 0; i < map.cols * map.rows; i++) {
      expect(builtinTileTerrain(map.ground[i]!), `cell ${i}`).toBe(map.terrain[i]);
      expect(map.wallTiles[i]! > 0).toBe(map.blocked[i] === 1 && map.terrain[i] !== Terrain.Water);
      expect(map.bushTiles[i]! > 0).toBe(map.bush[i] === 1);
    }
    // The top-left wall's neighbours east and south are walls; off-map counts as wall: no edges.
    expect(map.wallTiles[at(0, 0)]).toBe(BuiltinTile.Wall + 0 + 1);
    // The wall at (1, 0) has open floor to the south only: edge mask 4.
    expect(map.wallTiles[at(1, 0)]).toBe(BuiltinTile.Wall + 4 + 1);
    // Water at (5, 1): walls (dirt ground) north and east, grass west, water south → mask N + E + W.
    expect(map.ground[at(5, 1)]).toBe(BuiltinTile.Water + 1 + 2 + 8);
  });

  it('accepts an array of rows and allows a map without spawns', () => {
    const m = createGameMap({ picture: ['..', '.#'] });
    expect([m.id, m.cols, m.rows, m.spawns.length, m.blocked[3]]).toEqual(['ascii', 2, 2, 0, 1]);
    expect(m.viruses).toEqual([]);
  });

  it('places viruses (V, on grass) in reading order', () => {
    const m = createGameMap({ picture: ['#####', '#V.S#', '#.V.#', '#V..#', '#####'] });
    expect(m.viruses).toEqual([{ col: 1, row: 1 }, { col: 2, row: 2 }, { col: 1, row: 3 }]);
    expect(m.spawns).toEqual([{ col: 3, row: 1 }]);
    for (const v of m.viruses) expect([m.blocked[v.row * m.cols + v.col], m.terrain[v.row * m.cols + v.col]]).toEqual([0, Terrain.Grass]);
  });

  it('allows at most MAP_LIMITS.maxViruses viruses', () => {
    const row = (n: number) => 'V'.repeat(n).padEnd(40, '.');
    expect(createGameMap({ picture: [row(MAP_LIMITS.maxViruses)] }).viruses).toHaveLength(MAP_LIMITS.maxViruses);
    try {
      createGameMap({ picture: [row(MAP_LIMITS.maxViruses + 1)], id: 'many' });
      expect.fail('loaded');
    } catch (e) {
      expect(e).toBeInstanceOf(MapError);
      expect((e as MapError).field).toBe('picture');
      expect((e as MapError).message).toMatch(new RegExp(`has ${MAP_LIMITS.maxViruses + 1} viruses; at most ${MAP_LIMITS.maxViruses}`));
    }
  });

  it('rejects ragged rows, unknown characters and empty pictures with MapError', () => {
    const fieldOf = (picture: string | string[]) => {
      try {
        createGameMap({ picture });
      } catch (e) {
        expect(e).toBeInstanceOf(MapError);
        return (e as MapError).field;
      }
      return 'no error';
    };
    expect(fieldOf(['...', '..'])).toBe('picture[1]');
    expect(fieldOf(['..', '.x'])).toBe('picture[1][1]');
    expect(fieldOf(['..', '.\u00a0'])).toBe('picture[1][1]');
    expect(fieldOf('')).toBe('picture');
    expect(fieldOf(['.'.repeat(257)])).toBe('picture');
  });
});

describe('mapSimHash', () => {
  const base = ['#####', '#S.*#', '#.~.#', '#####'];
  const hash = (picture: string[]) => mapSimHash(createGameMap({ picture }));

  it('is stable for the same content and ignores art and names', () => {
    expect(hash(base)).toBe(hash([...base]));
    const a = createGameMap({ picture: base, id: 'a', name: 'A' });
    const b = createGameMap({ picture: base, id: 'b', name: 'B' });
    b.ground.fill(0); // different art, same play
    expect(mapSimHash(a)).toBe(mapSimHash(b));
  });

  it('changes when anything the simulation reads changes', () => {
    const h = hash(base);
    expect(hash(['#####', '#S#*#', '#.~.#', '#####'])).not.toBe(h); // a wall
    expect(hash(['#####', '#S..#', '#.~.#', '#####'])).not.toBe(h); // a bush
    expect(hash(['#####', '#.S*#', '#.~.#', '#####'])).not.toBe(h); // a spawn moved
    expect(hash(['#####', '#S.*#', '#.:.#', '#####'])).not.toBe(h); // water became sand
    expect(hash(['#####', '#S.*#', '#=~.#', '#####'])).not.toBe(h); // grass became road
    expect(hash(['..', '..'])).not.toBe(hash(['....'])); // same cells, other shape
  });

  it('changes when a virus moves, comes or goes — and not for a virus in the same place', () => {
    const v = ['#####', '#SV*#', '#.~.#', '#####'];
    const h = hash(v);
    expect(h).not.toBe(hash(base)); // a virus added
    expect(hash(['#####', '#S.*#', '#V~.#', '#####'])).not.toBe(h); // moved
    expect(hash(['#####', '#SV*#', '#.~V#', '#####'])).not.toBe(h); // one more
    expect(hash([...v])).toBe(h);
    // A virus is not a spawn: swapping the two cells changes the hash.
    expect(hash(['#####', '#VS*#', '#.~.#', '#####'])).not.toBe(h);
  });
});
