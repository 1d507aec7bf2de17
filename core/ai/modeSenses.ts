/**
 * What a bot knows of the match mode (core/sim teams.ts, closingArea.ts). Always, whatever its
 * tree: teammates are neither prey nor threats (senses.ts, flee.ts and virusSenses.ts ask `ally`).
 * For the mode nodes (modeLeaves.ts): who the teammates are and where their lead cells stand
 * (teammates always know where each other are, bushes or not — as their minimap shows them), and
 * how deep a lead cell is inside the closing area of last ball standing.
 * The fallback `keepInside`: a tree without MoveInward (an older or a designer's tree) still keeps
 * its bots inside the closing area — after its tree, a bot whose lead cell is outside the safe part
 * heads for the centre (BotDriver). A tree with MoveInward decides that itself, so the two never
 * steer the same bot. Everything here is a no-op in a free-for-all match with respawn, so such a
 * match's bots decide exactly as before the modes.
 * Units: Fx (1/1024 cell), gaps edge to edge. Teammates scanned in ascending slot.
 */
import { FX_ONE, isqrt } from '../math';
import { MAX_PLAYERS, allies, areaAt, leadCell, ownerOf, playerMass, type Area, type World } from '../sim';
import type { BotContext } from './BotContext';

/** How far inside the area's edge (Fx, beyond its own radius) a bot's lead cell counts as safe (keepInside; NearAreaEdge's default margin). */
export const AREA_MARGIN_FX = 2 * FX_ONE;

/** Whether the cells of player `them` are a teammate's for player `me` (never in free-for-all). */
export function ally(w: World, me: number, them: number): boolean {
  return allies(w.settings.mode, me, them);
}

/** Whether the match has teams (the team nodes fail at once in free-for-all). */
export function teamMatch(w: World): boolean {
  return w.settings.mode.teams !== 0;
}

/** Lead cells of the teammates teammates() found (scratch, rewritten by every call). */
export const mates = new Int32Array(MAX_PLAYERS);

/** Gathers the lead cells of `me`'s teammates that have a cell into `mates`, in ascending slot; returns how many. */
export function teammates(w: World, me: number): number {
  if (!teamMatch(w)) return 0;
  const out = mates;
  let n = 0;
  for (let p = 0; p < w.settings.players; p++) {
    if (p === me || !ally(w, me, p)) continue;
    const lead = leadCell(w, p);
    if (lead >= 0) out[n++] = lead;
  }
  return n;
}

/** The teammate of `me` with the most mass (ties to the lower slot), as its lead cell, or -1. */
export function biggestTeammate(w: World, me: number): number {
  const n = teammates(w, me);
  let best = -1;
  let bestMass = 0;
  for (let i = 0; i < n; i++) {
    const m = playerMass(w, ownerOf(mates[i]!));
    if (m > bestMass) {
      best = mates[i]!;
      bestMass = m;
    }
  }
  return best;
}

/** The area now, in last ball standing; null otherwise. */
export function closingArea(w: World): Area | null {
  return w.settings.mode.lastStanding ? areaAt(w.info, w.settings, w.frame) : null;
}

/**
 * Whether `me`'s lead cell is in the safe part of the closing area: its centre no farther from the
 * area's centre than the area's radius less `marginFx` and its own radius (true outside last ball
 * standing, or without a cell).
 */
export function insideSafe(w: World, me: number, marginFx: number): boolean {
  const a = closingArea(w);
  const lead = leadCell(w, me);
  if (a === null || lead < 0) return true;
  const dx = w.cells.x[lead]! - a.x;
  const dy = w.cells.y[lead]! - a.y;
  const safe = a.radius - marginFx - w.cells.radius[lead]!;
  return safe > 0 && isqrt(dx * dx + dy * dy) <= safe;
}

/** The fallback for trees without MoveInward (see the header): sends bot `c.slot` to the area's centre when its lead cell is near or past the edge. */
export function keepInside(w: World, c: BotContext): void {
  if (insideSafe(w, c.slot, AREA_MARGIN_FX)) return;
  const a = closingArea(w)!;
  c.wantTarget(a.x, a.y);
}
