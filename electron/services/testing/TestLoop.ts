/**
 * Test helper: a minimal page for one app (over the in-process dispatcher or a real browser-shell
 * socket, see socketPage.ts), doing what the game screens do with the net channel — report
 * loading at 100 %, run the real simulation (SimGame) in core's MatchLoop fed through a
 * RemotePort, steer with a seeded InputScript (or by hand) — so LanRoom tests and benchmarks
 * play whole matches over real sockets. A resume (rejoin, spectator mid-match) restores the
 * snapshot and fast-forwards, as the match screen does.
 * Time: performance.now() ms; the loop ticks at 60 Hz like a display.
 */
import { performance } from 'node:perf_hooks';
import { compileTreeSet } from '../../../core/ai';
import { InputScript, MatchLoop, RemotePort, SimGame } from '../../../core/lockstep';
import type { LockstepRunner, RunnerOptions } from '../../../core/lockstep';
import type { GameMap } from '../../../core/map';
import type { PlayerInput } from '../../../core/sim';
import type { NetDown, NetEvent, NetResume, NetRoom, NetStart, NetStatus, RequestChannel, RequestOf } from '../../contract';
import type { PageBridge } from './socketPage';

export class TestLoop {
  session: NetRoom | null = null;
  start: NetStart | null = null;
  resumed: NetResume | null = null;
  port: RemotePort | null = null;
  match: MatchLoop | null = null;
  readonly events: NetEvent[] = [];
  readonly errors: string[] = [];
  statuses = 0;
  lastStatus: NetStatus | null = null;
  /** The fingerprint of the trees the match was built with (-1 before a start). */
  brains = -1;
  /** A frozen loop stops running frames and sending (the e2e's stuck renderer). */
  frozen = false;
  private script: InputScript | null = null;
  private intent: PlayerInput | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastTick = 0;
  private loadedFor = -1;
  private loads = 0;
  private readonly off: () => void;

  constructor(
    readonly bridge: PageBridge,
    private readonly loadMap: (id: string) => GameMap,
    private readonly seed: number,
    /** `manual`: no scripted input (the caller sets intents); `onKey`: each key as it runs. */
    private readonly opts: { readonly manual?: boolean; readonly onKey?: RunnerOptions['onKey'] } = {},
  ) {
    this.off = bridge.link.on((m) => this.onLink(m));
  }

  /** A request that must succeed. */
  async ask<C extends RequestChannel>(channel: C, payload: RequestOf<C>): Promise<unknown> {
    const r = await this.bridge.handle(channel, payload);
    if (!r.ok) throw new Error(r.error);
    return r.value;
  }

  private send(channel: RequestChannel, payload: unknown): void {
    void this.bridge.handle(channel, payload).then((r) => {
      if (!r.ok) this.errors.push(r.error);
    });
  }

  private onLink(m: NetDown): void {
    switch (m.t) {
      case 'session': return this.onSession(m.session);
      case 'start': return this.onStart(m.start, null);
      case 'resume':
        try {
          this.onStart(m.resume.start, m.resume);
        } catch (e) {
          this.errors.push(`resume: ${(e as Error).message}`);
        }
        return;
      case 'updates': return void this.port?.push(m.updates);
      case 'status':
        this.statuses++;
        this.lastStatus = m.status;
        this.port?.setPace(m.status.pace);
        return;
      case 'event':
        // As the match screen: the loop hears the peer's events (hosting since a takeover, it serves main snapshots).
        this.match?.onEvent(performance.now(), m.event);
        return void this.events.push(m.event);
    }
  }

  private onSession(s: NetRoom): void {
    this.session = s;
    if (s.phase === 'loading' && this.loadedFor !== this.loads) {
      this.loadedFor = this.loads;
      this.loadMap(s.settings.map);
      this.send('net:act', { t: 'progress', percent: 100 });
    }
    if (s.phase !== 'loading') this.loads++;
  }

  private onStart(s: NetStart, resume: NetResume | null): void {
    this.start = s;
    this.resumed = resume;
    const fromKey = resume?.fromKey ?? 0;
    this.port = new RemotePort(s, (m) => this.bridge.link.post(m), fromKey);
    const snapshot = resume?.snapshot ? new Uint8Array(Buffer.from(resume.snapshot, 'base64')) : null;
    const onKey = this.opts.onKey;
    // As the page: the match's trees from the start, compiled here (SimGame refuses another fingerprint).
    const brains = compileTreeSet(s.trees).brains;
    this.brains = brains.fingerprint;
    this.match = new MatchLoop({ peer: this.port, game: new SimGame(this.loadMap(s.start.settings.map), s.start, brains), resume: resume ? { fromKey, snapshot } : null, keepSnapshots: 2, ...(onKey ? { onKey } : {}) });
    this.script = s.player && !this.opts.manual ? new InputScript(this.seed, 2) : null;
    this.lastTick = performance.now();
    this.timer ??= setInterval(() => this.tick(), 1000 / 60);
  }

  private tick(): void {
    const now = performance.now();
    const dt = now - this.lastTick;
    this.lastTick = now;
    const m = this.match;
    if (!m || m.finished || this.frozen) return;
    const input = this.script?.next(dt);
    if (input && input !== this.intent) this.port?.setIntent(input);
    this.intent = input ?? null;
    m.tick(now);
  }

  get runner(): LockstepRunner | null {
    return this.match?.runner ?? null;
  }

  get finishedHash(): number | null {
    return this.match?.finishedHash ?? null;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.off();
  }
}
