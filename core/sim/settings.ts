/**
 * Match settings: the fixed parameters of one match, equal on every peer and carried in
 * snapshots and replay logs, and their normalisation from what a caller asks for.
 */
import type { GameMap } from '../map';
import { mapInfoOf } from './mapInfo';
import { MAX_PLAYERS, PELLET_CAPACITY, RULES } from './rules';
import { FREE_FOR_ALL, normalMode, type MatchMode } from './teams';

/** A match's fixed parameters; equal on every peer, carried in snapshots and replay logs. */
export interface MatchSettings {
  /** Id of the map (GameMap.id). */
  readonly mapId: string;
  /** Seed of the world RNG, uint32. */
  readonly seed: number;
  /** Players 1..MAX_PLAYERS: slots 0..players-1 take part. */
  readonly players: number;
  /** Match length in logic frames (≥ 1). */
  readonly lengthFrames: number;
  /** Live pellets the spawner keeps, 0..PELLET_CAPACITY (and at most the free cells). */
  readonly pelletTarget: number;
  /** Teams and last ball standing (teams.ts); FREE_FOR_ALL is everyone for themselves, with respawn. */
  readonly mode: MatchMode;
}

/** What a caller chooses for a match; the rest comes from the map and the rules. */
export interface MatchOptions {
  readonly seed: number;
  readonly players: number;
  readonly lengthFrames?: number;
  readonly pelletTarget?: number;
  /** Default FREE_FOR_ALL. */
  readonly mode?: MatchMode;
}

/** Match settings for `map` from `opts`, clamped to legal ranges (never throws). */
export function matchSettings(map: GameMap, opts: MatchOptions): MatchSettings {
  const info = mapInfoOf(map);
  const int = (v: number | undefined, dflt: number): number => (v !== undefined && Number.isFinite(v) ? Math.trunc(v) : dflt);
  const players = Math.max(1, Math.min(MAX_PLAYERS, int(opts.players, 1)));
  const target = int(opts.pelletTarget, info.defaultPelletTarget);
  return {
    mapId: map.id,
    seed: int(opts.seed, 0) >>> 0,
    players,
    lengthFrames: Math.max(1, Math.min(0x7fffffff, int(opts.lengthFrames, RULES.matchFrames))),
    pelletTarget: Math.max(0, Math.min(PELLET_CAPACITY, info.freeCells.length, target)),
    mode: opts.mode === undefined ? FREE_FOR_ALL : normalMode(opts.mode, players),
  };
}
