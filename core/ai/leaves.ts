/**
 * The game's conditions and actions (kinds ≥ LEAF_BASE): what each node perceives through
 * senses.ts (flee.ts, virusSenses.ts) and which input it wants (BotContext: a movement, a split or
 * an eject), with its blackboard use (layout.ts Bb); the virus leaves are in virusLeaves.ts, the
 * match modes' (teams, last ball standing) in modeLeaves.ts. Leaves
 * never write the world except the RNG draws of Wander (document: they advance the world RNG, in
 * slot order, identically on every peer). Arguments are read from the compiled tree in catalog
 * order. A bot moves as one: it reasons with its lead cell (its biggest, core/sim leadCell), and
 * the target and threat it remembers are other players' cells. Units: cells for ranges (converted
 * to Fx here), frames, mass units.
 */
import { FX_HALF, FX_ONE, FX_SHIFT, rngRange } from '../math';
import { CELLS_PER_PLAYER, RULES, canEatMass, cellCount, leadCell, ownerOf, pelletX, pelletY, playerMass, type World } from '../sim';
import type { BotContext } from './BotContext';
import { ARG_SLOTS, NodeKind, Status } from './catalog';
import { Bb, GoalKind } from './layout';
import { LEAD_FRAMES, arrived, headTo, leadX, leadY, stalled } from './motion';
import { fleeAngle } from './flee';
import { angleTo, gapBetween, lineClear, nearestBush, nearestCell, queryAround, seesCell } from './senses';
import { avoidViruses, ejectFeed, hideBehindVirus } from './virusLeaves';
import { feedTeammate, moveInward, nearAreaEdge, protectTeammate, regroup } from './modeLeaves';
import { crossesVirus } from './virusSenses';

/** …and a split attack: about the frames a half takes to fly 3 cells (splitSpeed, fading). */
const SPLIT_LEAD_FRAMES = 6;
/** SplitAttack holds back while a cell that could eat a half is this near (edge to edge, Fx). */
const SPLIT_SAFE_FX = 5 * FX_ONE;
/** Random cells Wander tries before giving up for this decision. */
const WANDER_TRIES = 8;

/** Ticks the game leaf c.node; the LeafHandler of every bot. */
export function tickGameLeaf(c: BotContext): Status {
  const a = c.node * ARG_SLOTS;
  const args = c.tree.args;
  switch (c.kind) {
    case NodeKind.ThreatNear:
      return remember(c, Bb.Threat, nearestCell(c.world, c.slot, args[a]! * FX_ONE, false, args[a + 1] === 1));
    case NodeKind.SmallerTargetNear:
      return remember(c, Bb.Target, nearestCell(c.world, c.slot, args[a]! * FX_ONE, true));
    case NodeKind.FindPelletCluster:
      return findPellets(c, args[a]!);
    case NodeKind.MoveTo:
      return args[a] === 0 ? moveToGoal(c) : moveToTarget(c);
    case NodeKind.Flee:
      return flee(c, args[a]!, args[a + 1]!, args[a + 2] === 1);
    case NodeKind.Chase:
      return chase(c, args[a]!, args[a + 1]!);
    case NodeKind.SplitAttack:
      return splitAttack(c, args[a]!, args[a + 1]!);
    case NodeKind.HideInBushes:
      return hide(c, args[a]!);
    case NodeKind.Wander:
      return wander(c, args[a]!, args[a + 1]!);
    case NodeKind.MassAbove:
      return playerMass(c.world, c.slot) >= args[a]! ? Status.Success : Status.Failure;
    case NodeKind.AvoidViruses:
      return avoidViruses(c, args[a]!, args[a + 1]!);
    case NodeKind.HideBehindVirus:
      return hideBehindVirus(c, args[a]!);
    case NodeKind.EjectFeed:
      return args[a + 2] === 1 ? feedTeammate(c, args[a]!, args[a + 1]!) : ejectFeed(c, args[a]!, args[a + 1]!);
    case NodeKind.Regroup:
      return regroup(c, args[a]!, args[a + 1]!);
    case NodeKind.ProtectTeammate:
      return protectTeammate(c, args[a]!, args[a + 1]!, args[a + 2] === 1);
    case NodeKind.NearAreaEdge:
      return nearAreaEdge(c, args[a]!);
    case NodeKind.MoveInward:
      return moveInward(c);
    default:
      return Status.Failure;
  }
}

/** Stores cell `id` + 1 in blackboard word `word` (0 when id < 0); success when found. */
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

/** The remembered cell in `word` if it is still alive and visible, else -1. */
function cellIn(c: BotContext, word: number): number {
  const id = c.mem[c.base + word]! - 1;
  return seesCell(c.world, c.slot, id) ? id : -1;
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
  const t = cellIn(c, Bb.Target);
  if (t < 0) return Status.Failure;
  const C = c.world.cells;
  if (arrived(c, C.x[t]!, C.y[t]!)) return Status.Success;
  headTo(c, C.x[t]!, C.y[t]!);
  return Status.Running;
}

function flee(c: BotContext, range: number, probe: number, splits: boolean): Status {
  const a = fleeAngle(c.world, c.slot, range * FX_ONE, probe * FX_ONE, splits);
  if (a < 0) return Status.Failure;
  c.wantDirection(a);
  return Status.Running;
}

/** The remembered target if it is still one the bot's lead cell can chase, else -1 (and forgotten). */
function chaseable(c: BotContext, range: number): number {
  const m = c.mem;
  const id = m[c.base + Bb.Target]! - 1;
  if (id < 0) return -1;
  const w = c.world;
  const lead = leadCell(w, c.slot);
  if (
    w.cells.mass[id] === 0 || !seesCell(w, c.slot, id) || gapBetween(w, lead, id) > range * FX_ONE ||
    !canEatMass(w.cells.mass[lead]!, w.cells.mass[id]!) || w.players.shield[ownerOf(id)] !== 0
  ) {
    return -1;
  }
  return id;
}

function chase(c: BotContext, retarget: number, range: number): Status {
  const m = c.mem;
  const id = m[c.base + Bb.Target]! - 1;
  if (id < 0) return Status.Failure;
  if (c.world.cells.mass[id] === 0) {
    m[c.base + Bb.Target] = 0;
    return Status.Success;
  }
  if (chaseable(c, range) < 0) {
    m[c.base + Bb.Target] = 0;
    return Status.Failure;
  }
  if (c.fresh || c.frame >= m[c.base + Bb.ChaseAt]!) {
    headTo(c, leadX(c, id, LEAD_FRAMES), leadY(c, id, LEAD_FRAMES));
    m[c.base + Bb.ChaseAt] = c.frame + retarget;
  }
  return Status.Running;
}

function splitAttack(c: BotContext, reach: number, minMass: number): Status {
  const w = c.world;
  const me = c.slot;
  const lead = leadCell(w, me);
  const mass = w.cells.mass[lead]!;
  if (mass < minMass || mass < RULES.minSplitMass || cellCount(w, me) >= CELLS_PER_PLAYER) return Status.Failure;
  const t = chaseable(c, reach);
  if (t < 0 || !canEatMass(mass >> 1, w.cells.mass[t]!)) return Status.Failure;
  const x = leadX(c, t, SPLIT_LEAD_FRAMES);
  const y = leadY(c, t, SPLIT_LEAD_FRAMES);
  const C = w.cells;
  if (!lineClear(w, me, x, y) || halvesInDanger(w, me, lead, mass >> 1) || crossesVirus(w, mass >> 1, C.x[lead]!, C.y[lead]!, x, y)) return Status.Failure;
  c.wantDirection(angleTo(C.x[lead]!, C.y[lead]!, x, y));
  c.split = true;
  return Status.Success;
}

/** Whether a visible cell of another player that could eat a half of `half` has its edge within SPLIT_SAFE_FX of the lead cell's. */
function halvesInDanger(w: World, me: number, lead: number, half: number): boolean {
  const out = w.scratch.query;
  const n = queryAround(w, lead, SPLIT_SAFE_FX);
  for (let k = 0; k < n; k++) {
    const e = out[k]!;
    if (ownerOf(e) !== me && canEatMass(w.cells.mass[e]!, half) && gapBetween(w, lead, e) <= SPLIT_SAFE_FX && seesCell(w, me, e)) return true;
  }
  return false;
}

function hide(c: BotContext, range: number): Status {
  const w = c.world;
  const m = c.mem;
  const me = c.slot;
  if (w.cells.inBush[leadCell(w, me)] === 1) {
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
  const lead = leadCell(w, c.slot);
  const c0 = w.cells.x[lead]! >> FX_SHIFT;
  const r0 = w.cells.y[lead]! >> FX_SHIFT;
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
