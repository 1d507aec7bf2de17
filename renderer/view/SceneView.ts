/**
 * The match scene without a GPU: the three coordinate systems' layers — the 2D map layer
 * (GroundLayer), the 3D layer (walls, bushes, balls, labels, pellets, effects) and the grid layer —
 * the lights and the 2.5D camera rig, kept in step with the session's World. It READS the World and
 * never writes it: `onStep` turns each logic frame's model→view events into effects, `update`
 * prepares one display frame between the last two logic frames. MatchView adds the WebGL renderer;
 * the benchmark runs `update` alone in Node.
 * Draw calls (50 balls, 1000 pellets, any map): ground 1, shadow catcher 1, walls 1, bushes 1,
 * balls 2 (others + own), labels 1, pellets 1, effects 2, grid 2 when shown, plus the shadow pass
 * (balls, own ball, walls, bushes) — about 16, budget 30.
 * Units: world units = cells (x east, y up, z south); times in ms of real time.
 */
import * as THREE from 'three';
import { FX_ONE } from '../../core/math';
import type { MatchSession } from '../game/session';
import { Smoother } from '../game/Smoother';
import { EventKind, RULES, pelletX, pelletY } from '../game/simApi';
import { BallLayer } from './BallLayer';
import { CameraRig } from './CameraRig';
import { EffectsLayer } from './EffectsLayer';
import { GridLayer } from './GridLayer';
import { GroundLayer } from './GroundLayer';
import { LabelLayer } from './LabelLayer';
import { PelletLayer, type ViewRect } from './PelletLayer';
import { ShieldLayer } from './ShieldLayer';
import { buildBushes, buildShadowCatcher, buildWalls, disposeMesh, type SeeThrough } from './StaticLayers';

export interface SceneOptions {
  readonly shadows: boolean;
  /** The tileset image (null: no ground texture, e.g. in the Node benchmark). */
  readonly tileset: HTMLImageElement | null;
  /** Name labels need a 2D canvas (false in Node). */
  readonly labels: boolean;
}

/** Milliseconds between two puffs of a dash trail. */
const PUFF_EVERY_MS = 35;

export class SceneView {
  readonly scene = new THREE.Scene();
  readonly rig: CameraRig;
  readonly smoother: Smoother;
  readonly balls: BallLayer;
  readonly labels: LabelLayer | null;
  readonly pellets = new PelletLayer();
  readonly grid: GridLayer;
  readonly effects = new EffectsLayer();
  readonly shields: ShieldLayer;
  readonly sun = new THREE.DirectionalLight(0xffffff, 2.2);
  /** Which slot's eyes the view sees through (bush visibility); null sees everything. */
  viewer: number | null;
  /** While fast-forwarding, events change state but spawn no effects. */
  quiet = false;
  private readonly ground: GroundLayer;
  private readonly walls: THREE.InstancedMesh;
  /** Where walls between the camera and your ball turn see-through (StaticLayers.ts). */
  private readonly seeThrough: SeeThrough = { value: new THREE.Vector4() };
  private readonly bushes: THREE.InstancedMesh;
  private readonly catcher: THREE.Mesh;
  private readonly colors: THREE.Color[];
  private readonly view: ViewRect = { x0: 0, z0: 0, x1: 0, z1: 0 };
  private readonly hit = new THREE.Vector3();
  readonly ground0 = new THREE.Plane(new THREE.Vector3(0, 1, 0), 0);
  private readonly lastPuff: Float64Array;
  private now = 0;
  private shadowSpan = 0;

  constructor(readonly session: MatchSession, opts: SceneOptions) {
    const { map, players, mySlot } = session;
    this.viewer = mySlot;
    this.rig = new CameraRig(map.cols, map.rows);
    this.rig.follow(mySlot);
    this.smoother = new Smoother(players.length);
    this.colors = players.map((p) => new THREE.Color(p.color));
    this.lastPuff = new Float64Array(players.length);
    this.ground = new GroundLayer(map, opts.tileset);
    this.walls = buildWalls(map, this.seeThrough);
    this.bushes = buildBushes(map);
    this.catcher = buildShadowCatcher(map);
    this.balls = new BallLayer(players, mySlot);
    this.shields = new ShieldLayer(players.length);
    this.labels = opts.labels ? new LabelLayer(players) : null;
    this.grid = new GridLayer(map, players, mySlot);
    this.scene.background = new THREE.Color(0x0b0f16);
    this.scene.add(new THREE.HemisphereLight(0xdfe8ff, 0x4a4030, 1.4), this.sun, this.sun.target);
    this.sun.castShadow = opts.shadows;
    this.sun.shadow.mapSize.set(1024, 1024);
    this.sun.shadow.bias = -0.0015;
    this.catcher.visible = opts.shadows;
    this.scene.add(this.ground.mesh, this.catcher, this.walls, this.bushes, this.balls.others, this.balls.own, this.balls.marker, this.shields.mesh, this.pellets.mesh, this.effects.group, this.grid.group);
    if (this.labels) this.scene.add(this.labels.mesh);
    if (mySlot !== null) this.rig.jumpTo(session.world.balls.x[mySlot]! / FX_ONE, session.world.balls.y[mySlot]! / FX_ONE);
  }

  /** Consumes one logic frame's events (call after every step, before the next). */
  onStep(): void {
    const w = this.session.world;
    const ev = w.events;
    const B = w.balls;
    for (let i = 0; i < ev.count; i++) {
      const kind = ev.kind(i);
      if (kind === EventKind.PelletEaten || kind === EventKind.PelletSpawned) this.pellets.markDirty();
      if (kind === EventKind.Respawned) this.smoother.snap(ev.arg(i, 0));
      if (this.quiet) continue;
      if (kind === EventKind.PelletEaten && this.balls.shown[ev.arg(i, 1)] === 1) {
        const word = this.pellets.words[ev.arg(i, 0)]!;
        if (word !== 0) this.effects.pop(this.now, pelletX(word) / FX_ONE, pelletY(word) / FX_ONE, this.colors[ev.arg(i, 1)]!);
      } else if (kind === EventKind.BallEaten) {
        const v = ev.arg(i, 1);
        this.effects.burst(this.now, B.x[v]! / FX_ONE, B.y[v]! / FX_ONE, Math.sqrt(ev.arg(i, 2) * RULES.radiusK) / FX_ONE, this.colors[v]!);
      } else if (kind === EventKind.Respawned) {
        this.effects.respawn(this.now, ev.arg(i, 2) / FX_ONE, ev.arg(i, 3) / FX_ONE, this.colors[ev.arg(i, 0)]!);
      }
    }
  }

  /**
   * Prepares one display frame: `alpha` between the last two logic frames, `dtMs` since the last
   * display frame, `timeScale` the sim's speed-up; the viewport in CSS px.
   */
  update(alpha: number, dtMs: number, timeScale: number, width: number, height: number): void {
    this.now += dtMs / 1000;
    const w = this.session.world;
    this.smoother.update(w.balls, alpha, dtMs, timeScale, this.session.ownPrediction?.() ?? null);
    const f = this.rig.following;
    const followed = f !== null && w.balls.alive[f] !== 0;
    this.rig.update(dtMs, followed ? this.smoother.x[f]! : null, followed ? this.smoother.z[f]! : null, width / Math.max(1, height));
    this.viewRect();
    this.balls.update(w, this.smoother, this.viewer);
    this.shields.update(w, this.smoother, this.balls.shown, this.now);
    this.placeSeeThrough();
    this.labels?.update(w, this.smoother, this.balls.shown, width, height);
    this.pellets.update(w, this.view);
    this.grid.update(w, this.smoother, this.balls.shown);
    this.dashTrails();
    this.effects.update(this.now);
    this.placeSun();
  }

  /** Shows the marker of a move-to target at (x, z). */
  markTarget(x: number, z: number): void {
    this.effects.marker(this.now, x, z);
  }

  /** The ground rectangle in view (with a margin), for culling and the minimap. */
  get viewBounds(): Readonly<ViewRect> {
    return this.view;
  }

  dispose(): void {
    this.ground.dispose();
    for (const m of [this.walls, this.bushes, this.catcher]) disposeMesh(m);
    this.balls.dispose();
    this.shields.dispose();
    this.labels?.dispose();
    this.pellets.dispose();
    this.grid.dispose();
    this.effects.dispose();
    this.sun.shadow.map?.dispose();
  }

  /** Ground rectangle covered by the view: the camera's four corner rays on y = 0, plus a margin. */
  private viewRect(): void {
    let x0 = Infinity;
    let z0 = Infinity;
    let x1 = -Infinity;
    let z1 = -Infinity;
    const cam = this.rig.camera;
    const eye = cam.position;
    for (let i = 0; i < 4; i++) {
      // The corner ray from the eye through the far plane, cut with the ground y = 0.
      const d = this.hit.set(i & 1 ? 1 : -1, i & 2 ? 1 : -1, 1).unproject(cam).sub(eye);
      const t = d.y < -1e-6 ? -eye.y / d.y : 0;
      const px = eye.x + d.x * t;
      const pz = eye.z + d.z * t;
      x0 = Math.min(x0, px - 1);
      x1 = Math.max(x1, px + 1);
      z0 = Math.min(z0, pz - 1);
      z1 = Math.max(z1, pz + 3);
    }
    const v = this.view;
    v.x0 = x0;
    v.z0 = z0;
    v.x1 = x1;
    v.z1 = z1;
  }

  /** Walls in front of your (shown) ball, up to a cell beyond its edge, turn see-through. */
  private placeSeeThrough(): void {
    const me = this.session.mySlot;
    const v = this.seeThrough.value;
    if (me === null || this.balls.shown[me] === 0) {
      v.w = 0;
      return;
    }
    const r = this.session.world.balls.radius[me]! / FX_ONE;
    v.set(this.smoother.x[me]!, r, this.smoother.z[me]!, r + 1);
  }

  /** Puffs behind every visible ball that is dashing. */
  private dashTrails(): void {
    if (this.quiet) return;
    const B = this.session.world.balls;
    for (let b = 0; b < this.lastPuff.length; b++) {
      if (B.dashLeft[b] === 0 || this.balls.shown[b] === 0 || (this.now - this.lastPuff[b]!) * 1000 < PUFF_EVERY_MS) continue;
      this.lastPuff[b] = this.now;
      const r = B.radius[b]! / FX_ONE;
      this.effects.puff(this.now, this.smoother.x[b]!, r, this.smoother.z[b]!, r, this.colors[b]!);
    }
  }

  /** Keeps the sun (and its shadow box) over the part of the map in view. */
  private placeSun(): void {
    const f = this.rig.focus;
    this.sun.position.set(f.x - 10, 30, f.z + 14);
    this.sun.target.position.copy(f);
    this.sun.target.updateMatrixWorld();
    const span = Math.ceil(this.rig.distance * 0.9);
    if (span !== this.shadowSpan) {
      this.shadowSpan = span;
      const cam = this.sun.shadow.camera;
      cam.left = cam.bottom = -span;
      cam.right = cam.top = span;
      cam.near = 1;
      cam.far = 90;
      cam.updateProjectionMatrix();
    }
  }
}
