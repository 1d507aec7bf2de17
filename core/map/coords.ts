/**
 * Conversions among the four spaces of ARCHITECTURE.md ("Units and the three coordinate systems"):
 *   sim    Fx integers, FX_ONE per cell; x east, y south; (0, 0) = north-west corner of cell (0, 0)
 *   grid   (col, row) integers; index row * cols + col
 *   map px 2D art pixels, tileWidth x tileHeight per cell; x right, y down; origin at that corner
 *   world  Three.js floats, 1 unit per cell; x east, y up, z south; origin at that corner, ground at y = 0
 * Cell centres round-trip exactly between all of them (float products and quotients here are of
 * small integers and halves, so they are exact). Outside the map: functions returning a cell give
 * null (or -1 for the index form), never a clamped cell, so a caller cannot mistake an off-map
 * point for an edge cell; clampGrid and clampFxToMap clamp explicitly. Conversions between
 * continuous spaces (fx, px, world) never clamp.
 * Only Fx and grid values feed the simulation; world and px floats are for the renderer and input.
 */
import type { Fx } from '../math';
import { FX_HALF, FX_ONE, FX_SHIFT } from '../math';
import type { GameMap, GridPoint } from './GameMap';

/** The map sizes conversions need (a GameMap, or any object with these fields). */
export type MapDims = Pick<GameMap, 'cols' | 'rows' | 'tileWidth' | 'tileHeight'>;
/** A simulation position. */
export interface FxPoint {
  x: Fx;
  y: Fx;
}
/** A 2D map pixel position. */
export interface MapPxPoint {
  x: number;
  y: number;
}
/** A 3D world position; a THREE.Vector3 fits this shape and can be passed as `out`. */
export interface WorldPoint {
  x: number;
  y: number;
  z: number;
}

const INT32_MIN = -0x80000000;
const INT32_MAX = 0x7fffffff;

/** Index of (col, row) in per-cell arrays; no bounds check. */
export function cellIndex(map: Pick<GameMap, 'cols'>, col: number, row: number): number {
  return row * map.cols + col;
}

/** Sim position of the centre of (col, row). */
export function cellCenterFx(col: number, row: number): FxPoint {
  return { x: ((col << FX_SHIFT) + FX_HALF) as Fx, y: ((row << FX_SHIFT) + FX_HALF) as Fx };
}

/** Cell index containing sim position (x, y), or -1 off the map. Allocation-free for hot loops. */
export function cellIndexOfFx(map: Pick<GameMap, 'cols' | 'rows'>, x: number, y: number): number {
  // DETERMINISM: arithmetic shift floors int32 Fx exactly (cell edges belong to the east/south cell).
  const col = x >> FX_SHIFT;
  const row = y >> FX_SHIFT;
  if (x < 0 || y < 0 || col >= map.cols || row >= map.rows) return -1;
  return row * map.cols + col;
}

/** Cell containing sim position (x, y), or null off the map. */
export function cellOfFx(map: Pick<GameMap, 'cols' | 'rows'>, x: number, y: number): GridPoint | null {
  const i = cellIndexOfFx(map, x, y);
  return i < 0 ? null : { col: i % map.cols, row: (i - (i % map.cols)) / map.cols };
}

/** Nearest sim position inside the map: x in [0, cols * FX_ONE - 1], likewise y. */
export function clampFxToMap(map: Pick<GameMap, 'cols' | 'rows'>, x: number, y: number): FxPoint {
  return { x: clampInt(x, 0, map.cols * FX_ONE - 1) as Fx, y: clampInt(y, 0, map.rows * FX_ONE - 1) as Fx };
}

/** Nearest cell on the map (for integer inputs; non-integers are floored first, NaN gives 0). */
export function clampGrid(map: Pick<GameMap, 'cols' | 'rows'>, col: number, row: number): GridPoint {
  return { col: clampInt(Math.floor(col), 0, map.cols - 1), row: clampInt(Math.floor(row), 0, map.rows - 1) };
}

/** World position of the centre of (col, row), on the ground. */
export function gridToWorld(col: number, row: number, out: WorldPoint = { x: 0, y: 0, z: 0 }): WorldPoint {
  out.x = col + 0.5;
  out.y = 0;
  out.z = row + 0.5;
  return out;
}

/** Cell under world position (x, ·, z), or null off the map (or for NaN). */
export function worldToGrid(map: Pick<GameMap, 'cols' | 'rows'>, x: number, z: number): GridPoint | null {
  return cellOrNull(map, Math.floor(x), Math.floor(z));
}

/** Map pixel position of the centre of (col, row). */
export function gridToMapPx(map: MapDims, col: number, row: number): MapPxPoint {
  return { x: (col + 0.5) * map.tileWidth, y: (row + 0.5) * map.tileHeight };
}

/** Cell containing map pixel (x, y), or null off the map (or for NaN). */
export function mapPxToGrid(map: MapDims, x: number, y: number): GridPoint | null {
  return cellOrNull(map, Math.floor(x / map.tileWidth), Math.floor(y / map.tileHeight));
}

/** Map pixel under world position (x, ·, z); the height is dropped. */
export function worldToMapPx(map: MapDims, x: number, z: number): MapPxPoint {
  return { x: x * map.tileWidth, y: z * map.tileHeight };
}

/** World position (on the ground) of map pixel (x, y). */
export function mapPxToWorld(map: MapDims, x: number, y: number, out: WorldPoint = { x: 0, y: 0, z: 0 }): WorldPoint {
  out.x = x / map.tileWidth;
  out.y = 0;
  out.z = y / map.tileHeight;
  return out;
}

/** World position (on the ground) of sim position (x, y). Exact: FX_ONE is a power of two. */
export function fxToWorld(x: number, y: number, out: WorldPoint = { x: 0, y: 0, z: 0 }): WorldPoint {
  out.x = x / FX_ONE;
  out.y = 0;
  out.z = y / FX_ONE;
  return out;
}

/**
 * Sim position nearest to world (x, ·, z), rounded half up to whole Fx and clamped to int32;
 * a non-finite coordinate gives 0. Not clamped to the map: use clampFxToMap.
 */
export function worldToFx(x: number, z: number): FxPoint {
  return { x: toFx(x), y: toFx(z) };
}

function toFx(v: number): Fx {
  if (!Number.isFinite(v)) return 0 as Fx;
  return clampInt(Math.round(v * FX_ONE), INT32_MIN, INT32_MAX) as Fx;
}

function clampInt(v: number, lo: number, hi: number): number {
  if (Number.isNaN(v)) return lo;
  return v < lo ? lo : v > hi ? hi : v;
}

function cellOrNull(map: Pick<GameMap, 'cols' | 'rows'>, col: number, row: number): GridPoint | null {
  if (!(col >= 0 && row >= 0 && col < map.cols && row < map.rows)) return null;
  return { col, row };
}
