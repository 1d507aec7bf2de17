/**
 * Reads the four layers a Ball Brawl map is made of: tile layers "ground", "walls", "bushes" and
 * the object layer "spawns".
 * Owns: layer lookup by name, tile-layer data decoding (plain arrays only: Tiled's CSV format),
 * gid → tile index (flip flags cleared: the game draws tiles unflipped), and spawn objects → cells.
 * Units: gids as in Tiled (0 = empty, firstgid = tile 0); object positions in map pixels.
 */
import type { GridPoint } from './GameMap';
import { MAP_LIMITS } from './GameMap';
import type { ParsedTileset } from './tiledTileset';
import type { Where } from './tiledJson';
import { asRecord, describe, fail, readArray, readInt, readNumber, readString } from './tiledJson';

/** The high four bits of a gid are Tiled's flip and rotation flags. */
const GID_MASK = 0x0fffffff;
const GID_MAX = 0xffffffff;
/** How to fix a base64 or compressed layer, for the error message. */
const RESAVE_HINT = 'in Tiled, set Map > Map Properties > Tile Layer Format to "CSV" and save the map again';

/** What layer decoding needs to know about the map. */
export interface LayerContext {
  readonly file: string;
  readonly cols: number;
  readonly rows: number;
  readonly tileWidth: number;
  readonly tileHeight: number;
  readonly tileset: ParsedTileset;
}

/** The top-level layer named `name`; it must exist once and have Tiled type `type`. */
export function findLayer(layers: readonly unknown[], name: string, type: 'tilelayer' | 'objectgroup', file: string): Record<string, unknown> {
  const found = findOptionalLayer(layers, name, type, file);
  if (found === null) fail({ file, layer: name }, 'layers', `missing ${type === 'tilelayer' ? 'tile layer' : 'object layer'} "${name}" (top level, not inside a group)`);
  return found;
}

/** Like findLayer, but a map without the layer gives null. */
export function findOptionalLayer(layers: readonly unknown[], name: string, type: 'tilelayer' | 'objectgroup', file: string): Record<string, unknown> | null {
  let found: Record<string, unknown> | null = null;
  for (let i = 0; i < layers.length; i++) {
    const layer = asRecord(layers[i], { file, layer: null }, `layers[${i}]`);
    if (layer['name'] !== name) continue;
    if (found !== null) fail({ file, layer: name }, 'name', `two layers are named "${name}"; rename one`);
    found = layer;
  }
  const kind = type === 'tilelayer' ? 'tile layer' : 'object layer';
  if (found === null) return null;
  if (found['type'] !== type) fail({ file, layer: name }, 'type', `must be a ${kind} ("${type}"), got ${describe(found['type'])}`);
  const where: Where = { file, layer: name };
  if (readNumber(found, 'offsetx', where, '', 0) !== 0 || readNumber(found, 'offsety', where, '', 0) !== 0) {
    fail(where, 'offsetx', 'layer offset must be 0 (Layer Properties > Offset)');
  }
  return found;
}

/**
 * Decodes a tile layer to 0-based tile indices per cell, -1 where empty. Rejects base64 and
 * compressed data with a fix-it hint, wrong sizes and gids outside the tileset.
 */
export function readTileLayer(layer: Record<string, unknown>, name: string, ctx: LayerContext): Int32Array {
  const where: Where = { file: ctx.file, layer: name };
  const encoding = layer['encoding'];
  if (encoding !== undefined && encoding !== 'csv') fail(where, 'encoding', `encoding ${describe(encoding)} is not supported; ${RESAVE_HINT}`);
  const compression = layer['compression'];
  if (compression !== undefined && compression !== '') fail(where, 'compression', `compression ${describe(compression)} is not supported; ${RESAVE_HINT}`);
  if (readInt(layer, 'width', where, '', 0, Number.MAX_SAFE_INTEGER, ctx.cols) !== ctx.cols) fail(where, 'width', `must equal the map width ${ctx.cols}`);
  if (readInt(layer, 'height', where, '', 0, Number.MAX_SAFE_INTEGER, ctx.rows) !== ctx.rows) fail(where, 'height', `must equal the map height ${ctx.rows}`);
  const data = layer['data'];
  if (typeof data === 'string') fail(where, 'data', `data is a string (base64); ${RESAVE_HINT}`);
  if (!Array.isArray(data)) fail(where, 'data', `expected an array of gids, got ${describe(data)}`);
  const n = ctx.cols * ctx.rows;
  if (data.length !== n) fail(where, 'data', `has ${data.length} entries, expected width x height = ${ctx.cols} x ${ctx.rows} = ${n}`);
  const { firstGid, info } = ctx.tileset;
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const raw: unknown = data[i];
    if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 0 || raw > GID_MAX) {
      fail(where, `data[${i}]`, `expected a gid (integer 0..${GID_MAX}), got ${describe(raw)}`);
    }
    const gid = raw & GID_MASK; // DETERMINISM: bitwise on a value < 2^32 keeps the low 28 bits exactly.
    if (gid === 0) {
      out[i] = -1;
      continue;
    }
    const tile = gid - firstGid;
    if (tile < 0 || tile >= info.tileCount) {
      fail(where, `data[${i}]`, `gid ${gid} at col ${i % ctx.cols}, row ${Math.floor(i / ctx.cols)} is outside tileset "${info.name}" (gids ${firstGid}..${firstGid + info.tileCount - 1})`);
    }
    out[i] = tile;
  }
  return out;
}

/** A spawn object's cell, with the field it came from (for later errors). */
export interface SpawnCell extends GridPoint {
  readonly field: string;
}

/**
 * Reads the objects of object layer `name` ("spawns", "viruses") as grid cells, at most `limit`
 * of them. A point object (or polygon/polyline) stands at its x/y; a rectangle or ellipse at its
 * centre; a tile object (gid set, anchored bottom-left) at the centre of its image. The cell is
 * the one containing that pixel; edges belong to the cell east/south. `what` names one in errors
 * ("spawn", "virus"), and each error names the object by index and, where it has them, by its
 * Tiled id and name.
 */
export function readPointCells(layer: Record<string, unknown>, name: string, ctx: LayerContext, what: 'spawn' | 'virus', limit: number): SpawnCell[] {
  const where: Where = { file: ctx.file, layer: name };
  const objects = readArray(layer, 'objects', where, '');
  if (objects.length > limit) fail(where, 'objects', `has ${objects.length} objects; at most ${limit} ${what === 'virus' ? 'viruses' : 'spawns'} are allowed`);
  const cells: SpawnCell[] = [];
  for (let k = 0; k < objects.length; k++) {
    const obj = asRecord(objects[k], where, `objects[${k}]`);
    const field = `objects[${k}]${objectLabel(obj)}`;
    if (obj['template'] !== undefined && (obj['x'] === undefined || obj['y'] === undefined)) {
      fail(where, field, 'template instances without their own position are not supported (Detach Template in Tiled)');
    }
    let x = readNumber(obj, 'x', where, `${field}.`);
    let y = readNumber(obj, 'y', where, `${field}.`);
    const w = readNumber(obj, 'width', where, `${field}.`, 0);
    const h = readNumber(obj, 'height', where, `${field}.`, 0);
    if (obj['gid'] !== undefined) {
      x += w / 2;
      y -= h / 2;
    } else if (obj['point'] !== true && obj['polygon'] === undefined && obj['polyline'] === undefined) {
      x += w / 2;
      y += h / 2;
    }
    const col = Math.floor(x / ctx.tileWidth);
    const row = Math.floor(y / ctx.tileHeight);
    if (!(col >= 0 && row >= 0 && col < ctx.cols && row < ctx.rows)) {
      fail(where, field, `${what} at (${x}, ${y}) px is outside the map (0..${ctx.cols * ctx.tileWidth} x 0..${ctx.rows * ctx.tileHeight} px)`);
    }
    cells.push({ col, row, field });
  }
  return cells;
}

/** " (id 17, "north")" for an object with a numeric id and a name; "" when it has neither. */
function objectLabel(obj: Record<string, unknown>): string {
  const id = typeof obj['id'] === 'number' && Number.isInteger(obj['id']) ? `id ${obj['id']}` : '';
  const raw = typeof obj['name'] === 'string' ? obj['name'].slice(0, 40) : '';
  const label = [id, raw === '' ? '' : JSON.stringify(raw)].filter((t) => t !== '').join(', ');
  return label === '' ? '' : ` (${label})`;
}

/** Reads an optional string custom property of the map (e.g. "name"), or null when absent. */
export function readMapStringProperty(map: Record<string, unknown>, key: string, file: string): string | null {
  const where: Where = { file, layer: null };
  const props = readArray(map, 'properties', where, '', []);
  for (let p = 0; p < props.length; p++) {
    const prop = asRecord(props[p], where, `properties[${p}]`);
    if (prop['name'] !== key) continue;
    return readString(prop, 'value', where, `properties[${p}].`, 256);
  }
  return null;
}
