/**
 * Runs a match on screen: the display loop (requestAnimationFrame) drives the fixed 30 Hz
 * simulation through FixedStepLoop — or, for a self-paced lockstep session, calls its `drive`
 * once per animation frame (its pacer blocks and catches up) — feeds each logic frame's events
 * to the view and HUD, and renders between logic frames. Owns pause, grid toggle, fast-forward
 * (tests) and the end of the match. The session is the only thing that steps the World; the
 * view only reads it. In last ball standing a player who is out watches the rest: the spectator's
 * follow camera comes up, on the leader still in.
 * Costs are measured in JS time (performance.now): per logic step and per display frame
 * (view + HUD + renderer.render's JS; the GPU is not included).
 */
import type { Settings } from '../../../electron/contract';
import { Controls } from '../../game/Controls';
import { FixedStepLoop } from '../../game/FixedStepLoop';
import { resultsOf, type MatchResults, type OfflineSetup } from '../../game/results';
import type { Match } from '../../game/match';
import { FRAME_RATE, scoreboard } from '../../game/simApi';
import { spectatorBar } from '../components/followCamera';
import { Hud } from '../../hud/Hud';
import { mapName } from '../../i18n/words';
import type { FrameCosts } from '../../hud/NetPanel';
import { h } from '../dom';
import { MatchView } from '../../view/MatchView';
import { CueTracker, type Cue } from '../../audio/cues';
import { sharedSound, type SoundBoard } from '../../audio/SoundBoard';

/** Display frames kept for cost statistics. */
export const PERF_SAMPLES = 600;

export interface MatchControllerOptions {
  readonly root: HTMLElement;
  readonly session: Match;
  readonly tileset: HTMLImageElement;
  readonly settings: Settings;
  readonly setup?: OfflineSetup;
  onEnd(results: MatchResults): void;
  onLeave(): void;
}

export class MatchController {
  readonly view: MatchView;
  readonly hud: Hud;
  readonly controls: Controls;
  readonly sound: SoundBoard;
  readonly loop = new FixedStepLoop({ rate: FRAME_RATE });
  readonly el: HTMLElement;
  /**
   * When false the loop still steps the simulation and keeps the HUD's panels current, but draws
   * no frame: neither the 3D view nor the minimap (tests; see drawsAtStart).
   */
  renderEnabled = true;
  /** JS ms of the last PERF_SAMPLES display frames and logic steps (ring buffers). */
  readonly renderMs = new Float64Array(PERF_SAMPLES);
  readonly simMs = new Float64Array(PERF_SAMPLES);
  renderCount = 0;
  simCount = 0;
  /** Called after each drawn frame (input uses it to keep the cursor readout current). */
  afterFrame: (() => void) | null = null;
  /** performance.now() of the first logic step (start-latency measurement). */
  firstStepAt = 0;
  /** performance.now() when the first display frame was drawn. */
  firstFrameAt = 0;
  private readonly cues = new CueTracker();
  private readonly cueList: Cue[] = [];
  private readonly costs: FrameCosts = { simMs: 0, renderMs: 0, fps: 0, calls: 0 };
  private raf = 0;
  private last = 0;
  private finished = false;
  /** The follow camera's bar once my player is out of a last-ball-standing match. */
  private outBar: { el: HTMLElement; dispose: () => void } | null = null;
  private disposed = false;
  private fpsFrames = 0;
  private fpsSince = 0;
  /**
   * Around every logic frame, whoever paces it: input (offline: it applies at the next frame
   * anyway), interpolation, costs, view and HUD events.
   */
  private stepStart = 0;
  private readonly stepHooks = {
    before: (): void => {
      const s = this.opts.session;
      if (!s.drive) this.pollControls();
      this.view.beforeStep();
      this.stepStart = performance.now();
    },
    after: (): void => {
      const t0 = this.stepStart;
      if (this.firstStepAt === 0) this.firstStepAt = t0;
      this.simMs[this.simCount++ % PERF_SAMPLES] = performance.now() - t0;
      this.view.onStep();
      this.hud.onStep(t0);
      this.checkOut();
      if (!this.view.quiet) for (const c of this.cues.step(this.opts.session.world, this.opts.session.mySlot, this.cueList)) this.sound.play(c);
    },
  };

  constructor(private readonly opts: MatchControllerOptions) {
    const { session, settings } = opts;
    const stage = h('div', { className: 'match-stage' });
    this.el = h('div', { className: 'match', testId: 'match' }, stage);
    opts.root.append(this.el);
    this.view = new MatchView(stage, session, opts.tileset, { shadows: settings.graphics.shadows, pixelRatio: settings.graphics.pixelRatio });
    this.hud = new Hud(session, settings.keys, { resume: () => this.closeMenu(), leave: () => this.leave(), drop: (slots) => session.voteDrop?.(slots) });
    this.el.append(this.hud.el);
    this.controls = new Controls(settings.keys);
    this.sound = sharedSound(settings.sound);
    this.hud.setMuted(this.sound.muted);
  }

  get session(): Match {
    return this.opts.session;
  }

  get paused(): boolean {
    return this.loop.paused;
  }

  /**
   * Starts the clock: the first logic frame runs now (the match is live from this moment; the
   * first display frame follows on the next animation frame, which may take a while to come while
   * the GPU compiles shaders), then the display loop takes over.
   */
  start(): void {
    this.last = performance.now();
    this.fpsSince = this.last;
    // A self-paced (lockstep) session starts on its own clock, at the first animation frame.
    if (!this.opts.session.drive) this.runSteps(1);
    this.raf = requestAnimationFrame(this.tick);
  }

  /** Steps up to `frames` logic frames now, synchronously (stops at the end of the match). */
  runSteps(frames: number): number {
    const s = this.opts.session;
    let done = 0;
    while (done < frames && s.available() > 0 && !s.world.ended) {
      this.stepHooks.before();
      s.stepOnce();
      this.stepHooks.after();
      done++;
    }
    return done;
  }

  /** Steps `frames` frames at once without effects (tests); the view snaps to the new positions. */
  fastForward(frames: number): number {
    if (this.opts.session.drive) return 0; // the network paces a lockstep match
    this.view.quiet = true;
    const n = this.runSteps(frames);
    this.view.quiet = false;
    this.view.smoother.snapAll();
    this.loop.reset();
    this.checkEnd();
    return n;
  }

  togglePause(): void {
    if (!this.opts.session.canPause) return void this.opts.session.requestPause?.();
    this.loop.paused = !this.loop.paused;
    this.hud.menu.pauseBanner.hidden = !this.loop.paused || this.hud.menu.isOpen;
  }

  /** M: sound off or on for this match (Settings keeps the saved choice). */
  toggleMute(): boolean {
    const muted = this.sound.toggleMute();
    this.hud.setMuted(muted);
    return muted;
  }

  toggleGrid(): boolean {
    const on = !this.view.grid.visible;
    this.view.grid.visible = on;
    this.hud.readout.visible = on;
    return on;
  }

  openMenu(): void {
    this.hud.menu.open();
    this.controls.releaseAll();
    if (this.opts.session.canPause) this.loop.paused = true;
    this.hud.menu.pauseBanner.hidden = true;
  }

  closeMenu(): void {
    this.hud.menu.close();
    this.loop.paused = false;
    this.loop.reset();
  }

  /** Leaves the match for the menu (after the Escape menu's confirmation). */
  leave(): void {
    this.dispose();
    this.opts.onLeave();
  }

  /** Stops the loop and frees the GPU resources; safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    cancelAnimationFrame(this.raf);
    this.finished = true;
    this.outBar?.dispose();
    this.view.dispose();
    this.opts.session.dispose();
    this.el.remove();
  }

  private readonly tick = (now: number): void => {
    if (this.finished) return;
    const dt = Math.max(0, now - this.last);
    this.last = now;
    const s = this.opts.session;
    let alpha: number;
    if (s.drive) {
      // Every display frame: the intent leaves for main at once, and a predicted ball answers now.
      this.pollControls();
      alpha = this.loop.follow(dt, s.drive(now, this.stepHooks));
    } else {
      const plan = this.loop.advance(dt, s.available());
      if (plan.steps > 0) this.runSteps(plan.steps);
      alpha = plan.alpha;
    }
    if (this.checkEnd()) return;
    if (this.renderEnabled) this.draw(alpha, dt, now);
    else this.hud.updatePanels(this.costs, now);
    for (const c of this.cues.overlays(this.hud.wait.isOpen, s.chatLog, s.mySlot, this.cueList)) this.sound.play(c);
    this.raf = requestAnimationFrame(this.tick);
  };

  private draw(alpha: number, dt: number, now: number): void {
    const t0 = performance.now();
    this.view.frame(alpha, dt, this.loop.speed);
    this.afterFrame?.();
    this.hud.update(this.view, this.costs, now);
    const ms = performance.now() - t0;
    if (this.firstFrameAt === 0) this.firstFrameAt = t0 + ms;
    this.renderMs[this.renderCount++ % PERF_SAMPLES] = ms;
    this.fpsFrames++;
    if (now - this.fpsSince >= 1000) {
      this.costs.fps = (this.fpsFrames * 1000) / (now - this.fpsSince);
      this.costs.renderMs = mean(this.renderMs, this.renderCount, this.fpsFrames);
      this.costs.simMs = mean(this.simMs, this.simCount, Math.min(this.simCount, FRAME_RATE));
      this.fpsFrames = 0;
      this.fpsSince = now;
    }
    this.costs.calls = this.view.renderer.info.render.calls;
  }

  /** The page was hidden or shown again: the released keys go out first, then the session is told. */
  setAway(hidden: boolean): void {
    if (this.disposed) return;
    if (hidden) this.pollControls();
    this.opts.session.setAway?.(hidden);
  }

  private pollControls(): void {
    const input = this.controls.poll();
    if (input) this.opts.session.submit(input);
  }

  /** Last ball standing: once my player is out, the follow camera (on the leader still in) and its picker. */
  private checkOut(): void {
    const s = this.opts.session;
    const w = s.world;
    if (this.outBar || s.mySlot === null || !w.settings.mode.lastStanding || w.players.alive[s.mySlot] !== 0) return;
    this.outBar = spectatorBar(this.view, s.players);
    this.el.append(this.outBar.el);
    const leader = scoreboard(w).find((r) => r.alive);
    if (leader) this.view.followPlayer(leader.slot);
  }

  /** Ends the match when the world says so: results screen. */
  private checkEnd(): boolean {
    const s = this.opts.session;
    if (this.finished || !s.world.ended || s.holdAtEnd) return false;
    const results = resultsOf(s.world, mapName(s.map.id, s.map.name), s.players, s.history, s.mySlot, this.opts.setup);
    this.dispose();
    this.opts.onEnd(results);
    return true;
  }
}

/** Mean of the last `n` samples of a ring buffer holding `count` samples in total. */
function mean(ring: Float64Array, count: number, n: number): number {
  const k = Math.min(n, count, ring.length);
  let sum = 0;
  for (let i = 1; i <= k; i++) sum += ring[(count - i) % ring.length]!;
  return k > 0 ? sum / k : 0;
}
