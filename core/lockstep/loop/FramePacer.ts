/**
 * Decides how many logic frames the game loop runs on one render tick: real time at 30 Hz while
 * live, faster (bounded per tick) while behind, none while blocked — and no burst after a stall
 * (a blocked loop does not bank more than one frame of time).
 * "Behind" means more confirmed frames are available than the live margin (input delay + 1 key
 * frames); catch-up runs at CATCH_UP_SPEED× until the backlog is back under the margin, so a 2 s
 * backlog drains in ≤ 1 s. Units: ms in, frames out; time is banked in ms × LOGIC_HZ (integers).
 */
import { LOGIC_HZ } from '../types';

/** Catch-up speed while behind: 4× drains 3 frames of backlog per real frame. */
export const CATCH_UP_SPEED = 4;
/**
 * The least cap on the logic frames one render tick may run. A loop whose ticks come slowly may
 * run as many as catch-up speed earns over its tick interval (LOGIC_HZ × CATCH_UP_SPEED × the
 * shorter of this tick's and the last one's), so a page that draws a frame or two a second keeps its room's
 * pace: a fixed 8 left it at 8–16 frames a second, further behind every second. The shorter of
 * two: one long gap (a hidden page shown again) drains at the usual 8 a tick, not all at once.
 * The work of a tick stays at most 4× real time's, whatever its length.
 */
export const MAX_FRAMES_PER_TICK = 8;
const FRAME_UNITS = 1000;

export class FramePacer {
  private bank = 0;
  private last: number | null = null;
  /** The previous call's interval (ms): with this one's, it sets the tick's cap. */
  private lastDt = 0;
  private catchingUp = false;
  /** Bank units a ms at the last call's speed. */
  private unitsPerMs = LOGIC_HZ;

  /** True while running faster than real time to drain a backlog. */
  get catchUp(): boolean {
    return this.catchingUp;
  }

  /**
   * Frames to run now. `available`: confirmed frames runnable right away; `liveFrames`: the
   * backlog that still counts as live (normally (delay + 1) × keyInterval); `pace`: the peer's
   * phase-alignment factor (under 1 while it moves back to the room's phase).
   */
  framesToRun(now: number, available: number, liveFrames: number, keyInterval: number, pace = 1): number {
    const dt = this.last === null ? 0 : Math.max(0, Math.min(1000, now - this.last));
    this.last = now;
    if (available > liveFrames + keyInterval) this.catchingUp = true;
    else if (available <= liveFrames) this.catchingUp = false;
    const speed = this.catchingUp ? CATCH_UP_SPEED : pace;
    this.unitsPerMs = LOGIC_HZ * speed;
    this.bank += Math.round(dt * this.unitsPerMs);
    const wanted = Math.floor(this.bank / FRAME_UNITS);
    const cap = Math.max(MAX_FRAMES_PER_TICK, Math.ceil((Math.min(dt, this.lastDt) * LOGIC_HZ * CATCH_UP_SPEED) / FRAME_UNITS));
    this.lastDt = dt;
    const n = Math.min(wanted, available, cap);
    this.bank -= n * FRAME_UNITS;
    // Blocked (or capped): keep at most one frame banked, so nothing bursts afterwards.
    if (this.bank > FRAME_UNITS) this.bank = FRAME_UNITS;
    return n;
  }

  /**
   * The loop has just run every confirmed frame (a fast-forward): from now it waits for the next
   * update with a frame banked, so it begins that key on the first tick after it arrives — the
   * earliest phase — instead of up to a tick or two later (and stays there: real time from then).
   */
  primeAtEdge(now: number): void {
    this.last = now;
    this.bank = FRAME_UNITS;
    this.catchingUp = false;
  }

  /**
   * How long ago (ms) the frame `fromLast` frames before the last one the last call ran was due:
   * the loop runs on render ticks, so a frame runs up to a tick after its time. Closures that
   * follow the due times keep the loop's phase exactly; by the tick, they jitter by a tick.
   */
  lateMs(fromLast: number): number {
    return (this.bank + fromLast * FRAME_UNITS) / this.unitsPerMs;
  }

  /** True when the last call wanted a frame that was not available (the loop is blocked). */
  wants(): boolean {
    return this.bank >= FRAME_UNITS;
  }
}
