/**
 * The 2.5D camera: a perspective camera pitched PITCH_DEG below the horizon, looking north over a
 * focus point on the ground, at a distance the mouse wheel changes (clamped). It follows a ball
 * smoothly (exponential approach, frame-rate independent), keeping it centred, or, for spectators and replays, any
 * ball or a freely panned point.
 * Units: world units (cells); x east, y up, z south — screen up is north.
 */
import * as THREE from 'three';

export const PITCH_DEG = 55;
export const MIN_DISTANCE = 8;
export const MAX_DISTANCE = 70;
/** Follow stiffness (1/s): the focus closes ~1 − e^(−k·dt) of the gap each frame. */
const FOLLOW_RATE = 9;

export class CameraRig {
  readonly camera = new THREE.PerspectiveCamera(45, 1, 0.5, 600);
  /** Ground point the camera looks at. */
  readonly focus = new THREE.Vector3();
  distance = 22;
  /** Ball followed, or null for free panning. */
  following: number | null = null;
  private readonly sin = Math.sin((PITCH_DEG * Math.PI) / 180);
  private readonly cos = Math.cos((PITCH_DEG * Math.PI) / 180);
  private readonly tanHalfFov = Math.tan(((this.camera.fov / 2) * Math.PI) / 180);

  constructor(private readonly cols: number, private readonly rows: number) {
    this.focus.set(cols / 2, 0, rows / 2);
    this.camera.rotation.set(-(PITCH_DEG * Math.PI) / 180, 0, 0);
  }

  /** Follows ball `slot` (null: stop following, keep the view where it is). */
  follow(slot: number | null): void {
    this.following = slot;
  }

  /** Moves the free camera by (dx, dz) cells; stops following. */
  panBy(dx: number, dz: number): void {
    this.following = null;
    this.focus.x = clamp(this.focus.x + dx, 0, this.cols);
    this.focus.z = clamp(this.focus.z + dz, 0, this.rows);
  }

  /**
   * Free camera: drags the ground by (dxPx, dyPx) screen pixels of a `heightPx` tall view, so the
   * point under the cursor stays under it (at the focus depth); stops following.
   */
  dragBy(dxPx: number, dyPx: number, heightPx: number): void {
    const cellsPerPx = (2 * this.distance * this.tanHalfFov) / Math.max(1, heightPx);
    // Screen up is north, and the ground is foreshortened by the pitch along z.
    this.panBy(-dxPx * cellsPerPx, -(dyPx * cellsPerPx) / this.sin);
  }

  /** Follows `slot` and jumps there at once (picking a player in a replay or as a spectator). */
  followNow(slot: number, x: number, z: number): void {
    this.following = slot;
    this.jumpTo(clamp(x, 0, this.cols), clamp(z, 0, this.rows));
  }

  /** Wheel zoom: positive `deltaY` (wheel down) moves away. */
  zoomBy(deltaY: number): void {
    this.distance = clamp(this.distance * Math.exp(deltaY * 0.001), MIN_DISTANCE, MAX_DISTANCE);
  }

  /** Jumps to (x, z) at once (match start, after a fast-forward). */
  jumpTo(x: number, z: number): void {
    this.focus.set(x, 0, z);
  }

  /**
   * Per display frame: approaches the followed point (if any) and places the camera. The followed
   * ball stays at the centre of the view, even at the map's edge: the view then looks past it (a
   * ball pushed to the screen's edge over a void band is hard to steer).
   */
  update(dtMs: number, targetX: number | null, targetZ: number | null, aspect: number): void {
    if (targetX !== null && targetZ !== null) {
      const k = 1 - Math.exp((-FOLLOW_RATE * dtMs) / 1000);
      this.focus.x += (targetX - this.focus.x) * k;
      this.focus.z += (targetZ - this.focus.z) * k;
    }
    const cam = this.camera;
    if (cam.aspect !== aspect) {
      cam.aspect = aspect;
      cam.updateProjectionMatrix();
    }
    // The orientation never changes (fixed pitch, looking north): set once in the constructor.
    cam.position.set(this.focus.x, this.distance * this.sin, this.focus.z + this.distance * this.cos);
    cam.updateMatrixWorld();
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
