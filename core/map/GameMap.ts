/**
 * The map model shared by the simulation, path finding and the renderer.
 * Owns: the GameMap record, terrain kinds and the size limits every loader enforces.
 * Invariants (established by parseTiledMap and createGameMap, relied on by everyone else):
 *   - every per-cell array has exactly cols*rows entries, row-major: index = row * cols + col;
 *   - 1 <= cols, rows <= MAP_LIMITS.maxCells; 1 <= tileWidth, tileHeight <= MAP_LIMITS.maxTilePx;
 *   - blocked[i] is 1 exactly when cell i has a wall tile or water terrain, else 0;
 *   - every ground[i] < tileset.tileCount, every wallTiles/bushTiles entry <= tileset.tileCount;
 *   - spawns are distinct, inside the map and on cells with blocked = 0, at least one;
 *   - viruses are distinct, inside the map and on cells with blocked = 0, at most maxViruses.
 * Units: cells for the grid, map pixels (tileWidth x tileHeight per cell) for the 2D art.
 * A GameMap is plain data: the same file gives the same arrays on every peer.
 */

/** Ground kind of a cell. Water also blocks movement; the others differ only in looks for now. */
export const Terrain = { Grass: 0, Road: 1, Sand: 2, Water: 3, Dirt: 4 } as const;
export type Terrain = (typeof Terrain)[keyof typeof Terrain];

/** Value of the tileset's per-tile `terrain` property for each kind, in Terrain order. */
export const TERRAIN_NAMES: readonly string[] = ['grass', 'road', 'sand', 'water', 'dirt'];

/** The Terrain named by a tileset property value, or null for an unknown name. */
export function terrainFromName(name: string): Terrain | null {
  const i = TERRAIN_NAMES.indexOf(name);
  return i < 0 ? null : (i as Terrain);
}

/** Hard limits: keep per-cell arrays, A* budgets and GPU textures small whatever file we are given. */
export const MAP_LIMITS = {
  /** Most columns and most rows. */
  maxCells: 256,
  /** Largest tile edge in map pixels (also the tileset's tile edge). */
  maxTilePx: 256,
  /** Most tiles a tileset may declare (tile indices must fit in Uint16 with +1 headroom). */
  maxTiles: 4096,
  /** Most objects in the spawns layer. */
  maxSpawns: 1024,
  /** Most objects in the viruses layer (core/sim keeps the rest of its virus slots for shot ones). */
  maxViruses: 32,
} as const;

/** The single tileset a map draws from. Pixel sizes are those of the image file. */
export interface TilesetInfo {
  readonly name: string;
  /** Image path relative to the map file's folder (for shipped maps: resources/maps/), '/' separated, never absolute or escaping with '..'. */
  readonly image: string;
  readonly imageWidth: number;
  readonly imageHeight: number;
  readonly tileWidth: number;
  readonly tileHeight: number;
  /** Tiles per row of the image; tile t sits at column t % columns, row floor(t / columns). */
  readonly columns: number;
  readonly tileCount: number;
  /** Pixels around the tile block and between tiles in the image (0 for the shipped tileset). */
  readonly margin: number;
  readonly spacing: number;
}

/** A grid cell: col east, row south, both from 0. */
export interface GridPoint {
  readonly col: number;
  readonly row: number;
}

/** A loaded, validated map. Arrays are per cell, row-major (i = row * cols + col). */
export interface GameMap {
  /** Stable id (manifest id for shipped maps); peers compare maps by id and mapSimHash. */
  readonly id: string;
  /** Human-readable name, shown as text (never as HTML). */
  readonly name: string;
  readonly cols: number;
  readonly rows: number;
  /** Map pixels per cell: the 2D art's resolution. */
  readonly tileWidth: number;
  readonly tileHeight: number;
  /** 0-based tile index of the ground art per cell; every cell has ground. */
  readonly ground: Uint16Array;
  /** Terrain per cell, from the ground tile's `terrain` property (grass when absent). */
  readonly terrain: Uint8Array;
  /** 1 = impassable: a wall tile or water terrain. */
  readonly blocked: Uint8Array;
  /** 1 = bush: hides cells inside from other players. */
  readonly bush: Uint8Array;
  /** Wall art per cell as tile index + 1; 0 = no wall. */
  readonly wallTiles: Uint16Array;
  /** Bush art per cell as tile index + 1; 0 = no bush. */
  readonly bushTiles: Uint16Array;
  /** Spawn cells, in file order; distinct and on free cells. */
  readonly spawns: readonly GridPoint[];
  /** Where the map's viruses stand, in file order; distinct, on free cells, at most MAP_LIMITS.maxViruses (may be none). */
  readonly viruses: readonly GridPoint[];
  readonly tileset: TilesetInfo;
}

/** Whether (col, row) lies on the map. */
export function inMap(map: Pick<GameMap, 'cols' | 'rows'>, col: number, row: number): boolean {
  return Number.isInteger(col) && Number.isInteger(row) && col >= 0 && row >= 0 && col < map.cols && row < map.rows;
}

/** Whether a cell may stand in (col, row): on the map and not blocked. */
export function isFreeCell(map: GameMap, col: number, row: number): boolean {
  return inMap(map, col, row) && map.blocked[row * map.cols + col] === 0;
}
