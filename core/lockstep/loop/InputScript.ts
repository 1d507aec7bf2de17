/**
 * A seeded stand-in for a human at the keyboard/mouse: changes intent about `changesPerSecond`
 * times a second on average (mostly steering, sometimes a move-to click, a stop, or a dash).
 * Used by the headless client's `--random` input, and by tests and benchmarks.
 */
import { MoveMode } from '../../sim';
import type { PlayerInput } from '../../sim';
import { Prng } from '../../math';

export class InputScript {
  private readonly rng: Prng;
  private current: PlayerInput = { move: MoveMode.Stop, angle: 0, targetX: 0, targetY: 0, dash: false };

  constructor(
    seed: number,
    private readonly changesPerSecond: number,
  ) {
    this.rng = new Prng(seed);
  }

  /** The intent after `dtMs` more milliseconds (same object when unchanged). */
  next(dtMs: number): PlayerInput {
    const r = this.rng;
    if (this.current.dash) this.current = { ...this.current, dash: false };
    if (!r.chance((this.changesPerSecond * dtMs) / 1000)) return this.current;
    const roll = r.int(20);
    if (roll < 13) this.current = { move: MoveMode.Direction, angle: r.int(4096), targetX: 0, targetY: 0, dash: false };
    else if (roll < 17) this.current = { move: MoveMode.Target, angle: 0, targetX: r.int(1024), targetY: r.int(1024), dash: false };
    else if (roll < 18) this.current = { move: MoveMode.Stop, angle: 0, targetX: 0, targetY: 0, dash: false };
    else this.current = { ...this.current, dash: true };
    return this.current;
  }
}
