/**
 * System 3: path planning for players moving to a target (MoveMode.Target). A path is planned once
 * for the player, from its lead cell (its biggest, cellOps.ts leadCell), and all its cells steer
 * along it (steer.ts): agar's "cells follow the mouse", with walls in the way.
 * A player whose pathState is NeedsPlan gets a path on the nav grid of its lead cell's size class —
 * from the nearest cell where it fits when its own cell is too tight (else on a smaller class). A
 * target cell where the lead cell does not fit moves to the nearest one where it does; an unreachable target
 * (in another region of the grid, searchers.ts) leads to the reachable cell nearest to it, found
 * without a search. A target in plain sight (segmentClear) needs no
 * search. Otherwise the class's searcher runs (searchers.ts: core/nav's JumpPointSearch with the
 * map's landmark tables; `begin`/`resume`) — at most one search at a time, spread over frames — and
 * its path (optimal; among equally short ones, JPS's pick), smoothed by line of sight (core/nav),
 * becomes the player's waypoints (cell indices, steered to at their centres; the last one is
 * EXACT_TARGET when the path reaches the target's cell). Requests are served round robin from
 * planner[Cursor], at most RULES.plansPerFrame new ones a frame; waiting players head straight for
 * their target meanwhile.
 * Budgets are in JPS work units (JumpPointSearch.ts: JUMP_POINT_WORK a jump point plus each cell
 * its scans step onto; a unit took ~4-6 ns), which follow time on any map, where a count of jump
 * points would not: RULES.planWorkPerFrame a frame for searches, smoothing and nearest-cell scans
 * together (charged as they finish, so a frame overruns it by at most one expansion, smoothing or
 * scan), RULES.pathBudget per search. Measured (50 players, far targets, labyrinth-large): planning
 * took at most 83 µs a frame (A* with 512 expansions: 113 µs), and a search was still in flight
 * at the end of 0.5 % of frames (A*: 63 %).
 * The search in flight is state (planner column: player, class, cells, work done); nav's searcher
 * keeps its open set private, so it cannot be snapshotted. After a restore (or whenever the
 * searcher does not hold this search) the search is restarted from its recorded start and goal
 * and re-run up to the recorded work before it continues — same result, as nav guarantees that
 * slicing never changes a search and that a re-run stops at exactly the recorded work.
 */
import { FX_HALF, FX_SHIFT } from '../math';
import { nearestFreeCell, nearestInRegion, PathStatus, segmentClear, smoothPath, type JumpPointSearch, type PathResult } from '../nav';
import { leadCell } from './cellOps';
import { sizeClassOf } from './mapInfo';
import { MAX_PLAYERS, PATH_CAPACITY, RULES } from './rules';
import { PLAN_SEARCH_OPTIONS } from './searchers';
import { PathState, Planner, type World } from './World';

/** Waypoint value meaning "the exact target point" rather than a cell centre. */
export const EXACT_TARGET = -1;
/** How far (cells) to look for room when the lead cell's own map cell is too tight for its size class. */
const UNWEDGE_RADIUS = 3;
/** How far (cells) a goal where the lead cell does not fit may move to one where it does. */
const RETARGET_RADIUS = 32;
/**
 * Work charged per cell of a finished path for smoothing it. smoothPath tests line of sight from
 * each waypoint to every later cell, so its cost grows with the open space around the path:
 * measured 80-270 ns a raw path cell on the shipped maps (arena-small's rooms the dearest), where
 * a unit of search work took ~4.5 ns: 48 charges the dear end. With JPS, smoothing a path costs
 * about as much as finding it, so it must be charged for a frame's planning to stay bounded.
 */
const SMOOTH_COST = 48;

/** x (Fx) of waypoint `k` of player `p`. */
export function waypointX(w: World, p: number, k: number): number {
  const cell = w.players.wp[p * PATH_CAPACITY + k]!;
  return cell === EXACT_TARGET ? w.players.targetX[p]! : ((cell % w.info.cols) << FX_SHIFT) + FX_HALF;
}

/** y (Fx) of waypoint `k` of player `p`. */
export function waypointY(w: World, p: number, k: number): number {
  const cell = w.players.wp[p * PATH_CAPACITY + k]!;
  return cell === EXACT_TARGET ? w.players.targetY[p]! : (Math.floor(cell / w.info.cols) << FX_SHIFT) + FX_HALF;
}

/** Serves path requests within this frame's work budget (see the file header). */
export function planPaths(w: World): void {
  const P = w.planner;
  dropStale(w);
  let budget: number = RULES.planWorkPerFrame;
  let starts: number = RULES.plansPerFrame;
  while (budget > 0) {
    if (P[Planner.Player]! < 0) {
      if (starts === 0) return;
      const p = nextRequest(w);
      if (p < 0) return;
      starts--;
      // The plan may be settled at once (line of sight, or nowhere to go): then the loop takes the next.
      budget -= beginPlan(w, p);
      continue;
    }
    const before = P[Planner.Expanded]!;
    const result = ensureSearch(w).resume(budget);
    budget -= result.expanded - before;
    P[Planner.Expanded] = result.expanded;
    // Smoothing walks lines of sight along the whole path: charge it as SMOOTH_COST work a cell.
    if (result.status !== PathStatus.Running) budget -= SMOOTH_COST * finishPlan(w, result);
  }
}

/** Forgets the search in flight when its player died or changed its mind since. */
function dropStale(w: World): void {
  const P = w.planner;
  const p = P[Planner.Player]!;
  if (p < 0) return;
  const state = w.players.pathState;
  if (w.players.alive[p] !== 0 && state[p] === PathState.Planning) return;
  if (state[p] === PathState.Planning) state[p] = PathState.NeedsPlan;
  freePlanner(P);
}

/** Clears the search-in-flight words (all of them, so an idle planner has one canonical state). */
function freePlanner(P: Int32Array): void {
  P[Planner.Player] = -1;
  P[Planner.Class] = 0;
  P[Planner.From] = 0;
  P[Planner.Goal] = 0;
  P[Planner.Expanded] = 0;
  P[Planner.KeepFirst] = 0;
}

/** The next live player waiting for a plan, round robin from the cursor (which moves past it), or -1. */
function nextRequest(w: World): number {
  const P = w.planner;
  const Q = w.players;
  const start = P[Planner.Cursor]!;
  for (let k = 0; k < MAX_PLAYERS; k++) {
    const p = (start + k) % MAX_PLAYERS;
    if (Q.pathState[p] !== PathState.NeedsPlan || Q.alive[p] === 0) continue;
    P[Planner.Cursor] = (p + 1) % MAX_PLAYERS;
    return p;
  }
  return -1;
}

/**
 * Starts planning for player `p`: a search is then in flight (planner[Player] = p), or the request
 * is settled at once. Returns the work it cost: the scan for the nearest reachable cell when the goal
 * is in another region, charged a unit a grid cell (measured 4-8 ns a cell), else 0.
 */
function beginPlan(w: World, p: number): number {
  const B = w.players;
  const lead = leadCell(w, p);
  const x = w.cells.x[lead]!;
  const y = w.cells.y[lead]!;
  const { cols } = w.info;
  const startCell = (y >> FX_SHIFT) * cols + (x >> FX_SHIFT);
  const goalCell = (B.targetY[p]! >> FX_SHIFT) * cols + (B.targetX[p]! >> FX_SHIFT);
  B.pathLen[p] = 0;
  B.pathIdx[p] = 0;
  B.stuck[p] = 0;
  for (let cls = sizeClassOf(w.cells.radius[lead]!); cls >= 0; cls--) {
    const grid = w.info.navGrids[cls]!;
    const from = grid.blocked[startCell] === 0 ? startCell : nearestFreeCell(grid, startCell, UNWEDGE_RADIUS);
    let goal = grid.blocked[goalCell] === 0 ? goalCell : nearestFreeCell(grid, goalCell, RETARGET_RADIUS);
    if (from < 0 || goal < 0) continue;
    let work = 0;
    const regions = w.scratch.regions[cls]!;
    if (regions[goal] !== regions[from]) {
      // Unreachable: head for the reachable cell nearest to it. A search would only find out by
      // expanding the whole region, and JPS's partial path ends at a jump point, not that cell.
      goal = nearestInRegion(grid, regions, regions[from]!, goal);
      work = regions.length;
    }
    if (from === startCell && goal === goalCell && segmentClear(grid, x, y, B.targetX[p]!, B.targetY[p]!)) {
      B.wp[p * PATH_CAPACITY] = EXACT_TARGET;
      B.pathLen[p] = 1;
      B.pathState[p] = PathState.Following;
      return work;
    }
    const P = w.planner;
    P[Planner.Player] = p;
    P[Planner.Class] = cls;
    P[Planner.From] = from;
    P[Planner.Goal] = goal;
    P[Planner.Expanded] = 0;
    P[Planner.KeepFirst] = from === startCell ? 0 : 1;
    B.pathState[p] = PathState.Planning;
    return work;
  }
  B.pathState[p] = PathState.Arrived; // nowhere to go from here: hold until the next input
  return 0;
}

/**
 * The searcher of the plan in flight, holding it at the recorded progress: restarted from the
 * recorded start and goal and re-run up to planner[Expanded] work when it does not hold this
 * search at exactly that progress (after a restore, or a new plan).
 */
function ensureSearch(w: World): JumpPointSearch {
  const P = w.planner;
  const s = w.scratch;
  const cls = P[Planner.Class]!;
  const searcher = s.searchers[cls]!;
  const last = s.searchResult;
  const fresh =
    last !== null && s.searchPlayer === P[Planner.Player] && s.searchFrom === P[Planner.From] && s.searchGoal === P[Planner.Goal] &&
    s.searchClass === cls && last.status === PathStatus.Running && last.expanded === P[Planner.Expanded];
  if (fresh) return searcher;
  const begun = searcher.begin(P[Planner.From]!, P[Planner.Goal]!, PLAN_SEARCH_OPTIONS);
  // DETERMINISM: nav's search state after some work is the same however it was sliced, and the
  // recorded work is where an expansion ended, so the re-run stops exactly there.
  const redone = begun.status === PathStatus.Running ? searcher.resume(P[Planner.Expanded]!) : begun;
  s.searchResult = redone;
  s.searchPlayer = P[Planner.Player]!;
  s.searchFrom = P[Planner.From]!;
  s.searchGoal = P[Planner.Goal]!;
  s.searchClass = cls;
  return searcher;
}

/** Turns the finished search into the player's waypoints and frees the planner; returns the raw path length. */
function finishPlan(w: World, result: PathResult): number {
  const P = w.planner;
  const s = w.scratch;
  const b = P[Planner.Player]!;
  const B = w.players;
  const grid = w.info.navGrids[P[Planner.Class]!]!;
  // The path buffer is nav's (overwritten by its next search): smooth it into our own.
  const raw = result.length;
  const n = smoothPath(grid, result.path, raw, s.cellPath);
  const goalCell = (B.targetY[b]! >> FX_SHIFT) * w.info.cols + (B.targetX[b]! >> FX_SHIFT);
  const reaches = result.status === PathStatus.Found && P[Planner.Goal] === goalCell;
  storeWaypoints(w, b, n, 1 - P[Planner.KeepFirst]!, reaches, result.status === PathStatus.Budget);
  freePlanner(P);
  s.searchPlayer = -1;
  s.searchResult = null;
  return raw;
}

/** Copies smoothed cells first..n-1 of scratch.cellPath into player b's waypoints. */
function storeWaypoints(w: World, b: number, n: number, first: number, reachesTarget: boolean, budgetHit: boolean): void {
  const B = w.players;
  const cells = w.scratch.cellPath;
  const base = b * PATH_CAPACITY;
  const count = Math.min(n - first, PATH_CAPACITY);
  for (let i = 0; i < count; i++) B.wp[base + i] = cells[i + first]!;
  const truncated = n - first > PATH_CAPACITY;
  if (reachesTarget && !truncated) {
    // The exact target point replaces the goal cell's centre (or is the only waypoint when the
    // lead cell already stands in the goal cell).
    const last = count > 0 ? count - 1 : 0;
    B.wp[base + last] = EXACT_TARGET;
    B.pathLen[b] = last + 1;
  } else {
    B.pathLen[b] = count;
  }
  B.pathIdx[b] = 0;
  if (B.pathLen[b] === 0) B.pathState[b] = PathState.Arrived;
  else B.pathState[b] = truncated || budgetHit ? PathState.Partial : PathState.Following;
}
