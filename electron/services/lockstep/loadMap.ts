/**
 * Loads a shipped map by manifest id for the main side's headless game loops (the renderer loads
 * its own through the bridge): the same Resources reader and the same core parser as the game.
 */
import path from 'node:path';
import type { GameMap } from '../../../core/map';
import { findRepoRoot } from '../files/paths';
import { Resources } from '../files/resources';

/** A map loader over `resourcesDir` (default: the checkout's resources/), caching parsed maps. */
export function mapLoader(resourcesDir?: string): (id: string) => GameMap {
  const res = new Resources(resourcesDir ?? path.join(findRepoRoot(import.meta.dirname), 'resources'));
  const cache = new Map<string, GameMap>();
  return (id) => {
    const hit = cache.get(id);
    if (hit) return hit;
    const map = res.loadMap(id);
    cache.set(id, map);
    return map;
  };
}
