/**
 * The world's invariants as one checker, used by restore (to refuse a blob that decodes to an
 * impossible world) and by the fuzz tests (to prove `step` never breaks them).
 * Returns the first violation as text naming the entity, or null when the state is sound.
 */
import { ANGLE_STEPS } from '../math';
import type { MapInfo } from './mapInfo';
import { isPelletWord } from './pellets';
import { BOT_CONTROL_MAX, BOT_MEMORY_WORDS, MAX_BALLS, PATH_CAPACITY, PELLET_CAPACITY, RULES, radiusOf } from './rules';
import { SIZE_CLASSES } from './mapInfo';
import { Clock, PathState, Planner, type MatchSettings, type State, type World } from './World';

const MAX_V = 4096;

/** First broken invariant of `w`'s state, or null. */
export function checkInvariants(w: World): string | null {
  return checkState(w, w.info, w.settings, w.scratch.cellMarks);
}

/** Per-cell scratch marks: a cell is marked when marks[cell] === gen (bumping gen clears them all). */
export interface CellMarks {
  readonly marks: Int32Array;
  gen: number;
}

/** First broken invariant of state `s` in the given context (`marks`: any per-cell scratch of the map). */
export function checkState(s: State, info: MapInfo, settings: MatchSettings, mark: CellMarks): string | null {
  return checkClock(s, settings) ?? checkPlanner(s, info) ?? checkBalls(s, info, settings) ?? checkPellets(s, info, settings, mark) ?? checkBots(s, settings);
}

function checkClock(s: State, settings: MatchSettings): string | null {
  const frame = s.clock[Clock.Frame]!;
  const ended = s.clock[Clock.Ended]!;
  if (frame < 0 || frame > settings.lengthFrames) return `clock: frame ${frame} outside 0..${settings.lengthFrames}`;
  if (ended !== (frame >= settings.lengthFrames ? 1 : 0)) return `clock: ended flag ${ended} at frame ${frame}`;
  if ((s.rng[0]! | s.rng[1]! | s.rng[2]! | s.rng[3]!) === 0) return 'rng: all-zero state';
  return null;
}

const inRange = (v: number, lo: number, hi: number): boolean => v >= lo && v <= hi;

function checkPlanner(s: State, info: MapInfo): string | null {
  const P = s.planner;
  if (!inRange(P[Planner.Cursor]!, 0, MAX_BALLS - 1)) return 'planner: cursor out of range';
  const b = P[Planner.Ball]!;
  if (b === -1) {
    for (let k = Planner.Class; k <= Planner.KeepFirst; k++) if (P[k] !== 0) return 'planner: idle but not cleared';
    return null;
  }
  if (!inRange(b, 0, MAX_BALLS - 1) || !inRange(P[Planner.Class]!, 0, SIZE_CLASSES - 1)) return 'planner: ball or class out of range';
  const grid = info.navGrids[P[Planner.Class]!]!;
  const cells = info.cols * info.rows;
  for (const k of [Planner.From, Planner.Goal]) {
    const c = P[k]!;
    if (!inRange(c, 0, cells - 1) || grid.blocked[c] !== 0) return 'planner: search cell blocked or off the map';
  }
  if (!inRange(P[Planner.Expanded]!, 0, RULES.pathBudget - 1) || !inRange(P[Planner.KeepFirst]!, 0, 1)) return 'planner: progress out of range';
  return null;
}

function checkBalls(s: State, info: MapInfo, settings: MatchSettings): string | null {
  for (let b = 0; b < MAX_BALLS; b++) {
    // Messages are built only on failure: this runs on every restore.
    const problem = b < settings.players ? checkBall(s, info, b) : checkAbsent(s, b);
    if (problem !== null) return `ball ${b}: ${problem}`;
  }
  return null;
}

function checkAbsent(s: State, b: number): string | null {
  const B = s.balls;
  return B.alive[b] !== 0 || B.mass[b] !== 0 || B.respawn[b] !== 0 ? 'not playing but has state' : null;
}

function checkBall(s: State, info: MapInfo, b: number): string | null {
  const B = s.balls;
  const W = info.widthFx - 1;
  const H = info.heightFx - 1;
  const alive = B.alive[b]!;
  const mass = B.mass[b]!;
  if (!inRange(B.x[b]!, 0, W) || !inRange(B.y[b]!, 0, H)) return 'position off the map';
  if (!inRange(B.vx[b]!, -MAX_V, MAX_V) || !inRange(B.vy[b]!, -MAX_V, MAX_V)) return 'velocity out of range';
  if (alive === 1) {
    if (!inRange(mass, RULES.minMass, RULES.maxMass)) return `mass ${mass} out of range`;
    if (B.radius[b] !== radiusOf(mass)) return 'radius does not match mass';
    if (info.map.blocked[(B.y[b]! >> 10) * info.cols + (B.x[b]! >> 10)] !== 0) return 'centre inside a wall';
    if (B.respawn[b] !== 0) return 'alive with a respawn timer';
  } else if (alive === 0) {
    if (mass !== 0 || B.radius[b] !== 0) return 'dead with mass';
    if (!inRange(B.respawn[b]!, 1, RULES.respawnFrames)) return `respawn timer ${B.respawn[b]}`;
  } else return `alive flag ${alive}`;
  if (!inRange(B.dashCooldown[b]!, 0, RULES.dashCooldown) || !inRange(B.dashLeft[b]!, 0, RULES.dashFrames)) return 'dash timers';
  if (!inRange(B.inBush[b]!, 0, alive)) return 'inBush flag';
  if (B.kills[b]! < 0 || B.deaths[b]! < 0) return 'negative score';
  return checkIntent(s, b, W, H, info.cols * info.rows);
}

function checkIntent(s: State, b: number, W: number, H: number, cells: number): string | null {
  const B = s.balls;
  if (!inRange(B.mode[b]!, 0, 2) || !inRange(B.angle[b]!, 0, ANGLE_STEPS - 1)) return 'intent mode/angle';
  if (!inRange(B.targetX[b]!, 0, W) || !inRange(B.targetY[b]!, 0, H)) return 'target off the map';
  const len = B.pathLen[b]!;
  if (!inRange(B.pathState[b]!, 0, 5) || !inRange(len, 0, PATH_CAPACITY)) return 'path state/length';
  if ((B.pathState[b] === PathState.Planning) !== (s.planner[Planner.Ball] === b)) return 'planning without the planner (or vice versa)';
  if (!inRange(B.pathIdx[b]!, 0, Math.max(0, len - 1)) || !inRange(B.stuck[b]!, 0, RULES.stuckFrames)) return 'path index/stuck';
  for (let k = 0; k < len; k++) {
    if (!inRange(B.wp[b * PATH_CAPACITY + k]!, -1, cells - 1)) return `waypoint ${k} off the map`;
  }
  return null;
}

function checkPellets(s: State, info: MapInfo, settings: MatchSettings, mark: CellMarks): string | null {
  const words = s.pellets.word;
  const { cols, rows } = info;
  const blocked = info.map.blocked;
  const marks = mark.marks;
  const gen = (mark.gen = (mark.gen + 1) | 0 || 1);
  let live = 0;
  for (let p = 0; p < PELLET_CAPACITY; p++) {
    const word = words[p]!;
    if (word === 0) continue;
    live++;
    if (!isPelletWord(word)) return `pellet ${p}: malformed word ${word}`;
    // pellets.ts layout, decoded inline (hot on restore): 1/64-cell units, 64 to a cell.
    const col = (word & 0x3fff) >> 6;
    const row = ((word >> 14) & 0x3fff) >> 6;
    if (col >= cols || row >= rows) return `pellet ${p}: off the map`;
    const cell = row * cols + col;
    if (blocked[cell] !== 0) return `pellet ${p}: inside a wall`;
    if (marks[cell] === gen) return `pellet ${p}: second pellet in its cell`;
    marks[cell] = gen;
  }
  return live > settings.pelletTarget ? `pellets: ${live} live, target ${settings.pelletTarget}` : null;
}

/** Bots: control in range and only on playing slots; a human slot's bot memory is all zero. */
function checkBots(s: State, settings: MatchSettings): string | null {
  const { control, mem } = s.bots;
  for (let b = 0; b < MAX_BALLS; b++) {
    const c = control[b]!;
    if (!inRange(c, 0, BOT_CONTROL_MAX) || (c !== 0 && b >= settings.players)) return `bots: slot ${b} control ${c}`;
    if (c !== 0) continue;
    for (let i = b * BOT_MEMORY_WORDS; i < (b + 1) * BOT_MEMORY_WORDS; i++) if (mem[i] !== 0) return `bots: human slot ${b} has bot memory`;
  }
  return null;
}
