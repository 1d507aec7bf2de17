/**
 * System 6: bush cover. A live ball whose centre lies in a bush cell has inBush = 1; the view
 * hides it from other players through isVisibleTo. The simulation itself ignores cover: it
 * always sees and resolves everything.
 */
import { FX_SHIFT } from '../math';
import { MAX_BALLS, RULES } from './rules';
import type { World } from './World';

/** Updates every ball's inBush flag from its centre cell. */
export function updateBushes(w: World): void {
  const B = w.balls;
  const { bush } = w.map;
  const cols = w.info.cols;
  for (let b = 0; b < MAX_BALLS; b++) {
    B.inBush[b] = B.alive[b] !== 0 && bush[(B.y[b]! >> FX_SHIFT) * cols + (B.x[b]! >> FX_SHIFT)] === 1 ? 1 : 0;
  }
}

/**
 * Whether the player in `viewerSlot` may see ball `ballId` now. A dead or absent ball is never
 * visible; a player always sees their own ball; a ball outside bushes is visible to all; a ball in
 * a bush only to a viewer whose own live ball's edge is within RULES.bushRevealDistance of its
 * edge. Out-of-range ids or slots give false (never throw).
 */
export function isVisibleTo(w: World, viewerSlot: number, ballId: number): boolean {
  const B = w.balls;
  if (!Number.isInteger(ballId) || ballId < 0 || ballId >= MAX_BALLS || B.alive[ballId] === 0) return false;
  if (viewerSlot === ballId) return true;
  if (B.inBush[ballId] === 0) return true;
  if (!Number.isInteger(viewerSlot) || viewerSlot < 0 || viewerSlot >= MAX_BALLS || B.alive[viewerSlot] === 0) return false;
  const dx = B.x[ballId]! - B.x[viewerSlot]!;
  const dy = B.y[ballId]! - B.y[viewerSlot]!;
  const reach = RULES.bushRevealDistance + B.radius[ballId]! + B.radius[viewerSlot]!;
  return dx * dx + dy * dy <= reach * reach;
}
