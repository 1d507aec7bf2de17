/**
 * A game loop without a window, for the dedicated host's verifier, the hosting app's verifier and
 * headless clients: on the peer's 'loading' it loads the map and reports 100 % (the peer holds that
 * back until its bot trees are the match's); on 'start' (or 'resume': a rejoin, a late loader, a
 * spectator mid-match) it runs the real simulation, with the trees the peer settled on, through
 * core's MatchLoop, ticked by its LockstepNode's timer (60 Hz while a match runs); its own
 * input comes from a LocalBot (`bot`), a seeded InputScript (`random`), or nothing (`none`,
 * spectators). Desync reports go to `reportsDir`.
 * A headless player has nobody to ask whether to drop a silent peer, so it votes to drop every
 * player the room waits for as soon as voting opens: a room of headless players is never held
 * longer than the vote time (the host's force-drop time is for rooms of people who did not vote).
 * Everything notable is logged as one JSON object per line through `log`, and once per second of
 * game time a "played" line with the frame reached (what a test waits on to act mid-match).
 * When the host is gone and the peers elect this one ('succeed', logged), its node hosts the match;
 * after another peer took over ('hosting'), the first frame played logs how long play froze.
 */
import { InputScript, LocalBot, LOGIC_HZ, MatchLoop, SimGame, SPECTATOR_SLOT } from '../../../core/lockstep';
import type { Difficulty, TreeSet } from '../../../core/ai';
import type { ClientMatch, ClientPeer, DesyncReport, PeerEvent, StallView, StepHooks } from '../../../core/lockstep';
import type { GameMap } from '../../../core/map';
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
  /** The LocalBot's difficulty (`bot` input; Normal when not given). */
  readonly difficulty?: Difficulty;
  readonly reportsDir?: string;
  readonly log: (entry: Record<string, unknown>) => void;
  /** Frames per tick a resumed loop may run beyond real time while behind (MatchLoopOptions.fastForward). */
  readonly fastForward?: number;
}

/** Key-frame snapshots a headless loop keeps (desync reports; the newest serves rejoins). */
const KEEP_SNAPSHOTS = 32;

export class HeadlessPlayer {
  loop: MatchLoop | null = null;
  game: SimGame | null = null;
  private script: InputScript | null = null;
  private hooks: StepHooks | undefined;
  private map: GameMap | null = null;
  private match: ClientMatch | null = null;
  private lastTick = 0;
  private shownStall = '';
  private noticed = '';
  /** The held key, and the slots this player already voted to drop while it is held. */
  private voted = { key: -1, slots: new Set<number>() };
  private logged = false;
  private playedSeconds = 0;
  /** When the loop last advanced, and the frame it had reached. */
  private lastFrame = { frame: 0, at: 0 };
  /** A new host took over at this frame; play had stood still since `since`. */
  private hostChange: { frame: number; since: number } | null = null;

  constructor(private readonly o: HeadlessOptions) {
    this.lastTick = o.now();
  }

  /** The final state hash once the match has run to its end (null before). */
  get finishedHash(): number | null {
    return this.loop?.finishedHash ?? null;
  }

  /** A match is being played (its node ticks the loop at display rate then). */
  get playing(): boolean {
    return this.loop !== null && !this.loop.finished;
  }

  /**
   * The newest key-frame snapshot this loop holds for the peer's current match (the state before
   * that key's inputs), or null: the snapshot source for rejoins.
   */
  latestSnapshot(): { key: number; bytes: Uint8Array } | null {
    const s = this.loop?.latestSnapshot();
    if (!s || !this.match || this.o.peer.match !== this.match || this.o.peer.phase !== 'running') return null;
    return { key: s.key, bytes: s.bytes };
  }

  tick(): void {
    const now = this.o.now();
    const peer = this.o.peer;
    for (const e of peer.events.splice(0)) this.onEvent(now, e);
    const dt = now - this.lastTick;
    this.lastTick = now;
    const loop = this.loop;
    if (!loop || loop.finished) return;
    if (this.script) peer.setIntent(this.script.next(dt));
    loop.tick(now, this.hooks);
    if (loop.runner.frame > this.lastFrame.frame) {
      const h = this.hostChange;
      if (h && loop.runner.frame > h.frame) {
        this.hostChange = null;
        this.o.log({ ev: 'resumed', frame: loop.runner.frame, frozeMs: Math.round(now - h.since) });
      }
      this.lastFrame = { frame: loop.runner.frame, at: now };
    }
    const seconds = Math.floor(loop.runner.frame / LOGIC_HZ);
    if (seconds > this.playedSeconds) {
      this.playedSeconds = seconds;
      this.o.log({ ev: 'played', frame: loop.runner.frame });
    }
    if (loop.finished && !this.logged) {
      this.logged = true;
      this.o.log({ ev: 'finished', hash: loop.finishedHash, frame: loop.runner.frame, blockedMs: Math.round(loop.runner.stats.blockedMs) });
    }
    this.logStall(now);
  }

  private logStall(now: number): void {
    const st = this.o.peer.stall(now);
    this.voteOut(st.status);
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

  private voteOut(status: StallView['status']): void {
    if (this.o.input === 'none' || !status || status.state !== 1 || status.voteInMs > 0) return;
    const peer = this.o.peer;
    if (this.voted.key !== status.key) this.voted = { key: status.key, slots: new Set() };
    for (const w of status.waiting) {
      if (w.slot === peer.slot || this.voted.slots.has(w.slot)) continue;
      this.voted.slots.add(w.slot);
      peer.voteDrop(w.slot);
      this.o.log({ ev: 'vote', slot: w.slot, key: status.key });
    }
  }

  private onEvent(now: number, e: PeerEvent): void {
    const peer = this.o.peer;
    this.loop?.onEvent(now, e);
    switch (e.t) {
      case 'updates': return;
      case 'accepted':
        // A bot player is always ready: a room an app hosts starts once its people are.
        if (e.slot !== SPECTATOR_SLOT) peer.setReady(true);
        break;
      case 'loading':
        this.map = this.o.loadMap(peer.settings.map);
        peer.loadProgress(100);
        break;
      case 'start':
        this.begin(e.match, e.trees, null);
        this.o.log({ ev: 'start', slot: peer.slot, seed: e.match.start.seed, delayMs: e.match.start.delayMs, slots: e.match.start.slots.length });
        return;
      case 'resume':
        // Joined a running match (rejoin, late loader, spectator): restore the snapshot, fast-forward.
        this.begin(e.match, e.trees, { fromKey: e.key, snapshot: e.snapshot });
        this.o.log({ ev: 'resume', slot: peer.slot, key: e.key, bytes: e.snapshot?.length ?? 0, restored: this.loop !== null });
        return;
      case 'succeed':
        return this.o.log({ ev: 'succeed', index: e.state.index, reports: e.state.reports.length, key: e.state.updates.length - 1 });
      case 'hosting':
        this.hostChange = { frame: this.loop?.runner.frame ?? 0, since: this.lastFrame.at };
        break;
      case 'treeStatus':
        // Whose trees the bots run; a fallback to the built-in ones, or none that fit, says so.
        this.o.log({ ev: 'trees', ...e.status, ...(e.status.source === 'builtin' && e.status.state === 'ready' ? { notice: 'bots run the built-in trees (the match\'s)' } : {}) });
        return;
      default:
        break;
    }
    this.o.log({ ev: e.t, ...eventFields(e) });
  }

  private begin(match: ClientMatch, trees: TreeSet, resume: { fromKey: number; snapshot: Uint8Array | null } | null): void {
    const peer = this.o.peer;
    const map = this.map ?? this.o.loadMap(match.start.settings.map);
    this.map = map;
    const game = new SimGame(map, match.start, trees.brains);
    this.loop = null;
    this.logged = false;
    this.playedSeconds = 0;
    try {
      this.loop = new MatchLoop({
        peer: peer,
        game,
        resume,
        ...(this.o.fastForward !== undefined ? { fastForward: this.o.fastForward } : {}),
        keepSnapshots: KEEP_SNAPSHOTS,
        reports: { appVersion: APP_VERSION, name: this.o.name, onReport: (r) => this.onReport(r) },
      });
    } catch (err) {
      return this.o.log({ ev: 'error', message: `snapshot restore failed: ${(err as Error).message}` });
    }
    this.game = game;
    this.match = match;
    const mine = match.slot !== SPECTATOR_SLOT;
    const bot = this.o.input === 'bot' && mine ? new LocalBot(game, peer.slot, this.o.difficulty) : null;
    // The bot decides after each logic frame, on the state the frame produced.
    this.hooks = bot ? { after: () => { const input = bot.afterStep(); if (input) peer.setIntent(input); } } : undefined;
    this.script = this.o.input === 'random' && mine ? new InputScript(this.o.seed ?? 1, 2) : null;
  }

  private onReport(r: DesyncReport): void {
    const dir = this.o.reportsDir;
    if (!dir) return this.o.log({ ev: 'desync-report', written: false, firstDifference: r.firstDifference });
    void writeDesyncReport(dir, r).then((file) => this.o.log({ ev: 'desync-report', file, firstDifference: r.firstDifference }));
  }
}

function eventFields(e: PeerEvent): Record<string, unknown> {
  const { t: _t, ...rest } = e as PeerEvent & Record<string, unknown>;
  return 'match' in rest ? {} : rest;
}
