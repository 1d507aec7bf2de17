/**
 * The match part of the end-to-end test hook (`window.__bb.match`): state to wait on, and knobs
 * that let a test (or the benchmark) finish a whole match quickly — fast-forward K frames
 * synchronously, run at N× speed, or stop drawing frames. Read-only with respect to the World.
 */
import { FX_ONE } from '../../../core/math';
import { areaAt, cellCount, firstCell, leadCell, ownerOf, pelletValue, pelletX, pelletY, playerMass, scoreboard, teamStandings, virusRadius, type ScoreRow, type TeamRow } from '../../game/simApi';
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
    players: { slot: number; name: string; color: string; bot: boolean; team?: number }[];
    scoreboard: ScoreRow[];
    /** The match mode: teams (0 free-for-all), each player's team, last ball standing. */
    mode: { teams: number; team: number[]; lastStanding: boolean };
    /** The closing area now, in cells (last ball standing), else null. */
    area: { x: number; y: number; radius: number } | null;
    /** Team standings (empty in free-for-all). */
    teams: TeamRow[];
    /** Whether the follow camera's bar is up (a spectator, or out of last ball standing). */
    spectating: boolean;
  };
  /** [eater, victim] of every player eaten so far this match (the kill feed's lines, oldest first). */
  kills(): [number, number][];
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
  /**
   * Per player, its lead cell (its biggest shown one, else its biggest): display position (x, z:
   * where it is drawn) and simulation position (simX, simZ), in world units; `cells`: live cells.
   */
  balls(): { slot: number; x: number; z: number; simX: number; simZ: number; radius: number; alive: boolean; shown: boolean; shielded: boolean; cells: number; mass: number }[];
  /** Per live cell as drawn: id, owner, display and simulation position (world units), radius, mass, shown. */
  cells(): { id: number; slot: number; x: number; z: number; simX: number; simZ: number; radius: number; mass: number; shown: boolean }[];
  /** Blobs and viruses in the world, and drawn; each virus's simulation position and radius (world units). */
  bodies(): { blobs: number; viruses: number; drawnBlobs: number; drawnViruses: number; virusAt: { x: number; z: number; radius: number }[] };
  /** Whether your own cells' marker rings were drawn at the last frame; spawn-protection shells drawn. */
  marks(): { marker: boolean; shields: number };
  /** Live pellets in the world (and their simulation positions, world units), drawn. */
  pellets(): { live: number; drawn: number; at: { x: number; z: number }[] };
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

type ViewProbes = Pick<MatchHook, 'camera' | 'pathSegments' | 'grid' | 'toggleGrid' | 'readout' | 'cursor' | 'toScreen' | 'balls' | 'cells' | 'bodies' | 'marks' | 'pellets' | 'labels' | 'killFeed' | 'info'>;
type PerfProbes = Pick<MatchHook, 'perf' | 'counts' | 'resetPerf' | 'startLatencyMs' | 'startTimings'>;

/** What the view and HUD show. */
function viewProbes(ctrl: MatchController, cursor: CursorState): ViewProbes {
  const { view, hud, session } = ctrl;
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
      session.players.map(({ slot }) => {
        const w = session.world;
        // The view's lead is the last drawn frame's: while nothing is drawn, the simulation's.
        const lead = ctrl.renderEnabled && view.cells.lead[slot]! >= 0 ? view.cells.lead[slot]! : leadCell(w, slot);
        const at = lead >= 0 ? lead : firstCell(slot);
        return {
          slot,
          x: view.smoother.x[at]!,
          z: view.smoother.z[at]!,
          simX: w.cells.x[at]! / FX_ONE,
          simZ: w.cells.y[at]! / FX_ONE,
          radius: w.cells.radius[at]! / FX_ONE,
          alive: w.players.alive[slot] !== 0,
          shown: view.cells.playerShown[slot] === 1,
          shielded: w.players.shield[slot]! > 0,
          cells: cellCount(w, slot),
          mass: playerMass(w, slot),
        };
      }),
    cells: () => {
      const d = view.display;
      const out: ReturnType<MatchHook['cells']> = [];
      for (let c = 0; c < d.mass.length; c++) {
        if (d.mass[c] === 0) continue;
        out.push({ id: c, slot: ownerOf(c), x: view.smoother.x[c]!, z: view.smoother.z[c]!, simX: d.x[c]! / FX_ONE, simZ: d.y[c]! / FX_ONE, radius: d.radius[c]! / FX_ONE, mass: d.mass[c]!, shown: view.cells.shown[c] === 1 });
      }
      return out;
    },
    bodies: () => {
      const w = session.world;
      const V = w.viruses;
      const virusAt: { x: number; z: number; radius: number }[] = [];
      for (let v = 0; v < V.mass.length; v++) if (V.mass[v] !== 0) virusAt.push({ x: V.x[v]! / FX_ONE, z: V.y[v]! / FX_ONE, radius: virusRadius(V.mass[v]!) / FX_ONE });
      return {
        blobs: w.blobs.life.reduce((n, l) => n + (l !== 0 ? 1 : 0), 0),
        viruses: virusAt.length,
        drawnBlobs: view.blobs.drawn,
        drawnViruses: view.viruses.drawn,
        virusAt,
      };
    },
    marks: () => ({ marker: view.cells.marked > 0, shields: view.shields.drawn }),
    pellets: () => {
      const at: { x: number; z: number }[] = [];
      for (const word of session.world.pellets.word) if (pelletValue(word) !== 0) at.push({ x: pelletX(word) / FX_ONE, z: pelletY(word) / FX_ONE });
      return { live: view.pellets.live, drawn: view.pellets.drawn, at };
    },
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
      mode: { teams: w.settings.mode.teams, team: [...w.settings.mode.team], lastStanding: w.settings.mode.lastStanding },
      area: w.settings.mode.lastStanding ? ((a) => ({ x: a.x / FX_ONE, y: a.y / FX_ONE, radius: a.radius / FX_ONE }))(areaAt(w.info, w.settings, w.frame)) : null,
      teams: teamStandings(w),
      spectating: document.querySelector('[data-testid="spectate-bar"]') !== null,
    }),
    kills: () => ctrl.hud.feed.kills.map((k) => [k[0], k[1]]),
    fastForward: (frames) => ctrl.fastForward(frames),
    setSpeed: (times) => void (ctrl.loop.speed = times),
    setRender: (on) => void (ctrl.renderEnabled = on),
    ...viewProbes(ctrl, cursor),
    ...perfProbes(ctrl, marks),
  };
}
