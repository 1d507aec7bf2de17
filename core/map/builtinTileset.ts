/**
 * Layout of the shipped tileset (resources/maps/tileset.png + tileset.tsj) and its auto-tiling.
 * Owns: which 0-based tile index holds which art, the terrain each ground tile declares, and the
 * rule that picks edge variants from neighbours. scripts/gen-map-art.ts draws the image from this
 * table and scripts/gen-maps.ts and createGameMap paint maps with it, so the three cannot drift.
 * Edge masks: bit 0 = north, 1 = east, 2 = south, 3 = west neighbour is *different* (an edge is
 * drawn on that side). Cells beyond the map count as the same, so no edge is drawn at the border.
 */
import type { TilesetInfo } from './GameMap';
import { Terrain } from './GameMap';

/** Image and grid of the shipped tileset: 8 x 8 tiles of 32 px. */
export const BUILTIN_TILESET: TilesetInfo = Object.freeze({
  name: 'ballbrawl',
  image: 'tileset.png',
  imageWidth: 256,
  imageHeight: 256,
  tileWidth: 32,
  tileHeight: 32,
  columns: 8,
  tileCount: 64,
  margin: 0,
  spacing: 0,
});

/** First tile index of each art group. Groups of 16 are indexed by edge mask. */
export const BuiltinTile = {
  Grass: 0, // 4 speckle variants: 0..3
  GrassFlowers: 4,
  Dirt: 5, // 2 variants: 5..6
  Sand: 7, // 2 variants: 7..8
  Bush: 9, // 4 variants: 9..12 (drawn over ground, transparent around the leaves)
  SpawnMarker: 13, // for editing in Tiled only; the game reads spawns from the object layer
  DirtPebbles: 14,
  GrassTuft: 15,
  Road: 16, // + edge mask: grass verge on the sides where the neighbour is not road
  Water: 32, // + edge mask: sandy shore on the sides where the neighbour is not water
  Wall: 48, // + edge mask: bevel on the sides where the neighbour is not wall
} as const;

export const GRASS_VARIANTS = 4;
export const DIRT_VARIANTS = 2;
export const SAND_VARIANTS = 2;
export const BUSH_VARIANTS = 4;

/** The `terrain` property of a shipped tile, or null for overlay tiles (walls, bushes, marker). */
export function builtinTileTerrain(tile: number): Terrain | null {
  if (tile >= BuiltinTile.Road && tile < BuiltinTile.Road + 16) return Terrain.Road;
  if (tile >= BuiltinTile.Water && tile < BuiltinTile.Water + 16) return Terrain.Water;
  if (tile >= BuiltinTile.Wall) return null;
  if (tile >= BuiltinTile.Bush && tile <= BuiltinTile.SpawnMarker) return null;
  if (tile <= BuiltinTile.GrassFlowers || tile === BuiltinTile.GrassTuft) return Terrain.Grass;
  if (tile === BuiltinTile.Dirt || tile === BuiltinTile.Dirt + 1 || tile === BuiltinTile.DirtPebbles) return Terrain.Dirt;
  return Terrain.Sand;
}

/** Edge mask of (col, row): which of the four neighbours fail `same`. Off-map neighbours count as same. */
export function edgeMask(cols: number, rows: number, col: number, row: number, same: (i: number) => boolean): number {
  let mask = 0;
  if (row > 0 && !same((row - 1) * cols + col)) mask |= 1;
  if (col < cols - 1 && !same(row * cols + col + 1)) mask |= 2;
  if (row < rows - 1 && !same((row + 1) * cols + col)) mask |= 4;
  if (col > 0 && !same(row * cols + col - 1)) mask |= 8;
  return mask;
}

/** A stable per-cell pseudo-random number in [0, 2^16), so variants look scattered but never change. */
export function cellNoise(col: number, row: number, salt: number): number {
  // DETERMINISM: 32-bit integer hash only.
  let h = Math.imul(col + 1, 0x9e3779b1) ^ Math.imul(row + 1, 0x85ebca77) ^ Math.imul(salt + 1, 0xc2b2ae3d);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return (h ^ (h >>> 15)) & 0xffff;
}

/** Tile art for a map described by kind: what gen-maps and createGameMap both paint from. */
export interface PaintedTiles {
  readonly ground: Uint16Array;
  readonly wallTiles: Uint16Array;
  readonly bushTiles: Uint16Array;
}

/**
 * Picks shipped tiles for every cell: ground from terrain (variants scattered, road and water
 * edged by neighbours), walls edged by neighbouring walls, bushes in four variants.
 */
export function paintBuiltinTiles(cols: number, rows: number, terrain: Uint8Array, wall: Uint8Array, bush: Uint8Array): PaintedTiles {
  const n = cols * rows;
  const ground = new Uint16Array(n);
  const wallTiles = new Uint16Array(n);
  const bushTiles = new Uint16Array(n);
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const i = row * cols + col;
      const t = terrain[i] ?? Terrain.Grass;
      ground[i] = groundTile(t, cols, rows, col, row, terrain);
      if (wall[i] === 1) wallTiles[i] = BuiltinTile.Wall + edgeMask(cols, rows, col, row, (j) => wall[j] === 1) + 1;
      if (bush[i] === 1) bushTiles[i] = BuiltinTile.Bush + (cellNoise(col, row, 3) % BUSH_VARIANTS) + 1;
    }
  }
  return { ground, wallTiles, bushTiles };
}

function groundTile(t: number, cols: number, rows: number, col: number, row: number, terrain: Uint8Array): number {
  const noise = cellNoise(col, row, 1);
  switch (t) {
    case Terrain.Road:
      return BuiltinTile.Road + edgeMask(cols, rows, col, row, (j) => terrain[j] === Terrain.Road);
    case Terrain.Water:
      return BuiltinTile.Water + edgeMask(cols, rows, col, row, (j) => terrain[j] === Terrain.Water);
    case Terrain.Sand:
      return BuiltinTile.Sand + (noise % SAND_VARIANTS);
    case Terrain.Dirt:
      return noise % 7 === 0 ? BuiltinTile.DirtPebbles : BuiltinTile.Dirt + (noise % DIRT_VARIANTS);
    default: {
      const pick = noise % 23;
      if (pick === 0) return BuiltinTile.GrassFlowers;
      if (pick === 1) return BuiltinTile.GrassTuft;
      return BuiltinTile.Grass + (noise % GRASS_VARIANTS);
    }
  }
}
