/**
 * A game loop without a window, for the dedicated host's verifier and headless clients: on the
 * peer's 'loading' it loads the map and reports 100 %; on 'start' it builds the real simulation
 * (SimGame) and a LockstepRunner ticked at 60 Hz; its own input comes from a LocalBot (`bot`), a
 * seeded InputScript (`random`), or nothing (`none`, spectators). Desync reports go to
 * `reportsDir`. Everything notable is logged as one JSON object per line through `log`.
 */
import type { GameMap } from '../../../core/map';
import type { ClientPeer, PeerEvent } from '../../../core/lockstep/client/ClientPeer';
import { DesyncReporter } from '../../../core/lockstep/loop/DesyncReporter';
import { LocalBot } from '../../../core/lockstep/loop/LocalBot';
import { LockstepRunner, RESUME_FAST_FORWARD } from '../../../core/lockstep/loop/LockstepRunner';
import { SimGame } from '../../../core/lockstep/loop/SimGame';
import type { ClientMatch } from '../../../core/lockstep/client/ClientMatch';
import { SPECTATOR_SLOT } from '../../../core/lockstep/types';

import { InputScript } from '../../../core/lockstep/loop/InputScript';
import { APP_VERSION } from '../../../core/version';
import { writeDesyncReport } from './desyncReport';

export type HeadlessInput = 'bot' | 'random' | 'none';

export interface HeadlessOptions {
  readonly peer: ClientPeer;
  readonly now: () => number;
  readonly loadMap: (id: string) => GameMap;
  readonly input: HeadlessInput;
  readonly name: string;
  readonly seed?: number;
  readonly reportsDir?: string;
  readonly log: (entry: Record<string, unknown>) => void;
}

export class HeadlessPlayer {
  runner: LockstepRunner | null = null;
  game: SimGame | null = null;
  finishedHash: number | null = null;
  private bot: LocalBot | null = null;
  private script: InputScript | null = null;
  private reporter: DesyncReporter | null = null;
  private map: GameMap | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private match: ClientMatch | null = null;
  private lastTick = 0;
  private shownStall = '';
  private noticed = '';

  constructor(private readonly o: HeadlessOptions) {}

  start(): void {
    this.lastTick = this.o.now();
    this.timer = setInterval(() => this.tick(), 1000 / 60);
  }

  /**
   * The newest key-frame snapshot this loop holds for the peer's current match (the state before
   * that key's inputs), or null: the dedicated host's snapshot source for rejoins.
   */
  latestSnapshot(): { key: number; bytes: Uint8Array } | null {
    const s = this.runner?.snapshots.at(-1);
    if (!s || !this.match || this.o.peer.match !== this.match || this.o.peer.phase !== 'running') return null;
    return { key: s.key, bytes: s.bytes };
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  tick(): void {
    const now = this.o.now();
    const peer = this.o.peer;
    this.reporter?.tick(now);
    for (const e of peer.events.splice(0)) this.onEvent(now, e);
    const dt = now - this.lastTick;
    this.lastTick = now;
    if (!this.runner || this.runner.finished) return;
    if (this.script) peer.setIntent(this.script.next(dt));
    this.runner.tick(now);
    if (this.runner.finished && this.finishedHash === null) {
      this.finishedHash = this.game?.hash() ?? 0;
      this.o.log({ ev: 'finished', hash: this.finishedHash, frame: this.runner.frame, blockedMs: Math.round(this.runner.stats.blockedMs) });
    }
    this.logStall(now);
  }

  private logStall(now: number): void {
    const st = this.o.peer.stall(now);
    // The host's notice, as soon as it arrives (the dialog itself waits for the 0.5 s grace).
    const notice = st.status ? JSON.stringify(st.status.waiting.map((w) => [w.slot, w.cause])) + st.status.state : '';
    if (notice !== this.noticed) {
      this.noticed = notice;
      if (notice) this.o.log({ ev: 'notice', state: st.status?.state, waiting: st.status?.waiting, heldMs: Math.round(st.status?.heldMs ?? 0) });
    }
    const key = st.show && st.status ? JSON.stringify(st.status.waiting.map((w) => [w.slot, w.cause])) + st.status.state : '';
    if (key !== this.shownStall) {
      this.shownStall = key;
      if (key) this.o.log({ ev: 'waiting', state: st.status?.state, waiting: st.status?.waiting, heldMs: Math.round(st.status?.heldMs ?? 0), blockedMs: Math.round(st.blockedMs) });
    }
  }

  private onEvent(now: number, e: PeerEvent): void {
    const peer = this.o.peer;
    this.reporter?.onEvent(now, e);
    switch (e.t) {
      case 'updates': return;
      case 'loading':
        this.map = this.o.loadMap(peer.settings.map);
        peer.loadProgress(100);
        break;
      case 'start':
        this.begin(e.match, 0, null, false);
        this.o.log({ ev: 'start', slot: peer.slot, seed: e.match.start.seed, delayMs: e.match.start.delayMs, slots: e.match.start.slots.length });
        return;
      case 'resume':
        // Joined a running match (rejoin, late loader, spectator): restore the snapshot, fast-forward.
        this.begin(e.match, e.key, e.snapshot, true);
        this.o.log({ ev: 'resume', slot: peer.slot, key: e.key, bytes: e.snapshot?.length ?? 0, restored: this.runner !== null });
        return;
      default:
        break;
    }
    this.o.log({ ev: e.t, ...eventFields(e) });
  }

  private begin(match: ClientMatch, fromKey: number, snapshot: Uint8Array | null, resumed: boolean): void {
    const peer = this.o.peer;
    const map = this.map ?? this.o.loadMap(match.start.settings.map);
    this.map = map;
    const game = new SimGame(map, match.start);
    if (snapshot) {
      try {
        game.restore(snapshot);
      } catch (err) {
        this.runner = null;
        return this.o.log({ ev: 'error', message: `snapshot restore failed: ${(err as Error).message}` });
      }
    }
    this.game = game;
    this.match = match;
    this.finishedHash = null;
    this.runner = new LockstepRunner(peer, game, { keepSnapshots: 32, fromKey, ...(resumed ? { fastForward: RESUME_FAST_FORWARD } : {}) });
    this.reporter = new DesyncReporter(peer, this.runner, { appVersion: APP_VERSION, name: this.o.name }, (r) => this.onReport(r));
    const mine = match.slot !== SPECTATOR_SLOT;
    this.bot = this.o.input === 'bot' && mine ? new LocalBot(game, peer.slot) : null;
    this.script = this.o.input === 'random' && mine ? new InputScript(this.o.seed ?? 1, 2) : null;
    if (this.bot) this.wrapForBot(game, this.bot);
  }

  private wrapForBot(game: SimGame, bot: LocalBot): void {
    const step = game.step.bind(game);
    game.step = (inputs) => {
      const events = step(inputs);
      const input = bot.afterStep();
      if (input) this.o.peer.setIntent(input);
      return events;
    };
  }

  private onReport(r: Parameters<ConstructorParameters<typeof DesyncReporter>[3]>[0]): void {
    const dir = this.o.reportsDir;
    if (!dir) return this.o.log({ ev: 'desync-report', written: false, firstDifference: r.firstDifference });
    void writeDesyncReport(dir, r).then((file) => this.o.log({ ev: 'desync-report', file, firstDifference: r.firstDifference }));
  }
}

function eventFields(e: PeerEvent): Record<string, unknown> {
  const { t: _t, ...rest } = e as PeerEvent & Record<string, unknown>;
  return 'match' in rest ? {} : rest;
}
