/**
 * Benchmark harness API. Every `bench/*.bench.ts` (or `**\/*.bench.ts` under core/electron/renderer)
 * default-exports `async (ctx: BenchContext) => void` and records figures through `ctx.record`.
 * `bench/run.ts` runs them all and writes bench/results/latest.json and latest.md (a filtered run:
 * filtered-<filter>.{json,md}).
 * Figures that have a peer (a library doing the same job) are measured in the same run and
 * reported as ratios, so they hold on any machine.
 */
import { performance } from 'node:perf_hooks';

export interface BenchRecord {
  /** Group, e.g. "core/step". */
  readonly group: string;
  /** What was measured, e.g. "step 50 balls + 1000 pellets, median". */
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** The goal as text, e.g. "<= 0.3 ms"; `met` says whether it was reached. */
  readonly goal?: string;
  readonly met?: boolean;
  readonly notes?: string;
}

export interface BenchContext {
  record(r: BenchRecord): void;
  /** Free-form lines added under the table (e.g. a strength table). */
  note(line: string): void;
}

export interface Timing {
  readonly samples: number;
  readonly medianMs: number;
  readonly p99Ms: number;
  readonly meanMs: number;
  readonly minMs: number;
  readonly maxMs: number;
}

/** Sorted-sample statistics of `fn`'s wall time, after `warmup` untimed calls. */
export function measure(fn: () => void, opts: { iterations: number; warmup?: number }): Timing {
  for (let i = 0; i < (opts.warmup ?? Math.min(100, opts.iterations)); i++) fn();
  const t = new Float64Array(opts.iterations);
  for (let i = 0; i < opts.iterations; i++) {
    const a = performance.now();
    fn();
    t[i] = performance.now() - a;
  }
  return summarize(t);
}

export function summarize(samplesMs: Float64Array): Timing {
  const s = Float64Array.from(samplesMs).sort();
  const n = s.length;
  let sum = 0;
  for (const v of s) sum += v;
  const at = (q: number): number => s[Math.min(n - 1, Math.floor(q * n))] ?? 0;
  return { samples: n, medianMs: at(0.5), p99Ms: at(0.99), meanMs: sum / n, minMs: s[0] ?? 0, maxMs: s[n - 1] ?? 0 };
}

/**
 * Bytes allocated on the JS heap while running `fn` `times` times. Exact only while no scavenge runs
 * inside the loop: bench/run.ts starts node with --expose-gc and a 256 MB young generation for that.
 */
export function heapDelta(fn: () => void, times: number): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < times; i++) fn();
  const after = process.memoryUsage().heapUsed;
  return after - before;
}
