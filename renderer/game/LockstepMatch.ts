/**
 * A networked match in the page: the real simulation (SimGame) run by the LockstepRunner from the
 * confirmed updates main pushes through NetPort. The runner's FramePacer owns the pace (blocking,
 * phase alignment, bounded catch-up), so the display loop calls `drive` once per animation frame
 * and the view hooks run around each logic frame. My input goes to main as intent; chat, pause
 * and drop votes as actions. Desyncs named by the host produce a report (core's DesyncReporter)
 * written through main, and a notice naming who diverged.
 * Players are ball ids 0..n-1 in ascending lobby-slot order (SimGame's mapping); the wait dialog
 * and votes speak lobby slots. Every key is recorded as it begins (core/replay's LockstepRecorder);
 * the replay goes to `onReplay` when the session ends, finished or left. A match joined running
 * (`resume`: a rejoin, a spectator mid-match) restores the snapshot, starts its runner at the
 * snapshot's key and fast-forwards the backlog (as HeadlessPlayer does); it records no replay
 * (the file format starts at key 0).
 */
import type { NetAction, NetEvent, NetLoopMsg, NetSession, NetStart } from '../../electron/contract';
import type { GameMap } from '../../core/map';
import { defaultBrains } from '../../core/ai';
import { LockstepRecorder } from '../../core/replay';
import { PROTOCOL_VERSION } from '../../core/lockstep';
import { t } from '../i18n';
import { waitStateOf } from '../hud/waitState';
import { paletteColor } from './colors';
import { MassHistory } from './MassHistory';
import type { NetPort } from './netPort';
import type { ChatLine, MatchSession, NetOverlay, NetStats, PlayerInfo, StepHooks } from './session';
import { DesyncReporter, FRAME_RATE, LockstepRunner, RESUME_FAST_FORWARD, SimGame, SlotKind } from './simApi';
import type { ClientPeer, DesyncReport, LobbySlot, LockstepGame, LockstepPort, MatchStart, PlayerInput, World } from './simApi';

/** Where a match joined running starts: the state before key `fromKey` (null: a fresh game). */
export interface ResumeFrom {
  readonly fromKey: number;
  readonly snapshot: Uint8Array | null;
}

/** What the match sends through the bridge. */
export interface NetLink {
  loop(m: NetLoopMsg): void;
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
  readonly link: NetLink;
  readonly appVersion: string;
  readonly myName: string;
  /** Receives the match's replay file when the session ends (finished or left). */
  readonly onReplay?: (bytes: Uint8Array) => void;
  readonly resume?: ResumeFrom | null;
}

/** Players by ball id: the roster in ascending slot order, named and coloured from the lobby. */
export function playersOf(start: MatchStart, slots: readonly LobbySlot[]): PlayerInfo[] {
  return [...start.slots]
    .sort((a, b) => a.slot - b.slot)
    .map((s, ball) => {
      const lobby = slots[s.slot];
      const bot = s.kind === SlotKind.Bot;
      return { slot: ball, name: lobby?.name || (bot ? t('bot.name', { n: s.slot + 1 }) : `#${s.slot + 1}`), color: paletteColor(lobby?.colour ?? s.slot), bot };
    });
}

/** Snapshots kept for desync reports (key frames). */
const KEEP_SNAPSHOTS = 16;
const NOTICE_MS = 6000;

export class LockstepMatch implements MatchSession {
  readonly world: World;
  readonly map: GameMap;
  readonly players: readonly PlayerInfo[];
  readonly mySlot: number | null;
  readonly history: MassHistory;
  readonly canPause = false;
  readonly chatLog: ChatLine[] = [];
  readonly sim: SimGame;
  readonly runner: LockstepRunner;
  /** Fault injection (tests): the loop stops running, as a frozen machine would. */
  frozen = false;
  private hooks: StepHooks | null = null;
  private readonly reporter: DesyncReporter;
  private pause: NetSession['pause'] = null;
  private slots: readonly LobbySlot[];
  private notice: { text: string; until: number } | null = null;
  private readonly recorder: LockstepRecorder | null;
  private disposed = false;

  constructor(private readonly o: LockstepMatchOptions) {
    this.map = o.map;
    this.slots = o.slots;
    // Built-in trees, like every other peer's loop (HeadlessPlayer): bots must decide identically everywhere.
    const brains = defaultBrains();
    this.sim = new SimGame(o.map, o.start.start, brains);
    // Throws SnapshotError on a blob of another match: the match screen shows why.
    if (o.resume?.snapshot) this.sim.restore(o.resume.snapshot);
    this.world = this.sim.world;
    this.players = playersOf(o.start.start, o.slots);
    this.mySlot = o.start.player ? this.sim.ball(o.start.slot) : null;
    if (this.mySlot === -1) this.mySlot = null;
    this.history = new MassHistory(this.players.length, this.world.settings.lengthFrames);
    this.history.maybeSample(this.world);
    const sim = this.sim;
    const game: LockstepGame = {
      step: (inputs) => {
        this.hooks?.before();
        sim.step(inputs);
        this.history.maybeSample(sim.world);
        this.hooks?.after();
      },
      hash: () => sim.hash(),
      applyEvents: (events) => sim.applyEvents(events),
      snapshot: () => sim.snapshot(),
      subHashes: () => sim.subHashes(),
    };
    const bySlot = [...o.start.start.slots].sort((a, b) => a.slot - b.slot);
    const roster = bySlot.map((s, ball) => ({ slot: s.slot, name: this.players[ball]?.name ?? '', colour: this.players[ball]?.color ?? '' }));
    this.recorder = o.resume ? null : new LockstepRecorder({ appVersion: o.appVersion, protocolVersion: PROTOCOL_VERSION, date: new Date().toISOString(), map: o.map, brains }, o.start.start, roster, sim);
    const resume = o.resume ? { fromKey: o.resume.fromKey, fastForward: RESUME_FAST_FORWARD } : {};
    this.runner = new LockstepRunner(this.recordingPort(), game, { keepSnapshots: KEEP_SNAPSHOTS, ...resume });
    // DesyncReporter reads only these members of its peer (slot, match.start/updates, sendSubhashes).
    const port = o.port;
    const peer = {
      slot: o.start.slot,
      match: { start: port.start, get updates() { return port.updates; }, lastKey: port.lastKey },
      sendSubhashes: (key: number, hashes: readonly number[]) => o.link.loop({ t: 'subhashes', key, hashes }),
    };
    this.reporter = new DesyncReporter(peer as unknown as ClientPeer, this.runner, { appVersion: o.appVersion, name: o.myName }, (r) => this.onReport(r));
  }

  /** The port as the runner sees it: each key is recorded as it begins, before its events apply. */
  private recordingPort(): LockstepPort {
    const port = this.o.port;
    return {
      get match() {
        return port.match;
      },
      beginKey: (now, key, hash) => {
        const u = port.beginKey(now, key, hash);
        this.recorder?.key(key, u, hash);
        return u;
      },
      finish: (now, hash) => port.finish(now, hash),
      noteBlocked: (now) => port.noteBlocked(now),
      pace: () => port.pace(),
    };
  }

  get port(): NetPort {
    return this.o.port;
  }

  drive(now: number, hooks: StepHooks): number {
    this.reporter.tick(now);
    if (this.frozen || this.runner.finished) return 0;
    this.hooks = hooks;
    try {
      return this.runner.tick(now);
    } finally {
      this.hooks = null;
    }
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
    if (this.mySlot !== null && !this.frozen) this.o.link.loop({ t: 'intent', input });
  }

  chat(text: string): void {
    const clean = text.trim().slice(0, 200);
    if (clean) this.o.link.act({ t: 'chat', text: clean });
  }

  requestPause(): void {
    this.o.link.act({ t: 'pause', pause: !(this.pause?.paused ?? false) });
  }

  voteDrop(slots: readonly number[]): void {
    for (const slot of slots) this.o.link.act({ t: 'vote', slot });
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
    };
  }

  overlay(now: number): NetOverlay {
    const lookup = (slot: number): { name: string; color: string } | null => {
      const s = this.slots[slot];
      return s ? { name: s.name, color: paletteColor(s.colour) } : null;
    };
    const wait = this.frozen ? null : waitStateOf(this.o.port.blockedMs(now), this.o.port.status?.status ?? null, lookup);
    if (this.notice && this.notice.until < now) this.notice = null;
    return { wait, paused: this.pause?.paused ?? false, notice: this.notice?.text ?? null };
  }

  onSession(s: NetSession): void {
    this.pause = s.pause;
    if (s.slots.length > 0) this.slots = s.slots;
  }

  onEvent(e: NetEvent): void {
    const now = performance.now();
    this.reporter.onEvent(now, e);
    if (e.t === 'chat') this.chatLog.push({ slot: this.sim.ball(e.from), text: e.text });
    else if (e.t === 'dropped') this.say(t('net.dropped', { name: this.nameOf(e.slot) }), now + NOTICE_MS);
    else if (e.t === 'desync') this.say(t('net.desync', { key: e.key, names: e.slots.map((s) => this.nameOf(s)).join(', ') }), Infinity);
    else if (e.t === 'end' && !e.agreed) this.say(t('net.endDisagreed'), Infinity);
    else if (e.t === 'takeover' && e.slot === this.o.start.slot && this.o.start.player) this.say(t('net.takeover'), now + NOTICE_MS);
  }

  dispose(): void {
    this.hooks = null;
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
    this.o.link.report(r).then(
      (file) => this.say(t('net.desyncReport', { key: r.detectedKey, names, file }), Infinity),
      (e: Error) => this.say(t('net.desyncReport', { key: r.detectedKey, names, file: e.message }), Infinity),
    );
  }
}
