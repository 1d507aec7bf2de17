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
 * The timing runs twice: in a process started as the game's processes are (Node's default heap
 * settings: the goal row), and in this one, which bench/run.ts starts with
 * --max-semi-space-size=256 for other benchmarks' exact heap figures — a young generation that
 * large makes PathFinding.js's 65 536-node clone a query cheaper than in any process the game runs
 * (fewer scavenges), so that row is a reference.
 */
import { spawnSync } from 'node:child_process';
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

/** What one timing run measured (ms, single runs) and the load around it. */
interface Timing {
  readonly ours: ReturnType<typeof summarize>;
  readonly pf: ReturnType<typeof summarize>;
  /** Median of the per-query ratios PathFinding.js / planner. */
  readonly perQuery: number;
  readonly load: readonly [number, number];
}

function setup(): { grids: NavGrid[]; qs: Query[]; planners: ReturnType<typeof createPlanSearcher>[]; pfFind: (q: Query) => number[][] } {
  const rand = rng(0x91a7);
  const grids = Array.from({ length: GRIDS }, () => randomGrid(rand, SIZE, SIZE, 25));
  const qs = queries(grids, rand);
  const planners = grids.map((g) => createPlanSearcher(g, buildLandmarkTable(g, PLAN_LANDMARKS)));
  const finder = new PF.AStarFinder({ allowDiagonal: true, dontCrossCorners: true });
  const pfGrids = grids.map((g) => new PF.Grid(SIZE, SIZE, Array.from({ length: SIZE }, (_, r) => Array.from(g.blocked.subarray(r * SIZE, (r + 1) * SIZE)))));
  const pfFind = (q: Query): number[][] => finder.findPath(q.start % SIZE, Math.floor(q.start / SIZE), q.goal % SIZE, Math.floor(q.goal / SIZE), pfGrids[q.grid]!.clone());
  return { grids, qs, planners, pfFind };
}

/** The interleaved timing (see the header). */
function timing(): Timing {
  const { qs, planners, pfFind } = setup();
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
  const perQuery = summarize(Float64Array.from(pfMs, (p, i) => p / oursMs[i]!)).medianMs;
  return { ours: summarize(oursMs), pf: summarize(pfMs), perQuery, load: [load0, os.loadavg()[0]!] };
}

/** The timing in a child process with Node's default heap settings (GC exposed only to force it before a pass). */
function timingAsShipped(): Timing {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', import.meta.filename], { env: { ...process.env, BB_PLANNER_TIMING: '1' }, encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`planner timing process failed (status ${r.status}): ${r.stderr.slice(-400)}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as Timing;
}

export default function plannerBench(ctx: BenchContext): void {
  const { grids, qs, planners, pfFind } = setup();
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
  ctx.record({ group: GROUP, name: 'queries whose paths cost the same, optimal (game planner, PathFinding.js, plain A*)', value: equal, unit: `/ ${QUERIES}`, goal: `= ${QUERIES}`, met: equal === QUERIES });

  const ms = (name: string, v: number, notes?: string): void => ctx.record({ group: GROUP, name, value: v, unit: 'ms', ...(notes ? { notes } : {}) });
  const report = (t: Timing, how: string, goal: boolean): void => {
    ms(`game planner (JPS + ${PLAN_LANDMARKS} landmarks, budgeted, as core/sim calls it), ${QUERIES} interleaved queries, ${how}: median`, t.ours.medianMs, `p99 ${t.ours.p99Ms.toFixed(3)}, mean ${t.ours.meanMs.toFixed(3)}`);
    ms(`PathFinding.js with grid.clone(), the same queries interleaved, ${how}: median`, t.pf.medianMs, `p99 ${t.pf.p99Ms.toFixed(3)}, mean ${t.pf.meanMs.toFixed(3)}`);
    const ratio = t.pf.medianMs / t.ours.medianMs;
    ctx.record({ group: GROUP, name: `game planner vs PathFinding.js with clone, ${how} (ratio of the medians per query)`, value: ratio, unit: '×', ...(goal ? { goal: `>= ${GOAL}×`, met: ratio >= GOAL } : {}) });
    ctx.record({ group: GROUP, name: `game planner vs PathFinding.js with clone, ${how} (median of the per-query ratios)`, value: t.perQuery, unit: '×' });
    ctx.note(`Planner bench, ${how}: ${PASSES} passes of ${QUERIES} interleaved queries; 1-minute load average ${t.load[0].toFixed(2)} before, ${t.load[1].toFixed(2)} after, on ${os.cpus().length} cores.`);
  };
  report(timingAsShipped(), "Node's default heap (as the game's processes)", true);
  report(timing(), 'bench/run.ts heap flags (--max-semi-space-size=256)', false);
}

if (process.env['BB_PLANNER_TIMING'] === '1' && process.argv[1] === import.meta.filename) console.log(JSON.stringify(timing()));
