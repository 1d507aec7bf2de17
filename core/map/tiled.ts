/**
 * Tiled JSON map (.tmj) → GameMap.
 * Owns: map-level validation (type, orientation, finite, sizes, exactly one tileset) and assembling
 * the per-cell arrays from the layers. Supported: orthogonal, finite maps saved with tile layer
 * format CSV, one tileset (embedded or external .tsj), layers "ground", "walls", "bushes"
 * (tile layers), "spawns" and, optionally, "viruses" (object layers) at the top level; other
 * layers are ignored.
 * Invariant: for any input this returns a GameMap satisfying GameMap.ts's invariants or throws
 * MapError; nothing else escapes (a final guard converts internal failures, which tests treat as bugs).
 * No I/O: the caller parses the JSON and resolves external tilesets.
 */
import type { GameMap, GridPoint } from './GameMap';
import { MAP_LIMITS, Terrain } from './GameMap';
import { MapError } from './MapError';
import type { LayerContext } from './tiledLayers';
import { findLayer, findOptionalLayer, readMapStringProperty, readPointCells, readTileLayer } from './tiledLayers';
import type { ParsedTileset } from './tiledTileset';
import { parseTilesetRef } from './tiledTileset';
import type { Where } from './tiledJson';
import { asRecord, baseName, describe, fail, readArray, readInt } from './tiledJson';

/** Field name used when a failure was not anticipated by a specific check (a parser bug). */
export const INTERNAL_ERROR_FIELD = '(internal)';

/**
 * Parses a Tiled JSON map.
 * @param json the parsed file contents (anything: it is validated)
 * @param fileName used in error messages and, without extension, as the default id
 * @param resolveTileset returns the parsed JSON of an external tileset, given the map's `source`
 *   string (relative to the map's folder); may throw, which becomes a MapError
 * @param id overrides the map id (e.g. the manifest id)
 * @throws MapError only
 */
export function parseTiledMap(json: unknown, fileName: string, resolveTileset: (source: string) => unknown, id?: string): GameMap {
  try {
    return parseUnguarded(json, fileName, resolveTileset, id ?? baseName(fileName));
  } catch (e) {
    if (e instanceof MapError) throw e;
    throw new MapError(fileName, null, INTERNAL_ERROR_FIELD, `unexpected failure while reading the map: ${e instanceof Error ? e.message : describe(e)}`);
  }
}

/** A map's file texts as an app reads them (electron/contract's MapFiles has this shape). */
export interface MapTexts {
  /** The map id (e.g. the manifest's); default: the file name without extension. */
  readonly id?: string;
  readonly file: string;
  readonly text: string;
  /** External tileset `source` (as the map names it) → its text. */
  readonly tilesets: Readonly<Record<string, string>>;
  /** Tileset `source` → why the app could not read it (missing, outside its folder…). */
  readonly unread?: Readonly<Record<string, string>>;
}

/**
 * Parses a Tiled map from file texts: the map's and each external tileset's JSON is parsed here
 * too, so every refusal — bad JSON, a `.tsx` tileset (with its "Export As > JSON tileset (.tsj)"
 * hint), an unreadable tileset, a missing layer — is a MapError naming the file, in the same words
 * in every app that loads maps.
 * @throws MapError only
 */
export function loadTiledMap(files: MapTexts): GameMap {
  const tileset = (source: string): unknown => {
    const text = files.tilesets[source];
    if (text === undefined) throw new Error(files.unread?.[source] ?? 'the file was not found next to the map');
    return jsonOf(text, source);
  };
  return parseTiledMap(jsonOf(files.text, files.file), files.file, tileset, files.id);
}

function jsonOf(text: string, file: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    // The engine's message quotes the file around the fault: cut, like every value we describe.
    const why = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ');
    throw new MapError(file, null, '(root)', `not valid JSON (${why.length > 120 ? `${why.slice(0, 120)}…` : why})`);
  }
}

function parseUnguarded(json: unknown, file: string, resolveTileset: (source: string) => unknown, id: string): GameMap {
  const top: Where = { file, layer: null };
  if (typeof json !== 'object' || json === null || Array.isArray(json)) fail(top, '(root)', `not a Tiled JSON map: expected an object, got ${describe(json)}`);
  const map = json as Record<string, unknown>;
  if (map['type'] !== undefined && map['type'] !== 'map') fail(top, 'type', `not a Tiled map: type is ${describe(map['type'])}, expected "map"`);
  if (!Array.isArray(map['layers'])) fail(top, 'layers', `not a Tiled JSON map: expected a layers array, got ${describe(map['layers'])}`);
  if (map['infinite'] === true) fail(top, 'infinite', 'infinite maps are not supported; in Tiled, untick Map > Map Properties > Infinite and save again');
  if (map['orientation'] !== 'orthogonal') fail(top, 'orientation', `must be "orthogonal", got ${describe(map['orientation'])}`);
  const cols = readInt(map, 'width', top, '', 1, MAP_LIMITS.maxCells);
  const rows = readInt(map, 'height', top, '', 1, MAP_LIMITS.maxCells);
  const tileWidth = readInt(map, 'tilewidth', top, '', 1, MAP_LIMITS.maxTilePx);
  const tileHeight = readInt(map, 'tileheight', top, '', 1, MAP_LIMITS.maxTilePx);
  const tileset = readSingleTileset(map, top, resolveTileset);
  if (tileset.info.tileWidth !== tileWidth || tileset.info.tileHeight !== tileHeight) {
    fail(top, 'tilesets[0].tilewidth', `tiles are ${tileset.info.tileWidth}x${tileset.info.tileHeight} px but the map grid is ${tileWidth}x${tileHeight} px; they must match`);
  }
  const ctx: LayerContext = { file, cols, rows, tileWidth, tileHeight, tileset };
  const layers = readArray(map, 'layers', top, '');
  const groundLayer = findLayer(layers, 'ground', 'tilelayer', file);
  const wallLayer = findLayer(layers, 'walls', 'tilelayer', file);
  const bushLayer = findLayer(layers, 'bushes', 'tilelayer', file);
  const spawnLayer = findLayer(layers, 'spawns', 'objectgroup', file);
  const ground = readTileLayer(groundLayer, 'ground', ctx);
  const walls = readTileLayer(wallLayer, 'walls', ctx);
  const bushes = readTileLayer(bushLayer, 'bushes', ctx);
  const cells = assembleCells(ctx, ground, walls, bushes);
  const spawns = checkSpawns(readPointCells(spawnLayer, 'spawns', ctx, 'spawn', MAP_LIMITS.maxSpawns), cells.blocked, ctx);
  const virusLayer = findOptionalLayer(layers, 'viruses', 'objectgroup', file);
  const viruses = virusLayer === null ? Object.freeze([]) : checkViruses(readPointCells(virusLayer, 'viruses', ctx, 'virus', MAP_LIMITS.maxViruses), cells.blocked, ctx);
  return {
    id,
    name: readMapStringProperty(map, 'name', file) ?? id,
    cols,
    rows,
    tileWidth,
    tileHeight,
    ...cells,
    spawns,
    viruses,
    tileset: tileset.info,
  };
}

function readSingleTileset(map: Record<string, unknown>, top: Where, resolve: (source: string) => unknown): ParsedTileset {
  const refs = readArray(map, 'tilesets', top, '');
  if (refs.length !== 1) fail(top, 'tilesets', `a map must use exactly one tileset, found ${refs.length}`);
  return parseTilesetRef(refs[0], 0, top, resolve);
}

type CellArrays = Pick<GameMap, 'ground' | 'terrain' | 'blocked' | 'bush' | 'wallTiles' | 'bushTiles'>;

/** Per-cell arrays from decoded layers (tile indices, -1 = empty). Every cell needs ground art. */
function assembleCells(ctx: LayerContext, ground: Int32Array, walls: Int32Array, bushes: Int32Array): CellArrays {
  const n = ctx.cols * ctx.rows;
  const out: CellArrays = {
    ground: new Uint16Array(n),
    terrain: new Uint8Array(n),
    blocked: new Uint8Array(n),
    bush: new Uint8Array(n),
    wallTiles: new Uint16Array(n),
    bushTiles: new Uint16Array(n),
  };
  const terrainOfTile = ctx.tileset.terrainOfTile;
  for (let i = 0; i < n; i++) {
    const g = ground[i] ?? -1;
    if (g < 0) fail({ file: ctx.file, layer: 'ground' }, `data[${i}]`, `cell col ${i % ctx.cols}, row ${Math.floor(i / ctx.cols)} has no ground tile; every cell needs one`);
    out.ground[i] = g;
    const kind = terrainOfTile[g] ?? Terrain.Grass;
    out.terrain[i] = kind;
    const w = walls[i] ?? -1;
    const b = bushes[i] ?? -1;
    out.wallTiles[i] = w + 1;
    out.bushTiles[i] = b + 1;
    out.bush[i] = b >= 0 ? 1 : 0;
    out.blocked[i] = w >= 0 || kind === Terrain.Water ? 1 : 0;
  }
  return out;
}

/** Viruses must be on free cells and distinct (a map may have none). */
function checkViruses(cells: readonly (GridPoint & { field: string })[], blocked: Uint8Array, ctx: LayerContext): readonly GridPoint[] {
  const where: Where = { file: ctx.file, layer: 'viruses' };
  const seen = new Set<number>();
  const viruses: GridPoint[] = [];
  for (const c of cells) {
    const i = c.row * ctx.cols + c.col;
    if (blocked[i] === 1) fail(where, c.field, `virus at col ${c.col}, row ${c.row} is on a blocked cell (wall or water)`);
    if (seen.has(i)) fail(where, c.field, `a second virus at col ${c.col}, row ${c.row}; viruses need distinct cells`);
    seen.add(i);
    viruses.push(Object.freeze({ col: c.col, row: c.row }));
  }
  return Object.freeze(viruses);
}

/** Spawns must be on free cells, distinct, and there must be at least one. */
function checkSpawns(cells: readonly (GridPoint & { field: string })[], blocked: Uint8Array, ctx: LayerContext): readonly GridPoint[] {
  const where: Where = { file: ctx.file, layer: 'spawns' };
  if (cells.length === 0) fail(where, 'objects', 'the map has no spawn points; add point objects to the "spawns" layer');
  const seen = new Set<number>();
  const spawns: GridPoint[] = [];
  for (const c of cells) {
    const i = c.row * ctx.cols + c.col;
    if (blocked[i] === 1) fail(where, c.field, `spawn at col ${c.col}, row ${c.row} is on a blocked cell (wall or water)`);
    if (seen.has(i)) fail(where, c.field, `a second spawn at col ${c.col}, row ${c.row}; spawns need distinct cells`);
    seen.add(i);
    spawns.push(Object.freeze({ col: c.col, row: c.row }));
  }
  return Object.freeze(spawns);
}
