/**
 * The grid layer (G toggles it): the simulation's own grid made visible over the ground —
 * cell lines, the blocked mask (walls and water, tinted red), bush cells (tinted green) — drawn by
 * ONE shader plane, plus the current A* paths of every ball as ONE LineSegments: your
 * click-to-move path in white, each bot's in its colour, from the ball to its remaining waypoints
 * (World's waypoint column through core/sim's waypointX/Y, pathIdx..pathLen-1).
 * Units: world units = cells; the plane's cell lookup is floor(x), floor(z) like core/map's worldToGrid.
 */
import * as THREE from 'three';
import { FX_ONE } from '../../core/math';
import type { GameMap } from '../../core/map';
import { GROUND_VERTEX } from './GroundLayer';
import type { PlayerInfo } from '../game/session';
import type { Smoother } from '../game/Smoother';
import { PATH_CAPACITY, PathState, waypointX, waypointY, type World } from '../game/simApi';


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

const SEGMENTS_PER_BALL = PATH_CAPACITY + 1;

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
    const max = players.length * SEGMENTS_PER_BALL * 2;
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

  /** Rewrites the path lines (only while visible) of the balls the viewer sees (`shown`: a bush hides its path too). */
  update(w: World, smooth: Smoother, shown: Uint8Array): void {
    if (!this.group.visible) return;
    const B = w.balls;
    this.v = 0;
    for (let b = 0; b < this.colors.length; b++) {
      if (B.alive[b] === 0 || shown[b] === 0) continue;
      const state = B.pathState[b]!;
      // Points in Fx until written (integers pass between functions without boxing).
      let fx = Math.round(smooth.x[b]! * FX_ONE);
      let fz = Math.round(smooth.z[b]! * FX_ONE);
      if (state === PathState.NeedsPlan) this.segment(fx, fz, B.targetX[b]!, B.targetY[b]!, b);
      if (state !== PathState.Following && state !== PathState.Partial) continue;
      for (let k = B.pathIdx[b]!; k < B.pathLen[b]!; k++) {
        const x = waypointX(w, b, k);
        const z = waypointY(w, b, k);
        this.segment(fx, fz, x, z, b);
        fx = x;
        fz = z;
      }
    }
    this.segments = this.v / 2;
    this.paths.geometry.setDrawRange(0, this.v);
    this.pos.needsUpdate = true;
    this.col.needsUpdate = true;
  }

  /** One segment from (x0, z0) to (x1, z1), in Fx, in ball `b`'s path colour. */
  private segment(x0: number, z0: number, x1: number, z1: number, b: number): void {
    const pos = this.pos.array as Float32Array;
    const col = this.col.array as Float32Array;
    const c = this.colors[b]!;
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
