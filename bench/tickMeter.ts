/**
 * CPU time of one simulated client's render ticks, for benchmarks on the network simulator: its
 * virtual clock does not advance while code runs, so a figure that includes what the client
 * computes adds this (rejoin, heal and backlog-drain benches).
 */
import { performance } from 'node:perf_hooks';
import type { RoomClient } from '../core/lockstep/testing';

export interface TickMeter {
  /** Ms of CPU counted so far. */
  readonly ms: number;
  /** Puts the client's own tick back. */
  stop(): void;
}

/** Counts the CPU of `c`'s ticks from now, while `counting()` holds. */
export function meterTicks(c: RoomClient, counting: () => boolean = () => true): TickMeter {
  const tick = c.tick.bind(c);
  let ms = 0;
  c.tick = (now: number): void => {
    const t0 = performance.now();
    tick(now);
    if (counting()) ms += performance.now() - t0;
  };
  return {
    get ms() { return ms; },
    stop: () => void (c.tick = tick),
  };
}
