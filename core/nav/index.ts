/**
 * core/nav: path finding and spatial partition. Public surface; import nav only through here.
 * Units: grid cells (index `row * cols + col`), step-cost units (STEP_STRAIGHT per edge step) and
 * sim fixed point (core/math FX_ONE = 1024 per cell) for positions.
 */
export type { NavGrid } from './NavGrid';
export { checkGrid, inGrid, isFree, MAX_CELLS, nearestFreeCell, octile, pathCost, STEP_DIAGONAL, STEP_STRAIGHT, stepCost } from './NavGrid';
export type { FindPathOptions, PathResult } from './AStar';
export { AStar, PathStatus } from './AStar';
export { hasLineOfSight, segmentClear } from './lineOfSight';
export { smoothPath } from './smoothPath';
export { NineGrid } from './NineGrid';
