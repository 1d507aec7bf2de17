/**
 * The match mode: free-for-all or 2..MAX_TEAMS teams, with respawn or last ball standing
 * (closingArea.ts). The mode is part of the match settings, fixed at the start and equal on every
 * peer (it travels with the match's setup: the lockstep room settings and roster, replay headers),
 * never world state: nothing here is snapshotted or hashed, and a free-for-all match runs exactly
 * as before the mode existed.
 * Team rules (docs/RULES.md): cells of two teammates never eat each other (nor merge: they are
 * different players); anyone may eat anyone's ejected blobs, so a teammate is fed by ejecting.
 * Team standings (matchClock.ts teamStandings): the team's mass (its players' cells together),
 * then its kills, then the team number; in last ball standing a team with a player alive ranks
 * above every team without.
 */

/** Most teams a match can have. */
export const MAX_TEAMS = 4;

export interface MatchMode {
  /** 0 = free-for-all; 2..MAX_TEAMS = a team match. */
  readonly teams: number;
  /** Team of each player (world player index), 0..teams-1; empty in free-for-all. */
  readonly team: readonly number[];
  /** No respawn; the playable area closes in; the last player (or team) alive wins. */
  readonly lastStanding: boolean;
}

export const FREE_FOR_ALL: MatchMode = Object.freeze({ teams: 0, team: Object.freeze([]) as readonly number[], lastStanding: false });

/**
 * Why `mode` cannot be a match's mode for `players` players, in one line, or null when it can:
 * teams 0 or 2..MAX_TEAMS, one team number per player in range (none in free-for-all).
 */
export function modeProblem(mode: unknown, players: number): string | null {
  if (typeof mode !== 'object' || mode === null) return 'the match mode is missing';
  const m = mode as Partial<MatchMode>;
  if (typeof m.lastStanding !== 'boolean') return 'last ball standing must be on or off';
  const teams = m.teams;
  if (typeof teams !== 'number' || !Number.isInteger(teams) || (teams !== 0 && (teams < 2 || teams > MAX_TEAMS))) return `teams must be 0 (free-for-all) or 2 to ${MAX_TEAMS}`;
  if (!Array.isArray(m.team)) return 'the team list is missing';
  if (teams === 0) return m.team.length === 0 ? null : 'a free-for-all match has no teams';
  if (m.team.length !== players) return `${m.team.length} team numbers for ${players} players`;
  for (const t of m.team) if (typeof t !== 'number' || !Number.isInteger(t) || t < 0 || t >= teams) return `team ${String(t)} is not one of 0 to ${teams - 1}`;
  return null;
}

/** `mode` brought into range for `players` players (teams out of range → free-for-all; never throws). */
export function normalMode(mode: MatchMode, players: number): MatchMode {
  const teams = mode.teams >= 2 && mode.teams <= MAX_TEAMS ? Math.trunc(mode.teams) : 0;
  const team = teams === 0 ? [] : Array.from({ length: players }, (_, p) => {
    const t = mode.team[p];
    return t !== undefined && Number.isInteger(t) && t >= 0 && t < teams ? t : p % teams;
  });
  return teams === 0 && !mode.lastStanding ? FREE_FOR_ALL : Object.freeze({ teams, team: Object.freeze(team), lastStanding: mode.lastStanding === true });
}

export function sameMode(a: MatchMode, b: MatchMode): boolean {
  return a.teams === b.teams && a.lastStanding === b.lastStanding && a.team.length === b.team.length && a.team.every((t, i) => t === b.team[i]);
}

/** Whether players `p` and `q` (p ≠ q) are teammates: their cells never eat each other. */
export function allies(mode: MatchMode, p: number, q: number): boolean {
  return mode.teams !== 0 && mode.team[p] === mode.team[q];
}

/** Team of player `p`, or -1 in free-for-all. */
export function teamOf(mode: MatchMode, p: number): number {
  return mode.teams === 0 ? -1 : mode.team[p] ?? -1;
}
