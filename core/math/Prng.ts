/**
 * A small seeded PRNG (mulberry32) for what is not simulation state: the headless client's
 * scripted input, the network simulator and toy games of the tests, benchmarks. Deterministic on
 * every engine (integer ops only). The simulation's own generator is rng.ts, whose state lives in
 * the world and is hashed with it.
 */

export class Prng {
  private s: number;

  constructor(seed: number) {
    this.s = seed >>> 0;
  }

  /** Next uint32. */
  u32(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return n <= 0 ? 0 : this.u32() % n;
  }

  /** True with probability `p` (0..1), resolved to 1/2^32. */
  chance(p: number): boolean {
    return this.u32() < p * 4294967296;
  }
}
