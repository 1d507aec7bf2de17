/**
 * The host's choice of input delay: how long (ms) before a key begins its inputs are closed.
 * Start: the players' pessimistic RTT plus a margin. During the match: from the *slack* peers
 * report — how early updates reach them before their loop needs them (3rd percentile, ms).
 * Raised by DELAY_STEP_UP_MS after two evaluations in a row in which someone's slack is under the
 * margins' `raise`; after two in a row in which everyone's exceeds their `lower`, lowered by the
 * whole excess over their `target` at once (at least DELAY_STEP_DOWN_MS):
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
/**
 * Slack margins (ms; `raise` < `target` < `lower`): a player whose updates arrive less than
 * `raise` early makes the host raise the delay; it is lowered while everyone's exceed `lower`,
 * aiming at `target`. On a clean link the 3rd percentile of 60 keys is steady: a few ms suffice,
 * and a key that comes late waits a few ms. On a lossy one it holds whichever repairs fell in its
 * window and varies from window to window: one lucky window lowered the delay under what the next
 * needed, and players waited 2-3 % of the match at 10 % loss (netsim, seeds 7-10).
 */
export const CLEAN_MARGINS = { raise: 3, lower: 10, target: 5 } as const;
export const LOSSY_MARGINS = { raise: 10, lower: 35, target: 20 } as const;
/** A link losing this much (either way) is lossy: the level at which key frames go out twice (redundantCopies). */
export const LOSSY_LINK = 0.03;
/**
 * The host lowers the delay no further than this (ms). A LAN needs a few ms, but under ~30 the
 * delay saves nothing a player feels (a key frame is 100 ms) and leaves no room for closures
 * timed from estimates: at 15 ms a rejoiner's takeover held the others 300 ms, a hidden window
 * 13 ms (netsim, rejoin and away tests).
 */
export const LOWEST_DELAY_MS = 30;
export const DELAY_STEP_UP_MS = 20;
export const DELAY_STEP_DOWN_MS = 5;

/** After a change is released, slacks are not judged for the old delay plus this long (ms): the peers' windows start afresh. */
export const DELAY_SETTLE_MS = 500;

/** How often the delay is judged (ms), from the match's start (or a successor's takeover). */
export const DELAY_EVAL_MS = 1000;

export class DelayController {
  private pending: number | undefined;
  private lowCount = 0;
  private raiseCount = 0;
  private settleUntil = -Infinity;

  /** When the delay is judged next (evaluateIfDue). */
  private evalAt: number;

  constructor(
    private readonly current: () => number,
    now = 0,
  ) {
    this.evalAt = now + DELAY_EVAL_MS;
  }

  /**
   * Judges the delay once DELAY_EVAL_MS has passed since the last time: `measure` gives the
   * active players' slacks and the worst loss of their links, asked only then.
   */
  evaluateIfDue(now: number, measure: () => { readonly slacks: readonly number[]; readonly loss: number }): void {
    if (now < this.evalAt) return;
    this.evalAt = now + DELAY_EVAL_MS;
    const m = measure();
    this.evaluate(m.slacks, now, m.loss);
  }

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
   * measured yet under the delay in force) and the worst loss of their links (0..1). Skipped while
   * a change settles, and until every player measured: a change judged by some players' old slack
   * overshoots.
   */
  evaluate(slacks: readonly number[], now: number, loss = 0): void {
    if (now < this.settleUntil) {
      this.lowCount = 0;
      this.raiseCount = 0;
      return;
    }
    if (slacks.length === 0 || slacks.some((s) => s < 0)) return;
    let low = Infinity;
    for (const s of slacks) low = Math.min(low, s);
    const d = this.pending ?? this.current();
    const margins = loss >= LOSSY_LINK ? LOSSY_MARGINS : CLEAN_MARGINS;
    if (low < margins.raise) {
      this.lowCount = 0;
      // Two evaluations in a row: a peer still aligning its phase after the start is no reason.
      if (++this.raiseCount >= 2) {
        this.raiseCount = 0;
        this.propose(d, clampDelay(d + DELAY_STEP_UP_MS));
      }
      return;
    }
    this.raiseCount = 0;
    if (low > margins.lower) {
      if (++this.lowCount >= 2) {
        this.lowCount = 0;
        const floor = Math.min(d, LOWEST_DELAY_MS); // lowering never raises a start under it
        this.propose(d, Math.max(floor, clampDelay(d - Math.max(DELAY_STEP_DOWN_MS, Math.floor(low - margins.target)))));
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
