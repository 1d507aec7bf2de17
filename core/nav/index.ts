/**
 * core/nav: path finding and spatial partition. Public surface; import nav only through here.
 * Units: grid cells (index `row * cols + col`), step-cost units (STEP_STRAIGHT = 70 per edge step,
 * STEP_DIAGONAL = 99 per corner step) and sim fixed point (core/math FX_ONE = 1024 a cell) for
 * positions.
 */
export type { NavGrid } from './NavGrid';
export { checkGrid, inGrid, isFree, MAX_CELLS, MAX_SIDE, nearestFreeCell, octile, pathCost, STEP_DIAGONAL, STEP_STRAIGHT, stepCost } from './NavGrid';
export type { AStarConfig, FindPathOptions, PathResult } from './AStar';
export { AStar, PathStatus } from './AStar';
export { JUMP_POINT_WORK, JumpPointSearch } from './JumpPointSearch';
export { buildLandmarkTable, distanceField, landmarkCells } from './distanceField';
export { nearestInRegion, regionLabels } from './regions';
export type { OpenHeap } from './openHeap';
export { createOpenHeap } from './openHeap';
export { hasLineOfSight, segmentClear } from './lineOfSight';
export { smoothPath } from './smoothPath';
export { NineGrid } from './NineGrid';
