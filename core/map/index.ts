/**
 * Public surface of core/map: the map model, the Tiled loader, coordinate conversions, the
 * shipped tileset's layout and the map manifest. Other folders import from here only.
 */
export type { GameMap, GridPoint, TilesetInfo } from './GameMap';
export { MAP_LIMITS, TERRAIN_NAMES, Terrain, inMap, isFreeCell, terrainFromName } from './GameMap';
export { MapError } from './MapError';
export type { CreateGameMapOptions } from './createGameMap';
export { ASCII_LEGEND, createGameMap } from './createGameMap';
export { INTERNAL_ERROR_FIELD, loadTiledMap, parseTiledMap } from './tiled';
export type { MapTexts } from './tiled';
export type { FxPoint, MapDims, MapPxPoint, WorldPoint } from './coords';
export {
  cellCenterFx,
  cellIndex,
  cellIndexOfFx,
  cellOfFx,
  clampFxToMap,
  clampGrid,
  fxToWorld,
  gridToMapPx,
  gridToWorld,
  mapPxToGrid,
  mapPxToWorld,
  worldToFx,
  worldToGrid,
  worldToMapPx,
} from './coords';
export type { PaintedTiles } from './builtinTileset';
export { BUILTIN_TILESET, BuiltinTile, builtinTileTerrain, cellNoise, edgeMask, paintBuiltinTiles } from './builtinTileset';
export { mapSimHash } from './mapHash';
export type { MapManifestEntry } from './manifest';
export { validateMapManifest } from './manifest';
