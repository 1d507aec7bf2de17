/**
 * core/nav path-finding benchmark: ours (AStar, JumpPointSearch; plain and with landmarks, and the
 * game's planner exactly as core/sim makes and calls it: searchers.ts's createPlanSearcher with the
 * landmark table built apart, as at world creation, and PLAN_SEARCH_OPTIONS) against
 * PathFinding.js's AStarFinder (allowDiagonal + dontCrossCorners: the same moves as ours) on
 * 256×256 grids with 25 % random walls, the same 200 solvable queries for all. Every path is costed
 * with nav's integer step costs and compared with the others and with a Dijkstra (optimality).
 * PathFinding.js dirties its grid, so a real caller clones it per query: one figure includes the
 * clone, one times its search alone (the clone made, untimed, just before).
 *
 * Timings, after an untimed warm-up pass of every contender:
 * - Sequential, the goal figures: each query run once, in sequence, each run timed on its own with
 *   garbage collection included, as a game calls path finding. The clone allocates a 65 536-node
 *   object graph per query, so PathFinding.js pays scavenges (which copy the live clone) every few
 *   queries: a real cost, which a best-of-N timing would hide. GC is forced only before each
 *   200-query block, for every contender alike, never between queries. SEQ_PASSES passes,
 *   contenders taking turns block by block; "mean" is the median over passes of a pass's mean over
 *   its 200 single runs (so one pass hit by a busy neighbour on the shared machine does not decide),
 *   "median" the median of all single runs. The same runs' CPU time (all threads, GC helpers too)
 *   is reported beside: it is immune to being descheduled, not to GC.
 * - Best of N, for reference only: a query's time is its best over the same SEQ_PASSES passes,
 *   which filters out a busy neighbour but also every GC pause (the previous goal figure).
 * bench/run.ts runs node with --max-semi-space-size=256 (for exact heapDelta figures): scavenges
 * are rarer here than in a default Node or Electron renderer, which favours PathFinding.js.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import PF, { type PFGrid } from 'pathfinding';
import type { BenchContext, Timing } from './lib';
import { heapDelta, measure, summarize } from './lib';
import { AStar, buildLandmarkTable, JumpPointSearch, PathStatus, pathCost, smoothPath } from '../core/nav';
import type { FindPathOptions, NavGrid } from '../core/nav';
import { createPlanSearcher, PLAN_LANDMARKS, PLAN_SEARCH_OPTIONS } from '../core/sim';
import { dijkstra, randomFreeCell, randomGrid, rng } from '../core/nav/test/fixtures';

const SIZE = 256;
const GRIDS = 4;
const QUERIES = 200;
const SEQ_PASSES = 7;
const GROUP = 'core/nav A*';
const LANDMARKS = 8;

interface Setup {
  readonly grids: NavGrid[];
  /** Our searchers, one instance per grid each, in the order of OURS. */
  readonly ours: Finder[][];
  /** Time to build one grid's landmark table (in AStar's constructor), ms. */
  readonly altBuildMs: number;
  /** Time to build one grid's landmark table for the game planner (at world creation in the game), ms. */
  readonly gameBuildMs: number;
  /** Query q: grid qGrid[q], from cell qStart[q] to cell qGoal[q]. */
  readonly qGrid: Int32Array;
  readonly qStart: Int32Array;
  readonly qGoal: Int32Array;
}

/** Our contenders; `game`: the game's planner (core/sim searchers.ts), with the sim's search options. */
const OURS = [
  { name: 'ours A*', jps: false, landmarks: 0, game: false },
  { name: `ours A* + ${LANDMARKS} landmarks`, jps: false, landmarks: LANDMARKS, game: false },
  { name: 'ours JPS', jps: true, landmarks: 0, game: false },
  { name: `ours JPS + ${LANDMARKS} landmarks`, jps: true, landmarks: LANDMARKS, game: false },
  { name: `ours JPS + ${2 * LANDMARKS} landmarks`, jps: true, landmarks: 2 * LANDMARKS, game: false },
  { name: `ours JPS + ${4 * LANDMARKS} landmarks`, jps: true, landmarks: 4 * LANDMARKS, game: false },
  { name: `game planner (JPS + ${PLAN_LANDMARKS} landmarks, as core/sim runs it)`, jps: true, landmarks: PLAN_LANDMARKS, game: true },
] as const;

/** The FindPathOptions contender i searches with. */
const optionsOf = (i: number): FindPathOptions | undefined => (OURS[i]!.game ? PLAN_SEARCH_OPTIONS : undefined);

/** What the bench calls on a searcher (AStar and JumpPointSearch alike; JPS also counts its jump points). */
type Finder = Pick<AStar, 'findPath'> & { readonly jumpPoints?: number };

function setup(): Setup {
  const rand = rng(0xba11);
  const grids = Array.from({ length: GRIDS }, () => randomGrid(rand, SIZE, SIZE, 25));
  const plain = grids.map((g) => new AStar(g));
  const [qGrid, qStart, qGoal] = [new Int32Array(QUERIES), new Int32Array(QUERIES), new Int32Array(QUERIES)];
  for (let q = 0; q < QUERIES; ) {
    const gi = q % GRIDS;
    const start = randomFreeCell(rand, grids[gi]!);
    const goal = randomFreeCell(rand, grids[gi]!);
    if (plain[gi]!.findPath(start, goal).status !== PathStatus.Found) continue;
    [qGrid[q], qStart[q], qGoal[q]] = [gi, start, goal];
    q++;
  }
  const t = performance.now();
  const alt = grids.map((g) => new AStar(g, { landmarks: LANDMARKS }));
  const altBuildMs = (performance.now() - t) / GRIDS;
  const t2 = performance.now();
  const gameTables = grids.map((g) => buildLandmarkTable(g, PLAN_LANDMARKS));
  const gameBuildMs = (performance.now() - t2) / GRIDS;
  const ours = OURS.map(({ jps, landmarks, game }, i): Finder[] => {
    if (game) return grids.map((g, gi) => createPlanSearcher(g, gameTables[gi]));
    return i === 0 ? plain : i === 1 ? alt : grids.map((g) => (jps ? new JumpPointSearch(g, { landmarks }) : new AStar(g, { landmarks })));
  });
  return { grids, ours, altBuildMs, gameBuildMs, qGrid, qStart, qGoal };
}

/** Times what runs between `start` and `stop`: wall and CPU ms, less the stopwatch's own cost. */
class Stopwatch {
  wall = 0;
  cpu = 0;
  private w0 = 0;
  private c0 = process.cpuUsage();
  private cost = { wall: 0, cpu: 0 };
  start(): void {
    this.c0 = process.cpuUsage();
    this.w0 = performance.now();
  }
  stop(): void {
    const w = performance.now();
    const d = process.cpuUsage(this.c0);
    this.wall = Math.max(0, w - this.w0 - this.cost.wall);
    this.cpu = Math.max(0, (d.user + d.system) / 1000 - this.cost.cpu);
  }
  /** Measures the cost of an empty start/stop (median of 2000) to subtract from then on. */
  calibrate(): this {
    const [wall, cpu] = [new Float64Array(2000), new Float64Array(2000)];
    for (let i = 0; i < wall.length; i++) {
      this.start();
      this.stop();
      [wall[i], cpu[i]] = [this.wall, this.cpu];
    }
    this.cost = { wall: summarize(wall).medianMs, cpu: summarize(cpu).medianMs };
    return this;
  }
}

/** A contender: `run(q, sw)` does query q, timing (sw.start, sw.stop) only what counts. */
type Run = (q: number, sw: Stopwatch) => void;

/** Sequential samples of one contender, ms: sample `pass * QUERIES + q`. */
type Samples = Record<'wall' | 'cpu', Float64Array>;

/**
 * Single runs of every query in sequence, `passes` times (see the header). Contenders take turns
 * block by block, starting one later each pass; GC is forced before each block only.
 */
function sequentialTimes(passes: number, runs: Run[]): Samples[] {
  const sw = new Stopwatch().calibrate();
  const out = runs.map(() => ({ wall: new Float64Array(passes * QUERIES), cpu: new Float64Array(passes * QUERIES) }));
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let pass = 0; pass < passes; pass++) {
    for (let j = 0; j < runs.length; j++) {
      const i = (j + pass) % runs.length;
      gc?.();
      for (let q = 0; q < QUERIES; q++) {
        runs[i]!(q, sw);
        [out[i]!.wall[pass * QUERIES + q], out[i]!.cpu[pass * QUERIES + q]] = [sw.wall, sw.cpu];
      }
    }
  }
  return out;
}

/** Median over passes of each pass's mean (one pass = the 200 queries once): robust to a busy pass. */
function passMean(samples: Float64Array): number {
  const passes = samples.length / QUERIES;
  const means = new Float64Array(passes);
  for (let p = 0; p < passes; p++) means[p] = summarize(samples.subarray(p * QUERIES, (p + 1) * QUERIES)).meanMs;
  return summarize(means).medianMs;
}

/** Best of N: each query's least wall time over the passes (what hides GC pauses), summarized. */
function bestOfPasses(samples: Float64Array): Timing {
  const best = new Float64Array(QUERIES).fill(Infinity);
  samples.forEach((ms, i) => (best[i % QUERIES] = Math.min(best[i % QUERIES]!, ms)));
  return summarize(best);
}

/**
 * Heap bytes one call of `fn` allocates once optimised: warm-up calls first (interpreted code
 * boxes the doubles that optimised code keeps in registers), then the least of three measurements,
 * less what heapDelta reports for an idle loop (its own bookkeeping).
 */
function steadyHeapDelta(fn: () => void): number {
  for (let i = 0; i < 10; i++) fn();
  return Math.min(heapDelta(fn, 1), heapDelta(fn, 1), heapDelta(fn, 1)) - measurementOverhead();
}

/** What heapDelta reports for a loop of QUERIES iterations doing nothing (its own bookkeeping). */
function measurementOverhead(): number {
  let sink = 0;
  const idle = (): void => {
    for (let q = 0; q < QUERIES; q++) sink += q;
  };
  for (let i = 0; i < 10; i++) idle();
  return Math.min(heapDelta(idle, 1), heapDelta(idle, 1), heapDelta(idle, 1)) + (sink & 0);
}

/** Counts GC pauses (and their total ms) while `fn` runs; entries arrive asynchronously. */
async function countGc(fn: () => void): Promise<{ count: number; ms: number }> {
  const seen = { count: 0, ms: 0 };
  const obs = new PerformanceObserver((list) => list.getEntries().forEach((e) => ([seen.count, seen.ms] = [seen.count + 1, seen.ms + e.duration])));
  obs.observe({ entryTypes: ['gc'] });
  fn();
  await new Promise((resolve) => setTimeout(resolve, 50));
  obs.disconnect();
  return seen;
}

/** Ours and PathFinding.js (search alone, with clone) as Runs; PathFinding.js's path for query q. */
function contenders(s: Setup): { runs: Run[]; names: string[]; pfPath: (q: number) => number[] } {
  const { grids, ours, qGrid, qStart, qGoal } = s;
  const finder = new PF.AStarFinder({ allowDiagonal: true, dontCrossCorners: true });
  const pfGrids = grids.map((g) => new PF.Grid(SIZE, SIZE, Array.from({ length: SIZE }, (_, r) => Array.from(g.blocked.subarray(r * SIZE, (r + 1) * SIZE)))));
  const pfFind = (q: number, grid: PFGrid): number[][] =>
    finder.findPath(qStart[q]! % SIZE, Math.floor(qStart[q]! / SIZE), qGoal[q]! % SIZE, Math.floor(qGoal[q]! / SIZE), grid);
  const oursRun = (searchers: Finder[], options?: FindPathOptions): Run => (q, sw) => {
    sw.start();
    searchers[qGrid[q]!]!.findPath(qStart[q]!, qGoal[q]!, options);
    sw.stop();
  };
  const searchAlone: Run = (q, sw) => {
    const grid = pfGrids[qGrid[q]!]!.clone();
    sw.start();
    pfFind(q, grid);
    sw.stop();
  };
  const withClone: Run = (q, sw) => {
    sw.start();
    pfFind(q, pfGrids[qGrid[q]!]!.clone());
    sw.stop();
  };
  return {
    runs: [...ours.map((searchers, i) => oursRun(searchers, optionsOf(i))), searchAlone, withClone],
    names: [...OURS.map((o) => o.name), 'PathFinding.js search alone', 'PathFinding.js with grid.clone()'],
    pfPath: (q) => pfFind(q, pfGrids[qGrid[q]!]!.clone()).map(([x, y]) => y! * SIZE + x!),
  };
}

/** A contender's headline figures, ms. */
type Figures = Readonly<Record<'seqMean' | 'cpuMean' | 'bestMean', number>>;

export default async function astarBench(ctx: BenchContext): Promise<void> {
  const s = setup();
  const { runs, names, pfPath } = contenders(s);
  checkPaths(ctx, s, pfPath);
  sequentialTimes(1, runs); // warm-up
  const seq = sequentialTimes(SEQ_PASSES, runs);
  const best = seq.map((x) => bestOfPasses(x.wall));
  const ms = (name: string, v: number, notes?: string): void => ctx.record({ group: GROUP, name, value: v, unit: 'ms', ...(notes ? { notes } : {}) });
  const figures = names.map((name, i): Figures => {
    const wall = summarize(seq[i]!.wall);
    const f = { seqMean: passMean(seq[i]!.wall), cpuMean: passMean(seq[i]!.cpu), bestMean: best[i]!.meanMs };
    ms(`${name}, sequential: mean`, f.seqMean, `median of ${SEQ_PASSES} pass means; pooled mean ${wall.meanMs.toFixed(3)}, max ${wall.maxMs.toFixed(2)}`);
    ms(`${name}, sequential: median`, wall.medianMs);
    ms(`${name}, sequential CPU time: mean`, f.cpuMean);
    ms(`${name}, best of ${SEQ_PASSES}: mean`, f.bestMean, `median ${best[i]!.medianMs.toFixed(3)}`);
    return f;
  });
  ms(`${LANDMARKS} landmarks: table build per 256×256 grid (once, in setGrid)`, s.altBuildMs);
  ms(`game planner: ${PLAN_LANDMARKS}-landmark table build per 256×256 grid (once per map, at world creation)`, s.gameBuildMs);
  recordRatios(ctx, figures);
  const pfGc = await countGc(() => sequentialTimes(1, [runs[runs.length - 1]!]));
  ctx.note(`PathFinding.js with clone, one sequential pass of ${QUERIES} queries: ${pfGc.count} GC pauses, ${pfGc.ms.toFixed(1)} ms in all.`);
  recordHeap(ctx, s);
}

/** Path costs equal across all searchers and PathFinding.js (`pfPath`), and equal to Dijkstra's. */
function checkPaths(ctx: BenchContext, s: Setup, pfPath: (q: number) => number[]): void {
  const { grids, ours, qGrid, qStart, qGoal } = s;
  let equal = 0;
  let optimal = 0;
  const expanded = ours.map(() => 0);
  const work = ours.map(() => 0);
  for (let q = 0; q < QUERIES; q++) {
    const grid = grids[qGrid[q]!]!;
    const costs = ours.map((searchers, i) => {
      const searcher = searchers[qGrid[q]!]!;
      const res = searcher.findPath(qStart[q]!, qGoal[q]!, optionsOf(i));
      // PathResult.expanded is the budget's unit: cells for AStar, work for JPS (jump points apart).
      expanded[i]! += searcher.jumpPoints ?? res.expanded;
      work[i]! += res.expanded;
      const cost = pathCost(grid, res.path, res.length);
      return res.status === PathStatus.Found && res.cost === cost ? cost : -1;
    });
    const pfCells = pfPath(q);
    if (costs.every((c) => c === pathCost(grid, pfCells, pfCells.length))) equal++;
    const best = dijkstra(grid, qStart[q]!)[qGoal[q]!];
    if (costs.every((c) => c === best)) optimal++;
  }
  const count = (name: string, v: number): void => ctx.record({ group: GROUP, name, value: v, unit: `/ ${QUERIES}`, goal: `= ${QUERIES}`, met: v === QUERIES });
  count(`legal paths of equal cost: ours ×${OURS.length}, PathFinding.js (integer costs)`, equal);
  count('path cost equal to Dijkstra (optimal), all of ours', optimal);
  OURS.forEach(({ name, jps }, i) => {
    ctx.record({ group: GROUP, name: `${name}: expansions a query (mean)`, value: expanded[i]! / QUERIES, unit: jps ? 'jump points' : 'cells' });
    if (jps) ctx.record({ group: GROUP, name: `${name}: budget work a query (mean)`, value: work[i]! / QUERIES, unit: 'work units (JUMP_POINT_WORK a jump point + cells scanned)' });
  });
}

/** Speed-ups of each of ours against PathFinding.js; the goals are on the sequential (wall) means. */
function recordRatios(ctx: BenchContext, f: Figures[]): void {
  const [search, clone] = [f[OURS.length]!, f[OURS.length + 1]!];
  const kinds = [['seqMean', 'sequential means', 20, 3], ['cpuMean', 'sequential CPU means', 0, 0], ['bestMean', `best-of-${SEQ_PASSES} means`, 0, 0]] as const;
  OURS.forEach(({ name }, i) => {
    for (const [key, label, cloneGoal, searchGoal] of kinds) {
      for (const [them, who, goal] of [[clone, 'with clone', cloneGoal], [search, 'search alone', searchGoal]] as const) {
        const v = them[key] / f[i]![key];
        ctx.record({ group: GROUP, name: `${name}: vs PathFinding.js ${who} (${label})`, value: v, unit: '×', ...(goal ? { goal: `>= ${goal}×`, met: v >= goal } : {}) });
      }
    }
  });
}

/** Heap allocated by our searches (and smoothing), which must be none. */
function recordHeap(ctx: BenchContext, s: Setup): void {
  const { grids, ours, qGrid, qStart, qGoal } = s;
  const heap = (name: string, bytes: number): void => ctx.record({ group: GROUP, name, value: bytes, unit: 'B', goal: '<= 1024 B', met: bytes <= 1024 });
  OURS.forEach(({ name }, i) => {
    const options = optionsOf(i);
    const findAll = (): void => {
      for (let q = 0; q < QUERIES; q++) ours[i]![qGrid[q]!]!.findPath(qStart[q]!, qGoal[q]!, options);
    };
    heap(`heap allocated per ${QUERIES} queries (${name})`, steadyHeapDelta(findAll));
  });
  const waypoints = new Int32Array(SIZE * SIZE);
  const paths = Array.from({ length: QUERIES }, (_, q) => {
    const res = ours[2]![qGrid[q]!]!.findPath(qStart[q]!, qGoal[q]!);
    return res.path.slice(0, res.length);
  });
  const smoothAll = (): void => {
    for (let q = 0; q < QUERIES; q++) smoothPath(grids[qGrid[q]!]!, paths[q]!, paths[q]!.length, waypoints);
  };
  heap(`heap allocated per ${QUERIES} smoothPath (JPS paths)`, steadyHeapDelta(smoothAll));
  const t = measure(smoothAll, { iterations: 5, warmup: 2 });
  ctx.record({ group: GROUP, name: 'smoothPath per path (JPS paths), mean', value: t.medianMs / QUERIES, unit: 'ms' });
}
