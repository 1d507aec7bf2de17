/**
 * How a bot turns "go to this point" into an input, cheaply and like a human would: far away with
 * a clear straight line it steers in that direction (no path planning needed); when the line is
 * blocked by walls, or the point is near (so it stops on it), it asks the simulation to move to
 * the point, which plans an A* path around the walls. A move-to target is re-sent only when it
 * moves to another cell, so the simulation does not re-plan every decision. Distances are the
 * bot's lead cell's (its biggest; the others follow it, core/sim steer.ts).
 * Units: Fx positions, cells.
 */
import { FX_ONE, FX_SHIFT, ilength } from '../math';
import { MoveMode, PathState, leadCell } from '../sim';
import type { BotContext } from './BotContext';
import { angleTo, clampToMap, lineClear } from './senses';

/** Within this distance (Fx) a bot moves to the exact point rather than steering past it. */
export const NEAR_FX = 2 * FX_ONE;

/** A bot counts as arrived at a point within max(lead radius / 2, ARRIVE_FX). */
export const ARRIVE_FX = 160;

/** Distance (Fx) from the bot's lead cell's centre to (x, y). */
export function distanceTo(c: BotContext, x: number, y: number): number {
  const C = c.world.cells;
  const lead = leadCell(c.world, c.slot);
  return ilength(x - C.x[lead]!, y - C.y[lead]!);
}

/** Whether the bot stands on (x, y). */
export function arrived(c: BotContext, x: number, y: number): boolean {
  const r = c.world.cells.radius[leadCell(c.world, c.slot)]! >> 1;
  return distanceTo(c, x, y) <= (r > ARRIVE_FX ? r : ARRIVE_FX);
}

/** Sets the wanted input that takes the bot towards (x, y) (see the file header). */
export function headTo(c: BotContext, x: number, y: number): void {
  const w = c.world;
  const B = w.players;
  const me = c.slot;
  if (distanceTo(c, x, y) > NEAR_FX && lineClear(w, me, x, y)) {
    const lead = leadCell(w, me);
    c.wantDirection(angleTo(w.cells.x[lead]!, w.cells.y[lead]!, x, y));
    return;
  }
  // Keep the current move-to (and its planned path) while the point stays in the same cell.
  if (B.mode[me] === MoveMode.Target && B.targetX[me]! >> FX_SHIFT === x >> FX_SHIFT && B.targetY[me]! >> FX_SHIFT === y >> FX_SHIFT) {
    c.wantTarget(B.targetX[me]!, B.targetY[me]!);
    return;
  }
  c.wantTarget(x, y);
}

/**
 * Whether the simulation has taken the bot as near to (x, y) as it can without it being there:
 * it is moving to that cell and its path is done (the point lies where its lead cell does not fit,
 * or beyond reach). Waiting longer would not help.
 */
export function stalled(c: BotContext, x: number, y: number): boolean {
  const B = c.world.players;
  const me = c.slot;
  return (
    B.mode[me] === MoveMode.Target &&
    B.pathState[me] === PathState.Arrived &&
    B.targetX[me]! >> FX_SHIFT === x >> FX_SHIFT &&
    B.targetY[me]! >> FX_SHIFT === y >> FX_SHIFT &&
    !arrived(c, x, y)
  );
}

/** An eject stands still once the heading is this close to its aim (steps, 2.8°): an eject while stopped aims along the heading. */
const FEED_AIM_SLACK = 32;

/**
 * Ejects towards `aim` (EjectFeed, at a virus or a teammate): the first eject aims by direction;
 * once the heading points along `aim` the bot stops and feeds along it, so that it neither drifts
 * onto a virus it feeds nor runs over its own blobs.
 */
export function ejectAlong(c: BotContext, aim: number): void {
  const off = (aim - c.world.players.heading[c.slot]! + 2048) & 4095;
  if (off >= 2048 - FEED_AIM_SLACK && off <= 2048 + FEED_AIM_SLACK) c.wantStop();
  else c.wantDirection(aim);
  c.eject = true;
}

/** Frames of a cell's motion Chase (and ProtectTeammate) lead by. */
export const LEAD_FRAMES = 4;

/** Where cell `t` will be in `frames` frames, clamped into the map (Fx). */
export function leadX(c: BotContext, t: number, frames: number): number {
  const C = c.world.cells;
  return clampToMap(c.world, C.x[t]! + (C.vx[t]! + C.bx[t]!) * frames, true);
}
export function leadY(c: BotContext, t: number, frames: number): number {
  const C = c.world.cells;
  return clampToMap(c.world, C.y[t]! + (C.vy[t]! + C.by[t]!) * frames, false);
}
