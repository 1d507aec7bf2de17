/**
 * The relay's link model without sockets: the Gilbert–Elliott chain loses what its figures say, in
 * bursts as long as they say, and repeats with its seed; spikes fall where the schedule says and
 * hold what leaves in them, in order; bad figures are refused in one line.
 */
import { describe, expect, it } from 'vitest';
import { Prng } from '../../../core/math/Prng';
import { burstFigures, checkLinkSpec, GilbertElliott, LinkModel, SpikeSchedule, WIFI_PROFILE } from './LinkModel';
import type { BurstLossSpec, LinkSpec, SpikeSpec } from './LinkModel';

const DRAWS = 400_000;

/** Loss rate, mean stay in the bad state and mean run of consecutive losses over `n` datagrams. */
function measure(spec: BurstLossSpec, seed: number, n = DRAWS): { loss: number; meanBadStay: number; meanLossRun: number } {
  const chain = new GilbertElliott(spec, new Prng(seed));
  let lost = 0;
  let lossRuns = 0;
  let badDatagrams = 0;
  let badStays = 0;
  let wasLost = false;
  let wasBad = false;
  for (let i = 0; i < n; i++) {
    const l = chain.lost();
    if (l) lost++;
    if (l && !wasLost) lossRuns++;
    if (chain.bad) badDatagrams++;
    if (chain.bad && !wasBad) badStays++;
    wasLost = l;
    wasBad = chain.bad;
  }
  return { loss: lost / n, meanBadStay: badDatagrams / badStays, meanLossRun: lost / lossRuns };
}

const WIFI_BURST = WIFI_PROFILE.burst as BurstLossSpec;

describe('GilbertElliott', () => {
  it("the Wi-Fi profile's figures: 5 % loss, bad stays of 3.3 datagrams, losses 1.54 in a row (independent 5 % loss: 1.05)", () => {
    const want = burstFigures(WIFI_BURST);
    expect(want.loss).toBeCloseTo(0.05, 10);
    expect(want.meanBadStay).toBeCloseTo(1 / 0.3, 10);
    expect(want.meanLossRun).toBeCloseTo(1 / 0.65, 10);
    expect(burstFigures({ toBad: 0, toGood: 0, goodLoss: 0.05, badLoss: 0 }).meanLossRun).toBeCloseTo(1 / 0.95, 10);
  });

  const specs: Record<string, BurstLossSpec> = {
    'the Wi-Fi profile': WIFI_BURST,
    'loss in both states': { toBad: 0.02, toGood: 0.25, goodLoss: 0.01, badLoss: 0.8 },
  };
  for (const [name, spec] of Object.entries(specs)) {
    it(`${name}: over ${DRAWS} seeded datagrams, the loss rate and mean burst lengths match the figures`, () => {
      const want = burstFigures(spec);
      for (const seed of [1, 2, 3]) {
        const got = measure(spec, seed);
        expect(Math.abs(got.loss - want.loss) / want.loss).toBeLessThan(0.05);
        expect(Math.abs(got.meanBadStay - want.meanBadStay) / want.meanBadStay).toBeLessThan(0.05);
        expect(Math.abs(got.meanLossRun - want.meanLossRun) / want.meanLossRun).toBeLessThan(0.05);
      }
    });
  }

  it('the same seed draws the same losses; another seed, others', () => {
    const run = (seed: number): string => {
      const chain = new GilbertElliott(WIFI_BURST, new Prng(seed));
      return Array.from({ length: 2000 }, () => (chain.lost() ? 'x' : '.')).join('');
    };
    expect(run(7)).toBe(run(7));
    expect(run(7)).not.toBe(run(8));
    expect(run(7)).toContain('x');
  });
});

describe('SpikeSchedule', () => {
  const spec = { everyMs: 5000, forMs: 200, extraMs: 250 };

  it('holds [phase, phase + forMs) of every period, before the phase too, and nothing else', () => {
    const s = new SpikeSchedule(spec, 1234);
    for (const k of [-2, -1, 0, 1, 7]) {
      const start = 1234 + k * 5000;
      expect([start - 1, start, start + 199, start + 200].map((t) => s.holds(t))).toEqual([false, true, true, false]);
    }
    let held = 0;
    for (let t = 0; t < 50_000; t++) if (s.holds(t)) held++;
    expect(held).toBe(10 * 200);
  });

  it('draws its phase from the seed, in 0..everyMs', () => {
    const phases = [1, 2, 3, 4].map((seed) => SpikeSchedule.seeded(spec, new Prng(seed)).phaseMs);
    expect(phases).toEqual([1, 2, 3, 4].map((seed) => SpikeSchedule.seeded(spec, new Prng(seed)).phaseMs));
    expect(new Set(phases).size).toBe(4);
    for (const p of phases) expect(p >= 0 && p < 5000).toBe(true);
  });
});

describe('LinkModel', () => {
  const spikes = { everyMs: 1000, forMs: 200, extraMs: 250 };
  const spec: LinkSpec = { delayMs: 40, jitterMs: 30, loss: 0, spikes };

  it('outside spikes: delay ± jitter, whole ms, every value drawn; independent loss at its rate', () => {
    const link = new LinkModel(spec, new Prng(3), new SpikeSchedule(spikes, 500));
    const seen = new Set<number>();
    for (let t = 0; t < 400; t++) seen.add((link.arrival(t) as number) - t);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 61 }, (_, i) => 10 + i));
    const lossy = new LinkModel({ delayMs: 0, jitterMs: 0, loss: 0.1 }, new Prng(4), null);
    let lost = 0;
    for (let i = 0; i < 100_000; i++) if (lossy.arrival(i) === null) lost++;
    expect(Math.abs(lost / 100_000 - 0.1)).toBeLessThan(0.005);
  });

  it('a datagram leaving in a spike arrives extraMs late at least; the spike keeps order, and what follows queues behind it', () => {
    const link = new LinkModel(spec, new Prng(5), new SpikeSchedule(spikes, 500));
    const arrivals: { t: number; at: number }[] = [];
    for (let t = 400; t < 1000; t++) arrivals.push({ t, at: link.arrival(t) as number });
    const inSpike = arrivals.filter((a) => a.t >= 500 && a.t < 700);
    for (const a of inSpike) expect(a.at - a.t).toBeGreaterThanOrEqual(250 + 10);
    const held = inSpike.map((a) => a.at);
    expect(held).toEqual([...held].sort((a, b) => a - b));
    const lastHeld = Math.max(...inSpike.map((a) => a.at));
    for (const a of arrivals.filter((x) => x.t >= 700)) expect(a.at).toBeGreaterThanOrEqual(lastHeld);
    // Before the spike the jitter still reorders (the relay's old behaviour, kept).
    const before = arrivals.filter((a) => a.t < 500).map((a) => a.at);
    expect(before).not.toEqual([...before].sort((a, b) => a - b));
  });

  it('the same seed decides the same fates', () => {
    const fates = (seed: number): (number | null)[] => {
      const link = new LinkModel(WIFI_PROFILE, new Prng(seed), SpikeSchedule.seeded(WIFI_PROFILE.spikes as SpikeSpec, new Prng(seed)));
      return Array.from({ length: 3000 }, (_, i) => link.arrival(i * 5));
    };
    expect(fates(11)).toEqual(fates(11));
    expect(fates(11)).not.toEqual(fates(12));
  });
});

describe('checkLinkSpec', () => {
  it('accepts the Wi-Fi profile and plain links', () => {
    expect(() => checkLinkSpec(WIFI_PROFILE)).not.toThrow();
    expect(() => checkLinkSpec({ delayMs: 50, jitterMs: 20, loss: 0.1 })).not.toThrow();
  });

  const bad: [string, LinkSpec][] = [
    ['negative delay', { delayMs: -1, jitterMs: 0, loss: 0 }],
    ['fractional jitter', { delayMs: 10, jitterMs: 2.5, loss: 0 }],
    ['loss above 1', { delayMs: 0, jitterMs: 0, loss: 5 }],
    ['loss NaN', { delayMs: 0, jitterMs: 0, loss: Number.NaN }],
    ['loss beside burst loss', { ...WIFI_PROFILE, loss: 0.05 }],
    ['a burst probability above 1', { ...WIFI_PROFILE, burst: { ...WIFI_BURST, badLoss: 50 } }],
    ['a bad state that never ends', { ...WIFI_PROFILE, burst: { ...WIFI_BURST, toGood: 0 } }],
    ['a spike as long as its period', { ...WIFI_PROFILE, spikes: { everyMs: 200, forMs: 200, extraMs: 250 } }],
    ['a spike of no extra delay', { ...WIFI_PROFILE, spikes: { everyMs: 5000, forMs: 200, extraMs: 0 } }],
  ];
  for (const [what, spec] of bad) {
    it(`refuses ${what} in one line`, () => {
      expect(() => checkLinkSpec(spec)).toThrow(/^link [^\n]+$/);
    });
  }
});
