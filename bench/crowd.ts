/**
 * A crowded world for the benchmarks of issue 29's goals: every player split into 16 cells of
 * 2000-4000 (as a player of 50k after four splits), 200 ejected blobs in flight or at rest, 30
 * viruses. Built by writing the state directly (a real match rarely stays this full: cells merge
 * after ~12 s, decay holds them near 5000, blobs are eaten), and topped up between timed frames so
 * a whole run measures the full load.
 * Topping up also keeps every cell in that range: one that grew (eating a refill, a blob, pellets)
 * is cut back to CROWD.maxCellMass, so the load is the same all run long. Without that the refills
 * fed the eaters mass from nowhere: within 500 frames the world's mass climbed from 2.4 M to ~9 M
 * and stayed there, a tenth of the cells near the 40000 cap (2.5 cells across, wedged in the
 * labyrinth's corridors against 15 cells of their own), a world no match can make (the map's
 * pellets hold ~0.1 M).
 * Only the benchmarks use it; product code never does.
 */
import { createRng, rngInt, type RngState } from '../core/math';
import {
  BLOB_CAPACITY, CELLS_PER_PLAYER, RULES, VIRUS_CAPACITY, firstCell, leadCell, mergeDelay, refreshCellGrid, setMass, type World,
} from '../core/sim';

export const CROWD = { cellsPerPlayer: CELLS_PER_PLAYER, blobs: 200, viruses: 30, maxCellMass: 4000 } as const;

/** A free map cell's centre (Fx) near (x, y) within `range` cells, or null. */
function freeNear(w: World, rng: RngState, x: number, y: number, range: number): [number, number] | null {
  for (let tries = 0; tries < 16; tries++) {
    const col = (x >> 10) + rngInt(rng, 2 * range + 1) - range;
    const row = (y >> 10) + rngInt(rng, 2 * range + 1) - range;
    if (col < 0 || row < 0 || col >= w.info.cols || row >= w.info.rows || w.map.blocked[row * w.info.cols + col] !== 0) continue;
    return [(col << 10) + 512, (row << 10) + 512];
  }
  return null;
}

/**
 * Fills `w` up to CROWD: 16 cells of 2000..CROWD.maxCellMass for every live player (new ones
 * around its lead), 200 blobs, 30 viruses.
 */
export function crowd(w: World, rng: RngState = createRng(29)): void {
  const C = w.cells;
  for (let p = 0; p < w.settings.players; p++) {
    const lead = leadCell(w, p);
    if (lead < 0) continue;
    for (let c = firstCell(p); c < firstCell(p) + CELLS_PER_PLAYER; c++) {
      if (C.mass[c] === 0) {
        // Spread as a chain of splits leaves them: halves fly about 5 cells.
        const at = freeNear(w, rng, C.x[lead]!, C.y[lead]!, 4);
        if (at === null) continue;
        C.x[c] = at[0];
        C.y[c] = at[1];
        setMass(w, c, 2000 + rngInt(rng, CROWD.maxCellMass - 2000));
      } else if (C.mass[c]! > CROWD.maxCellMass) {
        setMass(w, c, CROWD.maxCellMass);
      }
      C.merge[c] = mergeDelay(C.mass[c]!);
    }
  }
  refreshCellGrid(w);
  const L = w.blobs;
  let blobs = 0;
  for (let b = 0; b < BLOB_CAPACITY; b++) if (L.life[b] !== 0) blobs++;
  for (let b = 0; b < BLOB_CAPACITY && blobs < CROWD.blobs; b++) {
    if (L.life[b] !== 0) continue;
    const cell = w.info.freeCells[rngInt(rng, w.info.freeCells.length)]!;
    L.x[b] = ((cell % w.info.cols) << 10) + 512;
    L.y[b] = (Math.floor(cell / w.info.cols) << 10) + 512;
    L.vx[b] = rngInt(rng, 801) - 400;
    L.vy[b] = rngInt(rng, 801) - 400;
    L.life[b] = RULES.blobLifeFrames;
    L.owner[b] = 1 + rngInt(rng, w.settings.players);
    blobs++;
  }
  const V = w.viruses;
  let viruses = 0;
  for (let v = 0; v < VIRUS_CAPACITY; v++) if (V.mass[v] !== 0) viruses++;
  for (let v = w.info.virusCells.length; v < VIRUS_CAPACITY && viruses < CROWD.viruses; v++) {
    if (V.mass[v] !== 0) continue;
    const cell = w.info.freeCells[rngInt(rng, w.info.freeCells.length)]!;
    V.x[v] = ((cell % w.info.cols) << 10) + 512;
    V.y[v] = (Math.floor(cell / w.info.cols) << 10) + 512;
    V.mass[v] = RULES.virusMass;
    viruses++;
  }
}

/** Live cells, blobs and viruses of `w` (for the notes). */
export function census(w: World): { cells: number; blobs: number; viruses: number } {
  let cells = 0;
  for (const m of w.cells.mass) if (m !== 0) cells++;
  let blobs = 0;
  for (const l of w.blobs.life) if (l !== 0) blobs++;
  let viruses = 0;
  for (const m of w.viruses.mass) if (m !== 0) viruses++;
  return { cells, blobs, viruses };
}
