/**
 * Draws the shipped tileset: resources/maps/tileset.png (8 x 8 tiles of 32 px) and its Tiled
 * external tileset resources/maps/tileset.tsj (with the per-tile `terrain` property).
 * The tile layout comes from core/map's BuiltinTile table, so maps painted with
 * paintBuiltinTiles always find the art they expect. Output is byte-for-byte deterministic: all
 * randomness comes from a seeded PRNG keyed by tile, never Math.random.
 * The painters live in scripts/mapgen/tiles.ts, their pixel primitives in mapgen/paint.ts.
 * Usage: npx tsx scripts/gen-map-art.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { BUILTIN_TILESET, BuiltinTile, TERRAIN_NAMES, builtinTileTerrain } from '../core/map';
import type { Tile } from './mapgen/paint';
import { TILE_PX as T, clamp01 } from './mapgen/paint';
import { bush, dirt, flowers, grass, road, sand, spawnMarker, tufts, wall, water } from './mapgen/tiles';

const OUT_DIR = fileURLToPath(new URL('../resources/maps/', import.meta.url));

/** Every tile of the sheet, by BuiltinTile index. */
function drawAll(): Tile[] {
  const tiles: Tile[] = new Array<Tile>(BUILTIN_TILESET.tileCount);
  for (let v = 0; v < 4; v++) tiles[BuiltinTile.Grass + v] = grass(10 + v);
  tiles[BuiltinTile.GrassFlowers] = grass(20, flowers);
  tiles[BuiltinTile.GrassTuft] = grass(21, tufts);
  for (let v = 0; v < 2; v++) tiles[BuiltinTile.Dirt + v] = dirt(30 + v, false);
  tiles[BuiltinTile.DirtPebbles] = dirt(32, true);
  for (let v = 0; v < 2; v++) tiles[BuiltinTile.Sand + v] = sand(40 + v);
  for (let v = 0; v < 4; v++) tiles[BuiltinTile.Bush + v] = bush(v);
  tiles[BuiltinTile.SpawnMarker] = spawnMarker();
  for (let m = 0; m < 16; m++) {
    tiles[BuiltinTile.Road + m] = road(m);
    tiles[BuiltinTile.Water + m] = water(m);
    tiles[BuiltinTile.Wall + m] = wall(m);
  }
  for (let i = 0; i < tiles.length; i++) if (tiles[i] === undefined) throw new Error(`tile ${i} has no art`);
  return tiles;
}

function encodeSheet(tiles: readonly Tile[]): Buffer {
  const { imageWidth: w, imageHeight: h, columns } = BUILTIN_TILESET;
  const png = new PNG({ width: w, height: h });
  png.data.fill(0);
  tiles.forEach((tile, index) => {
    const ox = (index % columns) * T, oy = Math.floor(index / columns) * T;
    for (let y = 0; y < T; y++) {
      for (let x = 0; x < T; x++) {
        const src = y * T + x, dst = ((oy + y) * w + ox + x) * 4;
        for (let k = 0; k < 3; k++) png.data[dst + k] = Math.round(Math.min(255, Math.max(0, tile.rgb[src * 3 + k]!)));
        png.data[dst + 3] = Math.round(clamp01(tile.a[src]!) * 255);
      }
    }
  });
  return PNG.sync.write(png, { colorType: 6 });
}

/** The Tiled external tileset (JSON format 1.10) describing the sheet. */
function tilesetJson(): object {
  const tiles = [];
  for (let id = 0; id < BUILTIN_TILESET.tileCount; id++) {
    const terrain = builtinTileTerrain(id);
    if (terrain !== null) tiles.push({ id, properties: [{ name: 'terrain', type: 'string', value: TERRAIN_NAMES[terrain] }] });
  }
  return {
    columns: BUILTIN_TILESET.columns,
    image: BUILTIN_TILESET.image,
    imageheight: BUILTIN_TILESET.imageHeight,
    imagewidth: BUILTIN_TILESET.imageWidth,
    margin: 0,
    name: BUILTIN_TILESET.name,
    spacing: 0,
    tilecount: BUILTIN_TILESET.tileCount,
    tiledversion: '1.10.2',
    tileheight: BUILTIN_TILESET.tileHeight,
    tiles,
    tilewidth: BUILTIN_TILESET.tileWidth,
    type: 'tileset',
    version: '1.10',
  };
}

function main(): void {
  writeFileSync(`${OUT_DIR}tileset.png`, encodeSheet(drawAll()));
  writeFileSync(`${OUT_DIR}tileset.tsj`, `${JSON.stringify(tilesetJson(), null, 1)}\n`);
  console.log(`wrote ${OUT_DIR}tileset.png and tileset.tsj`);
}

main();
