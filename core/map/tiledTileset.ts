/**
 * Reads the one tileset of a Tiled map, embedded or external (`.tsj` through `source`).
 * Owns: tileset validation (single image, consistent grid, limits) and the per-tile `terrain`
 * property. Invariants of the result: the image grid holds every tile; terrainOfTile has
 * tileCount entries (grass where the property is absent); the image path stays inside the map's folder.
 */
import type { Terrain, TilesetInfo } from './GameMap';
import { MAP_LIMITS, TERRAIN_NAMES, Terrain as T, terrainFromName } from './GameMap';
import { MapError } from './MapError';
import type { Where } from './tiledJson';
import { asRecord, describe, dirName, fail, joinInside, readArray, readInt, readString } from './tiledJson';

/** Largest tileset image edge we accept, in pixels (a GPU texture limit every target supports). */
const MAX_IMAGE_PX = 8192;

/** A parsed tileset reference: where its gids start, its art, and each tile's terrain. */
export interface ParsedTileset {
  readonly firstGid: number;
  readonly info: TilesetInfo;
  readonly terrainOfTile: Uint8Array;
}

/**
 * Parses `tilesets[index]` of a map. An external tileset is fetched with `resolve(source)`;
 * whatever the resolver throws becomes a MapError naming the source.
 */
export function parseTilesetRef(ref: unknown, index: number, mapWhere: Where, resolve: (source: string) => unknown): ParsedTileset {
  const prefix = `tilesets[${index}].`;
  const rec = asRecord(ref, mapWhere, `tilesets[${index}]`);
  const firstGid = readInt(rec, 'firstgid', mapWhere, prefix, 1, 0x0fffffff);
  if (rec['source'] === undefined) return { firstGid, ...parseTilesetBody(rec, mapWhere, prefix, '') };
  const source = readString(rec, 'source', mapWhere, prefix, 1024);
  if (!source.toLowerCase().endsWith('.tsj') && !source.toLowerCase().endsWith('.json')) {
    fail(mapWhere, `${prefix}source`, `"${source}" is not a JSON tileset: in Tiled, open the tileset and use File > Export As > JSON tileset (.tsj), then point the map at it`);
  }
  let json: unknown;
  try {
    json = resolve(source);
  } catch (e) {
    if (e instanceof MapError) throw e;
    fail(mapWhere, `${prefix}source`, `tileset "${source}" could not be read: ${e instanceof Error ? e.message : describe(e)}`);
  }
  const where: Where = { file: source, layer: null };
  const body = asRecord(json, where, '(root)');
  if (body['type'] !== undefined && body['type'] !== 'tileset') fail(where, 'type', `expected "tileset", got ${describe(body['type'])}`);
  return { firstGid, ...parseTilesetBody(body, where, '', dirName(source)) };
}

function parseTilesetBody(rec: Record<string, unknown>, where: Where, prefix: string, dir: string): Omit<ParsedTileset, 'firstGid'> {
  if (rec['image'] === undefined) {
    fail(where, `${prefix}image`, 'the tileset must be one image (a "collection of images" tileset is not supported)');
  }
  const rawImage = readString(rec, 'image', where, prefix, 1024);
  const image = joinInside(dir, rawImage);
  if (image === null) fail(where, `${prefix}image`, `"${rawImage}" must be a relative path inside the map's folder`);
  const info: TilesetInfo = {
    name: readString(rec, 'name', where, prefix, 256),
    image,
    imageWidth: readInt(rec, 'imagewidth', where, prefix, 1, MAX_IMAGE_PX),
    imageHeight: readInt(rec, 'imageheight', where, prefix, 1, MAX_IMAGE_PX),
    tileWidth: readInt(rec, 'tilewidth', where, prefix, 1, MAP_LIMITS.maxTilePx),
    tileHeight: readInt(rec, 'tileheight', where, prefix, 1, MAP_LIMITS.maxTilePx),
    columns: readInt(rec, 'columns', where, prefix, 1, MAX_IMAGE_PX),
    tileCount: readInt(rec, 'tilecount', where, prefix, 1, MAP_LIMITS.maxTiles),
    margin: readInt(rec, 'margin', where, prefix, 0, MAX_IMAGE_PX, 0),
    spacing: readInt(rec, 'spacing', where, prefix, 0, MAX_IMAGE_PX, 0),
  };
  checkGridFits(info, where, prefix);
  return { info, terrainOfTile: readTileTerrains(rec, info.tileCount, where, prefix) };
}

/** The image must hold `columns` tiles across and enough rows for `tileCount`, margins and spacing included. */
function checkGridFits(t: TilesetInfo, where: Where, prefix: string): void {
  const width = 2 * t.margin + t.columns * t.tileWidth + (t.columns - 1) * t.spacing;
  if (width > t.imageWidth) fail(where, `${prefix}columns`, `${t.columns} columns of ${t.tileWidth} px need ${width} px but the image is ${t.imageWidth} px wide`);
  const rows = Math.ceil(t.tileCount / t.columns);
  const height = 2 * t.margin + rows * t.tileHeight + (rows - 1) * t.spacing;
  if (height > t.imageHeight) fail(where, `${prefix}tilecount`, `${t.tileCount} tiles need ${rows} rows (${height} px) but the image is ${t.imageHeight} px high`);
}

/** Terrain per tile from `tiles[].properties` entries named "terrain"; grass where absent. */
function readTileTerrains(rec: Record<string, unknown>, tileCount: number, where: Where, prefix: string): Uint8Array {
  const terrain = new Uint8Array(tileCount).fill(T.Grass);
  const tiles = readArray(rec, 'tiles', where, prefix, []);
  for (let k = 0; k < tiles.length; k++) {
    const tp = `${prefix}tiles[${k}].`;
    const tile = asRecord(tiles[k], where, `${prefix}tiles[${k}]`);
    const id = readInt(tile, 'id', where, tp, 0, tileCount - 1);
    const props = readArray(tile, 'properties', where, tp, []);
    for (let p = 0; p < props.length; p++) {
      const pp = `${tp}properties[${p}].`;
      const prop = asRecord(props[p], where, `${tp}properties[${p}]`);
      if (readString(prop, 'name', where, pp, 256) !== 'terrain') continue;
      terrain[id] = readTerrainValue(prop, where, pp);
    }
  }
  return terrain;
}

function readTerrainValue(prop: Record<string, unknown>, where: Where, prefix: string): Terrain {
  const value = prop['value'];
  const kind = typeof value === 'string' ? terrainFromName(value) : null;
  if (kind === null) fail(where, `${prefix}value`, `terrain must be one of ${TERRAIN_NAMES.join(', ')}; got ${describe(value)}`);
  return kind;
}
