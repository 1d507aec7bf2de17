import { describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { FX_ONE } from '../math';
import type { MapDims } from './index';
import {
  cellCenterFx, cellIndexOfFx, cellOfFx, clampFxToMap, clampGrid, fxToWorld, gridToMapPx, gridToWorld,
  mapPxToGrid, mapPxToWorld, worldToFx, worldToGrid, worldToMapPx,
} from './index';

const shipped = [...loadShippedMaps().values()];
/** Odd sizes too: exactness must not depend on powers of two. */
const dims: MapDims[] = [...shipped, { cols: 7, rows: 5, tileWidth: 24, tileHeight: 20 }, { cols: 3, rows: 9, tileWidth: 33, tileHeight: 17 }];

describe('cell centres round-trip exactly among all four spaces', () => {
  it.each(dims.map((d) => [`${d.cols}x${d.rows} @ ${d.tileWidth}x${d.tileHeight}px`, d] as const))('on every cell of %s', (_, map) => {
    for (let row = 0; row < map.rows; row++) {
      for (let col = 0; col < map.cols; col++) {
        const fx = cellCenterFx(col, row);
        const world = gridToWorld(col, row);
        const px = gridToMapPx(map, col, row);
        const ok =
          cellIndexOfFx(map, fx.x, fx.y) === row * map.cols + col &&
          sameCell(cellOfFx(map, fx.x, fx.y), col, row) &&
          sameCell(worldToGrid(map, world.x, world.z), col, row) &&
          sameCell(mapPxToGrid(map, px.x, px.y), col, row) &&
          sameWorld(fxToWorld(fx.x, fx.y), world) &&
          sameFx(worldToFx(world.x, world.z), fx) &&
          sameWorld(mapPxToWorld(map, px.x, px.y), world) &&
          samePx(worldToMapPx(map, world.x, world.z), px);
        if (!ok) throw new Error(`round trip broke at col ${col}, row ${row}`);
      }
    }
  });
});

const sameCell = (p: { col: number; row: number } | null, col: number, row: number) => p !== null && p.col === col && p.row === row;
const sameWorld = (a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }) => a.x === b.x && a.y === b.y && a.z === b.z;
const sameFx = (a: { x: number; y: number }, b: { x: number; y: number }) => a.x === b.x && a.y === b.y;
const samePx = sameFx;

describe('coordinate conventions', () => {
  const map: MapDims = { cols: 4, rows: 3, tileWidth: 32, tileHeight: 32 };

  it('puts the origin at the north-west corner with x east, y up, z south', () => {
    expect(cellCenterFx(0, 0)).toEqual({ x: FX_ONE / 2, y: FX_ONE / 2 });
    expect(cellCenterFx(3, 1)).toEqual({ x: 3 * FX_ONE + 512, y: FX_ONE + 512 });
    expect(gridToWorld(3, 1)).toEqual({ x: 3.5, y: 0, z: 1.5 });
    expect(gridToMapPx(map, 3, 1)).toEqual({ x: 112, y: 48 });
    expect(fxToWorld(FX_ONE * 2 + 256, 0)).toEqual({ x: 2.25, y: 0, z: 0 });
  });

  it('gives cell edges to the east/south cell', () => {
    expect(cellOfFx(map, FX_ONE, FX_ONE - 1)).toEqual({ col: 1, row: 0 });
    expect(mapPxToGrid(map, 32, 31.999)).toEqual({ col: 1, row: 0 });
    expect(worldToGrid(map, 1, 0.999)).toEqual({ col: 1, row: 0 });
  });

  it('returns null (or -1) off the map instead of clamping', () => {
    const edgeX = map.cols * FX_ONE;
    for (const [x, y] of [[-1, 0], [0, -1], [edgeX, 0], [0, map.rows * FX_ONE]]) {
      expect(cellOfFx(map, x!, y!)).toBeNull();
      expect(cellIndexOfFx(map, x!, y!)).toBe(-1);
    }
    expect(cellOfFx(map, edgeX - 1, 0)).toEqual({ col: 3, row: 0 });
    for (const [x, z] of [[-0.001, 0], [4, 0], [0, 3], [Number.NaN, 1], [1, Number.POSITIVE_INFINITY]]) expect(worldToGrid(map, x!, z!)).toBeNull();
    for (const [x, y] of [[-1, 0], [128, 0], [0, 96], [Number.NaN, 0]]) expect(mapPxToGrid(map, x!, y!)).toBeNull();
  });

  it('clamps only when asked', () => {
    expect(clampGrid(map, -5, 99)).toEqual({ col: 0, row: 2 });
    expect(clampGrid(map, 2.7, Number.NaN)).toEqual({ col: 2, row: 0 });
    expect(clampFxToMap(map, -100, 1e9)).toEqual({ x: 0, y: map.rows * FX_ONE - 1 });
  });

  it('rounds world to the nearest Fx and keeps Fx in int32', () => {
    expect(worldToFx(1 / 3, -1 / 3)).toEqual({ x: 341, y: -341 });
    expect(worldToFx(0.5 / FX_ONE, 0)).toEqual({ x: 1, y: 0 });
    expect(worldToFx(1e12, -1e12)).toEqual({ x: 0x7fffffff, y: -0x80000000 });
    expect(worldToFx(Number.NaN, Number.NEGATIVE_INFINITY)).toEqual({ x: 0, y: 0 });
  });

  it('writes into a caller-supplied vector instead of allocating', () => {
    const out = { x: 9, y: 9, z: 9 };
    expect(fxToWorld(FX_ONE, 2 * FX_ONE, out)).toBe(out);
    expect(out).toEqual({ x: 1, y: 0, z: 2 });
    expect(gridToWorld(0, 0, out)).toBe(out);
    expect(mapPxToWorld(map, 64, 16, out)).toEqual({ x: 2, y: 0, z: 0.5 });
  });
});
