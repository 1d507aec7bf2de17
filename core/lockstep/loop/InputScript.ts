/**
 * A seeded stand-in for a human at the keyboard/mouse: changes intent about `changesPerSecond`
 * times a second on average (mostly steering, sometimes a move-to click, a stop, a split or an eject).
 * Used by the headless client's `--random` input, and by tests and benchmarks.
 */
import { MoveMode, STOP_INPUT, hasAction } from '../../sim';
import type { PlayerInput } from '../../sim';
import { Prng } from '../../math';

export class InputScript {
  private readonly rng: Prng;
  private current: PlayerInput = STOP_INPUT;

  constructor(
    seed: number,
    private readonly changesPerSecond: number,
  ) {
    this.rng = new Prng(seed);
  }

  /** The intent after `dtMs` more milliseconds (same object when unchanged). */
  next(dtMs: number): PlayerInput {
    const r = this.rng;
    if (hasAction(this.current)) this.current = { ...this.current, split: false, eject: false };
    if (!r.chance((this.changesPerSecond * dtMs) / 1000)) return this.current;
    const roll = r.int(20);
    if (roll < 13) this.current = { ...STOP_INPUT, move: MoveMode.Direction, angle: r.int(4096) };
    else if (roll < 17) this.current = { ...STOP_INPUT, move: MoveMode.Target, targetX: r.int(1024), targetY: r.int(1024) };
    else if (roll < 18) this.current = STOP_INPUT;
    else if (roll < 19) this.current = { ...this.current, split: true };
    else this.current = { ...this.current, eject: true };
    return this.current;
  }
}
