/**
 * Measures the loss rate of a stream whose frames each advance a counter by one (the host's
 * releases advance the newest key a client holds; a client's key-frame datagrams advance its
 * closure), with no sequence numbers on the wire: a jump of n means n − 1 frames were lost.
 * Feeds adaptive redundancy: on a lossy link each key-frame datagram is sent again a few ms
 * later, so a single loss costs nothing and a key rarely waits a whole key period for a resend.
 */

/** Gap between the copies of a key-frame datagram (ms), so a short burst does not take all of them. */
export const COPY_SPACING_MS = 10;

export class LossMeter {
  private adv = 0;
  private got = 0;
  private last: number | null = null;

  /** A frame arrived whose counter is `newest`; older or repeated values are ignored. */
  observe(newest: number): void {
    if (this.last === null || newest <= this.last) {
      if (this.last === null) this.last = newest;
      return;
    }
    this.adv += Math.min(newest - this.last, 16);
    this.got += 1;
    this.last = newest;
    if (this.adv > 64) {
      this.adv /= 2;
      this.got /= 2;
    }
  }

  /** Estimated loss rate 0..1 (0 until enough frames were seen). */
  get loss(): number {
    if (this.adv < 12) return 0;
    const l = 1 - this.got / this.adv;
    return l < 0 ? 0 : l > 1 ? 1 : l;
  }

  /** As a whole percentage, for the wire. */
  get percent(): number {
    return Math.round(this.loss * 100);
  }
}

/**
 * A copy of an encoded frame marked as redundant copy `n` (1-3) in its sections byte (offset 8
 * in a CFRAME, 4 in an HFRAME), so the receiver can measure the raw loss from originals alone.
 */
export function markCopy(bytes: Uint8Array, sectionsAt: number, n: number): Uint8Array {
  const c = bytes.slice();
  c[sectionsAt] = ((c[sectionsAt] ?? 0) & 0x3f) | ((n & 3) << 6);
  return c;
}

/** Extra copies of each key-frame datagram for a link losing `loss` (0..1) of its datagrams. */
export function redundantCopies(loss: number): number {
  return loss >= 0.12 ? 2 : loss >= 0.03 ? 1 : 0;
}
