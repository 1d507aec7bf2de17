/**
 * A scheduler driven by the test: time moves only in `advance`, timers fire in time order, and
 * the in-memory bus is let to deliver after each firing. Test support only.
 */
import type { Cancel, Scheduler } from '../scheduler';

interface Timer {
  at: number;
  readonly period: number | null;
  readonly fn: () => void;
  cancelled: boolean;
}

/** Lets setImmediate-based deliveries (and the handlers they trigger) run. */
export async function settle(rounds = 12): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setImmediate(r));
}

export class ManualScheduler implements Scheduler {
  private t = 0;
  private readonly timers: Timer[] = [];

  now(): number {
    return this.t;
  }

  every(ms: number, fn: () => void): Cancel {
    return this.add(ms, ms, fn);
  }

  after(ms: number, fn: () => void): Cancel {
    return this.add(ms, null, fn);
  }

  private add(ms: number, period: number | null, fn: () => void): Cancel {
    const timer: Timer = { at: this.t + ms, period, fn, cancelled: false };
    this.timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
  }

  /** Moves time forward by `ms`, firing due timers in order and settling the bus after each. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers.filter((x) => !x.cancelled && x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.t = due.at;
      if (due.period === null) due.cancelled = true;
      else due.at += due.period;
      due.fn();
      await settle();
    }
    this.t = end;
    await settle();
  }
}
