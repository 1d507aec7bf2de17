/**
 * One match on one peer: the deterministic game, the LockstepRunner that steps it from the
 * confirmed updates its LoopPeer holds, the DesyncReporter, the resume of a match joined running
 * (restore the snapshot, start at its key, fast-forward the backlog), and hooks that see each key
 * as it begins (a replay recorder) and each logic frame as it runs (the view, a bot that plays
 * this peer's own slot). The page's match, the main side's headless players (the hosting app's
 * verifier, the dedicated host, headless clients) and the test rooms all run matches through it.
 * Time: ms of the caller's clock, passed to `tick`.
 */
import type { DesyncReport } from './DesyncReporter';
import { DesyncReporter } from './DesyncReporter';
import type { BotDriver, LockstepGame } from './LockstepGame';
import { LockstepRunner, RESUME_FAST_FORWARD } from './LockstepRunner';
import type { KeySnapshot, RunnerOptions } from './LockstepRunner';
import type { LoopPeer } from './LoopPeer';
import type { PeerEvent } from '../client';

/** Where a match joined running starts: the state before key `fromKey` (null: a fresh game). */
export interface ResumePoint {
  readonly fromKey: number;
  readonly snapshot: Uint8Array | null;
}

/** Called around every logic frame of one `tick` (the view's interpolation, a local bot). */
export interface StepHooks {
  before?(): void;
  after?(): void;
}

export interface MatchLoopOptions {
  readonly peer: LoopPeer;
  readonly game: LockstepGame;
  /** Bots outside the game (toy games in tests); SimGame runs its bots inside `step`. */
  readonly bots?: BotDriver;
  /** A match joined running; its snapshot is restored into `game` here (a bad one throws). */
  readonly resume?: ResumePoint | null;
  /** Frames per tick a resumed loop may run beyond real time while behind (RESUME_FAST_FORWARD). */
  readonly fastForward?: number;
  /** Key-frame snapshots kept (desync reports, rejoin snapshots served by a verifier). */
  readonly keepSnapshots?: number;
  readonly onBegin?: RunnerOptions['onBegin'];
  readonly onKey?: RunnerOptions['onKey'];
  /** Desync reports: who I am in them, and where they go. None: no reports. */
  readonly reports?: { readonly appVersion: string; readonly name: string; readonly onReport: (r: DesyncReport) => void };
}

export class MatchLoop {
  readonly runner: LockstepRunner;
  readonly game: LockstepGame;
  /** The state hash after the last logic frame, once the match has run to its end. */
  finishedHash: number | null = null;
  private readonly reporter: DesyncReporter | null;
  private hooks: StepHooks | null = null;

  constructor(o: MatchLoopOptions) {
    const g = o.game;
    if (o.resume?.snapshot) {
      if (!g.restore) throw new Error('MatchLoop: this game cannot restore a snapshot'); // caller bug
      g.restore(o.resume.snapshot);
    }
    this.game = g;
    // The runner steps a wrapper, so hooks see every frame whoever drives the loop.
    const stepped: LockstepGame = {
      step: (inputs) => {
        this.hooks?.before?.();
        g.step(inputs);
        this.hooks?.after?.();
      },
      hash: () => g.hash(),
      ...(g.applyEvents ? { applyEvents: (events) => g.applyEvents?.(events) } : {}),
      ...(g.snapshot ? { snapshot: () => g.snapshot?.() ?? new Uint8Array(0) } : {}),
      ...(g.subHashes ? { subHashes: () => g.subHashes?.() ?? [] } : {}),
    };
    const resume = o.resume ? { fromKey: o.resume.fromKey, fastForward: o.fastForward ?? RESUME_FAST_FORWARD } : {};
    this.runner = new LockstepRunner(o.peer, stepped, {
      ...(o.bots ? { bots: o.bots } : {}),
      keepSnapshots: o.keepSnapshots ?? 0,
      ...(o.onBegin ? { onBegin: o.onBegin } : {}),
      ...(o.onKey ? { onKey: o.onKey } : {}),
      ...resume,
    });
    const r = o.reports;
    this.reporter = r ? new DesyncReporter(o.peer, this.runner, { appVersion: r.appVersion, name: r.name }, r.onReport) : null;
  }

  get finished(): boolean {
    return this.runner.finished;
  }

  /** Runs the logic frames due at `now`, with `hooks` around each; returns how many ran. */
  tick(now: number, hooks?: StepHooks): number {
    this.reporter?.tick(now);
    if (this.runner.finished) return 0;
    this.hooks = hooks ?? null;
    let n: number;
    try {
      n = this.runner.tick(now);
    } finally {
      this.hooks = null;
    }
    if (this.runner.finished && this.finishedHash === null) this.finishedHash = this.game.hash();
    return n;
  }

  /** Feed the peer's events here (the desync reporter acts on 'desync' and 'refsub'). */
  onEvent(now: number, e: PeerEvent): void {
    this.reporter?.onEvent(now, e);
  }

  /** The newest key-frame snapshot this loop holds (the state before that key's inputs), or null. */
  latestSnapshot(): KeySnapshot | null {
    return this.runner.snapshots.at(-1) ?? null;
  }
}
