/**
 * The match view on screen: the page's shared WebGLRenderer drawing the SceneView (all layers,
 * lights, camera) into its canvas, plus screen ↔ ground conversions for input and tests.
 * `frame` = scene update + render; the simulation is only read. Disposing frees this match's GPU
 * resources and detaches the canvas; the renderer itself is kept for the next match.
 */
import * as THREE from 'three';
import type { Match } from '../game/match';
import { SceneView } from './SceneView';
import { sharedRenderer, softwareGl } from './sharedRenderer';

export interface ViewOptions {
  /** The player's setting; a software GL draws without them all the same (see sharedRenderer). */
  readonly shadows: boolean;
  readonly pixelRatio: number;
}

export class MatchView extends SceneView {
  readonly renderer: THREE.WebGLRenderer;
  private readonly screenRay = new THREE.Raycaster();
  private readonly screenNdc = new THREE.Vector2();
  private readonly tmp = new THREE.Vector3();
  private readonly size = new THREE.Vector2();

  constructor(
    readonly canvasParent: HTMLElement,
    session: Match,
    tileset: HTMLImageElement,
    opts: ViewOptions,
  ) {
    const shadows = opts.shadows && !softwareGl();
    super(session, { shadows, tileset, labels: true });
    this.renderer = sharedRenderer();
    this.renderer.setPixelRatio(opts.pixelRatio);
    this.renderer.shadowMap.enabled = shadows;
    canvasParent.append(this.renderer.domElement);
  }

  /** Draws one display frame: `alpha` between the last two logic frames, `dtMs` since the last frame. */
  frame(alpha: number, dtMs: number, timeScale: number): void {
    const { clientWidth: cw, clientHeight: ch } = this.canvasParent;
    const size = this.renderer.getSize(this.size);
    if (size.x !== cw || size.y !== ch) this.renderer.setSize(cw, ch, true);
    this.update(alpha, dtMs, timeScale, cw, ch);
    this.renderer.render(this.scene, this.rig.camera);
  }

  /** The ground point under client pixel (x, y) into `out`; false when the ray misses the ground. */
  pick(clientX: number, clientY: number, out: THREE.Vector3): boolean {
    const r = this.renderer.domElement.getBoundingClientRect();
    this.screenNdc.set(((clientX - r.left) / r.width) * 2 - 1, -((clientY - r.top) / r.height) * 2 + 1);
    this.screenRay.setFromCamera(this.screenNdc, this.rig.camera);
    return this.screenRay.ray.intersectPlane(this.ground0, out) !== null;
  }

  /** Client pixel of world point (x, y, z) (tests and overlays). */
  toScreen(x: number, y: number, z: number): { x: number; y: number } {
    const r = this.renderer.domElement.getBoundingClientRect();
    this.tmp.set(x, y, z).project(this.rig.camera);
    return { x: r.left + ((this.tmp.x + 1) / 2) * r.width, y: r.top + ((1 - this.tmp.y) / 2) * r.height };
  }

  override dispose(): void {
    super.dispose();
    this.renderer.renderLists.dispose();
    this.renderer.domElement.remove();
  }
}
