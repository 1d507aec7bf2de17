/**
 * How early a peer's updates arrive before its loop begins their keys: the slack the host's
 * DelayController judges the input delay by (ms, a ring of the last SLACK_WINDOW keys).
 * Invariants: it holds only keys run with the delay in force (`restart` on a delay change), so
 * the host never judges a new delay by keys run under the old; the first SLACK_SKIP_KEYS keys of a
 * match (or after joining it) run as their updates come, whatever the delay, and are not counted.
 */

/** Keys over which slack percentiles are taken (6 s at 10 Hz). */
const SLACK_WINDOW = 60;
/** Keys run with the delay in force before a slack is reported (1 s at 10 Hz). */
const SLACK_MIN_KEYS = 10;
/** Keys at the start of a match (or after joining it) whose slack is not counted. */
const SLACK_SKIP_KEYS = 10;

export class SlackMeter {
  private readonly slacks: number[] = [];
  private at = 0;

  /** `baseKey`: the key the match (or a resumed loop) starts at. */
  constructor(private readonly baseKey: number) {}

  /** The loop began `key` `slackMs` after its update arrived. */
  add(key: number, slackMs: number): void {
    if (key >= this.baseKey + SLACK_SKIP_KEYS) this.slacks[this.at++ % SLACK_WINDOW] = slackMs;
  }

  /** The delay changed: what was measured under the old one is forgotten. */
  restart(): void {
    this.slacks.length = 0;
    this.at = 0;
  }

  /**
   * The 3rd percentile over the window (ms; the smallest of fewer than 34), or -1 before
   * SLACK_MIN_KEYS ran. ~0 means the loop has been waiting (the host then raises the delay).
   */
  low(): number {
    return this.percentile(3);
  }

  private percentile(p: number): number {
    const n = this.slacks.length;
    if (n < SLACK_MIN_KEYS) return -1;
    const sorted = [...this.slacks].sort((a, b) => a - b);
    return Math.max(0, sorted[Math.floor((n * p) / 100)] ?? 0);
  }
}
