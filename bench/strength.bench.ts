/**
 * Bot strength (`npm run bench -- strength`), headless: seeded 4 v 4 matches on arena-small, one
 * minute each (shortened from the 3-minute match), sides on alternate slots so spawn order favours
 * neither; a side wins with the higher total team mass at the end (a player out of play counts 0).
 * 1. The difficulties against each other (Hard must beat Easy).
 * 2. A casual human (core/ai CASUAL_TREE, deciding every CASUAL_THINK_FRAMES) against each
 *    difficulty: a first-evening player should beat Easy bots and lose to Hard ones.
 */
import type { BenchContext } from './lib';
import { loadShippedMaps } from '../test/fixtures/maps/shipped';
import { createWorld, scoreboard, step } from '../core/sim';
import { BotDriver, CASUAL_THINK_FRAMES, THINK_FRAMES, setSlotControl } from '../core/ai/BotDriver';
import { Difficulty, brainsOf, defaultTree } from '../core/ai/brains';
import { loadTree, type CompiledTree } from '../core/ai/compileTree';
import { CASUAL_TREE } from '../core/ai/defaultTrees';

const GROUP = 'core/ai';
const MATCHES = 50;
const MATCH_FRAMES = 60 * 30;

/** A side of a pairing: a tree and how often it decides. */
interface Side {
  readonly name: string;
  readonly tree: CompiledTree;
  readonly think: number;
}

interface MatchResult {
  /** Total mass (a player out of play counts 0) and kills of side A and side B. */
  readonly a: number;
  readonly b: number;
  readonly aKills: number;
  readonly bKills: number;
}

const difficulty = (d: Difficulty, name: string): Side => ({ name, tree: defaultTree(d), think: THINK_FRAMES[d]! });
const EASY = difficulty(Difficulty.Easy, 'Easy');
const NORMAL = difficulty(Difficulty.Normal, 'Normal');
const HARD = difficulty(Difficulty.Hard, 'Hard');
const CASUAL: Side = { name: 'Casual human', tree: loadTree('built-in casual', CASUAL_TREE), think: CASUAL_THINK_FRAMES };

const arena = loadShippedMaps().get('arena-small')!;

/** One seeded match: side A plays as tree 0, side B as tree 1 of the driver's brains. */
function strengthMatch(seed: number, driver: BotDriver): MatchResult {
  const world = createWorld(arena, { seed, players: 8, lengthFrames: MATCH_FRAMES });
  const sideA = (s: number): boolean => (s + seed) % 2 === 0;
  for (let s = 0; s < 8; s++) setSlotControl(world.bots, s, sideA(s) ? Difficulty.Easy : Difficulty.Normal);
  while (!world.ended) step(world, driver.decide(world));
  const r = { a: 0, b: 0, aKills: 0, bKills: 0 };
  for (const row of scoreboard(world)) {
    if (sideA(row.slot)) (r.a += row.mass), (r.aKills += row.kills);
    else (r.b += row.mass), (r.bKills += row.kills);
  }
  return r;
}

/** Win rates (%) of each side of a pairing. */
interface Rates {
  readonly a: number;
  readonly b: number;
}

/** Plays MATCHES seeded matches of `a` v `b` and notes the table row. */
function pairing(ctx: BenchContext, a: Side, b: Side): Rates {
  const driver = new BotDriver(brainsOf([a.tree, b.tree, b.tree]), [a.think, b.think, b.think]);
  const rows: MatchResult[] = [];
  for (let seed = 1; seed <= MATCHES; seed++) rows.push(strengthMatch(seed, driver));
  const winsA = rows.filter((r) => r.a > r.b).length;
  const winsB = rows.filter((r) => r.b > r.a).length;
  const avg = (f: (r: MatchResult) => number, digits: number): string => (rows.reduce((n, r) => n + f(r), 0) / MATCHES).toFixed(digits);
  const pct = (n: number): string => `${n} (${((100 * n) / MATCHES).toFixed(0)} %)`;
  ctx.note(`| ${a.name} v ${b.name} | ${pct(winsA)} | ${pct(winsB)} | ${MATCHES - winsA - winsB} | ${avg((r) => r.a, 0)} | ${avg((r) => r.b, 0)} | ${avg((r) => r.aKills, 1)} | ${avg((r) => r.bKills, 1)} |`);
  return { a: (100 * winsA) / MATCHES, b: (100 * winsB) / MATCHES };
}

function table(ctx: BenchContext, title: string, pairs: readonly (readonly [Side, Side])[]): Rates[] {
  ctx.note('');
  ctx.note(`${title} — ${MATCHES} seeded matches per pairing (seeds 1–${MATCHES}), 4 v 4 on arena-small, 60 s each, sides alternate slots; a side wins with the higher total team mass at the end (a player out of play counts 0):`);
  ctx.note('');
  ctx.note('| pairing (A v B) | A wins | B wins | draws | avg mass A | avg mass B | avg kills A | avg kills B |');
  ctx.note('|---|---|---|---|---|---|---|---|');
  return pairs.map(([a, b]) => pairing(ctx, a, b));
}

export default function strengthBench(ctx: BenchContext): void {
  const what = `${MATCHES} matches, 4 v 4, 60 s, arena-small`;
  const hardEasy = table(ctx, 'Bot strength', [[HARD, EASY], [NORMAL, EASY], [HARD, NORMAL]])[0]!.a;
  ctx.record({ group: GROUP, name: `strength: Hard beats Easy on total mass (${what})`, value: hardEasy, unit: '%', goal: '>= 80 %', met: hardEasy >= 80 });
  const [easy, normal, hard] = table(ctx, 'A casual human (core/ai CASUAL_TREE) against the bots', [[CASUAL, EASY], [CASUAL, NORMAL], [CASUAL, HARD]]);
  ctx.record({ group: GROUP, name: `strength: a casual human beats Easy (${what})`, value: easy!.a, unit: '%', goal: '>= 70 %', met: easy!.a >= 70 });
  ctx.record({ group: GROUP, name: `strength: a casual human beats Normal (${what})`, value: normal!.a, unit: '%' });
  ctx.record({ group: GROUP, name: `strength: a casual human loses to Hard (${what})`, value: hard!.b, unit: '%', goal: '>= 80 %', met: hard!.b >= 80 });
}
