/**
 * System 9: ejected blobs are eaten. Each live blob, in ascending id, feeds the first virus that
 * covers its centre (viruses.ts feedVirus), else goes to the lowest-id cell whose circle holds its
 * centre strictly inside (any player's, the one that spat it too: feeding your own split half is a
 * classic), which gains RULES.blobMass (radii as updated so far this frame).
 * A blob looks only at the viruses marked near its map square (Scratch.areaMasks: a virus is
 * marked in every square within MAX_VIRUS_RADIUS of its centre), lowest id first, as if it
 * looked at them all.
 */
import { maxCellRadius, refreshCellGrid, setMass } from './cellOps';
import { EventKind } from './events';
import { BLOB_CAPACITY, MAX_VIRUS_RADIUS, RULES, VIRUS_CAPACITY, virusRadius } from './rules';
import { feedVirus } from './viruses';
import { AREA_SHIFT, areaCols, type World } from './World';

// markViruses keeps a bit per virus slot in two words.
if (VIRUS_CAPACITY > 64) throw new Error('eatBlobs: VIRUS_CAPACITY must be at most 64');

/** Feeds viruses and cells with the blobs they touch. */
export function eatBlobs(w: World): void {
  const L = w.blobs;
  let any = false;
  for (let b = 0; b < BLOB_CAPACITY && !any; b++) any = L.life[b] !== 0;
  if (!any) return;
  refreshCellGrid(w);
  const viruses = markViruses(w);
  // Cells that hold a blob's centre lie within the biggest radius of it (kept as cells grow).
  let reach = maxCellRadius(w);
  for (let b = 0; b < BLOB_CAPACITY; b++) {
    if (L.life[b] === 0) continue;
    const v = viruses === 0 ? -1 : virusAt(w, L.x[b]!, L.y[b]!);
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

/**
 * Marks every live virus (by id: VIRUS_CAPACITY is 64, two words) in Scratch.areaMasks, in each
 * square within MAX_VIRUS_RADIUS of its centre; returns how many are live. No virus moves within
 * this system, and one shot by a feed is not looked at before the next frame.
 */
function markViruses(w: World): number {
  const V = w.viruses;
  const masks = w.scratch.areaMasks;
  masks.fill(0);
  const cols = areaCols(w.info.widthFx);
  const rows = masks.length / (2 * cols);
  let n = 0;
  for (let v = 0; v < VIRUS_CAPACITY; v++) {
    if (V.mass[v] === 0) continue;
    n++;
    const x = V.x[v]!;
    const y = V.y[v]!;
    const c0 = Math.max(0, (x - MAX_VIRUS_RADIUS) >> AREA_SHIFT);
    const c1 = Math.min(cols - 1, (x + MAX_VIRUS_RADIUS) >> AREA_SHIFT);
    const r1 = Math.min(rows - 1, (y + MAX_VIRUS_RADIUS) >> AREA_SHIFT);
    for (let r = Math.max(0, (y - MAX_VIRUS_RADIUS) >> AREA_SHIFT); r <= r1; r++) {
      for (let c = c0; c <= c1; c++) masks[2 * (r * cols + c) + (v >> 5)]! |= 1 << (v & 31);
    }
  }
  return n;
}

/** The lowest-id virus marked near (x, y) (a point on the map) whose circle holds it strictly inside, or -1. */
function virusAt(w: World, x: number, y: number): number {
  const at = 2 * ((y >> AREA_SHIFT) * areaCols(w.info.widthFx) + (x >> AREA_SHIFT));
  const masks = w.scratch.areaMasks;
  for (let word = 0; word < 2; word++) {
    // DETERMINISM: the bits in ascending order are the viruses in ascending id.
    for (let m = masks[at + word]!; m !== 0; m &= m - 1) {
      const v = (word << 5) + 31 - Math.clz32(m & -m);
      if (covers(w, v, x, y)) return v;
    }
  }
  return -1;
}

/** Whether virus `v`'s circle holds (x, y) strictly inside. */
function covers(w: World, v: number, x: number, y: number): boolean {
  const V = w.viruses;
  const dx = V.x[v]! - x;
  const dy = V.y[v]! - y;
  if (dx >= MAX_VIRUS_RADIUS || dx <= -MAX_VIRUS_RADIUS || dy >= MAX_VIRUS_RADIUS || dy <= -MAX_VIRUS_RADIUS) return false;
  const r = virusRadius(V.mass[v]!);
  return dx * dx + dy * dy < r * r;
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
