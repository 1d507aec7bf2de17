/**
 * The game's planner as core/sim calls it (core/sim searchers.ts: createPlanSearcher, JPS + 16
 * landmarks with the table built apart as at world creation, and PLAN_SEARCH_OPTIONS' budget)
 * against PathFinding.js's AStarFinder (allowDiagonal + dontCrossCorners: the same moves), which
 * dirties its grid, so a real caller clones it for every query, and the clone is timed with it.
 *
 * 600 solvable queries on four 256×256 grids with 25 % random walls (fixed seed), interleaved:
 * each query runs once on each contender, back to back, the order alternating, every run timed on
 * its own with garbage collection included. So a busy neighbour or a GC pause falls on both alike,
 * and each search starts with the caches as the other left them, as the planner runs in a game
 * among other systems (not after itself in a tight loop). The figure is the median over single
 * runs, and the goal the ratio of the two medians. PASSES passes (after an untimed one); GC is
 * forced only before a pass. Every query's path cost is checked: the planner's, PathFinding.js's
 * (costed with nav's integer step costs) and plain A*'s (ours, optimal: core/nav tests check it
 * against Dijkstra) must be equal.
 * bench/run.ts runs node with --max-semi-space-size=256, which makes PathFinding.js's per-query
 * garbage cheaper than in a default Node or Electron process.
 */
import os from 'node:os';
import PF from 'pathfinding';
import type { BenchContext } from './lib';
import { summarize } from './lib';
import { AStar, buildLandmarkTable, PathStatus, pathCost, type NavGrid } from '../core/nav';
import { createPlanSearcher, PLAN_LANDMARKS, PLAN_SEARCH_OPTIONS } from '../core/sim';
import { randomFreeCell, randomGrid, rng } from '../core/nav/test/fixtures';

const SIZE = 256;
const GRIDS = 4;
const QUERIES = 600;
const PASSES = 3;
const GROUP = 'core/nav planner';
const GOAL = 20;

interface Query {
  readonly grid: number;
  readonly start: number;
  readonly goal: number;
}

function queries(grids: readonly NavGrid[], rand: (n: number) => number): Query[] {
  const plain = grids.map((g) => new AStar(g));
  const out: Query[] = [];
  while (out.length < QUERIES) {
    const grid = out.length % GRIDS;
    const start = randomFreeCell(rand, grids[grid]!);
    const goal = randomFreeCell(rand, grids[grid]!);
    if (plain[grid]!.findPath(start, goal).status === PathStatus.Found) out.push({ grid, start, goal });
  }
  return out;
}

export default function plannerBench(ctx: BenchContext): void {
  const rand = rng(0x91a7);
  const grids = Array.from({ length: GRIDS }, () => randomGrid(rand, SIZE, SIZE, 25));
  const qs = queries(grids, rand);
  const planners = grids.map((g) => createPlanSearcher(g, buildLandmarkTable(g, PLAN_LANDMARKS)));
  const finder = new PF.AStarFinder({ allowDiagonal: true, dontCrossCorners: true });
  const pfGrids = grids.map((g) => new PF.Grid(SIZE, SIZE, Array.from({ length: SIZE }, (_, r) => Array.from(g.blocked.subarray(r * SIZE, (r + 1) * SIZE)))));
  const pfFind = (q: Query): number[][] => finder.findPath(q.start % SIZE, Math.floor(q.start / SIZE), q.goal % SIZE, Math.floor(q.goal / SIZE), pfGrids[q.grid]!.clone());

  // Same optimal costs, every query.
  const reference = grids.map((g) => new AStar(g));
  let equal = 0;
  for (const q of qs) {
    const best = reference[q.grid]!.findPath(q.start, q.goal).cost;
    const ours = planners[q.grid]!.findPath(q.start, q.goal, PLAN_SEARCH_OPTIONS);
    const pf = pfFind(q).map(([x, y]) => y! * SIZE + x!);
    const oursCost = ours.status === PathStatus.Found ? pathCost(grids[q.grid]!, ours.path, ours.length) : -1;
    if (oursCost === best && ours.cost === best && pathCost(grids[q.grid]!, pf, pf.length) === best) equal++;
  }
  ctx.record({ group: GROUP, name: `queries whose paths cost the same, optimal (game planner, PathFinding.js, plain A*)`, value: equal, unit: `/ ${QUERIES}`, goal: `= ${QUERIES}`, met: equal === QUERIES });

  const oursMs = new Float64Array(PASSES * QUERIES);
  const pfMs = new Float64Array(PASSES * QUERIES);
  const runOurs = (q: Query): number => {
    const t = performance.now();
    planners[q.grid]!.findPath(q.start, q.goal, PLAN_SEARCH_OPTIONS);
    return performance.now() - t;
  };
  const runPf = (q: Query): number => {
    const t = performance.now();
    pfFind(q);
    return performance.now() - t;
  };
  const gc = (globalThis as { gc?: () => void }).gc;
  const load0 = os.loadavg()[0]!;
  for (let pass = -1; pass < PASSES; pass++) {
    gc?.();
    for (let i = 0; i < QUERIES; i++) {
      const q = qs[i]!;
      const oursFirst = ((i + pass) & 1) === 0;
      const a = oursFirst ? runOurs(q) : runPf(q);
      const b = oursFirst ? runPf(q) : runOurs(q);
      if (pass < 0) continue; // warm-up
      oursMs[pass * QUERIES + i] = oursFirst ? a : b;
      pfMs[pass * QUERIES + i] = oursFirst ? b : a;
    }
  }
  const load1 = os.loadavg()[0]!;
  const ours = summarize(oursMs);
  const pf = summarize(pfMs);
  const perQuery = Float64Array.from(pfMs, (p, i) => p / oursMs[i]!);
  const ms = (name: string, v: number, notes?: string): void => ctx.record({ group: GROUP, name, value: v, unit: 'ms', ...(notes ? { notes } : {}) });
  ms(`game planner (JPS + ${PLAN_LANDMARKS} landmarks, budgeted, as core/sim calls it), ${QUERIES} interleaved queries: median`, ours.medianMs, `p99 ${ours.p99Ms.toFixed(3)}, mean ${ours.meanMs.toFixed(3)}`);
  ms('PathFinding.js with grid.clone(), the same queries interleaved: median', pf.medianMs, `p99 ${pf.p99Ms.toFixed(3)}, mean ${pf.meanMs.toFixed(3)}`);
  const ratio = pf.medianMs / ours.medianMs;
  ctx.record({ group: GROUP, name: 'game planner vs PathFinding.js with clone (ratio of the median per query)', value: ratio, unit: '×', goal: `>= ${GOAL}×`, met: ratio >= GOAL });
  ctx.record({ group: GROUP, name: 'game planner vs PathFinding.js with clone (median of the per-query ratios)', value: summarize(perQuery).medianMs, unit: '×' });
  ctx.note(`Planner bench (${PASSES} passes of ${QUERIES} interleaved queries): 1-minute load average ${load0.toFixed(2)} before, ${load1.toFixed(2)} after, on ${os.cpus().length} cores.`);
}
