/**
 * Desync detection on the host: collects every reporter's state hash per key, decides each key
 * once — when every expected reporter sent it, or has sent a later key (a peer reports only its
 * latest hash, so one in a lost datagram never comes), or HASH_WAIT_KEYS keys later for a silent
 * reporter — and names who diverged.
 * Reporters are numbers: a player's slot, or SPECTATOR_BASE + n for spectators (named as
 * SPECTATOR_SLOT on the wire). The reference is the largest group of equal hashes; a tie goes to
 * the group holding the room owner, then to the lowest reporter.
 * Invariants: a key's hashes are accepted only for keys ≤ released + 1 (a peer cannot have
 * computed a later one) and are forgotten once the key is decided, so memory stays bounded.
 * The first hash a reporter sends for a key stands: a peer computes each key's hash once, so a
 * second, different one is a forged or corrupted datagram — it is counted (`conflicts`), never
 * judged, and cannot make the room announce a desync that did not happen.
 */

export const HASH_WAIT_KEYS = 12;
/** After the last release, how long the host waits for final hashes before ending anyway. */
export const END_WAIT_MS = 5000;
/** Reporter numbers of spectators start here. */
export const SPECTATOR_BASE = 100;

export type HashNotice =
  | { readonly t: 'desync'; readonly key: number; readonly agreedKey: number; readonly refHash: number; readonly refReporter: number; readonly reporters: readonly number[] }
  | { readonly t: 'refsub'; readonly key: number; readonly refReporter: number; readonly hashes: readonly number[] }
  | { readonly t: 'end'; readonly lastKey: number; readonly hash: number; readonly agreed: boolean };

export class HashJudge {
  private readonly byKey = new Map<number, Map<number, number>>();
  private readonly latest = new Map<number, number>();
  private readonly diverged = new Set<number>();
  private reference: { key: number; reporter: number } | null = null;
  private finalDiverged = false;
  decidedThrough = -1;
  /** Last key at which every reporter agreed. */
  agreedKey = -1;
  ended = false;
  /** Keys compared, and keys whose hashes disagreed. */
  compared = 0;
  mismatches = 0;
  /** Later hashes for a (reporter, key) that differed from the first one: refused. */
  conflicts = 0;

  constructor(
    private readonly lastKey: number,
    private readonly ownerReporter: number,
    private readonly emit: (n: HashNotice) => void,
  ) {}

  /** Who has diverged so far (reporter numbers, ascending). */
  divergedReporters(): number[] {
    return [...this.diverged].sort((a, b) => a - b);
  }

  /** Records one hash; false when the key is impossible, already decided or already reported. */
  report(reporter: number, key: number, hash: number, released: number): boolean {
    if (key > released + 1 || key > this.lastKey + 1 || key < 0) return false;
    if (key > (this.latest.get(reporter) ?? -1)) this.latest.set(reporter, key);
    if (key <= this.decidedThrough) return false;
    let m = this.byKey.get(key);
    if (!m) {
      m = new Map();
      this.byKey.set(key, m);
    }
    const first = m.get(reporter);
    if (first !== undefined) {
      if (first !== hash >>> 0) this.conflicts++;
      return false;
    }
    m.set(reporter, hash >>> 0);
    return true;
  }

  /** Decides every key that can be decided now. `reporters` are those expected to report. */
  decide(now: number, reporters: readonly number[], released: number, lastReleaseAt: number): void {
    const sorted = [...reporters].sort((a, b) => a - b);
    const top = Math.min(released + 1, this.lastKey + 1);
    for (let key = this.decidedThrough + 1; key <= top && !this.ended; key++) {
      const m = this.byKey.get(key);
      const complete = sorted.every((r) => m?.has(r) === true || (this.latest.get(r) ?? -1) > key);
      const finalWait = released >= this.lastKey && now - lastReleaseAt >= END_WAIT_MS;
      if (!complete && key + HASH_WAIT_KEYS > released && !finalWait) break;
      this.judge(key, m ?? new Map(), sorted);
      this.decidedThrough = key;
      this.byKey.delete(key);
    }
  }

  private judge(key: number, m: Map<number, number>, reporters: readonly number[]): void {
    const groups = new Map<number, number[]>();
    for (const r of reporters) {
      const h = m.get(r);
      if (h === undefined) continue;
      const g = groups.get(h);
      if (g) g.push(r);
      else groups.set(h, [r]);
    }
    let ref: number[] = [];
    let refHash = 0;
    for (const [h, g] of groups) {
      const better = g.length > ref.length || (g.length === ref.length && g.includes(this.ownerReporter) && !ref.includes(this.ownerReporter));
      if (better) {
        ref = g;
        refHash = h;
      }
    }
    if (groups.size > 0) this.compared++;
    if (groups.size === 1) this.agreedKey = key;
    if (groups.size > 1) {
      this.mismatches++;
      const out = reporters.filter((r) => m.has(r) && !ref.includes(r));
      const fresh = out.filter((r) => !this.diverged.has(r));
      for (const r of out) this.diverged.add(r);
      if (key === this.lastKey + 1) this.finalDiverged = true;
      const refReporter = ref[0] ?? 0;
      if (fresh.length > 0) {
        this.reference = { key, reporter: refReporter };
        this.emit({ t: 'desync', key, agreedKey: this.agreedKey, refHash, refReporter, reporters: this.divergedReporters() });
      }
    }
    if (key === this.lastKey + 1) {
      this.ended = true;
      this.emit({ t: 'end', lastKey: this.lastKey, hash: refHash, agreed: groups.size === 1 && !this.finalDiverged });
    }
  }

  /** Whether the reference peer of the last desync has not sent its sub-hashes yet. */
  get awaitingSubhashes(): boolean {
    return this.reference !== null;
  }

  /**
   * A diverged reporter was given the reference state (a heal): it is judged afresh from now on —
   * no longer diverged, and the hashes it sent for undecided keys (from its wrong state) forgotten.
   */
  forgive(reporter: number): void {
    this.diverged.delete(reporter);
    this.latest.delete(reporter);
    for (const m of this.byKey.values()) m.delete(reporter);
  }

  /** Sub-hashes a peer sent after a desync; the reference peer's are relayed to everyone. */
  onSubhashes(reporter: number, key: number, hashes: readonly number[]): void {
    const ref = this.reference;
    if (ref && ref.reporter === reporter && ref.key === key) {
      this.emit({ t: 'refsub', key, refReporter: reporter, hashes });
      this.reference = null;
    }
  }
}
