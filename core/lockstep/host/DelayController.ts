/**
 * The host's choice of input delay: how long (ms) before a key begins its inputs are closed.
 * Start: the players' pessimistic RTT plus a margin. During the match: from the *slack* peers
 * report — how early updates reach them before their loop needs them (3rd percentile, ms).
 * Raised by DELAY_STEP_UP_MS after two evaluations in a row in which someone's slack is under
 * DELAY_RAISE_SLACK_MS; after two in a row in which everyone's exceeds DELAY_LOWER_SLACK_MS,
 * lowered by the whole excess over DELAY_TARGET_SLACK_MS at once (at least DELAY_STEP_DOWN_MS):
 * the pessimistic start (a few hundred ms on a jittery link) reaches what the link needs within
 * seconds, not minutes. The slack is a low percentile over the last keys, so one late update
 * does not move it; two agreeing evaluations (2 s) are required before each step either way. A
 * change is judged only by keys run under it: each peer's window starts afresh when the delay
 * changes (ClientMatch, reported after SLACK_MIN_KEYS), and the host skips evaluations while the
 * change reaches the peers and until every player has measured (a step judged by old slack
 * overshoots: on a lossy link the delay fell from 1275 to 5 ms). Measuring what matters (are
 * updates early enough?) adapts to loss, jitter and slow peers alike, where an RTT formula only
 * guesses; and a delay in ms rather than whole key frames lets a LAN run at a few tens of ms.
 * A decided change rides on the next released update, so every peer switches at the same key.
 */
import { clampDelay } from '../types';

/** Extra margin over the worst RTT when choosing the starting input delay (ms). */
export const DELAY_MARGIN_MS = 20;
/** A player whose updates arrive less than this early (ms) makes the host raise the delay. */
export const DELAY_RAISE_SLACK_MS = 10;
/** The delay is lowered while every player's slack exceeds this (ms). */
export const DELAY_LOWER_SLACK_MS = 35;
/** What lowering aims every player's slack at (ms): under DELAY_LOWER_SLACK_MS, over DELAY_RAISE_SLACK_MS. */
export const DELAY_TARGET_SLACK_MS = 20;
export const DELAY_STEP_UP_MS = 20;
export const DELAY_STEP_DOWN_MS = 5;

/** After a change is released, slacks are not judged for the old delay plus this long (ms): the peers' windows start afresh. */
export const DELAY_SETTLE_MS = 500;

export class DelayController {
  private pending: number | undefined;
  private lowCount = 0;
  private raiseCount = 0;
  private settleUntil = -Infinity;

  constructor(private readonly current: () => number) {}

  /** The change to announce with the update released at `now`, if any (taken once). */
  take(now: number): number | undefined {
    const p = this.pending;
    this.pending = undefined;
    // The peers begin that key about the old delay from now; until then they report the old slack.
    if (p !== undefined) this.settleUntil = now + Math.max(p, this.current()) + DELAY_SETTLE_MS;
    return p;
  }

  /**
   * One evaluation (the host calls it every second) with the active players' slacks (ms; -1: not
   * measured yet under the delay in force). Skipped while a change settles, and until every
   * player measured: a change judged by some players' old slack overshoots.
   */
  evaluate(slacks: readonly number[], now: number): void {
    if (now < this.settleUntil) {
      this.lowCount = 0;
      this.raiseCount = 0;
      return;
    }
    if (slacks.length === 0 || slacks.some((s) => s < 0)) return;
    let low = Infinity;
    for (const s of slacks) low = Math.min(low, s);
    const d = this.pending ?? this.current();
    if (low < DELAY_RAISE_SLACK_MS) {
      this.lowCount = 0;
      // Two evaluations in a row: a peer still aligning its phase after the start is no reason.
      if (++this.raiseCount >= 2) {
        this.raiseCount = 0;
        this.propose(d, clampDelay(d + DELAY_STEP_UP_MS));
      }
      return;
    }
    this.raiseCount = 0;
    if (low > DELAY_LOWER_SLACK_MS) {
      if (++this.lowCount >= 2) {
        this.lowCount = 0;
        this.propose(d, clampDelay(d - Math.max(DELAY_STEP_DOWN_MS, Math.floor(low - DELAY_TARGET_SLACK_MS))));
      }
    } else this.lowCount = 0;
  }

  private propose(from: number, to: number): void {
    if (to !== from) this.pending = to;
  }

  /** A starting delay from the players' pessimistic RTTs (ms) before any slack is known. */
  static initial(worstRtts: readonly number[]): number {
    let worst = 0;
    for (const r of worstRtts) worst = Math.max(worst, r);
    return clampDelay(worst + DELAY_MARGIN_MS);
  }
}
