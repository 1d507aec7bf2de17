/**
 * The game's conditions and actions (kinds ≥ LEAF_BASE): what each node perceives through
 * senses.ts and which input it wants (BotContext), with its blackboard use (layout.ts Bb). Leaves
 * never write the world except the RNG draws of Wander (document: they advance the world RNG, in
 * slot order, identically on every peer). Arguments are read from the compiled tree in catalog
 * order. Units: cells for ranges (converted to Fx here), frames, mass units.
 */
import { FX_HALF, FX_ONE, FX_SHIFT, rngRange } from '../math';
import { canEatMass, dashCost, isShielded, pelletX, pelletY } from '../sim';
import type { BotContext } from './BotContext';
import { ARG_SLOTS, NodeKind, Status } from './catalog';
import { Bb, GoalKind } from './layout';
import { arrived, headTo, stalled } from './motion';
import { angleTo, clampToMap, fleeAngle, gapBetween, lineClear, nearestBall, nearestBush, seesBall } from './senses';

/** Frames of target motion Chase and a catching dash lead by. */
const LEAD_FRAMES = 4;
/** Random cells Wander tries before giving up for this decision. */
const WANDER_TRIES = 8;

/** Ticks the game leaf c.node; the LeafHandler of every bot. */
export function tickGameLeaf(c: BotContext): Status {
  const a = c.node * ARG_SLOTS;
  const args = c.tree.args;
  switch (c.kind) {
    case NodeKind.ThreatNear:
      return remember(c, Bb.Threat, nearestBall(c.world, c.slot, args[a]! * FX_ONE, false));
    case NodeKind.SmallerTargetNear:
      return remember(c, Bb.Target, nearestBall(c.world, c.slot, args[a]! * FX_ONE, true));
    case NodeKind.FindPelletCluster:
      return findPellets(c, args[a]!);
    case NodeKind.MoveTo:
      return args[a] === 0 ? moveToGoal(c) : moveToTarget(c);
    case NodeKind.Flee:
      return flee(c, args[a]!, args[a + 1]!);
    case NodeKind.Chase:
      return chase(c, args[a]!, args[a + 1]!);
    case NodeKind.DashWhenItPays:
      return dashWhenItPays(c, args[a]!, args[a + 1]!, args[a + 2]!);
    case NodeKind.HideInBushes:
      return hide(c, args[a]!);
    case NodeKind.Wander:
      return wander(c, args[a]!, args[a + 1]!);
    case NodeKind.MassAbove:
      return c.world.balls.mass[c.slot]! >= args[a]! ? Status.Success : Status.Failure;
    default:
      return Status.Failure;
  }
}

/** Stores ball `id` + 1 in blackboard word `word` (0 when id < 0); success when found. */
function remember(c: BotContext, word: number, id: number): Status {
  c.mem[c.base + word] = id + 1;
  return id >= 0 ? Status.Success : Status.Failure;
}

function setGoal(c: BotContext, x: number, y: number, kind: number): void {
  const m = c.mem;
  m[c.base + Bb.GoalX] = x;
  m[c.base + Bb.GoalY] = y;
  m[c.base + Bb.GoalKind] = kind;
  m[c.base + Bb.GoalSince] = c.frame;
}

/** The remembered ball in `word` if it is still alive and visible, else -1. */
function ballIn(c: BotContext, word: number): number {
  const id = c.mem[c.base + word]! - 1;
  return seesBall(c.world, c.slot, id) ? id : -1;
}

function findPellets(c: BotContext, range: number): Status {
  const p = c.pellets.best(c.world, c.slot, range, c.mem[c.base + Bb.Avoid]! - 1);
  if (p < 0) return Status.Failure;
  const word = c.world.pellets.word[p]!;
  setGoal(c, pelletX(word), pelletY(word), GoalKind.Pellets);
  return Status.Success;
}

function moveToGoal(c: BotContext): Status {
  const m = c.mem;
  const kind = m[c.base + Bb.GoalKind]!;
  if (kind === GoalKind.None) return Status.Failure;
  const x = m[c.base + Bb.GoalX]!;
  const y = m[c.base + Bb.GoalY]!;
  const w = c.world;
  const pelletGone = kind === GoalKind.Pellets && w.scratch.pelletAt[(y >> FX_SHIFT) * w.info.cols + (x >> FX_SHIFT)]! < 0;
  if (pelletGone || arrived(c, x, y)) {
    m[c.base + Bb.GoalKind] = GoalKind.None;
    return Status.Success;
  }
  if (stalled(c, x, y)) return giveUp(c, x, y);
  headTo(c, x, y);
  return Status.Running;
}

/** Forgets a goal the bot cannot reach and remembers its cell to avoid; failure. */
function giveUp(c: BotContext, x: number, y: number): Status {
  c.mem[c.base + Bb.GoalKind] = GoalKind.None;
  c.mem[c.base + Bb.Avoid] = (y >> FX_SHIFT) * c.world.info.cols + (x >> FX_SHIFT) + 1;
  return Status.Failure;
}

function moveToTarget(c: BotContext): Status {
  const t = ballIn(c, Bb.Target);
  if (t < 0) return Status.Failure;
  const B = c.world.balls;
  if (arrived(c, B.x[t]!, B.y[t]!)) return Status.Success;
  headTo(c, B.x[t]!, B.y[t]!);
  return Status.Running;
}

function flee(c: BotContext, range: number, probe: number): Status {
  const a = fleeAngle(c.world, c.slot, range * FX_ONE, probe * FX_ONE);
  if (a < 0) return Status.Failure;
  c.wantDirection(a);
  return Status.Running;
}

/** Where ball `t` will be in LEAD_FRAMES frames, clamped into the map (Fx). */
function leadX(c: BotContext, t: number): number {
  return clampToMap(c.world, c.world.balls.x[t]! + c.world.balls.vx[t]! * LEAD_FRAMES, true);
}
function leadY(c: BotContext, t: number): number {
  return clampToMap(c.world, c.world.balls.y[t]! + c.world.balls.vy[t]! * LEAD_FRAMES, false);
}

function chase(c: BotContext, retarget: number, range: number): Status {
  const m = c.mem;
  const id = m[c.base + Bb.Target]! - 1;
  if (id < 0) return Status.Failure;
  const w = c.world;
  const B = w.balls;
  if (B.alive[id] === 0) {
    m[c.base + Bb.Target] = 0;
    return Status.Success;
  }
  if (!seesBall(w, c.slot, id) || gapBetween(w, c.slot, id) > range * FX_ONE || !canEatMass(B.mass[c.slot]!, B.mass[id]!) || isShielded(w, id)) {
    m[c.base + Bb.Target] = 0;
    return Status.Failure;
  }
  if (c.fresh || c.frame >= m[c.base + Bb.ChaseAt]!) {
    headTo(c, leadX(c, id), leadY(c, id));
    m[c.base + Bb.ChaseAt] = c.frame + retarget;
  }
  return Status.Running;
}

function dashWhenItPays(c: BotContext, catchCells: number, escapeCells: number, minMass: number): Status {
  const w = c.world;
  const B = w.balls;
  const me = c.slot;
  if (B.dashCooldown[me]! > 0 || B.dashLeft[me]! > 0) return Status.Failure;
  const mass = B.mass[me]!;
  const t = catchCells > 0 && mass >= minMass ? ballIn(c, Bb.Target) : -1;
  if (t >= 0 && gapBetween(w, me, t) <= catchCells * FX_ONE && canEatMass(mass - dashCost(mass), B.mass[t]!)) {
    const x = leadX(c, t);
    const y = leadY(c, t);
    if (lineClear(w, me, x, y)) {
      c.wantDirection(angleTo(B.x[me]!, B.y[me]!, x, y));
      c.dash = true;
      return Status.Success;
    }
  }
  const h = escapeCells > 0 ? ballIn(c, Bb.Threat) : -1;
  if (h >= 0 && canEatMass(B.mass[h]!, mass) && gapBetween(w, me, h) <= escapeCells * FX_ONE) {
    const a = fleeAngle(w, me, (escapeCells + 4) * FX_ONE, 4 * FX_ONE);
    if (a >= 0) {
      c.wantDirection(a);
      c.dash = true;
      return Status.Success;
    }
  }
  return Status.Failure;
}

function hide(c: BotContext, range: number): Status {
  const w = c.world;
  const m = c.mem;
  const me = c.slot;
  if (w.balls.inBush[me] === 1) {
    if (m[c.base + Bb.GoalKind] === GoalKind.Bush) headTo(c, m[c.base + Bb.GoalX]!, m[c.base + Bb.GoalY]!);
    else c.wantStop();
    return Status.Success;
  }
  if (m[c.base + Bb.GoalKind] === GoalKind.Bush && stalled(c, m[c.base + Bb.GoalX]!, m[c.base + Bb.GoalY]!)) {
    return giveUp(c, m[c.base + Bb.GoalX]!, m[c.base + Bb.GoalY]!);
  }
  if (m[c.base + Bb.GoalKind] !== GoalKind.Bush || c.fresh) {
    const cell = nearestBush(w, me, range, m[c.base + Bb.Avoid]! - 1);
    if (cell < 0) return Status.Failure;
    const cols = w.info.cols;
    setGoal(c, ((cell % cols) << FX_SHIFT) + FX_HALF, (Math.floor(cell / cols) << FX_SHIFT) + FX_HALF, GoalKind.Bush);
  }
  headTo(c, m[c.base + Bb.GoalX]!, m[c.base + Bb.GoalY]!);
  return Status.Running;
}

function wander(c: BotContext, range: number, frames: number): Status {
  const m = c.mem;
  const b = c.base;
  if (!c.fresh && m[b + Bb.GoalKind] === GoalKind.Wander) {
    const x = m[b + Bb.GoalX]!;
    const y = m[b + Bb.GoalY]!;
    if (arrived(c, x, y) || c.frame - m[b + Bb.GoalSince]! >= frames) {
      m[b + Bb.GoalKind] = GoalKind.None;
      return Status.Success;
    }
    headTo(c, x, y);
    return Status.Running;
  }
  const w = c.world;
  const grid = w.info.navGrids[0]!;
  const c0 = w.balls.x[c.slot]! >> FX_SHIFT;
  const r0 = w.balls.y[c.slot]! >> FX_SHIFT;
  for (let i = 0; i < WANDER_TRIES; i++) {
    // DETERMINISM: draws from the world RNG (state), in slot order, the same on every peer.
    const col = c0 + rngRange(c.rng, -range, range);
    const row = r0 + rngRange(c.rng, -range, range);
    if (col < 0 || row < 0 || col >= w.info.cols || row >= w.info.rows || grid.blocked[row * w.info.cols + col] !== 0) continue;
    setGoal(c, (col << FX_SHIFT) + FX_HALF, (row << FX_SHIFT) + FX_HALF, GoalKind.Wander);
    headTo(c, (col << FX_SHIFT) + FX_HALF, (row << FX_SHIFT) + FX_HALF);
    return Status.Running;
  }
  return Status.Failure;
}
