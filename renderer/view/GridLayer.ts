/**
 * The grid layer (G toggles it): the simulation's own grid made visible over the ground —
 * cell lines, the blocked mask (walls and water, tinted red), bush cells (tinted green) — drawn by
 * ONE shader plane, plus ONE LineSegments for two things: the current paths of every player —
 * planned once for a player, followed by all its cells — your click-to-move path in white, each
 * bot's in its colour, from the player's biggest shown cell to its remaining waypoints (World's
 * waypoint column through core/sim's waypointX/Y, pathIdx..pathLen-1); and the grid cell each
 * cell of the player in focus (you, or whom the camera follows) stands in, outlined — the sim's
 * grid coordinate of every one of its cells, beside the readout's world and map-pixel ones.
 * Units: world units = cells; the plane's cell lookup is floor(x), floor(z) like core/map's worldToGrid.
 */
import * as THREE from 'three';
import { FX_ONE } from '../../core/math';
import type { GameMap } from '../../core/map';
import { GROUND_VERTEX } from './GroundLayer';
import type { PlayerInfo } from '../game/match';
import type { Smoother } from '../game/Smoother';
import { CELLS_PER_PLAYER, PATH_CAPACITY, PathState, firstCell, waypointX, waypointY, type World } from '../game/simApi';

const FRAGMENT = /* glsl */ `
uniform sampler2D uMask; // R: blocked, G: bush (0 or 255)
uniform vec2 uMapCells;
in vec2 vWorld;
void main() {
  ivec2 cell = ivec2(clamp(floor(vWorld), vec2(0.0), uMapCells - 1.0));
  vec2 mask = texelFetch(uMask, cell, 0).rg;
  vec2 f = abs(fract(vWorld - 0.5) - 0.5) / fwidth(vWorld);
  float line = 1.0 - min(min(f.x, f.y), 1.0);
  vec4 c = vec4(0.0);
  c = mix(c, vec4(0.95, 0.2, 0.2, 0.38), mask.r);
  c = mix(c, vec4(0.2, 0.95, 0.35, 0.28), mask.g * (1.0 - mask.r));
  c = mix(c, vec4(1.0, 1.0, 1.0, 0.55), line);
  gl_FragColor = c;
  #include <colorspace_fragment>
}`;

const SEGMENTS_PER_PLAYER = PATH_CAPACITY + 1;
/** The outline of a grid cell under a cell in focus. */
const CELL_MARK = new THREE.Color(1, 0.85, 0.3);

export class GridLayer {
  readonly group = new THREE.Group();
  private readonly plane: THREE.Mesh;
  private readonly mask: THREE.DataTexture;
  private readonly paths: THREE.LineSegments;
  private readonly pos: THREE.BufferAttribute;
  private readonly col: THREE.BufferAttribute;
  private readonly colors: THREE.Color[];
  /** Path segments drawn at the last update (the hook reports it). */
  segments = 0;
  /** Grid cells outlined at the last update (one per shown cell of the player in focus). */
  cellMarks = 0;
  private v = 0;

  constructor(map: GameMap, players: readonly PlayerInfo[], mySlot: number | null) {
    const n = map.cols * map.rows;
    const data = new Uint8Array(n * 2);
    for (let i = 0; i < n; i++) {
      data[i * 2] = map.blocked[i]! ? 255 : 0;
      data[i * 2 + 1] = map.bush[i]! ? 255 : 0;
    }
    this.mask = new THREE.DataTexture(data, map.cols, map.rows, THREE.RGFormat, THREE.UnsignedByteType);
    this.mask.unpackAlignment = 1;
    this.mask.needsUpdate = true;
    const geometry = new THREE.PlaneGeometry(map.cols, map.rows);
    geometry.rotateX(-Math.PI / 2);
    geometry.translate(map.cols / 2, 0.01, map.rows / 2);
    const material = new THREE.ShaderMaterial({
      vertexShader: GROUND_VERTEX,
      fragmentShader: FRAGMENT,
      uniforms: { uMask: { value: this.mask }, uMapCells: { value: new THREE.Vector2(map.cols, map.rows) } },
      transparent: true,
      depthWrite: false,
    });
    this.plane = new THREE.Mesh(geometry, material);
    this.plane.renderOrder = 1;
    this.plane.name = 'grid';
    const max = (players.length * SEGMENTS_PER_PLAYER + CELLS_PER_PLAYER * 4) * 2;
    this.pos = new THREE.BufferAttribute(new Float32Array(max * 3), 3).setUsage(THREE.DynamicDrawUsage);
    this.col = new THREE.BufferAttribute(new Float32Array(max * 3), 3).setUsage(THREE.DynamicDrawUsage);
    const lines = new THREE.BufferGeometry();
    lines.setAttribute('position', this.pos);
    lines.setAttribute('color', this.col);
    lines.setDrawRange(0, 0);
    this.paths = new THREE.LineSegments(lines, new THREE.LineBasicMaterial({ vertexColors: true, depthTest: false, transparent: true }));
    this.paths.frustumCulled = false;
    this.paths.renderOrder = 9;
    this.paths.name = 'paths';
    this.colors = players.map((p) => new THREE.Color(p.slot === mySlot ? '#ffffff' : p.color));
    this.group.add(this.plane, this.paths);
    this.group.visible = false;
  }

  get visible(): boolean {
    return this.group.visible;
  }

  set visible(on: boolean) {
    this.group.visible = on;
  }

  /**
   * Rewrites the lines (only while visible): the paths of the players the viewer sees, from their
   * biggest shown cell (`lead`, CellLayer's: a bush hides a path too), and the grid cells under
   * the shown cells of player `focus` (null: none).
   */
  update(w: World, smooth: Smoother, lead: Int16Array, shown: Uint8Array, focus: number | null): void {
    if (!this.group.visible) return;
    const P = w.players;
    this.v = 0;
    for (let p = 0; p < this.colors.length; p++) {
      const c = lead[p]!;
      if (P.alive[p] === 0 || c < 0) continue;
      const state = P.pathState[p]!;
      // Points in Fx until written (integers pass between functions without boxing).
      let fx = Math.round(smooth.x[c]! * FX_ONE);
      let fz = Math.round(smooth.z[c]! * FX_ONE);
      if (state === PathState.NeedsPlan) this.segment(fx, fz, P.targetX[p]!, P.targetY[p]!, this.colors[p]!);
      if (state !== PathState.Following && state !== PathState.Partial) continue;
      for (let k = P.pathIdx[p]!; k < P.pathLen[p]!; k++) {
        const x = waypointX(w, p, k);
        const z = waypointY(w, p, k);
        this.segment(fx, fz, x, z, this.colors[p]!);
        fx = x;
        fz = z;
      }
    }
    this.segments = this.v / 2;
    let marks = 0;
    if (focus !== null) {
      for (let c = firstCell(focus), end = c + CELLS_PER_PLAYER; c < end; c++) {
        if (shown[c] === 0 || smooth.ghostTo[c]! >= 0) continue;
        // The grid cell (col, row) = (floor x, floor z), as core/map's worldToGrid; its corners in Fx.
        const x0 = Math.floor(smooth.x[c]!) * FX_ONE;
        const z0 = Math.floor(smooth.z[c]!) * FX_ONE;
        const x1 = x0 + FX_ONE;
        const z1 = z0 + FX_ONE;
        this.segment(x0, z0, x1, z0, CELL_MARK);
        this.segment(x1, z0, x1, z1, CELL_MARK);
        this.segment(x1, z1, x0, z1, CELL_MARK);
        this.segment(x0, z1, x0, z0, CELL_MARK);
        marks++;
      }
    }
    this.cellMarks = marks;
    this.paths.geometry.setDrawRange(0, this.v);
    this.pos.needsUpdate = true;
    this.col.needsUpdate = true;
  }

  /** One segment from (x0, z0) to (x1, z1), in Fx, in colour `c`. */
  private segment(x0: number, z0: number, x1: number, z1: number, c: THREE.Color): void {
    const pos = this.pos.array as Float32Array;
    const col = this.col.array as Float32Array;
    const i = this.v * 3;
    pos[i] = x0 / FX_ONE;
    pos[i + 1] = pos[i + 4] = 0.06;
    pos[i + 2] = z0 / FX_ONE;
    pos[i + 3] = x1 / FX_ONE;
    pos[i + 5] = z1 / FX_ONE;
    col[i] = col[i + 3] = c.r;
    col[i + 1] = col[i + 4] = c.g;
    col[i + 2] = col[i + 5] = c.b;
    this.v += 2;
  }

  dispose(): void {
    this.plane.geometry.dispose();
    (this.plane.material as THREE.Material).dispose();
    this.mask.dispose();
    this.paths.geometry.dispose();
    (this.paths.material as THREE.Material).dispose();
  }
}
