/**
 * System 15 (last): the match clock. Advances the frame counter; when it reaches the match length
 * the match ends — clock[Ended] = 1, a MatchOver event followed by one Ranked event per player in
 * rank order — and later steps change nothing.
 * Ranking (scoreboard): mass (the sum over the player's cells; 0 while dead) descending, then kills descending, then deaths
 * ascending, then slot ascending — a total order, so no two players share a rank.
 */
import { cellCount, playerMass } from './cellOps';
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
  slots.sort((p, q) => mass[q]! - mass[p]! || P.kills[q]! - P.kills[p]! || P.deaths[p]! - P.deaths[q]! || p - q);
  return slots.map((p, i) => ({ rank: i + 1, slot: p, mass: mass[p]!, kills: P.kills[p]!, deaths: P.deaths[p]!, alive: P.alive[p] !== 0, cells: cellCount(w, p) }));
}

/** Advances the clock and ends the match on its last frame. */
export function advanceClock(w: World): void {
  const frame = ++w.clock[Clock.Frame]!;
  if (frame < w.settings.lengthFrames) return;
  w.clock[Clock.Ended] = 1;
  const rows = scoreboard(w);
  w.events.push(EventKind.MatchOver, frame, rows.length);
  for (const r of rows) w.events.push(EventKind.Ranked, r.rank, r.slot, r.mass, r.kills);
}
