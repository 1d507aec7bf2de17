/**
 * Viruses (刺球): fixed green spiky cells that a big cell bursts on and small cells hide under.
 * Ids 0..homes−1 are the map's own (MapInfo.virusCells, from its "viruses" object layer), each at
 * its place; the others are shot ones.
 *
 * System 11, popViruses: each virus, in ascending id, is eaten by the lowest-id cell that can eat
 * it (canEatMass: at least RULES.virusMass × 1.25) and holds its centre strictly inside. That cell
 * takes the virus's mass and bursts: with f free cell slots its player gets
 * p = min(f, ⌊M / popPieceMass⌋ − 1) new cells of ⌊M / (p + 1)⌋ each (OgarII's "monotone" pops:
 * equal pieces), the rest staying in the cell; they leave its centre at RULES.splitSpeed in p
 * evenly spaced directions turned by a world-RNG draw, and pass through each other for
 * noCollideFrames. A map virus eaten comes back at its place after RULES.virusRespawnFrames (once
 * no cell able to eat it covers the place); a shot one is gone.
 *
 * Feeding (eatBlobs.ts): a blob that reaches a virus adds its mass; the RULES.virusFeeds-th one
 * splits off a new virus, at the fed one's centre, at RULES.virusShotSpeed in the direction of
 * that last blob (when a slot is free), and the fed virus is back to RULES.virusMass.
 */
import { ANGLE_STEPS, FX_HALF, FX_SHIFT, TRIG_SHIFT, angleOf, cosA, rngInt, sinA } from '../math';
import { addCell, cellCount, maxCellRadius, ownerOf, refreshCellGrid, setMass } from './cellOps';
import { EventKind } from './events';
import { CELLS_PER_PLAYER, RULES, VIRUS_CAPACITY, canEatMass, mergeDelay, virusRadius } from './rules';
import type { World } from './World';

/** Puts every map virus at its place (match start). */
export function placeMapViruses(w: World): void {
  const homes = w.info.virusCells;
  for (let v = 0; v < homes.length; v++) placeHome(w, v);
}

function placeHome(w: World, v: number): void {
  const V = w.viruses;
  const cell = w.info.virusCells[v]!;
  V.x[v] = ((cell % w.info.cols) << FX_SHIFT) + FX_HALF;
  V.y[v] = (Math.floor(cell / w.info.cols) << FX_SHIFT) + FX_HALF;
  V.vx[v] = 0;
  V.vy[v] = 0;
  V.mass[v] = RULES.virusMass;
  V.feeds[v] = 0;
  V.aim[v] = 0;
  V.respawn[v] = 0;
}

/** Virus `v` swallows a blob moving along (vx, vy) (see the file header). */
export function feedVirus(w: World, v: number, vx: number, vy: number): void {
  const V = w.viruses;
  if (vx !== 0 || vy !== 0) V.aim[v] = angleOf(vx, vy);
  if (++V.feeds[v]! < RULES.virusFeeds) {
    V.mass[v]! += RULES.blobMass;
    return;
  }
  V.mass[v] = RULES.virusMass;
  V.feeds[v] = 0;
  const shot = freeShotSlot(w);
  if (shot < 0) return;
  const aim = V.aim[v]!;
  V.x[shot] = V.x[v]!;
  V.y[shot] = V.y[v]!;
  V.vx[shot] = (RULES.virusShotSpeed * cosA(aim)) >> TRIG_SHIFT;
  V.vy[shot] = (RULES.virusShotSpeed * sinA(aim)) >> TRIG_SHIFT;
  V.mass[shot] = RULES.virusMass;
  V.feeds[shot] = 0;
  V.aim[shot] = aim;
  w.events.push(EventKind.VirusShot, v, shot, aim);
}

/** The lowest free slot above the map's viruses, or -1. */
function freeShotSlot(w: World): number {
  for (let v = w.info.virusCells.length; v < VIRUS_CAPACITY; v++) if (w.viruses.mass[v] === 0) return v;
  return -1;
}

/** Frees virus slot `v`; a map virus starts its way back. */
function removeVirus(w: World, v: number): void {
  const V = w.viruses;
  V.x[v] = 0;
  V.y[v] = 0;
  V.vx[v] = 0;
  V.vy[v] = 0;
  V.mass[v] = 0;
  V.feeds[v] = 0;
  V.aim[v] = 0;
  V.respawn[v] = v < w.info.virusCells.length ? RULES.virusRespawnFrames : 0;
}

/**
 * The lowest-id cell that can eat a virus of `mass` at (x, y) and holds that point inside, or -1;
 * `reach`: no live cell's radius is larger (maxCellRadius, or more).
 */
function eaterAt(w: World, x: number, y: number, mass: number, reach: number): number {
  const C = w.cells;
  const out = w.scratch.query;
  const n = w.scratch.cells.queryRect(x - reach, y - reach, x + reach, y + reach, out);
  for (let k = 0; k < n; k++) {
    const c = out[k]!;
    if (!canEatMass(C.mass[c]!, mass)) continue;
    const dx = C.x[c]! - x;
    const dy = C.y[c]! - y;
    const r = C.radius[c]!;
    if (dx * dx + dy * dy < r * r) return c;
  }
  return -1;
}

/** System 11: cells big enough burst on the viruses they cover (see the file header). */
export function popViruses(w: World): void {
  const V = w.viruses;
  let fresh = false;
  let reach = 0;
  for (let v = 0; v < VIRUS_CAPACITY; v++) {
    const m = V.mass[v]!;
    if (m === 0) continue;
    if (!fresh) {
      refreshCellGrid(w);
      reach = maxCellRadius(w);
    }
    fresh = true;
    const c = eaterAt(w, V.x[v]!, V.y[v]!, m, reach);
    if (c < 0) continue;
    removeVirus(w, v);
    const pieces = burst(w, c, m);
    // A burst leaves no cell bigger than the eater with the virus's mass.
    if (w.cells.radius[c]! > reach) reach = w.cells.radius[c]!;
    w.events.push(EventKind.VirusPopped, c, v, pieces);
  }
}

/** Cell `c` takes `gain` and bursts; returns the pieces it split into. */
function burst(w: World, c: number, gain: number): number {
  const C = w.cells;
  const p = ownerOf(c);
  const total = Math.min(C.mass[c]! + gain, RULES.maxMass);
  const free = CELLS_PER_PLAYER - cellCount(w, p);
  const pieces = Math.min(free, Math.floor(total / RULES.popPieceMass) - 1);
  if (pieces <= 0) {
    setMass(w, c, total);
    return 0;
  }
  const piece = Math.floor(total / (pieces + 1));
  setMass(w, c, total - pieces * piece);
  C.merge[c] = mergeDelay(C.mass[c]!);
  C.noCollide[c] = RULES.noCollideFrames;
  // DETERMINISM: one RNG draw a burst turns the evenly spaced directions.
  const turn = rngInt(w.rng, ANGLE_STEPS);
  for (let i = 0; i < pieces; i++) {
    const aim = (turn + Math.floor((i * ANGLE_STEPS) / pieces)) % ANGLE_STEPS;
    const n = addCell(w, p, C.x[c]!, C.y[c]!, piece);
    C.vx[n] = C.vx[c]!;
    C.vy[n] = C.vy[c]!;
    C.bx[n] = (RULES.splitSpeed * cosA(aim)) >> TRIG_SHIFT;
    C.by[n] = (RULES.splitSpeed * sinA(aim)) >> TRIG_SHIFT;
    C.merge[n] = mergeDelay(piece);
    C.noCollide[n] = RULES.noCollideFrames;
  }
  return pieces;
}

/** Timers: map viruses eaten count down and come back where no cell able to eat one covers the place. */
export function returnViruses(w: World): void {
  const V = w.viruses;
  const homes = w.info.virusCells.length;
  let fresh = false;
  let reach = 0;
  for (let v = 0; v < homes; v++) {
    if (V.respawn[v] === 0) continue;
    if (V.respawn[v]! > 1) {
      V.respawn[v]!--;
      continue;
    }
    if (!fresh) {
      refreshCellGrid(w);
      reach = maxCellRadius(w);
    }
    fresh = true;
    const cell = w.info.virusCells[v]!;
    const x = ((cell % w.info.cols) << FX_SHIFT) + FX_HALF;
    const y = (Math.floor(cell / w.info.cols) << FX_SHIFT) + FX_HALF;
    if (eaterAt(w, x, y, RULES.virusMass, reach) >= 0) continue; // waits (timer stays at 1)
    placeHome(w, v);
    w.events.push(EventKind.VirusBack, v);
  }
}
