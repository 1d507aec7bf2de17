/**
 * Last ball standing (MatchMode.lastStanding): no respawn, and a playable area that closes in.
 * The area is a circle, a pure function of the map and the frame — no world state: every peer, a
 * replay, a rejoiner and a successor compute the same circle from the settings and the clock.
 * - Centre: the centre of the free map cell nearest the map's middle (ties: lower cell index).
 * - Radius: AREA_START (half the map's diagonal plus a cell: the whole map) until
 *   lengthFrames × AREA_HOLD_SIXTHS / 6, then falling linearly (integer division) to AREA_END_RADIUS
 *   at lengthFrames × AREA_CLOSED_SIXTHS / 6, and staying there.
 * - A cell whose centre is outside loses max(AREA_MIN_LOSS, mass >> AREA_LOSS_SHIFT) each frame;
 *   one that would fall below RULES.minMass is gone. A player whose last cell goes is out (an
 *   OutOfArea event; nobody scores a kill).
 * - Out players stay out: their respawn column counts up from RULES.respawnFrames instead of
 *   down (frames since they went out, plus respawnFrames), which ranks them: out later, ranked higher.
 * - The match ends (matchClock.ts) once at most one side — a player, or a team — is alive, when it
 *   began with two or more; otherwise at its length.
 * Integer arithmetic only: distances squared stay below 2^53 (maps are at most 256 cells, 2^18 Fx).
 */
import { cellCount, killPlayer, ownerOf, removeCell, setMass } from './cellOps';
import { EventKind } from './events';
import type { MapInfo } from './mapInfo';
import { FX_ONE, FX_HALF, isqrt } from '../math';
import { MAX_CELLS, RULES } from './rules';
import type { MatchSettings } from './settings';
import type { World } from './World';

/** The area holds its full size for the first AREA_HOLD_SIXTHS sixths of the match. */
export const AREA_HOLD_SIXTHS = 1;
/** It has closed to AREA_END_RADIUS after AREA_CLOSED_SIXTHS sixths (and stays so). */
export const AREA_CLOSED_SIXTHS = 5;
/** Final radius in map cells (How to play quotes it). */
export const AREA_END_CELLS = 4;
/** Final radius (Fx). */
export const AREA_END_RADIUS = AREA_END_CELLS * FX_ONE;
/** Mass a cell outside loses a frame: mass >> AREA_LOSS_SHIFT (0.8 %), at least AREA_MIN_LOSS. */
export const AREA_LOSS_SHIFT = 7;
export const AREA_MIN_LOSS = 12;

/** The closing area at a frame: centre and radius (Fx). */
export interface Area {
  readonly x: number;
  readonly y: number;
  readonly radius: number;
}

const centres = new WeakMap<MapInfo, { x: number; y: number; start: number }>();

/** Centre (Fx) and starting radius of `info`'s area (cached per map). */
function geometry(info: MapInfo): { x: number; y: number; start: number } {
  const hit = centres.get(info);
  if (hit) return hit;
  const mx = info.widthFx >> 1;
  const my = info.heightFx >> 1;
  let best = -1;
  let bestD = Infinity;
  // DETERMINISM: freeCells ascend; the first of equal distances wins.
  for (let i = 0; i < info.freeCells.length; i++) {
    const c = info.freeCells[i]!;
    const dx = (c % info.cols) * FX_ONE + FX_HALF - mx;
    const dy = Math.floor(c / info.cols) * FX_ONE + FX_HALF - my;
    const d = dx * dx + dy * dy;
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  const x = best < 0 ? mx : (best % info.cols) * FX_ONE + FX_HALF;
  const y = best < 0 ? my : Math.floor(best / info.cols) * FX_ONE + FX_HALF;
  // Reaches every corner from the centre, wherever it sits.
  const fx = Math.max(x, info.widthFx - x);
  const fy = Math.max(y, info.heightFx - y);
  const g = { x, y, start: isqrt(fx * fx + fy * fy) + FX_ONE };
  centres.set(info, g);
  return g;
}

/** The area at `frame` of a match with `settings` on `info`'s map (last ball standing or not). */
export function areaAt(info: MapInfo, settings: MatchSettings, frame: number): Area {
  const g = geometry(info);
  const len = settings.lengthFrames;
  const t0 = Math.floor((len * AREA_HOLD_SIXTHS) / 6);
  const t1 = Math.max(t0 + 1, Math.floor((len * AREA_CLOSED_SIXTHS) / 6));
  const end = Math.min(AREA_END_RADIUS, g.start);
  let radius: number;
  if (frame <= t0) radius = g.start;
  else if (frame >= t1) radius = end;
  // DETERMINISM: integers below 2^53, one correctly rounded division, floored.
  else radius = g.start - Math.floor(((g.start - end) * (frame - t0)) / (t1 - t0));
  return { x: g.x, y: g.y, radius };
}

/** Frames until the area starts closing (0 once it has), for the countdown. */
export function framesUntilClosing(settings: MatchSettings, frame: number): number {
  return Math.max(0, Math.floor((settings.lengthFrames * AREA_HOLD_SIXTHS) / 6) - frame);
}

/** System 12 (after the viruses): cells outside the area lose mass; the last cell of a player going out puts it out. */
export function closeArea(w: World): void {
  if (!w.settings.mode.lastStanding) return;
  const { x: ax, y: ay, radius } = areaAt(w.info, w.settings, w.frame);
  const r2 = radius * radius;
  const C = w.cells;
  for (let c = 0; c < MAX_CELLS; c++) {
    const m = C.mass[c]!;
    if (m === 0) continue;
    const dx = C.x[c]! - ax;
    const dy = C.y[c]! - ay;
    if (dx * dx + dy * dy <= r2) continue;
    const left = m - Math.max(AREA_MIN_LOSS, m >> AREA_LOSS_SHIFT);
    if (left >= RULES.minMass) {
      setMass(w, c, left);
      continue;
    }
    const p = ownerOf(c);
    removeCell(w, c);
    if (cellCount(w, p) === 0) {
      killPlayer(w, p);
      w.events.push(EventKind.OutOfArea, p);
    }
  }
}

/** Respawn in last ball standing: nobody comes back; an out player's timer counts up (see the file header). */
export function stayOut(w: World): void {
  const P = w.players;
  for (let p = 0; p < w.settings.players; p++) if (P.alive[p] === 0) P.respawn[p]!++;
}

/** Sides (players, or teams in a team match) with a player alive, or that took part when `all`. */
function sides(w: World, all: boolean): number {
  const { teams, team } = w.settings.mode;
  let n = 0;
  let seen = 0;
  for (let p = 0; p < w.settings.players; p++) {
    if (!all && w.players.alive[p] === 0) continue;
    if (teams === 0) n++;
    else if ((seen & (1 << team[p]!)) === 0) {
      seen |= 1 << team[p]!;
      n++;
    }
  }
  return n;
}

/** Whether a last-ball-standing match is decided: it began with two sides or more and one (or none) is left. */
export function oneSideLeft(w: World): boolean {
  return w.settings.mode.lastStanding && sides(w, false) <= 1 && sides(w, true) >= 2;
}

/** Largest respawn value an out player can hold in a last-ball-standing match of `settings` (invariants). */
export function maxOutTimer(settings: MatchSettings): number {
  return settings.mode.lastStanding ? RULES.respawnFrames + settings.lengthFrames : RULES.respawnFrames;
}
