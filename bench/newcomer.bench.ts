/**
 * A newcomer's first evening (`npm run bench -- newcomer`, issue 30 item 5), headless: a scripted
 * newcomer in slot 0 (the offline player's slot) against 20 bots playing the shipped trees
 * (resources/ai/*.json) through core/match's MatchRunner, as an offline match runs them.
 * 1. Against 20 Normal bots, SEEDS seeded one-minute matches on each map: the newcomer's mean
 *    deaths in its first minute (goal ≤ 1 on average).
 * 2. Against 20 Easy bots, EASY_SEEDS seeded 3-minute matches on arena-small: its mean final rank
 *    of 21 (goal: not last on average, i.e. better than 21).
 * 3. No goal: against the full room of issue 30's report (49 Hard bots, labyrinth-large),
 *    CROWD_SEEDS one-minute matches, where safe spawns are scarcest.
 * Deaths within 10 s of entering play are counted apart: those are what the spawn rule decides.
 *
 * The newcomer (what a first-evening player does, never splitting or ejecting):
 * - Sees the cells within SIGHT cells of its biggest cell (about what the camera shows at start
 *   mass: ±9 cells up and down, ±16 across); bushes do not hide anything from it.
 * - A threat is another player's cell that could eat one of its cells (core/sim canEatMass: 1.25×
 *   its lightest cell's mass). When a threat's edge is within FLEE_RANGE cells of its biggest
 *   cell's edge, it flees: the directions away from every such threat, each weighted by
 *   1 / (edge distance + ½ cell), summed; of 32 headings the one closest to that sum whose next
 *   PROBE cells are free of walls (it slides along walls as a player would, not into a corner).
 * - Otherwise it heads (move-to, planned round walls) for the nearest pellet that lies farther
 *   than FLEE_RANGE from every threat it sees.
 * - Reaction 250 ms: it decides every logic frame (30 Hz) on what it sees then, and the input
 *   reaches the game REACTION_FRAMES (8 frames, 267 ms) later — a ring of decisions, so each
 *   frame's input answers what was on screen 8 frames before. Only changes are sent, as the page
 *   does.
 * The figures depend on the seeds only: same code and Node, same figures (the newcomer's float
 * trigonometry is outside core and plays no part in any peer's simulation).
 */
import { readFileSync } from 'node:fs';
import type { BenchContext } from './lib';
import { loadShippedMaps } from '../test/fixtures/maps/shipped';
import { DIFFICULTY_NAMES, Difficulty, loadBotBrains, type BotBrains } from '../core/ai';
import type { GameMap } from '../core/map';
import { MatchRunner } from '../core/match';
import { FX_ONE } from '../core/math';
import {
  CELLS_PER_PLAYER,
  EventKind,
  FRAME_RATE,
  INPUT_ANGLE_STEPS,
  MoveMode,
  RULES,
  STOP_INPUT,
  TARGET_UNITS_PER_CELL,
  canEatMass,
  pelletX,
  pelletY,
  scoreboard,
  type PlayerInput,
  type World,
} from '../core/sim';

const GROUP = 'newcomer';
const SEEDS = 20;
const EASY_SEEDS = 20;
const BOTS = 20;
/** The full room: 49 Hard bots, on the large map, CROWD_SEEDS one-minute matches. */
const CROWD = 49;
const CROWD_SEEDS = 10;
const MINUTE = 60 * FRAME_RATE;
const NEWCOMER = 0;

const SIGHT = 12 * FX_ONE;
const FLEE_RANGE = 6 * FX_ONE;
const PROBE = 3;
const HEADINGS = 32;
const REACTION_FRAMES = 8;
const FX_PER_TARGET_UNIT = FX_ONE / TARGET_UNITS_PER_CELL;

/** The shipped trees, read as the game reads them; a tree that fails to load fails the bench. */
function shippedBrains(): BotBrains {
  const dir = new URL('../resources/ai/', import.meta.url);
  const loaded = loadBotBrains(DIFFICULTY_NAMES.map((d) => ({ file: `${d}.json`, source: readFileSync(new URL(`${d}.json`, dir), 'utf8') })));
  if (loaded.notices.length > 0) throw new Error(`newcomer bench: ${loaded.notices.join('; ')}`);
  return loaded.brains;
}

/** The scripted newcomer of the file header, playing slot NEWCOMER. */
class Newcomer {
  /** Decisions made in the last REACTION_FRAMES frames, oldest first once full. */
  private readonly ring: PlayerInput[] = [];
  private sent: PlayerInput = STOP_INPUT;
  private readonly heading: { x: number; y: number }[] = [];

  constructor(private readonly map: GameMap) {
    for (let i = 0; i < HEADINGS; i++) {
      const a = (2 * Math.PI * i) / HEADINGS;
      this.heading.push({ x: Math.cos(a), y: Math.sin(a) });
    }
  }

  /** This frame's input change for the game (the decision made REACTION_FRAMES ago), or null. */
  next(w: World): PlayerInput | null {
    this.ring.push(this.decide(w));
    if (this.ring.length <= REACTION_FRAMES) return null;
    const input = this.ring.shift()!;
    if (same(input, this.sent)) return null;
    this.sent = input;
    return input;
  }

  private decide(w: World): PlayerInput {
    const C = w.cells;
    const first = NEWCOMER * CELLS_PER_PLAYER;
    let lead = -1;
    let lightest = Infinity;
    for (let c = first; c < first + CELLS_PER_PLAYER; c++) {
      const m = C.mass[c]!;
      if (m === 0) continue;
      if (lead < 0 || m > C.mass[lead]!) lead = c;
      lightest = Math.min(lightest, m);
    }
    if (lead < 0) return STOP_INPUT;
    const x = C.x[lead]!;
    const y = C.y[lead]!;
    const r = C.radius[lead]!;
    // Threats in sight, and the flee sum of the close ones.
    const threats: number[] = [];
    let fx = 0;
    let fy = 0;
    for (let c = 0; c < C.mass.length; c++) {
      if (C.mass[c] === 0 || (c >= first && c < first + CELLS_PER_PLAYER) || !canEatMass(C.mass[c]!, lightest)) continue;
      const dx = x - C.x[c]!;
      const dy = y - C.y[c]!;
      const d = Math.hypot(dx, dy);
      if (d > SIGHT) continue;
      threats.push(c);
      const edge = d - r - C.radius[c]!;
      if (edge > FLEE_RANGE || d === 0) continue;
      const weight = 1 / (Math.max(0, edge) + FX_ONE / 2);
      fx += (dx / d) * weight;
      fy += (dy / d) * weight;
    }
    if (fx !== 0 || fy !== 0) return this.flee(x, y, r, fx, fy);
    return this.pellet(w, x, y, threats);
  }

  /** The heading closest to (fx, fy) whose next PROBE cells are open (all blocked: straight away). */
  private flee(x: number, y: number, r: number, fx: number, fy: number): PlayerInput {
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < HEADINGS; i++) {
      const h = this.heading[i]!;
      let score = h.x * fx + h.y * fy;
      for (let k = 1; k <= PROBE; k++) {
        if (this.blocked(x + h.x * (k * FX_ONE + r), y + h.y * (k * FX_ONE + r))) {
          score -= (PROBE + 1 - k) * Math.hypot(fx, fy);
          break;
        }
      }
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    return { ...STOP_INPUT, move: MoveMode.Direction, angle: (best * INPUT_ANGLE_STEPS) / HEADINGS };
  }

  private blocked(x: number, y: number): boolean {
    const col = Math.floor(x / FX_ONE);
    const row = Math.floor(y / FX_ONE);
    if (col < 0 || row < 0 || col >= this.map.cols || row >= this.map.rows) return true;
    return this.map.blocked[row * this.map.cols + col] === 1;
  }

  /** Move to the nearest pellet away from the threats in sight (none: stay). */
  private pellet(w: World, x: number, y: number, threats: readonly number[]): PlayerInput {
    const C = w.cells;
    let best = -1;
    let bestD = Infinity;
    for (let p = 0; p < w.pellets.word.length; p++) {
      const word = w.pellets.word[p]!;
      if (word === 0) continue;
      const px = pelletX(word);
      const py = pelletY(word);
      const d = (px - x) ** 2 + (py - y) ** 2;
      if (d >= bestD) continue;
      if (threats.some((c) => Math.hypot(px - C.x[c]!, py - C.y[c]!) - C.radius[c]! < FLEE_RANGE)) continue;
      best = word;
      bestD = d;
    }
    if (best < 0) return STOP_INPUT;
    return { ...STOP_INPUT, move: MoveMode.Target, targetX: Math.floor(pelletX(best) / FX_PER_TARGET_UNIT), targetY: Math.floor(pelletY(best) / FX_PER_TARGET_UNIT) };
  }
}

function same(a: PlayerInput, b: PlayerInput): boolean {
  return a.move === b.move && a.angle === b.angle && a.targetX === b.targetX && a.targetY === b.targetY;
}

/** A death this soon after entering play counts as a death at the spawn. */
const SPAWN_DEATH_FRAMES = 10 * FRAME_RATE;

interface Outcome {
  /** Deaths in the first minute, of them within SPAWN_DEATH_FRAMES of entering play, frame of the first death in it (-1: none), final rank, deaths in all. */
  readonly firstMinute: number;
  readonly atSpawn: number;
  readonly firstDeath: number;
  readonly rank: number;
  readonly players: number;
  readonly deaths: number;
}

/** One seeded match of the newcomer against `bots` bots of `level`, `frames` long. */
function play(map: GameMap, brains: BotBrains, seed: number, level: Difficulty, frames: number, bots = BOTS): Outcome {
  const roster = [{ slot: NEWCOMER, bot: false, difficulty: 0 }];
  for (let s = 1; s <= bots; s++) roster.push({ slot: s, bot: true, difficulty: level });
  const runner = new MatchRunner(map, { seed, lengthFrames: frames, pelletTarget: null, roster }, brains);
  const me = new Newcomer(map);
  let firstMinute = 0;
  let atSpawn = 0;
  let firstDeath = -1;
  let entered = 0;
  while (!runner.world.ended) {
    const input = me.next(runner.world);
    const frame = runner.world.frame;
    const ev = runner.step(input ? [{ slot: NEWCOMER, input }] : []);
    for (let i = 0; i < ev.count; i++) {
      if (ev.kind(i) === EventKind.Respawned && ev.arg(i, 0) === NEWCOMER) entered = frame;
      if (ev.kind(i) !== EventKind.PlayerEaten || ev.arg(i, 1) !== NEWCOMER || frame >= MINUTE) continue;
      if (firstDeath < 0) firstDeath = frame;
      firstMinute++;
      if (frame - entered < SPAWN_DEATH_FRAMES) atSpawn++;
    }
  }
  const rows = scoreboard(runner.world);
  const row = rows.find((r) => r.slot === NEWCOMER)!;
  return { firstMinute, atSpawn, firstDeath, rank: row.rank, players: rows.length, deaths: row.deaths };
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

export default function newcomerBench(ctx: BenchContext): void {
  const maps = loadShippedMaps();
  const brains = shippedBrains();
  ctx.note('');
  ctx.note(`Newcomer (bench/newcomer.bench.ts: eats pellets, flees any cell that can eat it within ${FLEE_RANGE / FX_ONE} cells, reacts ${REACTION_FRAMES} frames late, never splits or ejects) in slot 0 against ${BOTS} bots of the shipped trees; spawn protection ${RULES.spawnShieldFrames} frames:`);
  ctx.note('');
  ctx.note(`| opponents | map | seeds | length | deaths in its first minute, mean | per seed | of them within ${SPAWN_DEATH_FRAMES / FRAME_RATE} s of a spawn | first death, mean s (seeds with one) | deaths in the match, mean | final rank, mean |`);
  ctx.note('|---|---|---|---|---|---|---|---|---|---|');
  const row = (bots: string, mapId: string, seeds: number, frames: number, out: Outcome[]): void => {
    const first = out.filter((o) => o.firstDeath >= 0).map((o) => o.firstDeath / FRAME_RATE);
    ctx.note(`| ${bots} | ${mapId} | ${seeds} | ${frames / FRAME_RATE} s | ${mean(out.map((o) => o.firstMinute)).toFixed(2)} | ${out.map((o) => o.firstMinute).join(' ')} | ${out.reduce((n, o) => n + o.atSpawn, 0)} | ${first.length ? mean(first).toFixed(1) : '–'} | ${mean(out.map((o) => o.deaths)).toFixed(2)} | ${mean(out.map((o) => o.rank)).toFixed(1)} of ${out[0]!.players} |`);
  };
  for (const mapId of ['arena-small', 'labyrinth-large']) {
    const map = maps.get(mapId)!;
    const out: Outcome[] = [];
    for (let seed = 1; seed <= SEEDS; seed++) out.push(play(map, brains, seed, Difficulty.Normal, MINUTE));
    row(`${BOTS} Normal`, mapId, SEEDS, MINUTE, out);
    const deaths = mean(out.map((o) => o.firstMinute));
    ctx.record({ group: GROUP, name: `newcomer v ${BOTS} Normal bots, deaths in its first minute, mean of ${SEEDS} seeds (${mapId})`, value: deaths, unit: 'deaths', goal: '<= 1', met: deaths <= 1 });
  }
  const arena = maps.get('arena-small')!;
  const easy: Outcome[] = [];
  for (let seed = 1; seed <= EASY_SEEDS; seed++) easy.push(play(arena, brains, seed, Difficulty.Easy, RULES.matchFrames));
  row(`${BOTS} Easy`, 'arena-small', EASY_SEEDS, RULES.matchFrames, easy);
  const rank = mean(easy.map((o) => o.rank));
  ctx.record({ group: GROUP, name: `newcomer v ${BOTS} Easy bots, final rank of ${BOTS + 1} after 3 min, mean of ${EASY_SEEDS} seeds (arena-small)`, value: rank, unit: 'rank', goal: `< ${BOTS + 1}`, met: rank < BOTS + 1 });
  const firstMinute = mean(easy.map((o) => o.firstMinute));
  ctx.record({ group: GROUP, name: `newcomer v ${BOTS} Easy bots, deaths in its first minute, mean of ${EASY_SEEDS} seeds (arena-small)`, value: firstMinute, unit: 'deaths' });
  // The crowd of issue 30's report (a full room of Hard bots), where spawns are scarcest.
  const lab = maps.get('labyrinth-large')!;
  const crowd: Outcome[] = [];
  for (let seed = 1; seed <= CROWD_SEEDS; seed++) crowd.push(play(lab, brains, seed, Difficulty.Hard, MINUTE, CROWD));
  row(`${CROWD} Hard`, 'labyrinth-large', CROWD_SEEDS, MINUTE, crowd);
  const crowded = mean(crowd.map((o) => o.firstMinute));
  ctx.record({ group: GROUP, name: `newcomer v ${CROWD} Hard bots, deaths in its first minute, mean of ${CROWD_SEEDS} seeds (labyrinth-large)`, value: crowded, unit: 'deaths' });
}
