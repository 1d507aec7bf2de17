/**
 * Time for discovery: a monotonic clock and timers behind one small interface, so liveness and
 * beacons can be driven step by step by a manual scheduler in tests.
 *
 * Invariants: `now()` is monotonic milliseconds (not wall time); a callback that throws is
 * reported, never allowed to escape into the event loop; timers never keep the process alive.
 */

/** Cancels a timer; calling it twice is harmless. */
export type Cancel = () => void;

export interface Scheduler {
  now(): number;
  every(ms: number, fn: () => void): Cancel;
  after(ms: number, fn: () => void): Cancel;
}

/** Runs `fn`, turning an exception into a report instead of a crash. */
export function guarded(fn: () => void, onFault: (err: unknown) => void): () => void {
  return () => {
    try {
      fn();
    } catch (err) {
      onFault(err);
    }
  };
}

/** The real clock and timers. `onFault` sees exceptions thrown by callbacks. */
export function realScheduler(onFault: (err: unknown) => void = () => {}): Scheduler {
  return {
    now: () => performance.now(),
    every(ms, fn) {
      const t = setInterval(guarded(fn, onFault), ms);
      t.unref();
      return () => clearInterval(t);
    },
    after(ms, fn) {
      const t = setTimeout(guarded(fn, onFault), ms);
      t.unref();
      return () => clearTimeout(t);
    },
  };
}
