/**
 * System 7: bush cover. A live cell whose centre lies in a bush cell has inBush = 1; the view
 * hides it from other players through isVisibleTo. The simulation itself ignores cover: it
 * always sees and resolves everything.
 */
import { FX_SHIFT } from '../math';
import { firstCell, ownerOf } from './cellOps';
import { CELLS_PER_PLAYER, MAX_CELLS, MAX_PLAYERS, RULES } from './rules';
import type { World } from './World';

/** Updates every cell's inBush flag from its centre's map cell. */
export function updateBushes(w: World): void {
  const C = w.cells;
  const { bush } = w.map;
  const cols = w.info.cols;
  for (let c = 0; c < MAX_CELLS; c++) {
    C.inBush[c] = C.mass[c] !== 0 && bush[(C.y[c]! >> FX_SHIFT) * cols + (C.x[c]! >> FX_SHIFT)] === 1 ? 1 : 0;
  }
}

/**
 * Whether the player in `viewerSlot` may see cell `cellId` now. A free cell slot is never
 * visible; a player always sees its own cells; a cell outside bushes is visible to all; a cell in
 * a bush only to a viewer with a live cell whose edge is within RULES.bushRevealDistance of its
 * edge. Out-of-range ids or slots give false (never throw).
 */
export function isVisibleTo(w: World, viewerSlot: number, cellId: number): boolean {
  const C = w.cells;
  if (!Number.isInteger(cellId) || cellId < 0 || cellId >= MAX_CELLS || C.mass[cellId] === 0) return false;
  if (ownerOf(cellId) === viewerSlot) return true;
  if (C.inBush[cellId] === 0) return true;
  if (!Number.isInteger(viewerSlot) || viewerSlot < 0 || viewerSlot >= MAX_PLAYERS) return false;
  const x = C.x[cellId]!;
  const y = C.y[cellId]!;
  const r = C.radius[cellId]! + RULES.bushRevealDistance;
  for (let c = firstCell(viewerSlot), end = c + CELLS_PER_PLAYER; c < end; c++) {
    if (C.mass[c] === 0) continue;
    const dx = x - C.x[c]!;
    const dy = y - C.y[c]!;
    const reach = r + C.radius[c]!;
    if (dx * dx + dy * dy <= reach * reach) return true;
  }
  return false;
}
