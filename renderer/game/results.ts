/**
 * What the results screen shows after a match: final ranking (core's scoreboard order), kills and
 * deaths, and the mass-over-time samples for the chart. Also remembers the setup so "Play again"
 * can start the same match.
 */
import type { MassHistory } from './MassHistory';
import type { Difficulty, PlayerInfo } from './match';
import { scoreboard, teamStandings, type ScoreRow, type TeamRow, type World } from './simApi';

/** The mode pickers' team counts (offline setup, room form): 0 = free-for-all. */
export const TEAM_CHOICES: readonly number[] = [0, 2, 3, 4];

/** The choices of the offline setup screen. */
export interface OfflineSetup {
  readonly mapId: string;
  /** 0..49 */
  readonly bots: number;
  readonly difficulty: Difficulty;
  /** Match length in minutes. */
  readonly minutes: number;
  /** 0 = free-for-all, 2..4 teams. */
  readonly teams: number;
  /** Last ball standing. */
  readonly lastStanding: boolean;
}

export interface MatchResults {
  readonly mapName: string;
  readonly players: readonly PlayerInfo[];
  readonly rows: readonly ScoreRow[];
  /** Team standings, best first (empty in free-for-all). */
  readonly teams: readonly TeamRow[];
  readonly lastStanding: boolean;
  readonly history: MassHistory;
  readonly mySlot: number | null;
  readonly frames: number;
  readonly setup?: OfflineSetup;
}

/** The results of a finished (or left) match. */
export function resultsOf(world: World, mapName: string, players: readonly PlayerInfo[], history: MassHistory, mySlot: number | null, setup?: OfflineSetup): MatchResults {
  return { mapName, players, rows: scoreboard(world), teams: teamStandings(world), lastStanding: world.settings.mode.lastStanding, history, mySlot, frames: world.frame, ...(setup ? { setup } : {}) };
}

/** The match screen's params for `setup` (the offline form's Start, and Play again). */
export function setupParams(setup: OfflineSetup): Record<string, string> {
  return { map: setup.mapId, bots: String(setup.bots), difficulty: setup.difficulty, minutes: String(setup.minutes), teams: String(setup.teams), lbs: setup.lastStanding ? '1' : '0' };
}
