/**
 * The 2.5D camera: a perspective camera pitched PITCH_DEG below the horizon, looking north over a
 * focus point on the ground, at a distance the mouse wheel changes (clamped). It follows a player
 * smoothly (exponential approach, frame-rate independent) — the mass-weighted centre of its cells,
 * kept centred — or, for spectators and replays, any player or a freely panned point.
 * Zoom (agar's rule): the wheel sets the distance a player of start mass is seen from; a followed
 * player's view grows as a power of its total mass (massZoom), and far enough to hold all its
 * cells, never nearer than the wheel's distance, never farther than ZOOM_CAP times it nor than
 * the distance that shows the whole map — a big player sees the cells that can reach it, and
 * the map's edge is the end of the view.
 * Units: world units (cells); x east, y up, z south — screen up is north; masses in mass units.
 */
import * as THREE from 'three';
import { RULES } from '../game/simApi';

export const PITCH_DEG = 55;
export const MIN_DISTANCE = 8;
export const MAX_DISTANCE = 70;
/** Vertical field of view (degrees). */
const FOV_DEG = 45;
/** Follow stiffness (1/s): the focus closes ~1 − e^(−k·dt) of the gap each frame. */
const FOLLOW_RATE = 9;
/**
 * View size ∝ (total mass / start mass)^ZOOM_POWER: agar's and Ogar's view scale is
 * (Σ cell radii)^0.4, and a radius grows as √mass, so one cell's view grows as mass^0.2.
 */
export const ZOOM_POWER = 0.2;
/** The most the mass rule zooms out: ×3 the wheel's distance (start mass × 243). */
export const ZOOM_CAP = 3;
/** Zoom stiffness (1/s): a meal or a loss changes the view over about half a second. */
const ZOOM_RATE = 4;
/** Cells keep this many cells of ground between them and the view's edge (the framing rule). */
const FRAME_MARGIN = 1.5;
const TAN_HALF_FOV = Math.tan((FOV_DEG / 2) * (Math.PI / 180));

/** The mass rule's zoom-out factor for a player of `totalMass`: 1 at start mass and below, rising as a power of mass, at most ZOOM_CAP. */
export function massZoom(totalMass: number): number {
  if (totalMass <= RULES.startMass) return 1;
  return Math.min(ZOOM_CAP, Math.pow(totalMass / RULES.startMass, ZOOM_POWER));
}

/**
 * The camera distance for a followed player: `base` (the wheel's) zoomed out by massZoom, and far
 * enough that cells reaching `extent` cells from its centre stay FRAME_MARGIN inside the view's
 * shorter side; clamped to [base, max(base, min(base × ZOOM_CAP, fit))], `fit` being the distance
 * that shows the whole map.
 */
export function viewDistanceFor(base: number, totalMass: number, extent: number, fit: number): number {
  const want = Math.max(base * massZoom(totalMass), (extent + FRAME_MARGIN) / TAN_HALF_FOV);
  const cap = Math.max(base, Math.min(base * ZOOM_CAP, fit));
  return want < base ? base : want > cap ? cap : want;
}

/** Where a player's cells are: mass-weighted centre, total mass and extent (cells) — frameCells' output. */
export interface Framing {
  x: number;
  z: number;
  mass: number;
  /** Largest distance from the centre to a cell's edge. */
  extent: number;
}

/**
 * Frames cells first … first + count − 1 (those with mass, and `shown` when given) into `out`:
 * positions `xs`, `zs` and radii `rs` (null: 0) times `scale` are in cells. False when none is there.
 */
export function frameCells(
  xs: ArrayLike<number>, zs: ArrayLike<number>, rs: ArrayLike<number> | null, mass: ArrayLike<number>,
  shown: ArrayLike<number> | null, first: number, count: number, scale: number, out: Framing,
): boolean {
  let m = 0;
  let sx = 0;
  let sz = 0;
  for (let c = first; c < first + count; c++) {
    const mc = mass[c]!;
    if (mc === 0 || (shown !== null && shown[c] === 0)) continue;
    m += mc;
    sx += xs[c]! * mc;
    sz += zs[c]! * mc;
  }
  if (m === 0) return false;
  const cx = (sx / m) * scale;
  const cz = (sz / m) * scale;
  let extent = 0;
  for (let c = first; c < first + count; c++) {
    if (mass[c] === 0 || (shown !== null && shown[c] === 0)) continue;
    const dx = xs[c]! * scale - cx;
    const dz = zs[c]! * scale - cz;
    const e = Math.sqrt(dx * dx + dz * dz) + (rs === null ? 0 : rs[c]! * scale);
    if (e > extent) extent = e;
  }
  out.x = cx;
  out.z = cz;
  out.mass = m;
  out.extent = extent;
  return true;
}

export class CameraRig {
  readonly camera = new THREE.PerspectiveCamera(FOV_DEG, 1, 0.5, 600);
  /** Ground point the camera looks at. */
  readonly focus = new THREE.Vector3();
  /** The wheel's distance: the view of a player of start mass. */
  distance = 22;
  /** The mass rule's zoom-out now (≥ 1, smoothed): the camera stands at distance × zoom. */
  zoom = 1;
  /** Player followed, or null for free panning. */
  following: number | null = null;
  private readonly sin = Math.sin((PITCH_DEG * Math.PI) / 180);
  private readonly cos = Math.cos((PITCH_DEG * Math.PI) / 180);

  constructor(private readonly cols: number, private readonly rows: number) {
    this.focus.set(cols / 2, 0, rows / 2);
    this.camera.rotation.set(-(PITCH_DEG * Math.PI) / 180, 0, 0);
  }

  /** Distance of the camera from its focus now (cells). */
  get viewDistance(): number {
    return this.distance * this.zoom;
  }

  /** The distance at which the whole map is in view at `aspect` (width / height). */
  fitDistance(aspect: number): number {
    const across = this.cols / (2 * TAN_HALF_FOV * Math.max(aspect, 1e-3));
    const deep = (this.rows * this.sin) / (2 * TAN_HALF_FOV);
    return Math.max(across, deep);
  }

  /** Follows player `slot` (null: stop following, keep the view where it is). */
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
    const cellsPerPx = (2 * this.viewDistance * TAN_HALF_FOV) / Math.max(1, heightPx);
    // Screen up is north, and the ground is foreshortened by the pitch along z.
    this.panBy(-dxPx * cellsPerPx, -(dyPx * cellsPerPx) / this.sin);
  }

  /** Follows `slot` and jumps to its centre (x, z) at once (picking a player in a replay or as a spectator). */
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
   * Per display frame: approaches the followed point (if any) and the distance `want` (the
   * followed player's viewDistanceFor; the wheel's distance by default), and places the camera.
   * The followed centre stays at the centre of the view, even at the map's edge: the view then
   * looks past it (cells pushed to the screen's edge over a void band are hard to steer).
   */
  update(dtMs: number, targetX: number | null, targetZ: number | null, aspect: number, want = this.distance): void {
    if (targetX !== null && targetZ !== null) {
      const k = 1 - Math.exp((-FOLLOW_RATE * dtMs) / 1000);
      this.focus.x += (targetX - this.focus.x) * k;
      this.focus.z += (targetZ - this.focus.z) * k;
    }
    // The wheel acts at once; the mass rule's part glides.
    const zoom = Math.max(1, want / this.distance);
    this.zoom += (zoom - this.zoom) * (1 - Math.exp((-ZOOM_RATE * dtMs) / 1000));
    const cam = this.camera;
    if (cam.aspect !== aspect) {
      cam.aspect = aspect;
      cam.updateProjectionMatrix();
    }
    // The orientation never changes (fixed pitch, looking north): set once in the constructor.
    const d = this.viewDistance;
    cam.position.set(this.focus.x, d * this.sin, this.focus.z + d * this.cos);
    cam.updateMatrixWorld();
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
