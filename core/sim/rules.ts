/**
 * The rules' numbers ("Ball Brawl"), declared once; docs/RULES.md explains them.
 * Units: lengths and positions in Fx (1/1024 cell), speeds in Fx per logic frame, times in logic
 * frames (FRAME_RATE a second), mass in integer mass units (a starting ball has START_MASS).
 * Changing any number changes every hash: update test/fixtures/golden-replay.* on purpose.
 */
import { FX_ONE, isqrt } from '../math';

/** Logic frames a second. */
export const FRAME_RATE = 30;
/** Most players (slots) a world holds. */
export const MAX_PLAYERS = 50;
/** Most cells one player owns at once (agar's and every open server's 16). */
export const CELLS_PER_PLAYER = 16;
/** Cell slots in a world: cell id = slot × CELLS_PER_PLAYER + k, so a player's cells are one run of ids. */
export const MAX_CELLS = MAX_PLAYERS * CELLS_PER_PLAYER;
/** Pellet slots in a world; the live count stays at or below the match's pellet target. */
export const PELLET_CAPACITY = 1280;
/** Ejected-blob slots in a world: an eject with no free slot spits nothing (and costs nothing). */
export const BLOB_CAPACITY = 256;
/** Virus slots: the map's own (ids 0..homes-1, at most MAP_LIMITS.maxViruses) and the ones shot by feeding. */
export const VIRUS_CAPACITY = 64;
/** Waypoints a player's path can hold. */
export const PATH_CAPACITY = 32;
/**
 * Bot memory words per slot: a behavior-tree bot's running state (core/ai lays the words out,
 * core/ai/layout.ts). Bots only decide inputs; this memory is world state so that it is
 * snapshotted and hashed with everything else.
 */
export const BOT_MEMORY_WORDS = 28;
/** Largest `bots.control` value: 0 = human, 1..BOT_CONTROL_MAX = a bot (core/ai: difficulty + 1). */
export const BOT_CONTROL_MAX = 3;

export const RULES = {
  /**
   * Mass of a fresh (or respawned) player's one cell: radius 505 Fx (0.49 cell), 2.5× a big
   * pellet, so a newcomer reads as a player; still size class 0 (radius ≤ ½ cell), so it fits
   * every corridor.
   */
  startMass: 1600,
  /** No live cell is ever lighter: ejecting stops here. */
  minMass: 1000,
  /** No cell is ever heavier: gains beyond it are lost (a player's cells together may weigh more). */
  maxMass: 40000,
  /** radius² = mass × radiusK (Fx²): 1000 → 400 Fx (0.39 cell), 40000 → 2529 Fx (2.47 cells). */
  radiusK: 160,
  /** Eating: victim mass × eatNum ≤ eater mass × eatDen (victim ≤ eater / 1.25), and the eater covers the victim's centre. */
  eatNum: 5,
  eatDen: 4,
  /** Top speed at start mass (6 cells/s) and the floor it falls towards as the radius grows. */
  baseSpeed: 205,
  minSpeed: 60,
  /** Velocity moves 1/2^accelShift of the way to the desired velocity each frame. */
  accelShift: 2,
  /**
   * A launch (split, burst, eject, a shot virus) is a boost on top of steering that loses
   * 1/2^boostShift of itself a frame, so it carries about 2^boostShift × its start speed in all;
   * below boostStop it ends.
   */
  boostShift: 3,
  boostStop: 16,
  /** In direction mode every cell steers at a point this far ahead of the player's centre of mass. */
  steerAhead: 8 * FX_ONE,
  /** A player's cells pull towards its centre of mass by 1/2^pullShift of their offset a frame (steer.ts). */
  pullShift: 3,
  /** Split: a cell of at least minSplitMass halves; the new half leaves at splitSpeed (about 5.5 cells). */
  minSplitMass: 3200,
  splitSpeed: 700,
  /** After a split or a burst, a player's cells pass through each other for noCollideFrames (then push apart). */
  noCollideFrames: 15,
  /** A cell may merge with its own kind mergeFrames + mass / 2^mergeMassShift frames after it last split (12 s + …). */
  mergeFrames: 360,
  mergeMassShift: 7,
  /** Eject: a cell of at least minEjectMass pays ejectCost and spits a blob of blobMass at ejectSpeed, ± ejectSpread steps. */
  minEjectMass: 2000,
  ejectCost: 400,
  blobMass: 320,
  ejectSpeed: 800,
  ejectSpread: 64,
  /** An ejected blob nobody eats is gone after blobLifeFrames (the pool stays bounded). */
  blobLifeFrames: 900,
  /**
   * Viruses: virusMass (radius 1012 Fx, about a cell). A cell that can eat one (at least 8000)
   * and covers its centre bursts; smaller cells pass under it. Each blob fed adds its mass; the
   * virusFeeds-th splits off a new virus at virusShotSpeed in the feed's direction, and the fed
   * one is back to virusMass. A map's virus comes back at its place virusRespawnFrames after it
   * was eaten; a shot one does not.
   */
  virusMass: 6400,
  virusFeeds: 7,
  virusShotSpeed: 800,
  virusRespawnFrames: 600,
  /** A burst splits the cell into as many pieces of at least popPieceMass as its free cells allow. */
  popPieceMass: 1600,
  /** Decay: above decayThreshold a ball loses (mass − threshold) >> decayShift each frame. */
  decayThreshold: 5000,
  decayShift: 10,
  /** Frames a player whose last cell was eaten waits before it respawns. */
  respawnFrames: 90,
  /**
   * Spawn protection: a (re)spawned player cannot be eaten for this many frames, unless it eats a
   * cell, splits or ejects. The spawn rule (cellOps.ts chooseSpawn) looks this far ahead: no player
   * appears where a cell able to eat it could be on top of it when the protection ends.
   */
  spawnShieldFrames: 90,
  /** Pellet values: pelletMass, or bigPelletMass with chance 1/bigPelletOdds. */
  pelletMass: 100,
  bigPelletMass: 400,
  bigPelletOdds: 16,
  /** Pellets spawned per frame at most while below the target. */
  pelletsPerFrame: 3,
  /** Default pellet target: free cells >> pelletDensityShift, clamped to [pelletMinTarget, pelletMaxTarget]. */
  pelletDensityShift: 2,
  pelletMinTarget: 32,
  pelletMaxTarget: 1200,
  /** A cell in a bush is still seen by a viewer with a cell whose edge is within this distance of its edge. */
  bushRevealDistance: 2 * FX_ONE,
  /** Default match length: 3 minutes. */
  matchFrames: 3 * 60 * 30,
  /** Largest movement per collision sub-step: below the smallest radius, so nothing tunnels (blobs: blobSubstep). */
  maxSubstep: 256,
  blobSubstep: 128,
  /**
   * Path search, in JPS work units (planPaths.ts; a unit takes ~4-6 ns): work a frame for all
   * searches and their smoothing together, work per search, and new requests a frame. Both budgets
   * keep about the time the A* planner had (512 and 8192 cell expansions at ~110 ns: 56 µs and
   * 0.9 ms). A labyrinth-large search takes ~2.2k units (at most ~12k), so nearly every plan is
   * done in its first frame; 8192 × 24 lets every search finish that A* finished within 8192
   * expansions (JPS work measured at most 4× A*’s expansions on the shipped maps, 19× on random
   * grids; a search for an unreachable goal is not run, planPaths.ts).
   */
  planWorkPerFrame: 8192,
  pathBudget: 8192 * 24,
  plansPerFrame: 8,
  /** Path following: a waypoint counts as reached within this distance. */
  waypointReach: 192,
  /** Frames without progress along a path before it is planned again. */
  stuckFrames: 15,
} as const;

/** Radius (Fx) of a ball of `mass`: ⌊√(mass × radiusK)⌋. */
export function radiusOf(mass: number): number {
  return isqrt(mass * RULES.radiusK);
}

const START_RADIUS = radiusOf(RULES.startMass);

/** Top speed (Fx/frame) of a ball of radius `radius`: falls from baseSpeed as 1/radius towards minSpeed. */
export function speedOf(radius: number): number {
  if (radius <= START_RADIUS) return RULES.baseSpeed;
  // DETERMINISM: integer division of small positive integers.
  return RULES.minSpeed + Math.floor(((RULES.baseSpeed - RULES.minSpeed) * START_RADIUS) / radius);
}

/** Whether a ball of mass `eater` is heavy enough to eat one of mass `victim` (≥ 1.25×). */
export function canEatMass(eater: number, victim: number): boolean {
  return victim * RULES.eatNum <= eater * RULES.eatDen;
}

/** Frames before a cell of `mass` that just split (or burst) may merge again. */
export function mergeDelay(mass: number): number {
  return RULES.mergeFrames + (mass >> RULES.mergeMassShift);
}

/** Radius (Fx) of a virus of `mass` (radiusOf, named for the reader). */
export const virusRadius = radiusOf;

/** Radius (Fx) of an ejected blob. */
export const BLOB_RADIUS = radiusOf(RULES.blobMass);
/** Largest virus radius (Fx): fed virusFeeds − 1 times. */
export const MAX_VIRUS_RADIUS = radiusOf(RULES.virusMass + (RULES.virusFeeds - 1) * RULES.blobMass);
/** Largest cell radius (Fx): broadphase queries reach this far around a point. */
export const MAX_RADIUS = radiusOf(RULES.maxMass);
