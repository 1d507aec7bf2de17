/**
 * A networked match in the page: the real simulation (SimGame) run by core's MatchLoop from the
 * confirmed updates main pushes through NetPort (the loop's LoopPeer, the only sender of loop
 * messages). The runner's FramePacer owns the pace (blocking, phase alignment, bounded catch-up),
 * so the display loop calls `drive` once per animation frame and the view hooks run around each
 * logic frame. My input goes to main as intent; chat, pause and drop votes as actions. Desyncs
 * named by the host produce a report (the loop's DesyncReporter) written through main, and a
 * notice naming who diverged.
 * Players are ball ids 0..n-1 in ascending lobby-slot order (SimGame's mapping); the wait dialog
 * and votes speak lobby slots. Every key is recorded as it begins (core/replay's LockstepRecorder);
 * the replay goes to `onReplay` when the session ends, finished or left. A match joined running
 * (`resume`: a rejoin, a spectator mid-match) restores the snapshot, starts at the snapshot's key
 * and fast-forwards the backlog (MatchLoop, as on every peer); it records no replay (the file
 * format starts at key 0).
 * Bot trees: the match's, as main handed them with the start (NetStart.trees: this app's files or
 * the host's), compiled here with no fallback; trees whose fingerprint is not the start's are
 * refused (the match screen shows why) rather than run a simulation the other peers do not. The
 * replay records the same brains, so its header names the match's trees.
 * With `predict` (the "Predict my ball" setting) a player's own ball is drawn from OwnPrediction:
 * a scratch world run ahead over my pending input, never the confirmed world; spectators never predict.
 */
import { teamColored } from './colors';
import type { NetAction, NetEvent, NetRoom, NetStart } from '../../electron/contract';
import type { GameMap } from '../../core/map';
import { compileTreeSet } from '../../core/ai';
import type { BotBrains } from '../../core/ai';
import { LockstepRecorder } from '../../core/replay';
import { PROTOCOL_VERSION } from '../../core/lockstep';
import { errorText, t } from '../i18n';
import { waitStateOf } from './waitState';
import { paletteColor } from './colors';
import { MassHistory } from './MassHistory';
import { confirmedView, OwnCellsPredictor } from './OwnPrediction';
import type { ConfirmedView, OwnPrediction } from './OwnPrediction';
import type { NetPort } from './netPort';
import type { ChatLine, Match, NetOverlay, NetStats, PlayerInfo, StepHooks } from './match';
import { FRAME_RATE, MatchLoop, SimGame, SlotKind } from './simApi';
import type { DesyncReport, KeyUpdate, LobbySlot, LockstepRunner, MatchStart, PlayerInput, ResumePoint, World } from './simApi';

/** Where a match joined running starts (core's ResumePoint). */
export type ResumeFrom = ResumePoint;

/** What the match asks of main besides the lockstep port. */
export interface NetCalls {
  act(a: NetAction): void;
  /** Writes a desync report; resolves to its file. */
  report(r: DesyncReport): Promise<string>;
}

export interface LockstepMatchOptions {
  readonly map: GameMap;
  readonly start: NetStart;
  readonly port: NetPort;
  /** The lobby as the match started (names and colours). */
  readonly slots: readonly LobbySlot[];
  readonly calls: NetCalls;
  readonly appVersion: string;
  readonly myName: string;
  /** Receives the match's replay file when the session ends (finished or left). */
  readonly onReplay?: (bytes: Uint8Array) => void;
  readonly resume?: ResumeFrom | null;
  /** Draw my own ball from a prediction (the "Predict my ball" setting). */
  readonly predict?: boolean;
}

/**
 * A lobby slot's name as the page shows it: a lobby bot's is worded here ("Bot 3", "机器人 3": the
 * host's app names it in its own words on the wire), a human's is theirs.
 */
export function slotName(slot: LobbySlot | undefined, index: number): string {
  if (slot?.kind === SlotKind.Bot) return t('bot.name', { n: index + 1 });
  return slot?.name ?? '';
}

/** Players by ball id: the roster in ascending slot order, named and coloured from the lobby. */
export function playersOf(start: MatchStart, slots: readonly LobbySlot[]): PlayerInfo[] {
  return [...start.slots]
    .sort((a, b) => a.slot - b.slot)
    .map((s, ball) => {
      const lobby = slots[s.slot];
      const bot = s.kind === SlotKind.Bot;
      return { slot: ball, name: slotName(lobby, s.slot) || (bot ? t('bot.name', { n: s.slot + 1 }) : `#${s.slot + 1}`), color: paletteColor(lobby?.colour ?? s.slot), bot };
    });
}

/**
 * The match's bot brains from the start's tree sources. @throws Error (its message for the match
 * screen) when they do not compile or are not the trees the start names.
 */
export function matchBrains(start: NetStart): BotBrains {
  let brains: BotBrains;
  try {
    brains = compileTreeSet(start.trees).brains;
  } catch (e) {
    throw new Error(t('net.treesInvalid', { problem: (e as Error).message }));
  }
  if (brains.fingerprint >>> 0 !== start.start.trees >>> 0) throw new Error(t('net.treesMismatch'));
  return brains;
}

/** Snapshots kept for desync reports (key frames). */
const KEEP_SNAPSHOTS = 16;
const NOTICE_MS = 6000;
/** A desync notice stays long enough to read (and copy) its report's path, then clears. */
export const DESYNC_NOTICE_MS = 30_000;

export class LockstepMatch implements Match {
  readonly world: World;
  readonly map: GameMap;
  readonly players: readonly PlayerInfo[];
  readonly mySlot: number | null;
  readonly history: MassHistory;
  readonly canPause = false;
  readonly chatLog: ChatLine[] = [];
  readonly sim: SimGame;
  readonly loop: MatchLoop;
  /** Fault injection (tests): the loop stops running, as a frozen machine would. */
  frozen = false;
  private pause: NetRoom['pause'] = null;
  /** The room's name, to name its host when it goes quiet; null on the hosting app (never silent to itself). */
  private hostRoom: string | null = null;
  private slots: readonly LobbySlot[];
  private notice: { text: string; until: number } | null = null;
  private readonly recorder: LockstepRecorder | null;
  private disposed = false;
  /** The view's hooks of the last drive, and the loop's hooks around them (history sampling). */
  private viewHooks: StepHooks | null = null;
  private readonly loopHooks = { before: () => this.viewHooks?.before(), after: () => this.afterStep() };
  private readonly predictor: OwnCellsPredictor | null;
  private readonly confirmed: ConfirmedView;

  constructor(private readonly o: LockstepMatchOptions) {
    this.map = o.map;
    this.slots = o.slots;
    // The match's trees, as every other peer runs them: bots must decide identically everywhere.
    const brains = matchBrains(o.start);
    this.sim = new SimGame(o.map, o.start.start, brains);
    this.world = this.sim.world;
    this.players = teamColored(playersOf(o.start.start, o.slots), this.world.settings.mode);
    this.mySlot = o.start.player ? this.sim.ball(o.start.slot) : null;
    if (this.mySlot === -1) this.mySlot = null;
    const bySlot = [...o.start.start.slots].sort((a, b) => a.slot - b.slot);
    const roster = bySlot.map((s, ball) => ({ slot: s.slot, name: this.players[ball]?.name ?? '', colour: this.players[ball]?.color ?? '' }));
    const recorder = o.resume ? null : new LockstepRecorder({ appVersion: o.appVersion, protocolVersion: PROTOCOL_VERSION, date: new Date().toISOString(), map: o.map, brains }, o.start.start, roster, this.sim);
    this.recorder = recorder;
    // Throws SnapshotError on a blob of another match: the match screen shows why.
    this.loop = new MatchLoop({
      peer: o.port,
      game: this.sim,
      resume: o.resume ?? null,
      keepSnapshots: KEEP_SNAPSHOTS,
      // Each key is recorded as it begins, before its events apply.
      ...(recorder ? { onBegin: (key: number, u: KeyUpdate, hash: number) => recorder.key(key, u, hash) } : {}),
      reports: { appVersion: o.appVersion, name: o.myName, onReport: (r) => this.onReport(r) },
    });
    this.history = new MassHistory(this.players.length, this.world.settings.lengthFrames);
    this.history.maybeSample(this.world);
    const sim = this.sim;
    this.predictor = o.predict && this.mySlot !== null ? new OwnCellsPredictor(this.world, this.mySlot, o.start.slot, (slot) => sim.ball(slot), sim.bots.control) : null;
    this.confirmed = confirmedView(this.world, this.loop.runner, o.port);
  }

  ownPrediction(): OwnPrediction | null {
    return this.predictor && !this.frozen ? this.predictor.predict(this.confirmed) : null;
  }

  get runner(): LockstepRunner {
    return this.loop.runner;
  }

  get port(): NetPort {
    return this.o.port;
  }

  drive(now: number, hooks: StepHooks): number {
    if (this.frozen || this.loop.finished) return 0;
    this.viewHooks = hooks;
    try {
      return this.loop.tick(now, this.loopHooks);
    } finally {
      this.viewHooks = null;
    }
  }

  private afterStep(): void {
    this.history.maybeSample(this.world);
    this.viewHooks?.after();
  }

  /** Confirmed logic frames not yet run. */
  available(): number {
    const r = this.runner;
    return Math.max(0, Math.min((this.o.port.recvKey + 1) * r.keyInterval, r.totalFrames) - r.frame);
  }

  stepOnce(): void {
    throw new Error('LockstepMatch: frames run through drive()'); // controller bug
  }

  submit(input: PlayerInput): void {
    if (this.mySlot === null || this.frozen) return;
    this.o.port.setIntent(input);
    this.predictor?.setIntent(input, this.o.port.recvKey);
  }

  chat(text: string, team: boolean): void {
    const clean = text.trim().slice(0, 200);
    if (clean) this.o.calls.act({ t: 'chat', text: clean, team });
  }

  requestPause(): void {
    this.o.calls.act({ t: 'pause', pause: !(this.pause?.paused ?? false) });
  }

  voteDrop(slots: readonly number[]): void {
    for (const slot of slots) this.o.calls.act({ t: 'vote', slot });
  }

  net(): NetStats {
    const s = this.o.port.status;
    return {
      rttMs: s?.rttMs ?? 0,
      inputDelayFrames: Math.round((this.o.port.delay * FRAME_RATE) / 1000),
      keyFrameBuffer: this.available(),
      bytesInPerSec: s?.bytesInPerSec ?? 0,
      bytesOutPerSec: s?.bytesOutPerSec ?? 0,
      stalls: this.o.port.stalls,
      waitedMost: this.waitedMost(),
      predictFrames: this.predictor ? this.predictor.window : null,
      correctionCells: this.predictor?.lastCorrection ?? null,
      frames: s?.frames ?? null,
    };
  }

  private waitedMost(): NetStats['waitedMost'] {
    let most: { slot: number; ms: number } | null = null;
    for (const w of this.o.port.waitedBySlot()) if (w.ms > (most?.ms ?? 0)) most = w;
    return most ? { name: this.nameOf(most.slot), ms: most.ms } : null;
  }

  overlay(now: number): NetOverlay {
    const lookup = (slot: number): { name: string; color: string } | null => {
      const s = this.slots[slot];
      return s ? { name: s.name, color: paletteColor(s.colour) } : null;
    };
    const st = this.o.port.status;
    const host = this.hostRoom !== null && st ? { silentMs: st.hostSilentMs, name: t('wait.hostOf', { room: this.hostRoom }) } : undefined;
    const wait = this.frozen ? null : waitStateOf(this.o.port.blockedMs(now), st?.status ?? null, lookup, host);
    if (this.notice && this.notice.until < now) this.notice = null;
    return { wait, paused: this.pause?.paused ?? false, notice: this.notice?.text ?? null };
  }

  onSession(s: NetRoom): void {
    this.pause = s.pause;
    this.hostRoom = s.owner ? null : s.settings.roomName;
    if (s.slots.length > 0) this.slots = s.slots;
  }

  onEvent(e: NetEvent): void {
    const now = performance.now();
    this.loop.onEvent(now, e);
    if (e.t === 'chat') this.chatLog.push({ slot: this.sim.ball(e.from), text: e.text, team: e.team });
    // A host's ball left with its host (why 6): the 'hosting' line says so.
    else if (e.t === 'dropped' && e.why !== 6) this.say(t(e.why === 5 ? 'net.resyncing' : 'net.dropped', { name: this.nameOf(e.slot) }), now + NOTICE_MS);
    else if (e.t === 'hosting') {
      const left = this.slots[e.left]?.name || t('net.theHost');
      this.say(e.me ? t('net.hostingMe', { left }) : t('net.hosting', { left, host: this.slots[e.slot]?.name || t('net.aSpectator') }), now + NOTICE_MS);
    }
    else if (e.t === 'desync') this.say(t('net.desync', { key: e.key, names: e.slots.map((s) => this.nameOf(s)).join(', ') }), now + DESYNC_NOTICE_MS);
    else if (e.t === 'end' && !e.agreed) this.say(t('net.endDisagreed'), Infinity);
    else if (e.t === 'takeover' && e.slot === this.o.start.slot && this.o.start.player) this.say(t('net.takeover'), now + NOTICE_MS);
  }

  setAway(hidden: boolean): void {
    this.o.port.setAway(hidden);
  }

  dispose(): void {
    this.viewHooks = null;
    if (this.disposed) return;
    this.disposed = true;
    if (this.recorder && this.runner.frame > 0 && this.o.onReplay) this.o.onReplay(this.recorder.finish(this.runner.frame, this.sim.hash(), this.world, this.world.ended));
  }

  private nameOf(slot: number): string {
    return this.slots[slot]?.name || `#${slot + 1}`;
  }

  private say(text: string, until: number): void {
    this.notice = { text, until };
  }

  private onReport(r: DesyncReport): void {
    const names = r.diverged.map((s) => this.nameOf(s)).join(', ');
    this.o.calls.report(r).then(
      (file) => this.say(t('net.desyncReport', { key: r.detectedKey, names, file }), performance.now() + DESYNC_NOTICE_MS),
      (e: unknown) => this.say(t('net.desyncReportFailed', { key: r.detectedKey, names, reason: errorText(e) }), performance.now() + DESYNC_NOTICE_MS),
    );
  }
}
