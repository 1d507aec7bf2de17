/**
 * Test helper: a minimal "renderer" for one app (over the in-process dispatcher or a real browser-shell socket), doing what the game screen does with
 * the net:* channels — report loading at 100 %, run the real simulation (SimGame) in core's
 * MatchLoop fed from net:updates through a RemotePort, steer with a seeded InputScript —
 * so LanSession tests (and headless checks) can play whole matches over real sockets. A net:resume
 * (rejoin, spectator mid-match) restores the snapshot and fast-forwards, as the match screen does.
 * Time: performance.now() ms; the loop ticks at 60 Hz like a display.
 */
import { performance } from 'node:perf_hooks';
import { InputScript, MatchLoop, RemotePort, SimGame } from '../../../core/lockstep';
import type { LockstepRunner, RunnerOptions } from '../../../core/lockstep';
import type { GameMap } from '../../../core/map';
import type { PlayerInput } from '../../../core/sim';
import type { BridgeEvents, EventChannel, NetEvent, NetResume, NetSession, NetStart, RequestChannel, RequestOf } from '../../contract';
import type { PageBridge } from './socketPage';

export class TestLoop {
  session: NetSession | null = null;
  start: NetStart | null = null;
  resumed: NetResume | null = null;
  port: RemotePort | null = null;
  match: MatchLoop | null = null;
  readonly events: NetEvent[] = [];
  readonly errors: string[] = [];
  statuses = 0;
  lastStatus: BridgeEvents['net:status'] | null = null;
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
    this.off = bridge.onEvent((channel, payload) => this.onEvent(channel, payload));
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

  private onEvent(channel: EventChannel, payload: unknown): void {
    switch (channel) {
      case 'net:session': {
        const s = payload as NetSession;
        this.session = s;
        if (s.phase === 'loading' && this.loadedFor !== this.loads) {
          this.loadedFor = this.loads;
          this.loadMap(s.settings.map);
          this.send('net:act', { t: 'progress', percent: 100 });
        }
        if (s.phase !== 'loading') this.loads++;
        break;
      }
      case 'net:start': this.onStart(payload as NetStart, null); break;
      case 'net:resume':
        try {
          this.onStart((payload as NetResume).start, payload as NetResume);
        } catch (e) {
          this.errors.push(`resume: ${(e as Error).message}`);
        }
        break;
      case 'net:updates': this.port?.push((payload as BridgeEvents['net:updates']).updates); break;
      case 'net:status':
        this.statuses++;
        this.lastStatus = payload as BridgeEvents['net:status'];
        this.port?.setPace(this.lastStatus.pace);
        break;
      case 'net:event': this.events.push(payload as NetEvent); break;
      default: break;
    }
  }

  private onStart(s: NetStart, resume: NetResume | null): void {
    this.start = s;
    this.resumed = resume;
    const fromKey = resume?.fromKey ?? 0;
    this.port = new RemotePort(s, (m) => this.send('net:loop', m), fromKey);
    const snapshot = resume?.snapshot ? new Uint8Array(Buffer.from(resume.snapshot, 'base64')) : null;
    const onKey = this.opts.onKey;
    this.match = new MatchLoop({ link: this.port, game: new SimGame(this.loadMap(s.start.settings.map), s.start), resume: resume ? { fromKey, snapshot } : null, ...(onKey ? { onKey } : {}) });
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
