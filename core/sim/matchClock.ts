/**
 * System 12 (last): the match clock. Advances the frame counter; when it reaches the match length
 * the match ends — clock[Ended] = 1, a MatchOver event followed by one Ranked event per player in
 * rank order — and later steps change nothing.
 * Ranking (scoreboard): mass (0 while dead) descending, then kills descending, then deaths
 * ascending, then slot ascending — a total order, so no two players share a rank.
 */
import { EventKind } from './events';
import { Clock, type World } from './World';

/** One player's line on the scoreboard. */
export interface ScoreRow {
  /** 1 = leading. */
  readonly rank: number;
  readonly slot: number;
  /** Current mass; 0 while waiting to respawn. */
  readonly mass: number;
  readonly kills: number;
  readonly deaths: number;
  readonly alive: boolean;
}

/** The scoreboard, best first (allocates; call it for display, not per ball). */
export function scoreboard(w: World): ScoreRow[] {
  const B = w.balls;
  const slots: number[] = [];
  for (let b = 0; b < w.settings.players; b++) slots.push(b);
  slots.sort(
    (p, q) =>
      B.mass[q]! - B.mass[p]! || B.kills[q]! - B.kills[p]! || B.deaths[p]! - B.deaths[q]! || p - q,
  );
  return slots.map((b, i) => ({ rank: i + 1, slot: b, mass: B.mass[b]!, kills: B.kills[b]!, deaths: B.deaths[b]!, alive: B.alive[b] !== 0 }));
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
