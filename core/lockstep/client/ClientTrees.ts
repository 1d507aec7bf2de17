/**
 * The bot trees this peer simulates with (protocol v5): a match runs the host's trees on every
 * peer. The peer starts with its own (the caller loaded them from its tree files), reports their
 * fingerprints after ACCEPT, and takes the host's where they differ: `trees` chunks on the control
 * stream (TreeReceiver), assembled, compiled with no fallback (core/ai compileTreeSet) and kept
 * only if the brains' fingerprint equals the one the chunks carry. A bad transfer — a malformed or
 * out-of-order chunk, trees that do not compile or compile to another fingerprint — is counted
 * (stats.treeRejected) and asked for again, MAX_TREE_ATTEMPTS transfers in all; after that the
 * peer stays unready, with the reason in its status. The built-in trees stand in only when the
 * match's fingerprint equals theirs.
 * Gates (so a peer never runs a diverging simulation): loading reports 100 % only once the trees
 * match the fingerprint loading announced (until then 99 %), and a 'start' or 'resume' reaches the
 * game loop only with trees of the match's fingerprint (held until then, for ever if none come).
 */
import { compileTreeSet, defaultTreeSet } from '../../ai';
import type { TreeSet } from '../../ai';
import { TreeReceiver } from '../link';
import { decodeTreeBlob } from '../wire';
import type { TreeChunk } from '../wire';
import type { ClientState, PeerEvent, TreeFailure, TreeSource, TreeState, TreeStatus } from './ClientState';

/** Transfers of the host's trees a peer takes (the first and its retries) before giving up. */
export const MAX_TREE_ATTEMPTS = 3;

type Start = Extract<PeerEvent, { t: 'start' }>;
type Resume = Extract<PeerEvent, { t: 'resume' }>;
/** A match event waiting for its trees. */
export type HeldEvent = Omit<Start, 'trees'> | Omit<Resume, 'trees'>;

export class ClientTrees {
  private current: TreeSet;
  private builtIn: TreeSet | null = null;
  private hostPrint: number | null = null;
  private readonly rx = new TreeReceiver();
  private attempts = 0;
  private failure: TreeFailure | null = null;
  private problem: string | null = null;
  /** The load progress the game asked to report, and the one last sent. */
  private wanted = 0;
  private sent = -1;
  private held: { readonly ev: HeldEvent; readonly print: number }[] = [];
  private shown = '';

  constructor(
    private readonly st: ClientState,
    private readonly own: TreeSet,
  ) {
    this.current = own;
  }

  /** Tells the host which trees I hold (after ACCEPT, and to ask for its trees again). */
  report(): void {
    this.st.control({ t: 'trees', prints: this.own.brains.trees.map((t) => t.fingerprint >>> 0) });
  }

  /** Loading began: the match's fingerprint; progress reports start over. */
  loading(print: number): void {
    this.sent = -1;
    this.wanted = 0;
    this.learn(print);
  }

  /** The match's fingerprint, as start or resync announce it. */
  learn(print: number): void {
    this.hostPrint = print >>> 0;
    this.settle();
  }

  /** The game's loading progress: 100 % goes to the host only once the trees match (99 % until then). */
  progress(percent: number): void {
    this.wanted = percent;
    const p = percent >= 100 && !this.ready ? 99 : percent;
    if (p === this.sent) return;
    this.sent = p;
    this.st.control({ t: 'progress', percent: p });
  }

  /** Hands `ev` to the game loop with the trees of fingerprint `print`, now or once they are here. */
  release(ev: HeldEvent, print: number): void {
    this.learn(print);
    this.held.push({ ev, print: print >>> 0 });
    this.settle();
  }

  /** Back in the lobby: nothing is held any more. */
  end(): void {
    this.held = [];
  }

  /** One chunk of the host's trees (decoded and self-consistent; order is checked here). */
  onChunk(c: TreeChunk): void {
    const st = this.st;
    if (this.attempts >= MAX_TREE_ATTEMPTS) return void st.stats.treeRejected++;
    const r = this.rx.accept(c);
    if (r === 'stray') return void st.stats.treeRejected++;
    if (r === 'broken') return this.refuse('garbled', null);
    st.stats.treeBytes += c.bytes.length;
    this.hostPrint ??= c.fingerprint;
    if (r === 'complete' && this.rx.result) this.install(c.fingerprint, this.rx.result);
    this.settle();
  }

  /** A tree chunk that did not decode: the transfer it belonged to is lost. */
  onGarbled(): void {
    this.rx.reset();
    this.refuse('garbled', null);
  }

  get status(): TreeStatus {
    const set = this.setFor(this.hostPrint);
    const state: TreeState = set ? 'ready' : this.attempts >= MAX_TREE_ATTEMPTS ? 'failed' : this.rx.active ? 'receiving' : this.hostPrint === null ? 'unknown' : 'waiting';
    const held = set ?? this.current;
    const source: TreeSource = held === this.own ? 'own' : held === this.builtIn ? 'builtin' : 'host';
    return { state, source, hostPrint: this.hostPrint, failure: this.failure, problem: this.problem };
  }

  /** The trees of the match's fingerprint, once this peer holds them (a successor hosts with them). */
  get matchTrees(): TreeSet | null {
    return this.setFor(this.hostPrint);
  }

  private get ready(): boolean {
    return this.setFor(this.hostPrint) !== null;
  }

  /** The trees of fingerprint `print` this peer holds: its current ones, else the built-in ones. */
  private setFor(print: number | null): TreeSet | null {
    if (print === null) return null;
    if (this.current.brains.fingerprint >>> 0 === print) return this.current;
    this.builtIn ??= defaultTreeSet();
    return this.builtIn.brains.fingerprint >>> 0 === print ? this.builtIn : null;
  }

  /** A complete blob: my own trees where it says "the same", compiled, and kept if the fingerprint matches. */
  private install(print: number, blob: Uint8Array): void {
    const parts = decodeTreeBlob(blob);
    if (!parts) return this.refuse('garbled', null);
    let set: TreeSet;
    try {
      set = compileTreeSet(parts.map((p, d) => p ?? this.own.sources[d] ?? ''));
    } catch (e) {
      return this.refuse('invalid', String((e as Error).message).slice(0, 200));
    }
    if (set.brains.fingerprint >>> 0 !== print) return this.refuse('mismatch', null);
    this.current = set;
    this.failure = null;
    this.problem = null;
  }

  /** A transfer failed: counted, and asked for again while attempts remain. */
  private refuse(failure: TreeFailure, problem: string | null): void {
    this.st.stats.treeRejected++;
    this.failure = failure;
    this.problem = problem;
    if (++this.attempts < MAX_TREE_ATTEMPTS) this.report();
    this.settle();
  }

  /** Releases what waited for matching trees, sends a 100 % that waited, and reports a changed status. */
  private settle(): void {
    const st = this.st;
    const still: { readonly ev: HeldEvent; readonly print: number }[] = [];
    for (const h of this.held) {
      const set = this.setFor(h.print);
      if (set) st.events.push({ ...h.ev, trees: set } as Start | Resume);
      else still.push(h);
    }
    this.held = still;
    if (this.wanted >= 100 && this.sent < 100 && this.ready) this.progress(this.wanted);
    const status = this.status;
    const key = JSON.stringify(status);
    if (key !== this.shown) {
      this.shown = key;
      st.events.push({ t: 'treeStatus', status });
    }
  }
}
