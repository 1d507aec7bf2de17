/**
 * The match part of the end-to-end test hook (`window.__bb.match`): state to wait on, and knobs
 * that let a test (or the benchmark) finish a whole match quickly — fast-forward K frames
 * synchronously, run at N× speed, or stop drawing frames. Read-only with respect to the World.
 */
import { FX_ONE } from '../../../core/math';
import { scoreboard, type ScoreRow } from '../../game/simApi';
import type { ReadoutValues } from '../../hud/Readout';
import type { MatchController } from './MatchController';
import type { CursorState } from './matchInput';

export interface MatchHook {
  state(): {
    frame: number;
    lengthFrames: number;
    ended: boolean;
    paused: boolean;
    mySlot: number | null;
    players: { slot: number; name: string; color: string; bot: boolean }[];
    scoreboard: ScoreRow[];
  };
  /** Steps up to `frames` logic frames now; returns how many ran. */
  fastForward(frames: number): number;
  setSpeed(times: number): void;
  /** false: keep simulating but draw no frames. */
  setRender(on: boolean): void;
  /** Camera: distance (clamped like the wheel) and/or the ball to follow (null = free). */
  camera(opts: { distance?: number; follow?: number | null }): { distance: number; following: number | null };
  /** A* path segments drawn by the grid layer at the last frame. */
  pathSegments(): number;
  grid(): boolean;
  toggleGrid(): boolean;
  readout(): ReadoutValues | null;
  cursor(): { x: number; y: number; z: number } | null;
  /** Client pixel of a world point. */
  toScreen(x: number, y: number, z: number): { x: number; y: number };
  /** Per ball: display position (x, z: where it is drawn) and simulation position (simX, simZ), in world units. */
  balls(): { slot: number; x: number; z: number; simX: number; simZ: number; radius: number; alive: boolean; shown: boolean; shielded: boolean }[];
  /** Whether your own ball's marker ring was drawn at the last frame; spawn-protection shells drawn. */
  marks(): { marker: boolean; shields: number };
  pellets(): { live: number; drawn: number };
  labels(): string[];
  killFeed(): number;
  info(): { calls: number; triangles: number; geometries: number; textures: number; programs: number; shadows: boolean; antialias: boolean };
  /** JS ms per display frame (view + HUD + render) and per logic step, oldest first. */
  perf(): { renderMs: number[]; simMs: number[]; renderedFrames: number; steps: number };
  /** Frames drawn and steps run so far (cheap to poll: allocates almost nothing). */
  counts(): { renderedFrames: number; steps: number };
  resetPerf(): void;
  /** ms from the Start click to the first logic step. */
  startLatencyMs(): number;
  /** ms from the Start click to: map and tileset loaded, world created, view built, first step, first frame drawn. */
  startTimings(): { loaded: number; world: number; view: number; firstStep: number; firstFrame: number };
}

function ring(buf: Float64Array, count: number): number[] {
  const n = Math.min(count, buf.length);
  const out: number[] = [];
  for (let i = count - n; i < count; i++) out.push(buf[i % buf.length]!);
  return out;
}

/** performance.now() at the steps of starting a match (the Start click, resources loaded, …). */
export interface StartMarks {
  click: number;
  loaded: number;
  world: number;
  view: number;
}

type ViewProbes = Pick<MatchHook, 'camera' | 'pathSegments' | 'grid' | 'toggleGrid' | 'readout' | 'cursor' | 'toScreen' | 'balls' | 'marks' | 'pellets' | 'labels' | 'killFeed' | 'info'>;
type PerfProbes = Pick<MatchHook, 'perf' | 'counts' | 'resetPerf' | 'startLatencyMs' | 'startTimings'>;

/** What the view and HUD show. */
function viewProbes(ctrl: MatchController, cursor: CursorState): ViewProbes {
  const { view, hud, session } = ctrl;
  const B = session.world.balls;
  return {
    camera: (o) => {
      if (o.distance !== undefined) view.rig.zoomBy(Math.log(o.distance / view.rig.distance) / 0.001);
      if (o.follow !== undefined) view.rig.follow(o.follow);
      return { distance: view.rig.distance, following: view.rig.following };
    },
    pathSegments: () => view.grid.segments,
    grid: () => view.grid.visible,
    toggleGrid: () => ctrl.toggleGrid(),
    readout: () => hud.readout.last,
    cursor: () => cursor.world,
    toScreen: (x, y, z) => view.toScreen(x, y, z),
    balls: () =>
      session.players.map(({ slot }) => ({
        slot,
        x: view.smoother.x[slot]!,
        z: view.smoother.z[slot]!,
        simX: B.x[slot]! / FX_ONE,
        simZ: B.y[slot]! / FX_ONE,
        radius: B.radius[slot]! / FX_ONE,
        alive: B.alive[slot] !== 0,
        shown: view.balls.shown[slot] === 1,
        shielded: B.shield[slot]! > 0,
      })),
    marks: () => ({ marker: view.balls.marker.visible, shields: view.shields.drawn }),
    pellets: () => ({ live: view.pellets.live, drawn: view.pellets.drawn }),
    labels: () => [...(view.labels?.texts ?? [])],
    killFeed: () => hud.feed.total,
    info: () => {
      const i = view.renderer.info;
      return { calls: i.render.calls, triangles: i.render.triangles, geometries: i.memory.geometries, textures: i.memory.textures, programs: i.programs?.length ?? 0, shadows: view.renderer.shadowMap.enabled, antialias: view.renderer.getContextAttributes().antialias === true };
    },
  };
}

/** Costs and start-up timings. */
function perfProbes(ctrl: MatchController, marks: StartMarks): PerfProbes {
  const since = (t: number): number => (t > 0 ? t - marks.click : -1);
  return {
    perf: () => ({ renderMs: ring(ctrl.renderMs, ctrl.renderCount), simMs: ring(ctrl.simMs, ctrl.simCount), renderedFrames: ctrl.renderCount, steps: ctrl.simCount }),
    counts: () => ({ renderedFrames: ctrl.renderCount, steps: ctrl.simCount }),
    resetPerf: () => {
      ctrl.renderCount = 0;
      ctrl.simCount = 0;
    },
    startLatencyMs: () => since(ctrl.firstStepAt),
    startTimings: () => ({ loaded: since(marks.loaded), world: since(marks.world), view: since(marks.view), firstStep: since(ctrl.firstStepAt), firstFrame: since(ctrl.firstFrameAt) }),
  };
}

/** The hook object for the match `ctrl` runs. */
export function matchHook(ctrl: MatchController, cursor: CursorState, marks: StartMarks): MatchHook {
  const s = ctrl.session;
  const w = s.world;
  return {
    state: () => ({
      frame: w.frame,
      lengthFrames: w.settings.lengthFrames,
      ended: w.ended,
      paused: ctrl.paused,
      mySlot: s.mySlot,
      players: s.players.map((p) => ({ ...p })),
      scoreboard: scoreboard(w),
    }),
    fastForward: (frames) => ctrl.fastForward(frames),
    setSpeed: (times) => void (ctrl.loop.speed = times),
    setRender: (on) => void (ctrl.renderEnabled = on),
    ...viewProbes(ctrl, cursor),
    ...perfProbes(ctrl, marks),
  };
}
