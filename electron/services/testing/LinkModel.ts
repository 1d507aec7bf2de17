/**
 * What the impairment relay (./ImpairmentRelay.ts) does to one direction of one client's link,
 * without sockets or timers: given the time a datagram leaves (ms, any monotonic clock), whether it
 * is lost and when it arrives. Every draw comes from a seeded Prng.
 *
 * Beside plain loss, delay and jitter, a Wi-Fi profile (issue 34): latency spikes (a station's power
 * saving: the link is held now and then) and bursty loss (a Gilbert–Elliott chain). WIFI_PROFILE is
 * the bench's "bad Wi-Fi" row: 40 ± 30 ms, 5 % bursty loss, +250 ms for 200 ms every 5 s — the
 * same figures as the lockstep simulator's WIFI_LINK (core/lockstep/testing/NetSim.ts).
 */
import { Prng } from '../../../core/math/Prng';

/**
 * Latency spikes: for `forMs` out of every `everyMs` the link is held, and a datagram that leaves
 * then arrives `extraMs` later than it would have.
 */
export interface SpikeSpec {
  readonly everyMs: number;
  readonly forMs: number;
  readonly extraMs: number;
}

/**
 * Gilbert–Elliott bursty loss: a good and a bad state; per datagram the chain first moves (good →
 * bad with `toBad`, bad → good with `toGood`), then the datagram is lost with the new state's loss.
 */
export interface BurstLossSpec {
  readonly toBad: number;
  readonly toGood: number;
  readonly goodLoss: number;
  readonly badLoss: number;
}

export interface LinkSpec {
  /** One-way delay: delayMs ± jitterMs, uniform, whole ms. */
  readonly delayMs: number;
  readonly jitterMs: number;
  /** Independent loss per datagram (0..1); with `burst`, 0 (the chain's goodLoss is that). */
  readonly loss: number;
  readonly burst?: BurstLossSpec;
  readonly spikes?: SpikeSpec;
}

/** A bad home Wi-Fi link (issue 34's bench row): 40 ± 30 ms, 5 % loss in bursts, +250 ms for 200 ms every 5 s. */
export const WIFI_PROFILE: LinkSpec = {
  delayMs: 40,
  jitterMs: 30,
  loss: 0,
  // Bad 10 % of the time (1/30 in, 0.3 out: 3.3 datagrams a stay), losing half there: 5 %.
  burst: { toBad: 1 / 30, toGood: 0.3, goodLoss: 0, badLoss: 0.5 },
  spikes: { everyMs: 5000, forMs: 200, extraMs: 250 },
};

/** Throws a one-line reason when `spec` has a number the model cannot honour (nothing is clamped). */
export function checkLinkSpec(spec: LinkSpec): void {
  const wholeMs = (name: string, v: number, min: number): void => {
    if (!Number.isInteger(v) || v < min) throw new RangeError(`link ${name} must be a whole number of ms ≥ ${min}, got ${v}`);
  };
  const share = (name: string, v: number): void => {
    if (!(v >= 0 && v <= 1)) throw new RangeError(`link ${name} must be a probability in 0..1, got ${v}`);
  };
  wholeMs('delayMs', spec.delayMs, 0);
  wholeMs('jitterMs', spec.jitterMs, 0);
  share('loss', spec.loss);
  const b = spec.burst;
  if (b) {
    if (spec.loss !== 0) throw new RangeError(`link loss must be 0 with burst loss (burst.goodLoss is the loss outside bursts), got ${spec.loss}`);
    for (const k of ['toBad', 'toGood', 'goodLoss', 'badLoss'] as const) share(`burst.${k}`, b[k]);
    if (b.toGood === 0 && b.toBad > 0) throw new RangeError('link burst.toGood must be above 0 when burst.toBad is (a bad state would never end)');
  }
  const s = spec.spikes;
  if (s) {
    wholeMs('spikes.everyMs', s.everyMs, 1);
    wholeMs('spikes.forMs', s.forMs, 1);
    wholeMs('spikes.extraMs', s.extraMs, 1);
    if (s.forMs >= s.everyMs) throw new RangeError(`link spikes.forMs (${s.forMs}) must be shorter than spikes.everyMs (${s.everyMs})`);
  }
}

/** What a Gilbert–Elliott chain loses in the long run, worked out from its spec (what the draws must match). */
export function burstFigures(b: BurstLossSpec): { loss: number; meanBadStay: number; meanLossRun: number } {
  const moving = b.toBad + b.toGood;
  const pBad = moving === 0 ? 0 : b.toBad / moving;
  const loss = pBad * b.badLoss + (1 - pBad) * b.goodLoss;
  // Two losses in a row: lost in state s now, then the chain moves and loses again.
  const afterGood = (1 - b.toBad) * b.goodLoss + b.toBad * b.badLoss;
  const afterBad = b.toGood * b.goodLoss + (1 - b.toGood) * b.badLoss;
  const twice = (1 - pBad) * b.goodLoss * afterGood + pBad * b.badLoss * afterBad;
  // A run of losses ends at each lost-then-kept pair: mean run = losses / runs.
  return { loss, meanBadStay: b.toGood === 0 ? Infinity : 1 / b.toGood, meanLossRun: loss === 0 ? 0 : loss === twice ? Infinity : loss / (loss - twice) };
}

/** One Gilbert–Elliott chain; starts good. */
export class GilbertElliott {
  bad = false;

  constructor(
    private readonly spec: BurstLossSpec,
    private readonly rng: Prng,
  ) {}

  /** Moves the chain one datagram on; true when that datagram is lost. */
  lost(): boolean {
    this.bad = this.bad ? !this.rng.chance(this.spec.toGood) : this.rng.chance(this.spec.toBad);
    return this.rng.chance(this.bad ? this.spec.badLoss : this.spec.goodLoss);
  }
}

/** Where spikes fall: one starts at phaseMs + k·everyMs for every whole k (negative too). */
export class SpikeSchedule {
  constructor(
    readonly spec: SpikeSpec,
    readonly phaseMs: number,
  ) {}

  /** A schedule whose phase (0..everyMs) is drawn from `rng`. */
  static seeded(spec: SpikeSpec, rng: Prng): SpikeSchedule {
    return new SpikeSchedule(spec, rng.int(spec.everyMs));
  }

  /** Whether time `t` (ms) falls in a spike. */
  holds(t: number): boolean {
    const into = (((t - this.phaseMs) % this.spec.everyMs) + this.spec.everyMs) % this.spec.everyMs;
    return into < this.spec.forMs;
  }
}

/**
 * One direction of one link. Order: a datagram held by a spike arrives `extraMs` late, and what
 * leaves after it, in the spike or after it, arrives no sooner — as on real Wi-Fi, where the access
 * point (or the dozing station itself) keeps the held frames in one queue per traffic class and
 * sends them in order when the station wakes: a spike delays, it never reorders. Outside spikes the
 * jitter may still reorder, as this relay always has (harsher than Wi-Fi, which keeps order).
 */
export class LinkModel {
  /** When the last datagram held by a spike arrives (ms); nothing that leaves later arrives before it. */
  private heldUntil = -Infinity;
  private readonly chain: GilbertElliott | null;

  /**
   * `rng` draws loss and delay; `schedule`: the client's spikes, shared by both of its directions
   * (the station dozes both ways); `burstRng` drives the Gilbert–Elliott chain (default `rng`).
   */
  constructor(
    private readonly spec: LinkSpec,
    private readonly rng: Prng,
    private readonly schedule: SpikeSchedule | null,
    burstRng: Prng = rng,
  ) {
    checkLinkSpec(spec);
    this.chain = spec.burst ? new GilbertElliott(spec.burst, burstRng) : null;
  }

  /** For a datagram leaving at `t` (ms): when it arrives (ms, same clock), or null when it is lost. */
  arrival(t: number): number | null {
    if (this.chain ? this.chain.lost() : this.rng.chance(this.spec.loss)) return null;
    const { delayMs, jitterMs } = this.spec;
    const at = t + Math.max(0, delayMs - jitterMs + this.rng.int(2 * jitterMs + 1));
    if (this.schedule?.holds(t)) {
      this.heldUntil = Math.max(at + this.schedule.spec.extraMs, this.heldUntil);
      return this.heldUntil;
    }
    return Math.max(at, this.heldUntil);
  }

  /** Whether a datagram leaving at `t` is held by a spike (the relay counts them). */
  spiking(t: number): boolean {
    return this.schedule?.holds(t) ?? false;
  }
}
