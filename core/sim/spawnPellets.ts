/**
 * System 15: pellet spawning, and the initial fill at match start.
 * While fewer than settings.pelletTarget pellets live, up to RULES.pelletsPerFrame attempts a
 * frame each draw a free cell from the world RNG; an attempt whose cell already holds a pellet
 * spawns nothing (one pellet per cell keeps them spread and the eating scan order state-pure).
 * A pellet sits at a random 1/64-cell point in the cell's middle 3/4 × 3/4 (pellets.ts) and is worth pelletMass, or
 * bigPelletMass with chance 1/bigPelletOdds. It takes the lowest free pellet id.
 */
import { rngInt } from '../math';
import { EventKind } from './events';
import { packPellet, pelletValue, pelletX, pelletY } from './pellets';
import { PELLET_CAPACITY, RULES } from './rules';
import type { World } from './World';

/** A pellet's offset in its cell, in 1/64 cell: MARGIN .. MARGIN + SPAN - 1 (the middle 3/4). */
const MARGIN = 8;
const SPAN = 64 - 2 * MARGIN;

/** Spawns this frame's pellets. */
export function spawnPellets(w: World): void {
  const target = w.settings.pelletTarget;
  for (let i = 0; i < RULES.pelletsPerFrame && w.scratch.pelletCount < target; i++) trySpawn(w, true);
}

/** Fills the world up to its pellet target at match start (no events: the view reads the world). */
export function fillPellets(w: World): void {
  const target = w.settings.pelletTarget;
  // Bounded: a crowded map may leave the fill short; the per-frame spawner tops it up later.
  for (let i = 0; i < target * 8 && w.scratch.pelletCount < target; i++) trySpawn(w, false);
}

/** One spawn attempt; returns the new pellet's id or -1. */
function trySpawn(w: World, emit: boolean): number {
  const s = w.scratch;
  const free = w.info.freeCells;
  // DETERMINISM: every attempt draws the same three-or-four numbers whatever its outcome.
  const cell = free[rngInt(w.rng, free.length)]!;
  const ox = rngInt(w.rng, SPAN);
  const oy = rngInt(w.rng, SPAN);
  const big = rngInt(w.rng, RULES.bigPelletOdds) === 0;
  if (s.pelletAt[cell]! >= 0) return -1;
  let p = s.pelletHint;
  const words = w.pellets.word;
  while (p < PELLET_CAPACITY && words[p] !== 0) p++;
  if (p >= PELLET_CAPACITY) return -1;
  const cols = w.info.cols;
  const word = packPellet((cell % cols) * 64 + MARGIN + ox, Math.floor(cell / cols) * 64 + MARGIN + oy, big);
  words[p] = word;
  s.pelletAt[cell] = p;
  s.pelletCount++;
  s.pelletHint = p + 1;
  if (emit) w.events.push(EventKind.PelletSpawned, p, pelletX(word), pelletY(word), pelletValue(word));
  return p;
}
