/**
 * Smooth display positions of the balls (seeds 000/001). Two mechanisms:
 *  1. Interpolation: the view renders between the previous and the current logic frame
 *     (`capture` before each step keeps the previous positions; `alpha` comes from FixedStepLoop).
 *  2. Corrections (seed 001's "modify" method): when a ball's interpolated position jumps further
 *     in one display frame than any ball can move in that time (a burst of key frames after a
 *     stall, a correction), the logical position jumps at once but a visual offset keeps the
 *     display continuous; the offset decays by ×(1 − DECAY) per 60 Hz display frame and is
 *     snapped to zero when it is larger than SNAP_CELLS (a teleport such as a respawn) or tiny.
 * Own-ball prediction (OwnPrediction.ts) hands one ball's interpolation ends instead of the
 * world's: its jumps (a correction, prediction turned on or off) go through the same offset.
 * Units: world units (= cells) as floats; x east, z south. No allocation after construction: the
 * hot loop is one function (V8 boxes doubles passed to a call it does not inline) without Math.hypot.
 */
import { FX_ONE } from '../../core/math';
import type { OwnPrediction } from './OwnPrediction';

/** Seed 001: the offset keeps (1 − 0.075) of itself per 60 Hz frame. */
export const DECAY = 0.075;
/** Offsets larger than this (cells) are snapped instead of smoothed. */
export const SNAP_CELLS = 3;
/** Fastest a ball can move (cells per second): a dash (640 Fx/frame at 30 Hz), with margin. */
export const MAX_SPEED_CELLS = 24;
const TINY = 1e-3;

/** The parts of World's ball columns the smoother reads. */
export interface BallPositions {
  readonly x: Int32Array;
  readonly y: Int32Array;
  readonly alive: Int32Array;
}

export class Smoother {
  /** Display positions after `update`, per ball (world x and z). */
  readonly x: Float64Array;
  readonly z: Float64Array;
  private readonly prevX: Int32Array;
  private readonly prevY: Int32Array;
  private readonly lastX: Float64Array;
  private readonly lastZ: Float64Array;
  private readonly offX: Float64Array;
  private readonly offZ: Float64Array;
  private readonly fresh: Uint8Array;

  constructor(readonly count: number) {
    this.x = new Float64Array(count);
    this.z = new Float64Array(count);
    this.prevX = new Int32Array(count);
    this.prevY = new Int32Array(count);
    this.lastX = new Float64Array(count);
    this.lastZ = new Float64Array(count);
    this.offX = new Float64Array(count);
    this.offZ = new Float64Array(count);
    this.fresh = new Uint8Array(count).fill(1);
  }

  /** Call before each logic step: remembers the positions interpolation starts from. */
  capture(b: BallPositions): void {
    this.prevX.set(b.x.subarray(0, this.count));
    this.prevY.set(b.y.subarray(0, this.count));
  }

  /** Ball `i` teleported (respawn) or appeared: no interpolation, no offset next update. */
  snap(i: number): void {
    this.fresh[i] = 1;
  }

  /** Every ball snaps (after a fast-forward or a restore). */
  snapAll(): void {
    this.fresh.fill(1);
  }

  /** Current offset length of ball `i` (cells), for tests and the net panel. */
  offset(i: number): number {
    return Math.hypot(this.offX[i]!, this.offZ[i]!);
  }

  /**
   * Computes display positions for this display frame, `dtMs` of real time after the last one;
   * `timeScale` is the simulation's speed-up (tests run at N×: balls legitimately move N× faster);
   * `own`: my ball's predicted positions, drawn instead of its confirmed ones.
   */
  update(b: BallPositions, alpha: number, dtMs: number, timeScale = 1, own: OwnPrediction | null = null): void {
    const ownBall = own ? own.ball : -1;
    const keep = Math.pow(1 - DECAY, (dtMs * 60) / 1000);
    const reach = (MAX_SPEED_CELLS * Math.max(dtMs, 1) * timeScale) / 1000;
    for (let i = 0; i < this.count; i++) {
      if (b.alive[i] === 0) {
        this.fresh[i] = 1;
        continue;
      }
      const fresh = this.fresh[i] === 1;
      const cx = i === ownBall ? own!.x : b.x[i]!;
      const cy = i === ownBall ? own!.y : b.y[i]!;
      const px = fresh ? cx : i === ownBall ? own!.prevX : this.prevX[i]!;
      const py = fresh ? cy : i === ownBall ? own!.prevY : this.prevY[i]!;
      const tx = (px + (cx - px) * alpha) / FX_ONE;
      const tz = (py + (cy - py) * alpha) / FX_ONE;
      let ox = 0;
      let oz = 0;
      if (fresh) {
        this.fresh[i] = 0;
      } else {
        // The part of this frame's jump that no ball could have moved goes into the offset.
        ox = this.offX[i]!;
        oz = this.offZ[i]!;
        const dx = tx - this.lastX[i]!;
        const dz = tz - this.lastZ[i]!;
        const d = Math.sqrt(dx * dx + dz * dz);
        if (d > reach) {
          ox -= (dx * (d - reach)) / d;
          oz -= (dz * (d - reach)) / d;
        }
        const o = Math.sqrt(ox * ox + oz * oz);
        if (o > SNAP_CELLS || o < TINY) ox = oz = 0;
        ox *= keep;
        oz *= keep;
      }
      this.offX[i] = ox;
      this.offZ[i] = oz;
      this.lastX[i] = tx;
      this.lastZ[i] = tz;
      this.x[i] = tx + ox;
      this.z[i] = tz + oz;
    }
  }
}
