/**
 * Static facts the simulation derives from a GameMap once: free cells, spawn cells, per-size nav
 * grids and the map fingerprint. Not world state (never snapshotted or hashed as state): every
 * peer derives the same facts from the same map, and the fingerprint proves it is the same map.
 * Cached per GameMap object (a WeakMap lookup by object identity; never iterated).
 * Size classes: a ball of radius r (Fx) plans on grid sizeClassOf(r); grid k blocks every cell
 * within Chebyshev distance k of a wall or the map edge, so a path on it has room for the ball.
 */
import { mapSimHash, type GameMap } from '../map';
import type { NavGrid } from '../nav';
import { FX_HALF, FX_ONE } from '../math';
import { RULES } from './rules';

/** Number of nav size classes (radius up to 2.5 cells). */
export const SIZE_CLASSES = 3;

/** Facts derived from one map. */
export interface MapInfo {
  readonly map: GameMap;
  readonly cols: number;
  readonly rows: number;
  /** Map width and height in Fx. */
  readonly widthFx: number;
  readonly heightFx: number;
  /** Indices of the cells that are not blocked, ascending. */
  readonly freeCells: Int32Array;
  /** Cell index of each spawn point, in map order (falls back to spread free cells when the map has none). */
  readonly spawnCells: Int32Array;
  /** Cell index of each of the map's viruses, in map order (virus id = index): where each stands and comes back. */
  readonly virusCells: Int32Array;
  /**
   * Per map cell, the Chebyshev distance (cells, capped at 255) to the nearest solid cell (blocked,
   * or off the map): a body whose radius is under (d − 1) cells cannot touch a wall (collide.ts).
   */
  readonly wallDist: Uint8Array;
  /**
   * Per map cell, the first column at or east of it in its row that is blocked, or `cols` when
   * none (the map's edge, solid too): wall collision visits only solid cells (collide.ts).
   */
  readonly nextSolid: Uint16Array;
  /** Nav grid per size class (class 0 is the map's own blocked mask). */
  readonly navGrids: readonly NavGrid[];
  /** core/map's mapSimHash: what the simulation reads from the map (size, terrain, walls, bushes, spawns, viruses). */
  readonly fingerprint: number;
  /** Pellet target when the match settings do not give one. */
  readonly defaultPelletTarget: number;
}

const cache = new WeakMap<GameMap, MapInfo>();

/** The MapInfo of `map`, computed on first use. */
export function mapInfoOf(map: GameMap): MapInfo {
  const hit = cache.get(map);
  if (hit) return hit;
  const info = buildInfo(map);
  cache.set(map, info);
  return info;
}

/** Size class (index into navGrids) of a ball of radius `radius` Fx. */
export function sizeClassOf(radius: number): number {
  if (radius <= FX_HALF) return 0;
  const k = Math.ceil((radius - FX_HALF) / FX_ONE);
  return k < SIZE_CLASSES ? k : SIZE_CLASSES - 1;
}

function buildInfo(map: GameMap): MapInfo {
  const { cols, rows, blocked } = map;
  const n = cols * rows;
  let free = 0;
  for (let i = 0; i < n; i++) if (blocked[i] === 0) free++;
  const freeCells = new Int32Array(free);
  for (let i = 0, k = 0; i < n; i++) if (blocked[i] === 0) freeCells[k++] = i;
  const navGrids: NavGrid[] = [{ cols, rows, blocked }];
  for (let k = 1; k < SIZE_CLASSES; k++) navGrids.push({ cols, rows, blocked: dilate(navGrids[k - 1]!.blocked, cols, rows) });
  const spawnCells = spawnCellsOf(map, freeCells);
  const target = free >> RULES.pelletDensityShift;
  return {
    map,
    cols,
    rows,
    widthFx: cols * FX_ONE,
    heightFx: rows * FX_ONE,
    freeCells,
    spawnCells,
    virusCells: Int32Array.from(map.viruses, (v) => v.row * cols + v.col),
    wallDist: wallDistances(blocked, cols, rows),
    nextSolid: nextSolidColumns(blocked, cols, rows),
    navGrids,
    fingerprint: mapSimHash(map),
    defaultPelletTarget: Math.max(RULES.pelletMinTarget, Math.min(RULES.pelletMaxTarget, target)),
  };
}

/** MapInfo.nextSolid: each row scanned from its east end. */
function nextSolidColumns(blocked: Uint8Array, cols: number, rows: number): Uint16Array {
  const next = new Uint16Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    let solid = cols;
    for (let c = cols - 1; c >= 0; c--) {
      if (blocked[r * cols + c] !== 0) solid = c;
      next[r * cols + c] = solid;
    }
  }
  return next;
}

/** MapInfo.wallDist: a two-pass chamfer transform with unit steps to all 8 neighbours (exact Chebyshev). */
function wallDistances(blocked: Uint8Array, cols: number, rows: number): Uint8Array {
  const d = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const edge = Math.min(c + 1, r + 1, cols - c, rows - r);
      d[r * cols + c] = blocked[r * cols + c] !== 0 ? 0 : Math.min(255, edge);
    }
  }
  const relax = (i: number, r: number, c: number): void => {
    if (r < 0 || c < 0 || r >= rows || c >= cols) return;
    const v = d[r * cols + c]! + 1;
    if (v < d[i]!) d[i] = v;
  };
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      relax(i, r, c - 1);
      relax(i, r - 1, c - 1);
      relax(i, r - 1, c);
      relax(i, r - 1, c + 1);
    }
  }
  for (let r = rows - 1; r >= 0; r--) {
    for (let c = cols - 1; c >= 0; c--) {
      const i = r * cols + c;
      relax(i, r, c + 1);
      relax(i, r + 1, c + 1);
      relax(i, r + 1, c);
      relax(i, r + 1, c - 1);
    }
  }
  return d;
}

/** `mask` grown by one cell in all 8 directions; the map edge counts as blocked. */
function dilate(mask: Uint8Array, cols: number, rows: number): Uint8Array {
  const out = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let b = r === 0 || c === 0 || r === rows - 1 || c === cols - 1 ? 1 : 0;
      for (let dr = -1; dr <= 1 && b === 0; dr++) {
        for (let dc = -1; dc <= 1 && b === 0; dc++) b = mask[(r + dr) * cols + c + dc]!;
      }
      out[r * cols + c] = b;
    }
  }
  return out;
}

function spawnCellsOf(map: GameMap, freeCells: Int32Array): Int32Array {
  if (map.spawns.length > 0) return Int32Array.from(map.spawns, (s) => s.row * map.cols + s.col);
  // No spawn layer (test maps): up to 16 free cells spread evenly through the free-cell list.
  const count = Math.min(16, freeCells.length);
  const out = new Int32Array(count);
  for (let i = 0; i < count; i++) out[i] = freeCells[Math.floor((i * freeCells.length) / count)]!;
  return out;
}
