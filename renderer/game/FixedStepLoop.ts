/**
 * Fixed-step clock: turns variable real time (display frames, possibly jittery) into whole 30 Hz
 * logic frames plus an interpolation fraction for rendering between the last two of them.
 * Owns no timer: the caller passes elapsed milliseconds each display frame (testable, and the
 * same code runs at N× speed in tests).
 * Frame availability: a session may only step up to `available` (lockstep: the frames whose key
 * frame has arrived; offline: unlimited). When frames pile up beyond the target buffer the clock
 * runs slightly fast, when the buffer runs low it runs slightly slow (time stretching), so bursts
 * of key frames do not show as steps; after a long stall it catches up at most `maxCatchUp`
 * frames per display frame (30 by default: a second of play).
 * Units: milliseconds of real time; logic frames.
 */

export interface StepPlan {
  /** Logic frames to step now. */
  steps: number;
  /** 0..1: how far rendering is between the previous and the current logic frame. */
  alpha: number;
}

export interface FixedStepOptions {
  /** Logic frames a second (30). */
  readonly rate: number;
  /** Most frames stepped in one display frame (the rest waits for later display frames). */
  readonly maxCatchUp?: number;
  /** Frames kept buffered ahead of the clock when frames arrive from the network. */
  readonly targetBuffer?: number;
}

/** Decides, each display frame, how many logic frames to run and the render fraction. */
export class FixedStepLoop {
  /** Multiplies real time (tests and replays run at N×). */
  speed = 1;
  paused = false;
  private acc = 0;
  private readonly frameMs: number;
  private readonly maxCatchUp: number;
  private readonly targetBuffer: number;
  private readonly plan: StepPlan = { steps: 0, alpha: 0 };

  constructor(opts: FixedStepOptions) {
    this.frameMs = 1000 / opts.rate;
    this.maxCatchUp = opts.maxCatchUp ?? 30;
    this.targetBuffer = opts.targetBuffer ?? 0;
  }

  /**
   * Advances by `elapsedMs` of real time. `buffered` = logic frames that may be stepped now
   * (Infinity offline). Returns a reused object: read it before the next call.
   */
  advance(elapsedMs: number, buffered = Infinity): StepPlan {
    const plan = this.plan;
    plan.steps = 0;
    if (this.paused || !(elapsedMs > 0)) {
      plan.alpha = this.alpha();
      return plan;
    }
    // A display frame longer than a second (tab in the background, a very slow GPU) counts as one second.
    this.acc += Math.min(elapsedMs, 1000) * this.speed * this.stretch(buffered);
    let steps = Math.floor(this.acc / this.frameMs + 1e-9); // 1e-9: 30 × (1000 / 30) must give 30
    const cap = this.speed > 1 ? Math.ceil(this.maxCatchUp * this.speed) : this.maxCatchUp;
    if (steps > cap) steps = cap;
    if (steps > buffered) steps = buffered;
    this.acc -= steps * this.frameMs;
    // Starved (no frames to step): hold at the last frame instead of building up debt.
    if (steps === buffered && this.acc > this.frameMs) this.acc = this.frameMs;
    if (this.acc > this.frameMs * this.maxCatchUp) this.acc = this.frameMs * this.maxCatchUp;
    plan.steps = steps;
    plan.alpha = this.alpha();
    return plan;
  }

  /**
   * For a session that decides its own steps (lockstep's pacer): tracks real time against the
   * `steps` it ran, only to give the render fraction. Never owes more than one frame, so a stall
   * or a catch-up burst does not skew the interpolation afterwards.
   */
  follow(elapsedMs: number, steps: number): number {
    if (!this.paused && elapsedMs > 0) this.acc += Math.min(elapsedMs, 1000) * this.speed;
    this.acc -= steps * this.frameMs;
    if (this.acc < 0) this.acc = 0;
    if (this.acc > this.frameMs) this.acc = this.frameMs;
    return this.alpha();
  }

  /** Forgets accumulated time (after a fast-forward or a pause). */
  reset(): void {
    this.acc = 0;
  }

  private alpha(): number {
    const a = this.acc / this.frameMs;
    return a < 0 ? 0 : a > 1 ? 1 : a;
  }

  /** Time stretch factor from the buffer depth: 1 offline; ±10 % around the target buffer. */
  private stretch(buffered: number): number {
    if (!Number.isFinite(buffered) || this.targetBuffer <= 0) return 1;
    if (buffered > this.targetBuffer + 2) return 1.1;
    if (buffered < this.targetBuffer) return 0.9;
    return 1;
  }
}
