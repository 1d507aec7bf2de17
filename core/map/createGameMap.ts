/**
 * Programmatic map construction from an ASCII picture, for tests and tools.
 * Owns: the picture legend. The result satisfies every GameMap invariant except that it may have
 * no spawns (tests of movement or path finding often need none); art comes from the shipped
 * tileset through the same painter scripts/gen-maps.ts uses, so the renderer can draw it.
 */
import type { GameMap, GridPoint } from './GameMap';
import { MAP_LIMITS, Terrain } from './GameMap';
import { BUILTIN_TILESET, paintBuiltinTiles } from './builtinTileset';
import { MapError } from './MapError';

/**
 * Picture legend, one character per cell:
 * `.` grass, `=` road, `:` sand, `~` water (blocked), `,` dirt, `#` wall (blocked, dirt under it),
 * `*` bush on grass, `S` spawn on grass, `V` a virus on grass.
 */
export const ASCII_LEGEND: Readonly<Record<string, { terrain: Terrain; wall?: true; bush?: true; spawn?: true; virus?: true }>> = {
  '.': { terrain: Terrain.Grass },
  '=': { terrain: Terrain.Road },
  ':': { terrain: Terrain.Sand },
  '~': { terrain: Terrain.Water },
  ',': { terrain: Terrain.Dirt },
  '#': { terrain: Terrain.Dirt, wall: true },
  '*': { terrain: Terrain.Grass, bush: true },
  S: { terrain: Terrain.Grass, spawn: true },
  V: { terrain: Terrain.Grass, virus: true },
};

export interface CreateGameMapOptions {
  /** Rows top (north) to bottom; a string is split on newlines, lines trimmed, blank lines dropped. */
  readonly picture: string | readonly string[];
  readonly id?: string;
  readonly name?: string;
}

/**
 * Builds a GameMap from an ASCII picture (see ASCII_LEGEND). Spawns and viruses are listed in
 * reading order.
 * Throws MapError (file = the id) for ragged rows, unknown characters or an oversized picture.
 */
export function createGameMap(opts: CreateGameMapOptions): GameMap {
  const id = opts.id ?? 'ascii';
  const lines = typeof opts.picture === 'string' ? opts.picture.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length > 0) : opts.picture;
  const rows = lines.length;
  const cols = lines[0]?.length ?? 0;
  if (rows < 1 || cols < 1 || rows > MAP_LIMITS.maxCells || cols > MAP_LIMITS.maxCells) {
    throw new MapError(id, null, 'picture', `needs 1..${MAP_LIMITS.maxCells} rows and columns, got ${cols}x${rows}`);
  }
  const n = cols * rows;
  const terrain = new Uint8Array(n);
  const wall = new Uint8Array(n);
  const bush = new Uint8Array(n);
  const spawns: GridPoint[] = [];
  const viruses: GridPoint[] = [];
  for (let row = 0; row < rows; row++) {
    const line = lines[row] ?? '';
    if (line.length !== cols) throw new MapError(id, null, `picture[${row}]`, `has ${line.length} characters, row 0 has ${cols}`);
    for (let col = 0; col < cols; col++) {
      const ch = line.charAt(col);
      const kind = Object.hasOwn(ASCII_LEGEND, ch) ? ASCII_LEGEND[ch] : undefined;
      if (kind === undefined) throw new MapError(id, null, `picture[${row}][${col}]`, `unknown character "${ch}"`);
      const i = row * cols + col;
      terrain[i] = kind.terrain;
      if (kind.wall) wall[i] = 1;
      if (kind.bush) bush[i] = 1;
      if (kind.spawn) spawns.push(Object.freeze({ col, row }));
      if (kind.virus) viruses.push(Object.freeze({ col, row }));
    }
  }
  if (viruses.length > MAP_LIMITS.maxViruses) throw new MapError(id, null, 'picture', `has ${viruses.length} viruses; at most ${MAP_LIMITS.maxViruses} are allowed`);
  const blocked = new Uint8Array(n);
  for (let i = 0; i < n; i++) blocked[i] = wall[i] === 1 || terrain[i] === Terrain.Water ? 1 : 0;
  const tiles = paintBuiltinTiles(cols, rows, terrain, wall, bush);
  return {
    id,
    name: opts.name ?? id,
    cols,
    rows,
    tileWidth: BUILTIN_TILESET.tileWidth,
    tileHeight: BUILTIN_TILESET.tileHeight,
    ground: tiles.ground,
    terrain,
    blocked,
    bush,
    wallTiles: tiles.wallTiles,
    bushTiles: tiles.bushTiles,
    spawns: Object.freeze(spawns),
    viruses: Object.freeze(viruses),
    tileset: BUILTIN_TILESET,
  };
}
