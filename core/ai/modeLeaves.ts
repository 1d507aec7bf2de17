/**
 * The game leaves of the match modes (called by tickGameLeaf, leaves.ts): Regroup, ProtectTeammate
 * and EjectFeed's `at: teammate` for team matches, NearAreaEdge and MoveInward for last ball
 * standing. Each fails at once, setting nothing, outside its mode — so a tree that uses them plays
 * a free-for-all match exactly as without them. Like every leaf they only set the wanted input on
 * the context; none keeps memory. Teammates come from modeSenses.ts (ascending slot, ties to the
 * lower slot), enemy cells from the broadphase (ascending id, ties to the lower id) and only when
 * the bot's player sees them. A bot that decides has a cell (BotDriver), so its lead cell exists.
 * Units: cells in arguments (Fx here), mass units, angles in 4096 steps.
 */
import { FX_ONE } from '../math';
import { RULES, canEatMass, leadCell, ownerOf, playerMass } from '../sim';
import type { BotContext } from './BotContext';
import { Status } from './catalog';
import { Bb } from './layout';
import { LEAD_FRAMES, arrived, ejectAlong, headTo, leadX, leadY } from './motion';
import { biggestTeammate, closingArea, insideSafe, mates, teammates } from './modeSenses';
import { angleTo, gapBetween, lineClear, queryAround, seesCell, smallestMass } from './senses';
import { segmentDistance } from './virusSenses';

/** Regroup's `to` options, in catalog order. */
const TO_NEAREST = 0;
const TO_PROTECTOR = 2;

/** Regroup: see the catalog. */
export function regroup(c: BotContext, to: number, beyond: number): Status {
  const w = c.world;
  const n = teammates(w, c.slot);
  if (n === 0) return Status.Failure;
  const lead = leadCell(w, c.slot);
  const beyondFx = beyond * FX_ONE;
  let mate: number;
  if (to === TO_PROTECTOR) {
    mate = protector(c, lead, n);
    if (mate >= 0 && gapBetween(w, lead, mate) <= beyondFx) return Status.Failure;
  } else {
    // Only when alone: no teammate within `beyond`.
    let nearest = -1;
    let nearestGap = 0x7fffffff;
    for (let i = 0; i < n; i++) {
      const gap = gapBetween(w, lead, mates[i]!);
      if (gap <= beyondFx) return Status.Failure;
      if (gap < nearestGap) {
        nearest = mates[i]!;
        nearestGap = gap;
      }
    }
    mate = to === TO_NEAREST ? nearest : biggestTeammate(w, c.slot);
  }
  if (mate < 0) return Status.Failure;
  headTo(c, w.cells.x[mate]!, w.cells.y[mate]!);
  return Status.Running;
}

/**
 * Of the `n` gathered teammates, the nearest whose lead cell can eat the remembered threat and that
 * the bot reaches without passing the threat (the straight line to it stays clear of the threat's
 * circle by the lead cell's radius), or -1 (also without a threat).
 */
function protector(c: BotContext, lead: number, n: number): number {
  const w = c.world;
  const t = c.mem[c.base + Bb.Threat]! - 1;
  if (!seesCell(w, c.slot, t)) return -1;
  const C = w.cells;
  let best = -1;
  let bestGap = 0x7fffffff;
  for (let i = 0; i < n; i++) {
    const m = mates[i]!;
    if (!canEatMass(C.mass[m]!, C.mass[t]!)) continue;
    const gap = gapBetween(w, lead, m);
    if (gap >= bestGap) continue;
    if (segmentDistance(C.x[lead]!, C.y[lead]!, C.x[m]!, C.y[m]!, C.x[t]!, C.y[t]!) <= C.radius[t]! + C.radius[lead]!) continue;
    best = m;
    bestGap = gap;
  }
  return best;
}

/** ProtectTeammate: see the catalog. */
export function protectTeammate(c: BotContext, range: number, danger: number, deter: boolean): Status {
  const w = c.world;
  const me = c.slot;
  const n = teammates(w, me);
  if (n === 0) return Status.Failure;
  const lead = leadCell(w, me);
  const C = w.cells;
  const rangeFx = range * FX_ONE;
  const dangerFx = danger * FX_ONE;
  const mine = C.mass[lead]!;
  const least = smallestMass(w, me);
  // The teammates within range, in place in `mates`.
  let k = 0;
  for (let i = 0; i < n; i++) if (gapBetween(w, lead, mates[i]!) <= rangeFx) mates[k++] = mates[i]!;
  if (k === 0) return Status.Failure;
  const out = w.scratch.query;
  const found = queryAround(w, lead, rangeFx + dangerFx + FX_ONE);
  let best = -1;
  let bestGap = dangerFx + 1;
  for (let q = 0; q < found; q++) {
    const e = out[q]!;
    if (!seesCell(w, me, e)) continue; // not mine, not a teammate's, visible
    const m = C.mass[e]!;
    if (!(canEatMass(mine, m) || (deter && !canEatMass(m, least)))) continue;
    for (let i = 0; i < k; i++) {
      const mate = mates[i]!;
      if (!canEatMass(m, smallestMass(w, ownerOf(mate)))) continue;
      const gap = gapBetween(w, mate, e);
      if (gap < bestGap) {
        best = e;
        bestGap = gap;
      }
    }
  }
  if (best < 0) return Status.Failure;
  headTo(c, leadX(c, best, LEAD_FRAMES), leadY(c, best, LEAD_FRAMES));
  return Status.Running;
}

/** EjectFeed with `at: teammate`: see the catalog. */
export function feedTeammate(c: BotContext, range: number, minMass: number): Status {
  const w = c.world;
  const me = c.slot;
  const n = teammates(w, me);
  if (n === 0) return Status.Failure;
  const lead = leadCell(w, me);
  const C = w.cells;
  const mass = C.mass[lead]!;
  if (mass < RULES.minEjectMass || mass - RULES.ejectCost < minMass) return Status.Failure;
  const rangeFx = range * FX_ONE;
  let best = -1;
  let bestGap = rangeFx + 1;
  for (let i = 0; i < n; i++) {
    const mate = mates[i]!;
    if (2 * playerMass(w, ownerOf(mate)) > mass) continue; // only a teammate of at most half the lead cell
    const gap = gapBetween(w, lead, mate);
    if (gap < bestGap && lineClear(w, me, C.x[mate]!, C.y[mate]!)) {
      best = mate;
      bestGap = gap;
    }
  }
  if (best < 0) return Status.Failure;
  ejectAlong(c, angleTo(C.x[lead]!, C.y[lead]!, C.x[best]!, C.y[best]!));
  return Status.Success;
}

/** NearAreaEdge: see the catalog. */
export function nearAreaEdge(c: BotContext, margin: number): Status {
  return insideSafe(c.world, c.slot, margin * FX_ONE) ? Status.Failure : Status.Success;
}

/** MoveInward: see the catalog. */
export function moveInward(c: BotContext): Status {
  const a = closingArea(c.world);
  if (a === null) return Status.Failure;
  headTo(c, a.x, a.y);
  return arrived(c, a.x, a.y) ? Status.Success : Status.Running;
}

