/**
 * System 13 (after the eating): every countdown of the frame — spawn protection (per player),
 * merge and pass-through timers (per cell), the blobs' life (a blob whose time is up is gone: a
 * BlobGone event) and the way back of eaten map viruses (viruses.ts).
 */
import { freeBlob } from './eatBlobs';
import { EventKind } from './events';
import { BLOB_CAPACITY, MAX_CELLS, MAX_PLAYERS } from './rules';
import { returnViruses } from './viruses';
import type { World } from './World';

/** Counts every timer down one frame. */
export function countTimers(w: World): void {
  const shield = w.players.shield;
  for (let p = 0; p < MAX_PLAYERS; p++) if (shield[p]! > 0) shield[p]!--;
  const { merge, noCollide } = w.cells;
  for (let c = 0; c < MAX_CELLS; c++) {
    if (merge[c]! > 0) merge[c]!--;
    if (noCollide[c]! > 0) noCollide[c]!--;
  }
  const life = w.blobs.life;
  for (let b = 0; b < BLOB_CAPACITY; b++) {
    if (life[b] === 0 || --life[b]! > 0) continue;
    freeBlob(w, b);
    w.events.push(EventKind.BlobGone, b);
  }
  returnViruses(w);
}
