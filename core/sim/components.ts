/**
 * The state components: the one list that snapshot, hash and desync reports walk. Every piece of
 * simulation state is an int32 column listed here exactly once, in a fixed order.
 *
 * Extension point: a new kind of state (issue 4: per-bot behavior-tree state) adds its typed
 * arrays to `State` (World.ts, allocState) and ONE entry below with its columns, names and entity
 * mapping; snapshot, restore, hashWorld, subHashes and firstDifference pick it up unchanged.
 * Bump SNAPSHOT_VERSION (snapshot.ts) and the golden hash when the list changes.
 * A typed array (or object) in the world that is not state goes into NOT_STATE instead, with why:
 * components.test.ts fails on any typed array of a world that is in neither list.
 */
import { BOT_MEMORY_WORDS, PATH_CAPACITY } from './rules';
import type { State } from './World';

/** The kinds of entity a column is indexed by (desync reports name "cell 37", "player 2"…). */
export type EntityKind = 'scalar' | 'player' | 'cell' | 'pellet' | 'blob' | 'virus';

/** A named group of state columns. */
export interface Component {
  /** Stable name: appears in desync reports and (hashed) as the component's tag in snapshots. */
  readonly name: string;
  /** Names of the columns, in the order `columns` returns them. */
  readonly columnNames: readonly string[];
  /** What its columns are indexed by. */
  readonly entity: EntityKind;
  /** The component's columns of `s`, always in the same order and with fixed lengths. */
  columns(s: State): readonly Int32Array[];
  /** Entity id (player slot, cell id, pellet id, …) owning word `i` of column `c`; scalars return their index. */
  entityOf(c: number, i: number): number;
  /**
   * Optional: whether the component is in use. When it returns false the whole-world hash leaves
   * the component out (its columns are then all zero), so adding an optional component does not
   * change the hashes of worlds that do not use it. Snapshots always carry it.
   */
  present?(s: State): boolean;
}

/** Whether any slot is played by a bot (human slots have all-zero bot memory). */
function anyBot(s: State): boolean {
  const control = s.bots.control;
  for (let i = 0; i < control.length; i++) if (control[i] !== 0) return true;
  return false;
}

/** Whether any virus slot is in use (a map virus eaten keeps a respawn timer). */
function anyVirus(s: State): boolean {
  const { mass, respawn } = s.viruses;
  for (let i = 0; i < mass.length; i++) if ((mass[i]! | respawn[i]!) !== 0) return true;
  return false;
}

/** Whether any blob is alive. */
function anyBlob(s: State): boolean {
  const life = s.blobs.life;
  for (let i = 0; i < life.length; i++) if (life[i] !== 0) return true;
  return false;
}

const perEntity = (_c: number, i: number): number => i;

/** Every component, in snapshot and hash order. */
export const COMPONENTS: readonly Component[] = [
  { name: 'clock', columnNames: ['clock'], entity: 'scalar', columns: (s) => [s.clock], entityOf: perEntity },
  { name: 'rng', columnNames: ['rng'], entity: 'scalar', columns: (s) => [s.rng], entityOf: perEntity },
  { name: 'planner', columnNames: ['planner'], entity: 'scalar', columns: (s) => [s.planner], entityOf: perEntity },
  {
    name: 'players',
    columnNames: ['alive', 'respawn', 'shield', 'heading'],
    entity: 'player',
    columns: (s) => [s.players.alive, s.players.respawn, s.players.shield, s.players.heading],
    entityOf: perEntity,
  },
  { name: 'scores', columnNames: ['kills', 'deaths'], entity: 'player', columns: (s) => [s.players.kills, s.players.deaths], entityOf: perEntity },
  {
    name: 'intents',
    columnNames: ['mode', 'angle', 'targetX', 'targetY'],
    entity: 'player',
    columns: (s) => [s.players.mode, s.players.angle, s.players.targetX, s.players.targetY],
    entityOf: perEntity,
  },
  {
    name: 'paths',
    columnNames: ['pathState', 'pathLen', 'pathIdx', 'stuck', 'waypoints'],
    entity: 'player',
    columns: (s) => [s.players.pathState, s.players.pathLen, s.players.pathIdx, s.players.stuck, s.players.wp],
    entityOf: (c, i) => (c >= 4 ? Math.floor(i / PATH_CAPACITY) : i),
  },
  { name: 'positions', columnNames: ['x', 'y'], entity: 'cell', columns: (s) => [s.cells.x, s.cells.y], entityOf: perEntity },
  {
    name: 'velocities',
    columnNames: ['vx', 'vy', 'bx', 'by'],
    entity: 'cell',
    columns: (s) => [s.cells.vx, s.cells.vy, s.cells.bx, s.cells.by],
    entityOf: perEntity,
  },
  { name: 'masses', columnNames: ['mass', 'radius'], entity: 'cell', columns: (s) => [s.cells.mass, s.cells.radius], entityOf: perEntity },
  {
    name: 'timers',
    columnNames: ['merge', 'noCollide', 'inBush'],
    entity: 'cell',
    columns: (s) => [s.cells.merge, s.cells.noCollide, s.cells.inBush],
    entityOf: perEntity,
  },
  { name: 'pellets', columnNames: ['word'], entity: 'pellet', columns: (s) => [s.pellets.word], entityOf: perEntity },
  {
    name: 'blobs',
    columnNames: ['x', 'y', 'vx', 'vy', 'life', 'owner'],
    entity: 'blob',
    columns: (s) => [s.blobs.x, s.blobs.y, s.blobs.vx, s.blobs.vy, s.blobs.life, s.blobs.owner],
    entityOf: perEntity,
    present: anyBlob,
  },
  {
    name: 'viruses',
    columnNames: ['x', 'y', 'vx', 'vy', 'mass', 'feeds', 'aim', 'respawn'],
    entity: 'virus',
    columns: (s) => [s.viruses.x, s.viruses.y, s.viruses.vx, s.viruses.vy, s.viruses.mass, s.viruses.feeds, s.viruses.aim, s.viruses.respawn],
    entityOf: perEntity,
    present: anyVirus,
  },
  {
    name: 'bots',
    columnNames: ['control', 'memory'],
    entity: 'player',
    columns: (s) => [s.bots.control, s.bots.mem],
    entityOf: (c, i) => (c === 1 ? Math.floor(i / BOT_MEMORY_WORDS) : i),
    present: anyBot,
  },
];

/**
 * What a world holds besides its state, by path from the world, with why it is neither hashed nor
 * snapshotted. Everything under a path is covered. Each class instance (whose insides the test
 * cannot see) is listed too, so a typed array hidden in one is still a decision made here.
 */
export const NOT_STATE: Readonly<Record<string, string>> = {
  map: 'the map: fixed for the match, named by id and pinned by its fingerprint in snapshots',
  info: 'derived from the map (mapInfoOf)',
  events: "the last step's events for the view (a SimEvents), cleared by every step",
  'scratch.pelletAt': 'derived from pellets.word (rebuildDerived after a restore)',
  'scratch.wantVx': "steering's desired velocity, written each frame before it is read",
  'scratch.wantVy': "steering's desired velocity, written each frame before it is read",
  'scratch.splitWanted': "this frame's split requests, taken from its inputs",
  'scratch.ejectWanted': "this frame's eject requests, taken from its inputs",
  'scratch.cells': 'cell broadphase (a NineGrid), refreshed by each system that queries it (cellOps.ts)',
  'scratch.query': 'broadphase query buffer, written before it is read',
  'scratch.areaMasks': 'per-square masks of eatBlobs and eatCells, written before they are read',
  'scratch.leads': "the spawn rule's list of lead cells, written before it is read",
  'scratch.cellPath': 'path search output buffer, written before it is read',
  'scratch.searchers': 'the JPS path searchers; a search in flight is redone after a restore (planPaths.ts)',
  'scratch.regions': "region labels per size class: derived from the map (searchers.ts), shared and read only",
  'scratch.searchResult': 'the live result of the last search begun; redone when it does not match (planPaths.ts)',
  'scratch.cellBits': 'bit buffer of the invariant checks',
  'scratch.stage': "restoreInto's staging copy, validated before it replaces the state",
};
