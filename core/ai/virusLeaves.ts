/**
 * The game leaves about viruses (called by tickGameLeaf, leaves.ts): AvoidViruses keeps a big
 * lead cell from bursting on one, HideBehindVirus puts a small bot on a virus's far side from a
 * big threat, EjectFeed feeds a virus to shoot it at a big enemy beyond it (7 blobs, RULES).
 * Like every leaf they only set the wanted input on the context. Units: ranges in cells (Fx here),
 * mass units, angles in 4096 steps.
 */
import { FX_ONE, ilength } from '../math';
import { RULES, canEatMass, leadCell, ownerOf, playerMass, virusRadius, type World } from '../sim';
import type { BotContext } from './BotContext';
import { Status } from './catalog';
import { Bb } from './layout';
import { arrived, ejectAlong, headTo } from './motion';
import { angleTo, clampToMap, gapBetween, lineClear, queryAround, seesCell } from './senses';
import { enemyInLine, mayBurst, nearestVirus, virusDetour } from './virusSenses';

/** AvoidViruses: running while it turns the bot off a course into a virus it would burst on (see the catalog). */
export function avoidViruses(c: BotContext, range: number, popAlone: number): Status {
  if (popAlone > 0 && !pieceHunterNear(c.world, c.slot, popAlone * FX_ONE)) return Status.Failure;
  const a = virusDetour(c.world, c.slot, range * FX_ONE);
  if (a < 0) return Status.Failure; // none near, or the course is clear (COURSE_CLEAR)
  c.wantDirection(a);
  return Status.Running;
}

/** HideBehindVirus: see the catalog. */
export function hideBehindVirus(c: BotContext, range: number): Status {
  const w = c.world;
  const id = c.mem[c.base + Bb.Threat]! - 1;
  if (!seesCell(w, c.slot, id) || !canEatMass(w.cells.mass[id]!, RULES.virusMass)) return Status.Failure;
  // Not while its cells together may burst: merging (or eating) under the virus would.
  if (mayBurst(playerMass(w, c.slot))) return Status.Failure;
  const v = nearestVirus(w, c.slot, range * FX_ONE);
  if (v < 0) return Status.Failure;
  const V = w.viruses;
  const C = w.cells;
  // The far side: from the threat through the virus, half a virus radius past its centre.
  const dx = V.x[v]! - C.x[id]!;
  const dy = V.y[v]! - C.y[id]!;
  const len = ilength(dx, dy) || 1;
  const r = virusRadius(V.mass[v]!) >> 1;
  const x = clampToMap(w, V.x[v]! + Math.trunc((dx * r) / len), true);
  const y = clampToMap(w, V.y[v]! + Math.trunc((dy * r) / len), false);
  // Only a shelter the bot reaches first: one beyond the threat would lead it into its mouth.
  const lead = leadCell(w, c.slot);
  if (ilength(x - C.x[lead]!, y - C.y[lead]!) >= len + r) return Status.Failure;
  if (arrived(c, x, y)) c.wantStop();
  else headTo(c, x, y);
  return Status.Running;
}

/** EjectFeed: see the catalog. */
export function ejectFeed(c: BotContext, range: number, minMass: number): Status {
  const w = c.world;
  const me = c.slot;
  const lead = leadCell(w, me);
  const C = w.cells;
  const V = w.viruses;
  const v = nearestVirus(w, me, range * FX_ONE);
  if (v < 0) return Status.Failure;
  // Enough mass to finish this virus's feeding and keep minMass (a blob costs RULES.ejectCost).
  if (C.mass[lead]! - (RULES.virusFeeds - V.feeds[v]!) * RULES.ejectCost < minMass) return Status.Failure;
  const aim = angleTo(C.x[lead]!, C.y[lead]!, V.x[v]!, V.y[v]!);
  if (!lineClear(w, me, V.x[v]!, V.y[v]!) || !enemyInLine(w, me, v, aim)) return Status.Failure;
  ejectAlong(c, aim);
  return Status.Success;
}

/** Whether a visible cell of another player that could eat a burst's piece (RULES.popPieceMass) has its edge within `rangeFx` of `me`'s lead cell's. */
function pieceHunterNear(w: World, me: number, rangeFx: number): boolean {
  const lead = leadCell(w, me);
  const out = w.scratch.query;
  const n = queryAround(w, lead, rangeFx);
  for (let k = 0; k < n; k++) {
    const e = out[k]!;
    if (ownerOf(e) !== me && canEatMass(w.cells.mass[e]!, RULES.popPieceMass) && gapBetween(w, lead, e) <= rangeFx && seesCell(w, me, e)) return true;
  }
  return false;
}
