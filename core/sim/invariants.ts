/**
 * The world's invariants as one checker, used by restore (to refuse a blob that decodes to an
 * impossible world) and by the fuzz tests (to prove `step` never breaks them).
 * Returns the first violation as text naming the entity, or null when the state is sound.
 * Runs on every restore (snapshot + restore + hash is budgeted at 100 µs), so each part is one
 * pass over its columns held in locals; the scans return a fault code or index, and the message is
 * built from it afterwards.
 */
import { ANGLE_STEPS } from '../math';
import type { MapInfo } from './mapInfo';
import { isPelletWord } from './pellets';
import {
  BLOB_CAPACITY, BOT_CONTROL_MAX, BOT_MEMORY_WORDS, CELLS_PER_PLAYER, MAX_CELLS, MAX_PLAYERS, PATH_CAPACITY, PELLET_CAPACITY, RULES,
  VIRUS_CAPACITY, mergeDelay,
} from './rules';
import { SIZE_CLASSES } from './mapInfo';
import { maxOutTimer } from './closingArea';
import { Clock, PathState, Planner, type MatchSettings, type State, type World } from './World';

/** Largest velocity or boost component (Fx/frame) a body can have. */
const MAX_V = 4096;
/** Heaviest a virus gets: fed virusFeeds − 1 times. */
const MAX_VIRUS_MASS = RULES.virusMass + (RULES.virusFeeds - 1) * RULES.blobMass;

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
  return (
    checkClock(s, settings) ?? checkPlanner(s, info) ?? checkPlayers(s, info, settings) ?? checkCells(s, info, settings) ??
    checkPellets(s, info, settings, cellBits) ?? checkBlobs(s, info) ?? checkViruses(s, info) ?? checkBots(s, settings)
  );
}

function checkClock(s: State, settings: MatchSettings): string | null {
  const frame = s.clock[Clock.Frame]!;
  const ended = s.clock[Clock.Ended]!;
  if (frame < 0 || frame > settings.lengthFrames) return `clock: frame ${frame} outside 0..${settings.lengthFrames}`;
  // Last ball standing may end early (closingArea.ts); no match runs past its length.
  const early = settings.mode.lastStanding && ended === 1;
  if (!early && ended !== (frame >= settings.lengthFrames ? 1 : 0)) return `clock: ended flag ${ended} at frame ${frame}`;
  if ((s.rng[0]! | s.rng[1]! | s.rng[2]! | s.rng[3]!) === 0) return 'rng: all-zero state';
  return null;
}

const inRange = (v: number, lo: number, hi: number): boolean => v >= lo && v <= hi;

function checkPlanner(s: State, info: MapInfo): string | null {
  const P = s.planner;
  if (!inRange(P[Planner.Cursor]!, 0, MAX_PLAYERS - 1)) return 'planner: cursor out of range';
  const b = P[Planner.Player]!;
  if (b === -1) {
    for (let k = Planner.Class; k <= Planner.KeepFirst; k++) if (P[k] !== 0) return 'planner: idle but not cleared';
    return null;
  }
  if (!inRange(b, 0, MAX_PLAYERS - 1) || !inRange(P[Planner.Class]!, 0, SIZE_CLASSES - 1)) return 'planner: player or class out of range';
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
 * Faults, as small codes: the scans below run on every restore and stay free of message building
 * (string templates on their exits slow the whole loop down); the problem functions turn the first
 * fault found into text.
 */
const Fault = {
  Absent: 1, Position: 2, Velocity: 3, Mass: 4, Radius: 5, Wall: 6, Respawning: 7, DeadCells: 8, DeadTimer: 9,
  AliveFlag: 10, Timers: 11, Bush: 12, Score: 13, Intent: 14, Target: 15, PathState: 16, Planning: 17, PathIdx: 18,
  Waypoint: 19, Shield: 20, Free: 21, NoCells: 22, Heading: 23, Owner: 24,
} as const;
const FAULT_BITS = 5;

const FAULT_TEXT: Readonly<Record<number, string>> = {
  [Fault.Absent]: 'not playing but has state',
  [Fault.Position]: 'position off the map',
  [Fault.Velocity]: 'velocity out of range',
  [Fault.Mass]: 'mass out of range',
  [Fault.Radius]: 'radius does not match mass',
  [Fault.Wall]: 'centre inside a wall',
  [Fault.Respawning]: 'alive with a respawn timer',
  [Fault.DeadCells]: 'dead but owns cells',
  [Fault.DeadTimer]: 'respawn timer out of range',
  [Fault.AliveFlag]: 'alive flag',
  [Fault.Timers]: 'timers out of range',
  [Fault.Bush]: 'inBush flag',
  [Fault.Shield]: 'spawn protection out of range',
  [Fault.Score]: 'negative score',
  [Fault.Intent]: 'intent mode/angle',
  [Fault.Target]: 'target off the map',
  [Fault.PathState]: 'path state/length',
  [Fault.Planning]: 'planning without the planner (or vice versa)',
  [Fault.PathIdx]: 'path index/stuck',
  [Fault.Waypoint]: 'waypoint off the map',
  [Fault.Free]: 'free slot with state',
  [Fault.NoCells]: 'alive without a cell',
  [Fault.Heading]: 'heading out of range',
  [Fault.Owner]: 'owner out of range',
};

/** "kind id: what" for a fault code from a scan, or null for 0. */
function faultText(kind: string, fault: number): string | null {
  if (fault === 0) return null;
  const code = fault & ((1 << FAULT_BITS) - 1);
  return `${kind} ${fault >> FAULT_BITS}: ${FAULT_TEXT[code] ?? `fault ${code}`}`;
}

/** Every player slot in one pass: playing slots (p < players) are checked in full, the rest must be empty. */
function checkPlayers(s: State, info: MapInfo, settings: MatchSettings): string | null {
  return faultText('player', scanPlayers(s, info, settings.players, maxOutTimer(settings)));
}

/** 0, or (slot << FAULT_BITS | Fault) of the first player at fault. */
function scanPlayers(s: State, info: MapInfo, players: number, maxTimer: number): number {
  const { alive, respawn, shield, heading, kills, deaths, mode, angle, targetX, targetY, pathState, pathLen, pathIdx, stuck, wp } = s.players;
  const mass = s.cells.mass;
  const W = info.widthFx - 1;
  const H = info.heightFx - 1;
  const cells = info.cols * info.rows;
  const planned = s.planner[Planner.Player]!;
  for (let p = 0; p < MAX_PLAYERS; p++) {
    const f = p << FAULT_BITS;
    const a = alive[p]!;
    let owned = 0;
    for (let c = p * CELLS_PER_PLAYER, end = c + CELLS_PER_PLAYER; c < end; c++) owned |= mass[c]!;
    if (p >= players) {
      if ((a | owned | respawn[p]! | shield[p]!) !== 0) return f | Fault.Absent;
      continue;
    }
    if (a === 1) {
      if (owned === 0) return f | Fault.NoCells;
      if (respawn[p] !== 0) return f | Fault.Respawning;
    } else if (a === 0) {
      if (owned !== 0) return f | Fault.DeadCells;
      if (!inRange(respawn[p]!, 1, maxTimer)) return f | Fault.DeadTimer;
    } else return f | Fault.AliveFlag;
    if (!inRange(shield[p]!, 0, a * RULES.spawnShieldFrames)) return f | Fault.Shield;
    if (!inRange(heading[p]!, 0, ANGLE_STEPS - 1)) return f | Fault.Heading;
    if ((kills[p]! | deaths[p]!) < 0) return f | Fault.Score;
    if (!inRange(mode[p]!, 0, 2) || !inRange(angle[p]!, 0, ANGLE_STEPS - 1)) return f | Fault.Intent;
    if (!inRange(targetX[p]!, 0, W) || !inRange(targetY[p]!, 0, H)) return f | Fault.Target;
    const len = pathLen[p]!;
    if (!inRange(pathState[p]!, 0, 5) || !inRange(len, 0, PATH_CAPACITY)) return f | Fault.PathState;
    if ((pathState[p] === PathState.Planning) !== (planned === p)) return f | Fault.Planning;
    if (!inRange(pathIdx[p]!, 0, len > 0 ? len - 1 : 0) || !inRange(stuck[p]!, 0, RULES.stuckFrames)) return f | Fault.PathIdx;
    for (let i = p * PATH_CAPACITY, end = i + len; i < end; i++) {
      if (!inRange(wp[i]!, -1, cells - 1)) return f | Fault.Waypoint;
    }
  }
  return 0;
}

/** Every cell slot: a live one on the map in a free cell with a mass in range, a free one all zero. */
function checkCells(s: State, info: MapInfo, settings: MatchSettings): string | null {
  return faultText('cell', scanCells(s, info, settings.players));
}

function scanCells(s: State, info: MapInfo, players: number): number {
  const { x, y, vx, vy, bx, by, mass, radius, merge, noCollide, inBush } = s.cells;
  const W = info.widthFx - 1;
  const H = info.heightFx - 1;
  const cols = info.cols;
  const blocked = info.map.blocked;
  const maxMerge = mergeDelay(RULES.maxMass);
  for (let c = 0; c < MAX_CELLS; c++) {
    const f = c << FAULT_BITS;
    const m = mass[c]!;
    if (m === 0) {
      if ((x[c]! | y[c]! | vx[c]! | vy[c]! | bx[c]! | by[c]! | radius[c]! | merge[c]! | noCollide[c]! | inBush[c]!) !== 0) return f | Fault.Free;
      continue;
    }
    if (c >= players * CELLS_PER_PLAYER) return f | Fault.Absent;
    const cx = x[c]!;
    const cy = y[c]!;
    if (!inRange(cx, 0, W) || !inRange(cy, 0, H)) return f | Fault.Position;
    if (!inRange(vx[c]!, -MAX_V, MAX_V) || !inRange(vy[c]!, -MAX_V, MAX_V) || !inRange(bx[c]!, -MAX_V, MAX_V) || !inRange(by[c]!, -MAX_V, MAX_V)) return f | Fault.Velocity;
    if (!inRange(m, RULES.minMass, RULES.maxMass)) return f | Fault.Mass;
    // radius = radiusOf(m) = ⌊√(m·K)⌋ exactly when r² ≤ m·K < (r + 1)² (no negative r passes): no
    // square root on the restore path. Exact: m·K < 2^23, and a wild r only makes r² larger.
    const r = radius[c]!;
    const mk = m * RULES.radiusK;
    if (r * r > mk || (r + 1) * (r + 1) <= mk) return f | Fault.Radius;
    if (blocked[(cy >> 10) * cols + (cx >> 10)] !== 0) return f | Fault.Wall;
    if (!inRange(merge[c]!, 0, maxMerge) || !inRange(noCollide[c]!, 0, RULES.noCollideFrames)) return f | Fault.Timers;
    if (!inRange(inBush[c]!, 0, 1)) return f | Fault.Bush;
  }
  return 0;
}

/** Blobs: a live one on the map in a free cell, its life and owner in range; a free one all zero. */
function checkBlobs(s: State, info: MapInfo): string | null {
  const { x, y, vx, vy, life, owner } = s.blobs;
  const W = info.widthFx - 1;
  const H = info.heightFx - 1;
  for (let b = 0; b < BLOB_CAPACITY; b++) {
    const f = b << FAULT_BITS;
    if (life[b] === 0) {
      if ((x[b]! | y[b]! | vx[b]! | vy[b]! | owner[b]!) !== 0) return faultText('blob', f | Fault.Free);
      continue;
    }
    if (!inRange(life[b]!, 1, RULES.blobLifeFrames)) return faultText('blob', f | Fault.Timers);
    if (!inRange(owner[b]!, 1, MAX_PLAYERS)) return faultText('blob', f | Fault.Owner);
    if (!inRange(x[b]!, 0, W) || !inRange(y[b]!, 0, H)) return faultText('blob', f | Fault.Position);
    if (!inRange(vx[b]!, -MAX_V, MAX_V) || !inRange(vy[b]!, -MAX_V, MAX_V)) return faultText('blob', f | Fault.Velocity);
    if (info.map.blocked[(y[b]! >> 10) * info.cols + (x[b]! >> 10)] !== 0) return faultText('blob', f | Fault.Wall);
  }
  return null;
}

/** Viruses: a live one on the map in a free cell with a mass in range; a map virus away has only a timer. */
function checkViruses(s: State, info: MapInfo): string | null {
  const { x, y, vx, vy, mass, feeds, aim, respawn } = s.viruses;
  const W = info.widthFx - 1;
  const H = info.heightFx - 1;
  const homes = info.virusCells.length;
  for (let v = 0; v < VIRUS_CAPACITY; v++) {
    const f = v << FAULT_BITS;
    const m = mass[v]!;
    if (v >= homes && respawn[v] !== 0) return faultText('virus', f | Fault.DeadTimer);
    if (m === 0) {
      if ((x[v]! | y[v]! | vx[v]! | vy[v]! | feeds[v]! | aim[v]!) !== 0) return faultText('virus', f | Fault.Free);
      if (v < homes && !inRange(respawn[v]!, 1, RULES.virusRespawnFrames)) return faultText('virus', f | Fault.DeadTimer);
      continue;
    }
    if (respawn[v] !== 0) return faultText('virus', f | Fault.Respawning);
    if (!inRange(m, RULES.virusMass, MAX_VIRUS_MASS) || !inRange(feeds[v]!, 0, RULES.virusFeeds - 1) || !inRange(aim[v]!, 0, ANGLE_STEPS - 1)) return faultText('virus', f | Fault.Mass);
    if (!inRange(x[v]!, 0, W) || !inRange(y[v]!, 0, H)) return faultText('virus', f | Fault.Position);
    if (!inRange(vx[v]!, -MAX_V, MAX_V) || !inRange(vy[v]!, -MAX_V, MAX_V)) return faultText('virus', f | Fault.Velocity);
    if (info.map.blocked[(y[v]! >> 10) * info.cols + (x[v]! >> 10)] !== 0) return faultText('virus', f | Fault.Wall);
  }
  return null;
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
  for (let b = 0; b < MAX_PLAYERS; b++) {
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
