/**
 * The cells as this display frame draws them: the confirmed world's, with my own cells replaced by
 * their predicted state when own-cell prediction runs (OwnPrediction.ts) — so a split, an eject's
 * cost or a burst of mine shows on the next display frame, while everyone else's cells are the
 * confirmed truth. The view layers, the smoother and the camera read these columns, never the
 * world's cell columns directly. Rebuilt every display frame: a copy of five 800-word columns.
 * Units: Fx, mass units (as core/sim).
 */
import { CELLS_PER_PLAYER, MAX_CELLS, type World } from './simApi';
import type { OwnPrediction } from './OwnPrediction';

export class DisplayCells {
  readonly x = new Int32Array(MAX_CELLS);
  readonly y = new Int32Array(MAX_CELLS);
  /** 0 = no cell in this slot. */
  readonly mass = new Int32Array(MAX_CELLS);
  readonly radius = new Int32Array(MAX_CELLS);
  readonly inBush = new Int32Array(MAX_CELLS);
  /** First cell id of the predicted player this frame, -1 when nothing is predicted. */
  ownFirst = -1;
  /** The predicted cells' positions one logic frame earlier (interpolation's other end), by k. */
  readonly ownPrevX = new Int32Array(CELLS_PER_PLAYER);
  readonly ownPrevY = new Int32Array(CELLS_PER_PLAYER);

  /** Takes this display frame's cells: `w`'s, and mine from `own` when given. */
  update(w: World, own: OwnPrediction | null): void {
    const C = w.cells;
    this.x.set(C.x);
    this.y.set(C.y);
    this.mass.set(C.mass);
    this.radius.set(C.radius);
    this.inBush.set(C.inBush);
    this.ownFirst = own === null ? -1 : own.first;
    if (own === null) return;
    const P = own.world.cells;
    for (let k = 0; k < CELLS_PER_PLAYER; k++) {
      const c = own.first + k;
      this.x[c] = P.x[c]!;
      this.y[c] = P.y[c]!;
      this.mass[c] = P.mass[c]!;
      this.radius[c] = P.radius[c]!;
      this.inBush[c] = P.inBush[c]!;
      this.ownPrevX[k] = own.prevX[k]!;
      this.ownPrevY[k] = own.prevY[k]!;
    }
  }
}
