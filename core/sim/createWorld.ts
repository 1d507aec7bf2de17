/**
 * Match start: a world for `map` with every player's ball placed (slot order, spawn rule of
 * ballOps.ts) and pellets filled to the target, all from the seeded world RNG. Same map, same
 * options → bit-identical world on every peer.
 */
import type { GameMap } from '../map';
import { rngSeed } from '../math';
import { spawnBall } from './ballOps';
import { fillPellets } from './spawnPellets';
import { allocWorld, matchSettings, type MatchOptions, type World } from './World';

/** A new match world at frame 0. Options out of range are clamped (see matchSettings). */
export function createWorld(map: GameMap, options: MatchOptions): World {
  const w = allocWorld(map, matchSettings(map, options));
  rngSeed(w.rng, w.settings.seed);
  for (let b = 0; b < w.settings.players; b++) spawnBall(w, b);
  fillPellets(w);
  return w;
}
