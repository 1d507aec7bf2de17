/**
 * What the results screen shows after a match: final ranking (core's scoreboard order), kills and
 * deaths, and the mass-over-time samples for the chart. Also remembers the setup so "Play again"
 * can start the same match.
 */
import type { MassHistory } from './MassHistory';
import type { Difficulty, PlayerInfo } from './match';
import { scoreboard, type ScoreRow, type World } from './simApi';

/** The choices of the offline setup screen. */
export interface OfflineSetup {
  readonly mapId: string;
  /** 0..49 */
  readonly bots: number;
  readonly difficulty: Difficulty;
  /** Match length in minutes. */
  readonly minutes: number;
}

export interface MatchResults {
  readonly mapName: string;
  readonly players: readonly PlayerInfo[];
  readonly rows: readonly ScoreRow[];
  readonly history: MassHistory;
  readonly mySlot: number | null;
  readonly frames: number;
  readonly setup?: OfflineSetup;
}

/** The results of a finished (or left) match. */
export function resultsOf(world: World, mapName: string, players: readonly PlayerInfo[], history: MassHistory, mySlot: number | null, setup?: OfflineSetup): MatchResults {
  return { mapName, players, rows: scoreboard(world), history, mySlot, frames: world.frame, ...(setup ? { setup } : {}) };
}
