/**
 * What a bot knows of the match mode (core/sim teams.ts, closingArea.ts), until trees get nodes of
 * their own for it: teammates are neither prey nor threats (senses.ts asks `ally`), and in last
 * ball standing a bot whose lead cell is outside the safe part of the closing area heads for its
 * centre, whatever its tree wanted (`keepInside`, BotDriver). Both are no-ops in a free-for-all
 * match with respawn, so such a match's bots decide exactly as before the modes.
 */
import { FX_ONE, isqrt } from '../math';
import { allies, areaAt, leadCell, type World } from '../sim';
import type { BotContext } from './BotContext';

/** How far inside the area's edge (Fx, beyond its own radius) a bot wants its lead cell. */
export const AREA_MARGIN_FX = 2 * FX_ONE;

/** Whether the cells of player `them` are a teammate's for player `me` (never in free-for-all). */
export function ally(w: World, me: number, them: number): boolean {
  return allies(w.settings.mode, me, them);
}

/** Last ball standing: sends bot `c.slot` to the area's centre when its lead cell is near or past the edge. */
export function keepInside(w: World, c: BotContext): void {
  if (!w.settings.mode.lastStanding) return;
  const lead = leadCell(w, c.slot);
  if (lead < 0) return;
  const a = areaAt(w.info, w.settings, w.frame);
  const dx = w.cells.x[lead]! - a.x;
  const dy = w.cells.y[lead]! - a.y;
  const safe = a.radius - AREA_MARGIN_FX - w.cells.radius[lead]!;
  if (safe > 0 && isqrt(dx * dx + dy * dy) <= safe) return;
  c.wantTarget(a.x, a.y);
}
