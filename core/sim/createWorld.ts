/**
 * Match start: a world for `map` with every player's one cell placed (slot order, spawn rule of
 * cellOps.ts), the map's viruses at their places and pellets filled to the target, all from the
 * seeded world RNG. Same map, same options → bit-identical world on every peer.
 */
import type { GameMap } from '../map';
import { rngSeed } from '../math';
import { spawnPlayer } from './cellOps';
import { fillPellets } from './spawnPellets';
import { placeMapViruses } from './viruses';
import { allocWorld, matchSettings, type MatchOptions, type World } from './World';

/** A new match world at frame 0. Options out of range are clamped (see matchSettings). */
export function createWorld(map: GameMap, options: MatchOptions): World {
  const w = allocWorld(map, matchSettings(map, options));
  rngSeed(w.rng, w.settings.seed);
  for (let p = 0; p < w.settings.players; p++) spawnPlayer(w, p);
  placeMapViruses(w);
  fillPellets(w);
  return w;
}
