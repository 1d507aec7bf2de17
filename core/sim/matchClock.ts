/**
 * System 16 (last): the match clock. Advances the frame counter; when it reaches the match length
 * the match ends — clock[Ended] = 1, a MatchOver event followed by one Ranked event per player in
 * rank order — and later steps change nothing.
 * In last ball standing it also ends, early, once one side is left (closingArea.ts oneSideLeft).
 * Ranking (scoreboard): mass (the sum over the player's cells; 0 while dead) descending, then kills descending, then deaths
 * ascending, then slot ascending — a total order, so no two players share a rank. In last ball
 * standing the players alive come first, and the out ones rank by how long they lasted.
 */
import { cellCount, playerMass } from './cellOps';
import { oneSideLeft } from './closingArea';
import { EventKind } from './events';
import { Clock, type World } from './World';

/** One player's line on the scoreboard. */
export interface ScoreRow {
  /** 1 = leading. */
  readonly rank: number;
  readonly slot: number;
  /** Current mass, all its cells together; 0 while waiting to respawn. */
  readonly mass: number;
  readonly kills: number;
  readonly deaths: number;
  readonly alive: boolean;
  /** Live cells. */
  readonly cells: number;
}

/** The scoreboard, best first (allocates; call it for display, not per frame and player). */
export function scoreboard(w: World): ScoreRow[] {
  const P = w.players;
  const slots: number[] = [];
  const mass: number[] = [];
  for (let p = 0; p < w.settings.players; p++) {
    slots.push(p);
    mass.push(playerMass(w, p));
  }
  // Last ball standing: alive first; among the out, the later out (a smaller respawn count-up) first.
  const lbs = w.settings.mode.lastStanding ? 1 : 0;
  const lasted = (p: number, q: number): number => lbs * (P.alive[q]! - P.alive[p]! || (P.alive[p] === 0 ? P.respawn[p]! - P.respawn[q]! : 0));
  slots.sort((p, q) => lasted(p, q) || mass[q]! - mass[p]! || P.kills[q]! - P.kills[p]! || P.deaths[p]! - P.deaths[q]! || p - q);
  return slots.map((p, i) => ({ rank: i + 1, slot: p, mass: mass[p]!, kills: P.kills[p]!, deaths: P.deaths[p]!, alive: P.alive[p] !== 0, cells: cellCount(w, p) }));
}

/** Advances the clock and ends the match on its last frame. */
export function advanceClock(w: World): void {
  const frame = ++w.clock[Clock.Frame]!;
  if (frame < w.settings.lengthFrames && !oneSideLeft(w)) return;
  w.clock[Clock.Ended] = 1;
  const rows = scoreboard(w);
  w.events.push(EventKind.MatchOver, frame, rows.length);
  for (const r of rows) w.events.push(EventKind.Ranked, r.rank, r.slot, r.mass, r.kills);
}

/** One team's line in the standings. */
export interface TeamRow {
  /** 1 = leading. */
  readonly rank: number;
  readonly team: number;
  /** Its players' mass together (the dead weigh 0). */
  readonly mass: number;
  readonly kills: number;
  /** Its players alive now. */
  readonly alive: number;
  /** Its players (world player indices), ascending. */
  readonly players: readonly number[];
}

/**
 * The team standings, best first (empty in free-for-all; allocates: for display): mass together
 * descending, then kills, then team number; in last ball standing a team with a player alive first.
 */
export function teamStandings(w: World): TeamRow[] {
  const mode = w.settings.mode;
  if (mode.teams === 0) return [];
  const rows = Array.from({ length: mode.teams }, (_, team) => ({ rank: 0, team, mass: 0, kills: 0, alive: 0, players: [] as number[] }));
  for (let p = 0; p < w.settings.players; p++) {
    const r = rows[mode.team[p]!]!;
    r.players.push(p);
    r.mass += playerMass(w, p);
    r.kills += w.players.kills[p]!;
    r.alive += w.players.alive[p] !== 0 ? 1 : 0;
  }
  const standing = (r: TeamRow): number => (mode.lastStanding && r.alive > 0 ? 1 : 0);
  const used = rows.filter((r) => r.players.length > 0);
  used.sort((a, b) => standing(b) - standing(a) || b.mass - a.mass || b.kills - a.kills || a.team - b.team);
  return used.map((r, i) => ({ ...r, rank: i + 1 }));
}
