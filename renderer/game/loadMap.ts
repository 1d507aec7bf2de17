/**
 * Loads a shipped map for play: the Tiled files through the bridge (read-only resources),
 * validated and parsed by core/map, plus its tileset image (a PNG data URL, loaded as an image).
 * The only bridge traffic an offline match causes. Cached per page (resources are read-only).
 */
import type { Bridge } from '../../electron/contract';
import { loadTiledMap, type GameMap } from '../../core/map';

// Shipped resources do not change while the app runs: each is read and decoded once per page, so
// the setup screen's preview also preloads the match.
const maps = new Map<string, Promise<GameMap>>();
const images = new Map<string, Promise<HTMLImageElement>>();

function cached<T>(cache: Map<string, Promise<T>>, id: string, load: () => Promise<T>): Promise<T> {
  let p = cache.get(id);
  if (!p) {
    p = load();
    cache.set(id, p);
    p.catch(() => cache.delete(id)); // a failure is not remembered: the next call tries again
  }
  return p;
}

/** A parsed map (core/map validated it). Throws MapError with file, layer and field for a bad file. */
export function loadGameMap(bridge: Bridge, id: string): Promise<GameMap> {
  return cached(maps, id, () => readGameMap(bridge, id));
}

/** The map's tileset image, decoded and ready for a texture. */
export function loadTilesetImage(bridge: Bridge, id: string): Promise<HTMLImageElement> {
  return cached(images, id, () => readTilesetImage(bridge, id));
}

async function readGameMap(bridge: Bridge, id: string): Promise<GameMap> {
  // Core parses the texts too, so a refused map is refused in core's words (file, field, hint).
  return loadTiledMap(await bridge.request('resources:map', { id }));
}

async function readTilesetImage(bridge: Bridge, id: string): Promise<HTMLImageElement> {
  const { dataUrl } = await bridge.request('resources:tilesetImage', { id });
  const img = new Image();
  img.src = dataUrl;
  await img.decode();
  return img;
}
