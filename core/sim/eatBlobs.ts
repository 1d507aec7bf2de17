/**
 * System 9: ejected blobs are eaten. Each live blob, in ascending id, feeds the first virus that
 * covers its centre (viruses.ts feedVirus), else goes to the lowest-id cell whose circle holds its
 * centre strictly inside (any player's, the one that spat it too: feeding your own split half is a
 * classic), which gains RULES.blobMass (radii as updated so far this frame).
 */
import { maxCellRadius, refreshCellGrid, setMass } from './cellOps';
import { EventKind } from './events';
import { BLOB_CAPACITY, MAX_VIRUS_RADIUS, RULES, VIRUS_CAPACITY, virusRadius } from './rules';
import { feedVirus } from './viruses';
import type { World } from './World';

/** Feeds viruses and cells with the blobs they touch. */
export function eatBlobs(w: World): void {
  const L = w.blobs;
  let any = false;
  for (let b = 0; b < BLOB_CAPACITY && !any; b++) any = L.life[b] !== 0;
  if (!any) return;
  refreshCellGrid(w);
  const viruses = listViruses(w);
  // Cells that hold a blob's centre lie within the biggest radius of it (kept as cells grow).
  let reach = maxCellRadius(w);
  for (let b = 0; b < BLOB_CAPACITY; b++) {
    if (L.life[b] === 0) continue;
    const v = virusAt(w, viruses, L.x[b]!, L.y[b]!);
    if (v >= 0) {
      feedVirus(w, v, L.vx[b]!, L.vy[b]!);
      freeBlob(w, b);
      w.events.push(EventKind.BlobEaten, b, -1 - v);
      continue;
    }
    const c = cellAt(w, L.x[b]!, L.y[b]!, reach);
    if (c < 0) continue;
    setMass(w, c, w.cells.mass[c]! + RULES.blobMass);
    if (w.cells.radius[c]! > reach) reach = w.cells.radius[c]!;
    freeBlob(w, b);
    w.events.push(EventKind.BlobEaten, b, c);
  }
}

/** The live viruses, ascending, into scratch.viruses; returns how many. */
function listViruses(w: World): number {
  const mass = w.viruses.mass;
  const out = w.scratch.viruses;
  let n = 0;
  for (let v = 0; v < VIRUS_CAPACITY; v++) if (mass[v] !== 0) out[n++] = v;
  return n;
}

/** Of the `n` live viruses listed, the lowest-id one whose circle holds (x, y) strictly inside, or -1. */
function virusAt(w: World, n: number, x: number, y: number): number {
  const V = w.viruses;
  const list = w.scratch.viruses;
  for (let k = 0; k < n; k++) {
    const v = list[k]!;
    const dx = V.x[v]! - x;
    const dy = V.y[v]! - y;
    if (dx >= MAX_VIRUS_RADIUS || dx <= -MAX_VIRUS_RADIUS || dy >= MAX_VIRUS_RADIUS || dy <= -MAX_VIRUS_RADIUS) continue;
    const r = virusRadius(V.mass[v]!);
    if (dx * dx + dy * dy < r * r) return v;
  }
  return -1;
}

/**
 * The lowest-id cell whose circle holds (x, y) strictly inside, or -1 (needs a fresh cell grid);
 * `reach`: no live cell's radius is larger.
 */
function cellAt(w: World, x: number, y: number, reach: number): number {
  const C = w.cells;
  const out = w.scratch.query;
  const n = w.scratch.cells.queryRect(x - reach, y - reach, x + reach, y + reach, out);
  for (let k = 0; k < n; k++) {
    const c = out[k]!;
    const dx = C.x[c]! - x;
    const dy = C.y[c]! - y;
    const r = C.radius[c]!;
    if (dx * dx + dy * dy < r * r) return c;
  }
  return -1;
}

/** Frees blob slot `b` (every column back to zero). */
export function freeBlob(w: World, b: number): void {
  const L = w.blobs;
  L.x[b] = 0;
  L.y[b] = 0;
  L.vx[b] = 0;
  L.vy[b] = 0;
  L.life[b] = 0;
  L.owner[b] = 0;
}
