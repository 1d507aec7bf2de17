/**
 * The world: all simulation state as plain data — int32 typed-array columns indexed by entity id
 * plus a few integer scalars — and the derived scratch the systems reuse every frame.
 * Entities: players 0..MAX_PLAYERS-1 (player = slot; slots ≥ settings.players never live); cells
 * 0..MAX_CELLS-1, CELLS_PER_PLAYER a player (cell id = slot × CELLS_PER_PLAYER + k: cellOps.ts);
 * pellets 0..PELLET_CAPACITY-1 (word 0 = free slot); ejected blobs 0..BLOB_CAPACITY-1 (life 0 =
 * free); viruses 0..VIRUS_CAPACITY-1 (mass 0 = none; ids below the map's virus count are the
 * map's own, which come back where they stood). Every state column is an Int32Array so that
 * snapshots are block copies and hashes read words by value (components.ts lists them all).
 * Units: positions Fx (1/1024 cell, x east, y south), velocities Fx/frame, mass units, frames.
 * Invariants (invariants.ts checks them on every restore and in the fuzz tests): a live cell's
 * centre is on the map in a free cell, its mass in [minMass, maxMass] with radius =
 * radiusOf(mass); a free cell slot is all zero; a player is alive exactly when it owns a live
 * cell, and a dead playing player has respawn > 0; pellets lie in free cells, at most one per
 * cell; live blobs and viruses are on the map in free cells.
 */
import type { GameMap } from '../map';
import { NineGrid, type JumpPointSearch, type PathResult } from '../nav';
import { RNG_STATE_WORDS } from '../math';
import { SimEvents } from './events';
import { mapInfoOf, type MapInfo } from './mapInfo';
import { pelletCell } from './pellets';
import { createPlanSearchers, planDataOf } from './searchers';
import { BLOB_CAPACITY, BOT_MEMORY_WORDS, MAX_CELLS, MAX_PLAYERS, PATH_CAPACITY, PELLET_CAPACITY, VIRUS_CAPACITY } from './rules';
import type { MatchSettings } from './settings';

export type { MatchOptions, MatchSettings } from './settings';
export { matchSettings } from './settings';

/** Path-follow states of a player (`pathState` column). */
export const PathState = {
  /** Not moving to a target. */
  None: 0,
  /** A target was set (or the path failed): waits for the planner. */
  NeedsPlan: 1,
  /** Following a path that ends at the target (or at the reachable cell nearest to it). */
  Following: 2,
  /** At the end of the path: holds still until the next input. */
  Arrived: 3,
  /** Following a path cut short (search budget or waypoint capacity): plans again at its end. */
  Partial: 4,
  /** Its search is in flight (planner column); heads straight for the target meanwhile. */
  Planning: 5,
} as const;

/**
 * Player columns, indexed by slot (waypoint columns by slot × PATH_CAPACITY + k). A player's
 * intent and path are one for all its cells: the path is planned once, for its lead cell, and
 * every cell steers along it.
 */
export interface Players {
  /** 1 while the player owns at least one live cell, 0 waiting to respawn (or never playing). */
  readonly alive: Int32Array;
  /** Frames left before respawning (dead players only). */
  readonly respawn: Int32Array;
  /** Frames of spawn protection left (shield.ts): while > 0 none of its cells can be eaten. */
  readonly shield: Int32Array;
  /** Heading (angle steps) of the player's last steering: where a split or an eject aims when it stands still. */
  readonly heading: Int32Array;
  readonly kills: Int32Array;
  readonly deaths: Int32Array;
  /** Current intent (input.ts): MoveMode, angle (steps), target (Fx). */
  readonly mode: Int32Array;
  readonly angle: Int32Array;
  readonly targetX: Int32Array;
  readonly targetY: Int32Array;
  /** PathState, waypoint count, index of the waypoint being steered to, frames without progress. */
  readonly pathState: Int32Array;
  readonly pathLen: Int32Array;
  readonly pathIdx: Int32Array;
  readonly stuck: Int32Array;
  /** Waypoints, PATH_CAPACITY per player: a cell index (steer to its centre) or -1 (the exact target point). */
  readonly wp: Int32Array;
}

/** Cell columns, indexed by cell id (owner = id / CELLS_PER_PLAYER); a free slot is all zero. */
export interface Cells {
  readonly x: Int32Array;
  readonly y: Int32Array;
  /** Steered velocity (Fx/frame). */
  readonly vx: Int32Array;
  readonly vy: Int32Array;
  /** Launch boost on top of it (split, burst), decaying (RULES.boostShift). */
  readonly bx: Int32Array;
  readonly by: Int32Array;
  /** 0 = free slot. */
  readonly mass: Int32Array;
  /** radiusOf(mass), cached; 0 when free. */
  readonly radius: Int32Array;
  /** Frames before it may merge with another cell of its player (0 = may). */
  readonly merge: Int32Array;
  /** Frames it still passes through its player's other cells after a split or burst. */
  readonly noCollide: Int32Array;
  /** 1 when the centre is in a bush cell (hidden from other players, see bushes.ts). */
  readonly inBush: Int32Array;
}

/** Ejected blobs, indexed by blob id; a free slot is all zero. Mass is always RULES.blobMass. */
export interface Blobs {
  readonly x: Int32Array;
  readonly y: Int32Array;
  /** Velocity: the launch, decaying (RULES.boostShift) until it rests. */
  readonly vx: Int32Array;
  readonly vy: Int32Array;
  /** Frames left before it is gone; 0 = free slot. */
  readonly life: Int32Array;
  /** Slot of the player that spat it, + 1 (its colour). */
  readonly owner: Int32Array;
}

/** Viruses, indexed by virus id; a free slot is all zero but for a map virus's respawn timer. */
export interface Viruses {
  readonly x: Int32Array;
  readonly y: Int32Array;
  /** Velocity of a shot virus, decaying until it rests (a map virus never moves). */
  readonly vx: Int32Array;
  readonly vy: Int32Array;
  /** 0 = none here. */
  readonly mass: Int32Array;
  /** Blobs fed since it last split. */
  readonly feeds: Int32Array;
  /** Direction (angle steps) of the last blob fed: where its next virus goes. */
  readonly aim: Int32Array;
  /** A map virus eaten: frames until it is back at its place (0 otherwise). */
  readonly respawn: Int32Array;
}

/** Pellet column, indexed by pellet id. */
export interface Pellets {
  /** One word per pellet (pellets.ts: position, size, live bit); 0 = free slot. */
  readonly word: Int32Array;
}

/**
 * Derived data and reusable buffers: rebuilt from the state after a restore (rebuildDerived),
 * never snapshotted or hashed. Anything here must be a pure function of the state (or the map), or
 * scratch that is rewritten before it is read within a frame.
 */
export interface Scratch {
  /** Pellet id per cell, -1 when none (the one-pellet-per-cell rule). */
  readonly pelletAt: Int32Array;
  /** Live pellets. */
  pelletCount: number;
  /** No free pellet slot has an id below this. */
  pelletHint: number;
  /** Desired velocity of each cell, computed by steering this frame. */
  readonly wantVx: Int32Array;
  readonly wantVy: Int32Array;
  /** The blobs' and the viruses' columns as moving bodies (collide.ts), made once for move.ts. */
  readonly blobBody: Body;
  readonly virusBody: Body;
  /** Split and eject requested by this frame's inputs, per player. */
  readonly splitWanted: Uint8Array;
  readonly ejectWanted: Uint8Array;
  /** Cell broadphase (cellOps.ts refreshCellGrid), refreshed where a system needs it, kept up to date within it. */
  readonly cells: NineGrid;
  readonly query: Int32Array;
  /**
   * Two mask words (64 bits) for each square of AREA_SHIFT side of the map, written by a system
   * before it reads them: eatBlobs, the viruses that may cover a point of the square; eatCells,
   * the players with a live cell centred in it.
   */
  readonly areaMasks: Int32Array;
  /** The spawn rule's list of live players' lead cells (cellOps.ts chooseSpawn), written before it is read. */
  readonly leads: Int32Array;
  readonly cellPath: Int32Array;
  /**
   * The path searchers, one per size class (searchers.ts: JPS with the map's landmark tables),
   * run in slices with begin/resume; their in-flight state is private to nav, so it is scratch and
   * redone after a restore (planPaths.ts). Made with the world, so that the landmark tables are
   * built, and copied into the searchers (~0.6 ms a size class on labyrinth-large), while the
   * match loads, never by a search mid-match; a world that never searches pays for them too.
   */
  readonly searchers: readonly JumpPointSearch[];
  /** Region labels per size class, the map's (searchers.ts PlanData; shared, read only). */
  readonly regions: readonly Int32Array[];
  /**
   * What the searchers hold: the result object (nav's, live) of the last search begun, and its
   * player, cells and class (null / -1: none; planPaths.ts redoes the search when they do not match).
   */
  searchResult: PathResult | null;
  searchPlayer: number;
  searchFrom: number;
  searchGoal: number;
  searchClass: number;
  /** One bit per cell, scratch for the invariant checks (invariants.ts cellBitsWords). */
  readonly cellBits: Int32Array;
  /** Where each state column sits in a snapshot blob (snapshot.ts); made on first use. */
  layout: StateLayout | null;
  /** Staging for restoreInto (validated before it replaces the live state); made on first use. */
  stage: RestoreStage | null;
}

/** The live columns of a world in snapshot order (COMPONENTS, then column), flattened once. */
export interface StateLayout {
  readonly columns: readonly Int32Array[];
  /** Word offset of each column within a blob's body (component tag and size words included). */
  readonly offsets: readonly number[];
  /** Words of each component's columns (its tag and size words excluded), in COMPONENTS order. */
  readonly sizes: readonly number[];
  /** Words of the whole body: every component with its tag and size words. */
  readonly words: number;
}

/**
 * restoreInto's staging: `state` is made of views into `body`, laid out exactly as a blob's body
 * (StateLayout offsets), so a blob's body lands in it with one block copy and is validated there.
 */
export interface RestoreStage {
  readonly body: Int32Array;
  readonly state: State;
  /** The columns of `state`, in layout order (stage column i is copied onto layout column i). */
  readonly columns: readonly Int32Array[];
}

/** Words of the `clock` column. */
export const Clock = {
  /** Logic frames stepped so far. */
  Frame: 0,
  /** 1 once the match is over (step is then a no-op). */
  Ended: 1,
} as const;
export const CLOCK_WORDS = 2;

/** Words of the `planner` column: the path search in flight (planPaths.ts). */
export const Planner = {
  /** Player being planned for, -1 when none. */
  Player: 0,
  /** Its size class (nav grid). */
  Class: 1,
  /** Start and goal cells of the search. */
  From: 2,
  Goal: 3,
  /** Search work done so far (nav's PathResult.expanded: JPS work units, see planPaths.ts). */
  Expanded: 4,
  /** 1 when the start cell is a waypoint too (the lead cell started from a nearby roomier cell). */
  KeepFirst: 5,
  /** Player whose request is served first next time (round robin). */
  Cursor: 6,
} as const;
export const PLANNER_WORDS = 7;

/**
 * Bot columns (issue 4), indexed by player slot: who plays the slot and the bot's memory. Written
 * by core/ai's BotDriver before each step (bots decide inputs; their memory is state so that it
 * is snapshotted and hashed), all zero in a world without bots.
 */
export interface Bots {
  /** 0 = human, 1..BOT_CONTROL_MAX = a bot (core/ai: difficulty + 1). */
  readonly control: Int32Array;
  /** BOT_MEMORY_WORDS words per slot; all zero for a human slot. */
  readonly mem: Int32Array;
}

/** The columns of a kind of moving body (collide.ts moves them); `bx`/`by` (a launch boost on top of the velocity) may be absent. */
export interface Body {
  readonly x: Int32Array;
  readonly y: Int32Array;
  readonly vx: Int32Array;
  readonly vy: Int32Array;
  readonly bx: Int32Array | null;
  readonly by: Int32Array | null;
}

/** Every piece of simulation state: int32 columns only (see components.ts for the full list). */
export interface State {
  /** Scalars, indexed by Clock. */
  readonly clock: Int32Array;
  /** World RNG state (xoshiro128**). */
  readonly rng: Int32Array;
  /** The path search in flight, indexed by Planner. */
  readonly planner: Int32Array;
  readonly players: Players;
  readonly cells: Cells;
  readonly pellets: Pellets;
  readonly blobs: Blobs;
  readonly viruses: Viruses;
  readonly bots: Bots;
}

/** The complete simulation of one match: state plus its fixed context. Mutated only by `step` (and restore). */
export interface World extends State {
  readonly settings: MatchSettings;
  readonly map: GameMap;
  readonly info: MapInfo;
  /** Logic frames stepped so far (clock[Clock.Frame]). */
  readonly frame: number;
  /** True once the match is over. */
  readonly ended: boolean;
  readonly scratch: Scratch;
  /** Events of the last step. */
  readonly events: SimEvents;
}

const newCol = (n: number): Int32Array => new Int32Array(n);

/** log2 of the side (Fx) of the squares of Scratch.areaMasks: 2 map cells (the finest that pays in eatCells). */
export const AREA_SHIFT = 11;
/** Squares of Scratch.areaMasks across a map `widthFx` wide. */
export const areaCols = (widthFx: number): number => ((widthFx - 1) >> AREA_SHIFT) + 1;
const areaCount = (widthFx: number, heightFx: number): number => areaCols(widthFx) * (((heightFx - 1) >> AREA_SHIFT) + 1);
const col = newCol;

/**
 * Zeroed state columns at the fixed capacities (planner idle). `col` makes each column; it is
 * called in COMPONENTS order (restoreInto's staging relies on that and checks it).
 */
export function allocState(col: (words: number) => Int32Array = newCol): State {
  const P = MAX_PLAYERS;
  const C = MAX_CELLS;
  const L = BLOB_CAPACITY;
  const V = VIRUS_CAPACITY;
  const clock = col(CLOCK_WORDS);
  const rng = col(RNG_STATE_WORDS);
  const planner = col(PLANNER_WORDS);
  planner[Planner.Player] = -1;
  return {
    clock,
    rng,
    planner,
    players: {
      alive: col(P), respawn: col(P), shield: col(P), heading: col(P), kills: col(P), deaths: col(P),
      mode: col(P), angle: col(P), targetX: col(P), targetY: col(P),
      pathState: col(P), pathLen: col(P), pathIdx: col(P), stuck: col(P),
      wp: col(P * PATH_CAPACITY),
    },
    cells: {
      x: col(C), y: col(C), vx: col(C), vy: col(C), bx: col(C), by: col(C), mass: col(C), radius: col(C),
      merge: col(C), noCollide: col(C), inBush: col(C),
    },
    pellets: { word: col(PELLET_CAPACITY) },
    blobs: { x: col(L), y: col(L), vx: col(L), vy: col(L), life: col(L), owner: col(L) },
    viruses: { x: col(V), y: col(V), vx: col(V), vy: col(V), mass: col(V), feeds: col(V), aim: col(V), respawn: col(V) },
    bots: { control: col(P), mem: col(P * BOT_MEMORY_WORDS) },
  };
}

/** A world with every column allocated and zeroed: no cells placed, no pellets, RNG unseeded. */
export function allocWorld(map: GameMap, settings: MatchSettings): World {
  const info = mapInfoOf(map);
  if (info.freeCells.length === 0) throw new RangeError(`map "${map.id}" has no free cell`);
  const state = allocState();
  const scratch: Scratch = {
    pelletAt: new Int32Array(map.cols * map.rows).fill(-1),
    pelletCount: 0,
    pelletHint: 0,
    wantVx: col(MAX_CELLS),
    wantVy: col(MAX_CELLS),
    blobBody: { x: state.blobs.x, y: state.blobs.y, vx: state.blobs.vx, vy: state.blobs.vy, bx: null, by: null },
    virusBody: { x: state.viruses.x, y: state.viruses.y, vx: state.viruses.vx, vy: state.viruses.vy, bx: null, by: null },
    splitWanted: new Uint8Array(MAX_PLAYERS),
    ejectWanted: new Uint8Array(MAX_PLAYERS),
    cells: new NineGrid(info.widthFx, info.heightFx, 4 * 1024, MAX_CELLS),
    query: col(MAX_CELLS),
    areaMasks: col(2 * areaCount(info.widthFx, info.heightFx)),
    leads: col(MAX_PLAYERS),
    cellPath: col(map.cols * map.rows),
    searchers: createPlanSearchers(info),
    regions: planDataOf(info).regions,
    searchResult: null,
    searchPlayer: -1,
    searchFrom: -1,
    searchGoal: -1,
    searchClass: -1,
    cellBits: col((map.cols * map.rows + 31) >> 5),
    layout: null,
    stage: null,
  };
  return new WorldObject(state, settings, map, info, scratch);
}

/**
 * The World: its state's columns and its context as own data properties, and `frame` and `ended`
 * read from the clock. A class, so that every world shares one shape: an object literal with
 * getters (each world its own getter functions) left every world after the first in V8's
 * dictionary mode, where each property read is a hash lookup.
 */
class WorldObject implements World {
  readonly clock: Int32Array;
  readonly rng: Int32Array;
  readonly planner: Int32Array;
  readonly players: Players;
  readonly cells: Cells;
  readonly pellets: Pellets;
  readonly blobs: Blobs;
  readonly viruses: Viruses;
  readonly bots: Bots;
  readonly events = new SimEvents();

  constructor(
    state: State,
    readonly settings: MatchSettings,
    readonly map: GameMap,
    readonly info: MapInfo,
    readonly scratch: Scratch,
  ) {
    this.clock = state.clock;
    this.rng = state.rng;
    this.planner = state.planner;
    this.players = state.players;
    this.cells = state.cells;
    this.pellets = state.pellets;
    this.blobs = state.blobs;
    this.viruses = state.viruses;
    this.bots = state.bots;
  }

  get frame(): number {
    return this.clock[Clock.Frame]!;
  }

  get ended(): boolean {
    return this.clock[Clock.Ended] !== 0;
  }
}

/**
 * Recomputes every Scratch field that is derived from state (after restore or external edits).
 * `pelletAtClear`: the caller knows pelletAt is all -1 (a fresh world), saving a full fill.
 */
export function rebuildDerived(w: World, pelletAtClear = false): void {
  const s = w.scratch;
  const words = w.pellets.word;
  const at = s.pelletAt;
  const cols = w.info.cols;
  if (!pelletAtClear) at.fill(-1);
  let count = 0;
  let hint = PELLET_CAPACITY;
  for (let p = 0; p < PELLET_CAPACITY; p++) {
    const word = words[p]!;
    if (word === 0) {
      if (p < hint) hint = p;
      continue;
    }
    at[pelletCell(word, cols)] = p;
    count++;
  }
  s.pelletCount = count;
  s.pelletHint = hint;
}

/**
 * Replaces the pellet column of `w` with `next` (which must satisfy the pellet invariants: at most
 * one pellet per cell) and brings the derived pellet fields up to date. Incremental: when nothing
 * changes (a restore of the state the world is in) it is one compare pass and the derived fields
 * stay as they are; otherwise only slots whose word changes touch pelletAt. Relies on the derived
 * fields describing the current column, as they do between steps (pelletHint need only be a lower
 * bound of the free slots: spawning takes the first free slot at or above it).
 */
export function replacePellets(w: World, next: Int32Array): void {
  const cur = w.pellets.word;
  let changed = 0;
  for (let p = 0; p < PELLET_CAPACITY; p++) changed |= next[p]! ^ cur[p]!;
  if (changed === 0) return;
  const s = w.scratch;
  const at = s.pelletAt;
  const cols = w.info.cols;
  // Forget the cells of the pellets that change (where pelletAt still names them)...
  for (let p = 0; p < PELLET_CAPACITY; p++) {
    const old = cur[p]!;
    if (old === 0 || old === next[p]) continue;
    const c = pelletCell(old, cols);
    if (at[c] === p) at[c] = -1;
  }
  // ...then index the new ones, counting as rebuildDerived does.
  let count = 0;
  let hint = PELLET_CAPACITY;
  for (let p = 0; p < PELLET_CAPACITY; p++) {
    const word = next[p]!;
    if (word === 0) {
      if (p < hint) hint = p;
      continue;
    }
    count++;
    if (word !== cur[p]) at[pelletCell(word, cols)] = p;
  }
  cur.set(next);
  s.pelletCount = count;
  s.pelletHint = hint;
}
