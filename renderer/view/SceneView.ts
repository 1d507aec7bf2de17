/**
 * The match scene without a GPU: the three coordinate systems' layers — the 2D map layer
 * (GroundLayer), the 3D layer (walls, bushes, cells, blobs, viruses, labels, pellets, effects) and
 * the grid layer — the lights and the 2.5D camera rig, kept in step with the session's World. It
 * READS the World and never writes it: `beforeStep` and `onStep` bracket each logic frame (the
 * smoother's previous positions; the frame's model→view events turned into births, merges and
 * effects), `update` prepares one display frame between the last two logic frames from this
 * frame's DisplayCells — the confirmed cells with my predicted ones (OwnPrediction) — so a split
 * of mine shows on the next display frame. MatchView adds the WebGL renderer; the benchmark runs
 * `update` alone in Node.
 * Draw calls (800 cells, 1000 pellets, 200 blobs, 30 viruses, any map): ground 1, shadow catcher
 * 1, walls 1, bushes 1, cells 2 (others + own; 3 while some of yours hide in a bush), own markers
 * 1, shields 1, labels 1, pellets 1, blobs 1, viruses 1, effects 2, grid 2 when shown, plus the
 * shadow pass (cells, own cells, viruses, walls, bushes) — about 22, budget 30. A layer with
 * nothing to draw is skipped (no call).
 * Units: world units = cells (x east, y up, z south); times in ms of real time.
 */
import * as THREE from 'three';
import { FX_ONE } from '../../core/math';
import { DisplayCells } from '../game/DisplayCells';
import type { Match } from '../game/match';
import { Smoother } from '../game/Smoother';
import { CELLS_PER_PLAYER, EventKind, firstCell, ownerOf, pelletX, pelletY, radiusOf } from '../game/simApi';
import { AreaLayer } from './AreaLayer';
import { BlobLayer } from './BlobLayer';
import { CameraRig, frameCells, viewDistanceFor, type Framing } from './CameraRig';
import { CellLayer } from './CellLayer';
import { EffectsLayer } from './EffectsLayer';
import { GridLayer } from './GridLayer';
import { GroundLayer } from './GroundLayer';
import { LabelLayer } from './LabelLayer';
import { PelletLayer, type ViewRect } from './PelletLayer';
import { ShieldLayer } from './ShieldLayer';
import { buildBushes, buildShadowCatcher, buildWalls, disposeMesh, type SeeThrough } from './StaticLayers';
import { VirusLayer } from './VirusLayer';

export interface SceneOptions {
  readonly shadows: boolean;
  /** The tileset image (null: no ground texture, e.g. in the Node benchmark). */
  readonly tileset: HTMLImageElement | null;
  /** Name labels need a 2D canvas (false in Node). */
  readonly labels: boolean;
}

export class SceneView {
  readonly scene = new THREE.Scene();
  readonly rig: CameraRig;
  /** The cells as this display frame draws them (confirmed, mine predicted): every layer reads these. */
  readonly display = new DisplayCells();
  readonly smoother = new Smoother();
  readonly cells: CellLayer;
  readonly blobs: BlobLayer;
  readonly viruses = new VirusLayer();
  readonly labels: LabelLayer | null;
  readonly pellets = new PelletLayer();
  readonly grid: GridLayer;
  readonly effects = new EffectsLayer();
  readonly shields = new ShieldLayer();
  /** The closing area (last ball standing only). */
  readonly area: AreaLayer | null;
  readonly sun = new THREE.DirectionalLight(0xffffff, 2.2);
  /** Which slot's eyes the view sees through (bush visibility); null sees everything. */
  viewer: number | null;
  /** While fast-forwarding, events change state but spawn no effects. */
  quiet = false;
  /** The followed player's cells this frame (valid while `framed`). */
  readonly framing: Framing = { x: 0, z: 0, mass: 0, extent: 0 };
  framed = false;
  private readonly ground: GroundLayer;
  private readonly walls: THREE.InstancedMesh;
  /** Where walls between the camera and your biggest cell turn see-through (StaticLayers.ts). */
  private readonly seeThrough: SeeThrough = { value: new THREE.Vector4() };
  private readonly bushes: THREE.InstancedMesh;
  private readonly catcher: THREE.Mesh;
  private readonly colors: THREE.Color[];
  private readonly view: ViewRect = { x0: 0, z0: 0, x1: 0, z1: 0 };
  private readonly hit = new THREE.Vector3();
  readonly ground0 = new THREE.Plane(new THREE.Vector3(0, 1, 0), 0);
  private now = 0;
  private shadowSpan = 0;

  constructor(readonly session: Match, opts: SceneOptions) {
    const { map, players, mySlot, world } = session;
    this.viewer = mySlot;
    this.rig = new CameraRig(map.cols, map.rows);
    this.colors = players.map((p) => new THREE.Color(p.color));
    this.ground = new GroundLayer(map, opts.tileset);
    this.walls = buildWalls(map, this.seeThrough);
    this.bushes = buildBushes(map);
    this.catcher = buildShadowCatcher(map);
    this.cells = new CellLayer(players, mySlot);
    this.blobs = new BlobLayer(players);
    this.labels = opts.labels ? new LabelLayer(players) : null;
    this.grid = new GridLayer(map, players, mySlot);
    this.scene.background = new THREE.Color(0x0b0f16);
    this.scene.add(new THREE.HemisphereLight(0xdfe8ff, 0x4a4030, 1.4), this.sun, this.sun.target);
    this.sun.castShadow = opts.shadows;
    this.sun.shadow.mapSize.set(1024, 1024);
    this.sun.shadow.bias = -0.0015;
    this.catcher.visible = opts.shadows;
    const c = this.cells;
    this.scene.add(this.ground.mesh, this.catcher, this.walls, this.bushes, c.others, c.own, c.ownHidden, c.markers, this.blobs.mesh, this.viruses.mesh, this.shields.mesh, this.pellets.mesh, this.effects.group, this.grid.group);
    if (this.labels) this.scene.add(this.labels.mesh);
    this.area = world.settings.mode.lastStanding ? new AreaLayer() : null;
    if (this.area) this.scene.add(this.area.mesh);
    if (mySlot !== null) this.followPlayer(mySlot);
    this.display.update(world, null);
  }

  /**
   * Follows player `slot` and jumps to its centre (the camera stays put while it has no cell);
   * null: free camera where it is.
   */
  followPlayer(slot: number | null): void {
    const C = this.session.world.cells;
    if (slot !== null && frameCells(C.x, C.y, null, C.mass, null, firstCell(slot), CELLS_PER_PLAYER, 1 / FX_ONE, this.framing)) this.rig.followNow(slot, this.framing.x, this.framing.z);
    else this.rig.follow(slot);
  }

  /** Call before every logic step: the positions this display's interpolation starts from. */
  beforeStep(): void {
    this.smoother.capture(this.session.world);
  }

  /** Consumes one logic frame's events (call after every step, before the next). */
  onStep(): void {
    const w = this.session.world;
    const ev = w.events;
    const sm = this.smoother;
    const shown = this.cells.shown;
    for (let i = 0; i < ev.count; i++) {
      const kind = ev.kind(i);
      const a = ev.arg(i, 0);
      const b = ev.arg(i, 1);
      // What the smoother must know of every step, effects or not.
      if (kind === EventKind.PelletEaten || kind === EventKind.PelletSpawned) this.pellets.markDirty();
      else if (kind === EventKind.Respawned) sm.snapPlayer(a);
      else if (kind === EventKind.CellEaten) sm.vanish(b, -1);
      else if (kind === EventKind.Merged) sm.vanish(b, a);
      else if (kind === EventKind.Split) sm.bornFrom(b, a);
      else if (kind === EventKind.VirusPopped) sm.bornOf(w, a);
      else if (kind === EventKind.Ejected) sm.blobFrom(b, a);
      else if (kind === EventKind.VirusShot) sm.virusFrom(b, a);
      if (this.quiet) continue;
      // Effects, where the viewer saw the cell at the last display frame, inside the view.
      if (kind === EventKind.PelletEaten && shown[b] === 1) {
        const word = this.pellets.words[a]!;
        const x = pelletX(word) / FX_ONE;
        const z = pelletY(word) / FX_ONE;
        if (word !== 0 && this.inView(x, z)) this.effects.pop(this.now, x, z, this.colors[ownerOf(b)]!);
      } else if (kind === EventKind.CellEaten && shown[b] === 1) {
        this.effects.burst(this.now, sm.x[b]!, sm.z[b]!, radiusOf(ev.arg(i, 2)) / FX_ONE, this.colors[ownerOf(b)]!);
      } else if (kind === EventKind.Respawned) {
        this.effects.respawn(this.now, ev.arg(i, 2) / FX_ONE, ev.arg(i, 3) / FX_ONE, this.colors[a]!);
      } else if (kind === EventKind.VirusPopped && shown[a] === 1) {
        this.effects.virusPop(this.now, sm.virusX[b]!, sm.virusZ[b]!, sm.virusR[b]!);
      } else if ((kind === EventKind.Split || kind === EventKind.Ejected) && shown[a] === 1 && this.inView(sm.x[a]!, sm.z[a]!)) {
        this.effects.puff(this.now, sm.x[a]!, sm.z[a]!, sm.r[a]!, this.colors[ownerOf(a)]!);
      }
    }
  }

  /** Whether ground point (x, z) is inside the view rectangle of the last display frame (the many small effects spawn only there). */
  private inView(x: number, z: number): boolean {
    const v = this.view;
    return x >= v.x0 && x <= v.x1 && z >= v.z0 && z <= v.z1;
  }

  /**
   * Prepares one display frame: `alpha` between the last two logic frames, `dtMs` since the last
   * display frame, `timeScale` the sim's speed-up; the viewport in CSS px.
   */
  update(alpha: number, dtMs: number, timeScale: number, width: number, height: number): void {
    this.now += dtMs / 1000;
    const w = this.session.world;
    const cells = this.cells;
    this.display.update(w, this.session.ownPrediction?.() ?? null);
    this.smoother.update(this.display, w, alpha, dtMs, timeScale);
    cells.see(w, this.display, this.smoother, this.viewer);
    this.frameFollowed(dtMs, width / Math.max(1, height));
    this.viewRect();
    cells.update(this.display, this.smoother, this.view);
    this.blobs.update(w, this.smoother, this.view);
    this.viruses.update(this.smoother, this.view, this.now);
    this.shields.update(w, this.smoother, cells.shown, this.now);
    this.placeSeeThrough();
    this.labels?.update(this.smoother, cells.lead, width, height);
    this.pellets.update(w, this.view);
    this.grid.update(w, this.smoother, cells.lead, cells.shown, this.rig.following ?? this.session.mySlot);
    this.effects.update(this.now);
    this.area?.update(w);
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
    this.cells.dispose();
    this.blobs.dispose();
    this.viruses.dispose();
    this.shields.dispose();
    this.labels?.dispose();
    this.pellets.dispose();
    this.grid.dispose();
    this.effects.dispose();
    this.area?.dispose();
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

  /**
   * The camera follows the followed player's shown cells — their mass-weighted centre — from the
   * distance its total mass and spread ask for (CameraRig.viewDistanceFor); with nobody to
   * follow it stays, at the wheel's distance.
   */
  private frameFollowed(dtMs: number, aspect: number): void {
    const rig = this.rig;
    const f = rig.following;
    const sm = this.smoother;
    this.framed = f !== null && frameCells(sm.x, sm.z, sm.r, this.display.mass, this.cells.shown, firstCell(f), CELLS_PER_PLAYER, 1, this.framing);
    if (!this.framed) return rig.update(dtMs, null, null, aspect);
    const fr = this.framing;
    rig.update(dtMs, fr.x, fr.z, aspect, viewDistanceFor(rig.distance, fr.mass, fr.extent, rig.fitDistance(aspect)));
  }

  /** Walls in front of your biggest shown cell, up to a cell beyond its edge, turn see-through. */
  private placeSeeThrough(): void {
    const me = this.session.mySlot;
    const v = this.seeThrough.value;
    const c = me === null ? -1 : this.cells.lead[me]!;
    if (c < 0) {
      v.w = 0;
      return;
    }
    const r = this.smoother.r[c]!;
    v.set(this.smoother.x[c]!, r, this.smoother.z[c]!, r + 1);
  }

  /** Keeps the sun (and its shadow box) over the part of the map in view. */
  private placeSun(): void {
    const f = this.rig.focus;
    this.sun.position.set(f.x - 10, 30, f.z + 14);
    this.sun.target.position.copy(f);
    this.sun.target.updateMatrixWorld();
    const span = Math.ceil(this.rig.viewDistance * 0.9);
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
