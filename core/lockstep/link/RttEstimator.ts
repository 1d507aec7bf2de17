/**
 * Smoothed round-trip time and its variation (Jacobson/Karels, as in TCP), in milliseconds.
 * Used for retransmission timeouts and for the host's choice of input delay; it never affects
 * simulation state, so plain floating arithmetic is fine here.
 */

export class RttEstimator {
  private srtt = -1;
  private rttvar = 0;
  private n = 0;

  /** Adds one sample; absurd samples (negative, over 10 s) are ignored. */
  sample(ms: number): void {
    if (!(ms >= 0 && ms <= 10_000)) return;
    this.n++;
    if (this.srtt < 0) {
      this.srtt = ms;
      this.rttvar = ms / 2;
      return;
    }
    this.rttvar = 0.75 * this.rttvar + 0.25 * Math.abs(this.srtt - ms);
    this.srtt = 0.875 * this.srtt + 0.125 * ms;
  }

  get samples(): number {
    return this.n;
  }

  /** Smoothed RTT, or `fallback` before the first sample. */
  smoothed(fallback = 0): number {
    return this.srtt < 0 ? fallback : this.srtt;
  }

  /** A pessimistic RTT: smoothed + 4 × variation (covers most jitter). */
  worst(fallback = 0): number {
    return this.srtt < 0 ? fallback : this.srtt + 4 * this.rttvar;
  }

  /** Retransmission timeout clamped to [min, max] (ms); `fallback` before the first sample. */
  rto(min = 20, max = 400, fallback = 100): number {
    if (this.srtt < 0) return fallback;
    const v = this.srtt + 4 * this.rttvar + 5;
    return v < min ? min : v > max ? max : v;
  }
}
