/**
 * The host's clock of key releases (issue 34): when key K is due, so that a late closure never
 * holds the room. The room's phase is learned from its releases — for each key, when its last
 * closure came, plus the input delay it was closed under, minus K key periods: when the room
 * begins K — as the median of the last CLOCK_WINDOW keys; K is due that phase's time for it, less
 * its delay, plus a grace: the spread of those keys (90th percentile less the median), within
 * GRACE_MS. A key released on its due time without some player's closure counts the last closure
 * of those that closed it (HostMatch), so a late player — a spike (a Wi-Fi link's 200 ms of power
 * saving), or one late at every key — cannot drag the clock along, nor grow the grace; a key
 * nobody closed counts its release time (the median of such censored samples is still the room's
 * while fewer than half of the keys come that way).
 * A change of the input delay moves every closure by the change from the key players first close
 * under it (`delayFrom`): the clock moves with it and learns on. When the room's phase moves as a
 * whole otherwise — a pause ends, a hold for a silent or slow player ends (every loop waited, and
 * runs on from the release) — the clock takes the new phase from that release (`rebase`) and
 * learns on from there. Until it has learned the first CLOCK_MIN_KEYS keys of a match, nothing is
 * due: keys wait for every closure, as they always did.
 * Units: ms of the host's clock; keys.
 */

/** Keys the phase is the median of. */
export const CLOCK_WINDOW = 31;
/** Keys learned before anything is due (1 s at 10 Hz). */
export const CLOCK_MIN_KEYS = 10;
/**
 * The least and most grace (ms) a key's closures get past the room's usual time: the least above a
 * LAN's jitter and the host's 5 ms tick, the most well under a Wi-Fi spike (100–300 ms). A small
 * grace keeps an update as early as the peers' delay expects it: what the grace adds, the delay
 * must cover.
 */
export const GRACE_MS = { min: 10, max: 60 } as const;

export class KeyClock {
  private readonly samples: number[] = [];
  private next = 0;
  /** Keys before this are not learned from: closed in a phase the room has left (`rebase`), or while the delay changed. */
  private from = 0;
  /** The phase plus the grace (ms; Infinity while learning), kept as samples come. */
  private due = Infinity;
  /** The input delay keys are closed under, from each key on (ascending; the first from key 0). */
  private delays: { readonly from: number; readonly ms: number }[];

  constructor(
    private readonly keyMs: number,
    delayMs: number,
  ) {
    this.delays = [{ from: 0, ms: delayMs }];
  }

  /** When key `key` is due (ms; Infinity while the clock is still learning the room's phase). */
  dueAt(key: number): number {
    return this.due + key * this.keyMs - this.delayOf(key);
  }

  /** Key `key` was released; `completedAt`: when the last closure of those that closed it came, or the release time when none did. */
  released(key: number, completedAt: number): void {
    if (key < this.from) return;
    this.samples[this.next] = completedAt + this.delayOf(key) - key * this.keyMs;
    this.next = (this.next + 1) % CLOCK_WINDOW;
    this.learn();
  }

  /**
   * The delay becomes `ms` with the update of key `at`: players learn it when they begin that key,
   * having closed through about `at` + the old delay's keys, and close by it from then (a rise
   * closes the keys it adds at once). Keys up to `first` (the first closed by the new delay) keep
   * the old delay's due times and are not learned from: when each was closed is uncertain.
   */
  delayFrom(first: number, ms: number): void {
    this.delays = [...this.delays.filter((d) => d.from < first).slice(-3), { from: first, ms }];
    this.from = Math.max(this.from, first + 1);
  }

  /**
   * The room's phase moved as a whole: every loop runs on from `at`, when key `key` went out (a
   * hold ended in its release, a pause was resumed). Key `key` + j is due j key periods later, plus
   * the least grace, and the clock learns on from the closures of the keys players close after
   * `at` (those they closed during the hold are in the phase the room left). Were it to forget and
   * wait for every closure until it had learned again, a player late at every few keys (a page
   * drawing twice a second) would make a hold of each lateness, and the room would go at its pace.
   */
  rebase(key: number, at: number): void {
    const phase = at + this.delayOf(key) - key * this.keyMs;
    this.samples.length = 0;
    for (let i = 0; i < CLOCK_MIN_KEYS; i++) this.samples.push(phase);
    this.next = CLOCK_MIN_KEYS;
    this.from = Math.max(this.from, key + 1 + Math.ceil(this.delayOf(key) / this.keyMs));
    this.learn();
  }

  private delayOf(key: number): number {
    let ms = this.delays[0]?.ms ?? 0;
    for (const d of this.delays) if (d.from <= key) ms = d.ms;
    return ms;
  }

  private learn(): void {
    const n = this.samples.length;
    if (n < CLOCK_MIN_KEYS) return void (this.due = Infinity);
    const sorted = [...this.samples].sort((a, b) => a - b);
    const median = sorted[n >> 1] ?? 0;
    const spread = (sorted[Math.floor(n * 0.9)] ?? median) - median;
    this.due = median + Math.min(GRACE_MS.max, Math.max(GRACE_MS.min, spread));
  }
}
