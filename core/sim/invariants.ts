/**
 * The world's invariants as one checker, used by restore (to refuse a blob that decodes to an
 * impossible world) and by the fuzz tests (to prove `step` never breaks them).
 * Returns the first violation as text naming the entity, or null when the state is sound.
 * Runs on every restore (snapshot round trips are budgeted at 50 µs), so each part is one pass
 * over its columns held in locals; the ball, pellet and bot scans return a fault code or index,
 * and the message is built from it afterwards.
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
  return checkState(w, w.info, w.settings, w.scratch.cellBits);
}

/** Int32 words of a one-bit-per-cell scratch set for a map of `cells` cells (see checkState). */
export const cellBitsWords = (cells: number): number => (cells + 31) >> 5;

/**
 * First broken invariant of state `s` in the given context. `cellBits`: scratch of at least
 * cellBitsWords(cells) words (overwritten), for the one-pellet-per-cell check.
 */
export function checkState(s: State, info: MapInfo, settings: MatchSettings, cellBits: Int32Array): string | null {
  return checkClock(s, settings) ?? checkPlanner(s, info) ?? checkBalls(s, info, settings) ?? checkPellets(s, info, settings, cellBits) ?? checkBots(s, settings);
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
  const from = P[Planner.From]!;
  const goal = P[Planner.Goal]!;
  if (!inRange(from, 0, cells - 1) || grid.blocked[from] !== 0) return 'planner: search cell blocked or off the map';
  if (!inRange(goal, 0, cells - 1) || grid.blocked[goal] !== 0) return 'planner: search cell blocked or off the map';
  if (!inRange(P[Planner.Expanded]!, 0, RULES.pathBudget - 1) || !inRange(P[Planner.KeepFirst]!, 0, 1)) return 'planner: progress out of range';
  return null;
}

/**
 * Ball faults, as small codes: the scans below run on every restore and stay free of message
 * building (string templates on their exits slow the whole loop down); ballProblem turns the
 * first fault found into text.
 */
const BallFault = {
  Absent: 1, Position: 2, Velocity: 3, Mass: 4, Radius: 5, Wall: 6, Respawning: 7, DeadMass: 8, DeadTimer: 9,
  AliveFlag: 10, Dash: 11, Bush: 12, Score: 13, Intent: 14, Target: 15, PathState: 16, Planning: 17, PathIdx: 18,
  Waypoint: 19, Shield: 20,
} as const;
const FAULT_BITS = 5;

/** Every ball slot in one pass: playing slots (b < players) are checked in full, the rest must be empty. */
function checkBalls(s: State, info: MapInfo, settings: MatchSettings): string | null {
  const fault = scanBalls(s, info, settings.players);
  if (fault === 0) return null;
  const b = fault >> FAULT_BITS;
  return `ball ${b}: ${ballProblem(s, info, b, fault & ((1 << FAULT_BITS) - 1))}`;
}

/** 0, or (ball << FAULT_BITS | BallFault) of the first ball at fault. */
function scanBalls(s: State, info: MapInfo, players: number): number {
  const { x, y, vx, vy, mass, radius, alive, respawn, dashCooldown, dashLeft, inBush, shield, kills, deaths } = s.balls;
  const { mode, angle, targetX, targetY, pathState, pathLen, pathIdx, stuck, wp } = s.balls;
  const W = info.widthFx - 1;
  const H = info.heightFx - 1;
  const cols = info.cols;
  const cells = cols * info.rows;
  const blocked = info.map.blocked;
  const planned = s.planner[Planner.Ball]!;
  for (let b = 0; b < MAX_BALLS; b++) {
    const f = b << FAULT_BITS;
    const a = alive[b]!;
    const m = mass[b]!;
    if (b >= players) {
      if ((a | m | respawn[b]! | shield[b]!) !== 0) return f | BallFault.Absent;
      continue;
    }
    const bx = x[b]!;
    const by = y[b]!;
    if (!inRange(bx, 0, W) || !inRange(by, 0, H)) return f | BallFault.Position;
    if (!inRange(vx[b]!, -MAX_V, MAX_V) || !inRange(vy[b]!, -MAX_V, MAX_V)) return f | BallFault.Velocity;
    if (a === 1) {
      if (!inRange(m, RULES.minMass, RULES.maxMass)) return f | BallFault.Mass;
      if (radius[b] !== radiusOf(m)) return f | BallFault.Radius;
      if (blocked[(by >> 10) * cols + (bx >> 10)] !== 0) return f | BallFault.Wall;
      if (respawn[b] !== 0) return f | BallFault.Respawning;
    } else if (a === 0) {
      if ((m | radius[b]!) !== 0) return f | BallFault.DeadMass;
      if (!inRange(respawn[b]!, 1, RULES.respawnFrames)) return f | BallFault.DeadTimer;
    } else return f | BallFault.AliveFlag;
    if (!inRange(dashCooldown[b]!, 0, RULES.dashCooldown) || !inRange(dashLeft[b]!, 0, RULES.dashFrames)) return f | BallFault.Dash;
    if (!inRange(inBush[b]!, 0, a)) return f | BallFault.Bush;
    if (!inRange(shield[b]!, 0, a * RULES.spawnShieldFrames)) return f | BallFault.Shield;
    if ((kills[b]! | deaths[b]!) < 0) return f | BallFault.Score;
    if (!inRange(mode[b]!, 0, 2) || !inRange(angle[b]!, 0, ANGLE_STEPS - 1)) return f | BallFault.Intent;
    if (!inRange(targetX[b]!, 0, W) || !inRange(targetY[b]!, 0, H)) return f | BallFault.Target;
    const len = pathLen[b]!;
    if (!inRange(pathState[b]!, 0, 5) || !inRange(len, 0, PATH_CAPACITY)) return f | BallFault.PathState;
    if ((pathState[b] === PathState.Planning) !== (planned === b)) return f | BallFault.Planning;
    if (!inRange(pathIdx[b]!, 0, len > 0 ? len - 1 : 0) || !inRange(stuck[b]!, 0, RULES.stuckFrames)) return f | BallFault.PathIdx;
    for (let i = b * PATH_CAPACITY, end = i + len; i < end; i++) {
      if (!inRange(wp[i]!, -1, cells - 1)) return f | BallFault.Waypoint;
    }
  }
  return 0;
}

/** What fault `code` of ball `b` is, in words (with the offending value where it helps). */
function ballProblem(s: State, info: MapInfo, b: number, code: number): string {
  const B = s.balls;
  switch (code) {
    case BallFault.Absent: return 'not playing but has state';
    case BallFault.Position: return 'position off the map';
    case BallFault.Velocity: return 'velocity out of range';
    case BallFault.Mass: return `mass ${B.mass[b]} out of range`;
    case BallFault.Radius: return 'radius does not match mass';
    case BallFault.Wall: return 'centre inside a wall';
    case BallFault.Respawning: return 'alive with a respawn timer';
    case BallFault.DeadMass: return 'dead with mass';
    case BallFault.DeadTimer: return `respawn timer ${B.respawn[b]}`;
    case BallFault.AliveFlag: return `alive flag ${B.alive[b]}`;
    case BallFault.Dash: return 'dash timers';
    case BallFault.Bush: return 'inBush flag';
    case BallFault.Shield: return `spawn protection ${B.shield[b]}`;
    case BallFault.Score: return 'negative score';
    case BallFault.Intent: return 'intent mode/angle';
    case BallFault.Target: return 'target off the map';
    case BallFault.PathState: return 'path state/length';
    case BallFault.Planning: return 'planning without the planner (or vice versa)';
    case BallFault.PathIdx: return 'path index/stuck';
    case BallFault.Waypoint: {
      const base = b * PATH_CAPACITY;
      const cells = info.cols * info.rows;
      let k = 0;
      while (k < B.pathLen[b]! - 1 && inRange(B.wp[base + k]!, -1, cells - 1)) k++;
      return `waypoint ${k} off the map`;
    }
    default: return `fault ${code}`;
  }
}
/**
 * Pellets: well-formed words, on free cells, at most one per cell (a bit per cell in `bits`: small
 * enough to stay in L1 while the pellets land on random cells), no more live than the target.
 */
function checkPellets(s: State, info: MapInfo, settings: MatchSettings, bits: Int32Array): string | null {
  const words = s.pellets.word;
  const { cols, rows } = info;
  if (bits.length < cellBitsWords(cols * rows)) throw new RangeError('checkState: cellBits too small for the map');
  const live = scanPellets(words, info.map.blocked, cols, rows, bits);
  if (live < 0) {
    const p = -1 - live;
    return `pellet ${p}: ${pelletProblem(words[p]!, info, bits)}`;
  }
  return live > settings.pelletTarget ? `pellets: ${live} live, target ${settings.pelletTarget}` : null;
}

/** The number of live pellets, or -1 - p for the first pellet p at fault (its cell's bit is then not set). */
function scanPellets(words: Int32Array, blocked: Uint8Array, cols: number, rows: number, bits: Int32Array): number {
  bits.fill(0);
  let live = 0;
  for (let p = 0; p < PELLET_CAPACITY; p++) {
    const word = words[p]!;
    if (word === 0) continue;
    live++;
    if (!isPelletWord(word)) return -1 - p;
    // pellets.ts layout, decoded inline (hot on restore): 1/64-cell units, 64 to a cell.
    const col = (word & 0x3fff) >> 6;
    const row = ((word >> 14) & 0x3fff) >> 6;
    if (col >= cols || row >= rows) return -1 - p;
    const cell = row * cols + col;
    if (blocked[cell] !== 0) return -1 - p;
    const i = cell >> 5;
    const bit = 1 << (cell & 31);
    const set = bits[i]!;
    if ((set & bit) !== 0) return -1 - p;
    bits[i] = set | bit;
  }
  return live;
}

/** Why scanPellets stopped at a live pellet `word` (`bits`: as it left them). */
function pelletProblem(word: number, info: MapInfo, bits: Int32Array): string {
  if (!isPelletWord(word)) return `malformed word ${word}`;
  const col = (word & 0x3fff) >> 6;
  const row = ((word >> 14) & 0x3fff) >> 6;
  if (col >= info.cols || row >= info.rows) return 'off the map';
  const cell = row * info.cols + col;
  if (info.map.blocked[cell] !== 0) return 'inside a wall';
  return (bits[cell >> 5]! & (1 << (cell & 31))) !== 0 ? 'second pellet in its cell' : 'invalid';
}

/** Bots: control in range and only on playing slots; a human slot's bot memory is all zero. */
function checkBots(s: State, settings: MatchSettings): string | null {
  const { control, mem } = s.bots;
  const b = scanBots(control, mem, settings.players);
  if (b < 0) return null;
  const c = control[b]!;
  return c === 0 ? `bots: human slot ${b} has bot memory` : `bots: slot ${b} control ${c}`;
}

/** The first slot at fault, or -1. */
function scanBots(control: Int32Array, mem: Int32Array, players: number): number {
  for (let b = 0; b < MAX_BALLS; b++) {
    const c = control[b]!;
    if (c !== 0) {
      if (c < 0 || c > BOT_CONTROL_MAX || b >= players) return b;
      continue;
    }
    // Four words a step (BOT_MEMORY_WORDS is a multiple of 4): this reads ~1400 words per restore.
    let any = 0;
    for (let i = b * BOT_MEMORY_WORDS, end = i + BOT_MEMORY_WORDS; i < end; i += 4) any |= mem[i]! | mem[i + 1]! | mem[i + 2]! | mem[i + 3]!;
    if (any !== 0) return b;
  }
  return -1;
}

// scanBots reads four memory words a step.
if (BOT_MEMORY_WORDS % 4 !== 0) throw new Error('invariants: BOT_MEMORY_WORDS must be a multiple of 4');
