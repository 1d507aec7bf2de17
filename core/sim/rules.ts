/**
 * The rules' numbers ("Ball Brawl"), declared once; docs/RULES.md explains them.
 * Units: lengths and positions in Fx (1/1024 cell), speeds in Fx per logic frame, times in logic
 * frames (FRAME_RATE a second), mass in integer mass units (a starting ball has START_MASS).
 * Changing any number changes every hash: update test/fixtures/golden-replay.* on purpose.
 */
import { FX_ONE, isqrt } from '../math';

/** Logic frames a second. */
export const FRAME_RATE = 30;
/** Most balls (= player slots) a world holds; ball id = slot. */
export const MAX_BALLS = 50;
/** Pellet slots in a world; the live count stays at or below the match's pellet target. */
export const PELLET_CAPACITY = 1280;
/** Waypoints a ball's path can hold. */
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
   * Mass of a fresh (or respawned) ball: radius 505 Fx (0.49 cell), 2.5× a big pellet, so a newcomer
   * reads as a player; still size class 0 (radius ≤ ½ cell), so it fits every corridor.
   */
  startMass: 1600,
  /** No ball (alive) is ever lighter: dash cost stops here. */
  minMass: 1000,
  /** No ball is ever heavier: gains beyond it are lost. */
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
  /** Dash: speed held for dashFrames, then ordinary steering takes over. */
  dashSpeed: 640,
  dashFrames: 6,
  /** Frames between two dashes (counted from the dash). */
  dashCooldown: 60,
  /** Dash cost: mass >> dashCostShift (1/16), never taking mass below minMass. */
  dashCostShift: 4,
  /** Decay: above decayThreshold a ball loses (mass − threshold) >> decayShift each frame. */
  decayThreshold: 5000,
  decayShift: 10,
  /** Frames an eaten ball waits before it respawns. */
  respawnFrames: 90,
  /** Spawn protection: a (re)spawned ball cannot be eaten for this many frames, unless it eats a ball or dashes. */
  spawnShieldFrames: 90,
  /**
   * Spawn rule: a spawn whose edge distance to every ball able to eat a fresh one is at least this
   * is safe (beyond it, farther from threats counts for nothing; the spawn spreads balls instead).
   */
  spawnSafeDistance: 8 * FX_ONE,
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
  /** A ball in a bush is still seen by a viewer whose ball edge is within this distance of its edge. */
  bushRevealDistance: 2 * FX_ONE,
  /** Default match length: 3 minutes. */
  matchFrames: 3 * 60 * 30,
  /** Largest movement per collision sub-step: below the smallest radius, so nothing tunnels. */
  maxSubstep: 256,
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

/** Mass a dash costs a ball of `mass` (0 when already at the minimum). */
export function dashCost(mass: number): number {
  const want = mass >> RULES.dashCostShift;
  const room = mass - RULES.minMass;
  return room <= 0 ? 0 : want < room ? want : room;
}
