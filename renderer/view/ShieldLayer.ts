/**
 * Spawn protection, shown: a shimmering shell around every shown cell of a player the simulation
 * protects (its `shield` column > 0) — a pale rim of light with bands running up it, additive,
 * ONE instanced draw call for all cells (packed: instance k ≠ cell id). It fades out over the
 * last half second of protection, so a newcomer (and whoever eyes them) sees when it is about to
 * end; it vanishes at once when the protection is cancelled (eating a cell, splitting, ejecting).
 * Reads shields from World, display positions and radii from the Smoother and what is shown
 * from the CellLayer; writes only Three.js objects, without allocating per frame.
 * Units: world units = cells, seconds.
 */
import * as THREE from 'three';
import type { Smoother } from '../game/Smoother';
import { CELLS_PER_PLAYER, MAX_CELLS, MAX_PLAYERS, firstCell, type World } from '../game/simApi';
import { show } from './instances';

/** Shell radius over the ball's. */
const SHELL = 1.14;
/** Frames over which the shimmer fades out before the protection ends. */
const FADE_FRAMES = 15;

const VERTEX = /* glsl */ `
in float aGlow;
out float vGlow;
out vec3 vNormal;
out vec3 vView;
out float vY;
void main() {
  vec4 world = modelMatrix * instanceMatrix * vec4(position, 1.0);
  vNormal = normalize(mat3(modelMatrix) * mat3(instanceMatrix) * normal);
  vView = normalize(cameraPosition - world.xyz);
  vY = world.y;
  vGlow = aGlow;
  gl_Position = projectionMatrix * viewMatrix * world;
}`;

const FRAGMENT = /* glsl */ `
uniform float uTime;
in float vGlow;
in vec3 vNormal;
in vec3 vView;
in float vY;
void main() {
  float rim = 1.0 - abs(dot(normalize(vNormal), normalize(vView)));
  float bands = 0.5 + 0.5 * sin(vY * 9.0 - uTime * 6.0);
  float a = vGlow * (0.3 + 0.9 * rim * rim) * (0.55 + 0.45 * bands);
  gl_FragColor = vec4(vec3(0.62, 0.9, 1.0) * a, 1.0);
}`;

export class ShieldLayer {
  readonly mesh: THREE.InstancedMesh;
  /** Shells drawn at the last update (tests). */
  drawn = 0;
  private readonly glow: THREE.InstancedBufferAttribute;
  private readonly time = { value: 0 };

  constructor(count = MAX_CELLS) {
    const geometry = new THREE.SphereGeometry(1, 24, 16);
    this.glow = new THREE.InstancedBufferAttribute(new Float32Array(count), 1);
    this.glow.setUsage(THREE.DynamicDrawUsage);
    geometry.setAttribute('aGlow', this.glow);
    const material = new THREE.ShaderMaterial({
      vertexShader: VERTEX,
      fragmentShader: FRAGMENT,
      uniforms: { uTime: this.time },
      transparent: true,
      blending: THREE.AdditiveBlending,
      depthWrite: false,
    });
    this.mesh = new THREE.InstancedMesh(geometry, material, count);
    this.mesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
    this.mesh.frustumCulled = false;
    this.mesh.count = 0;
    this.mesh.visible = false;
    this.mesh.renderOrder = 4;
    this.mesh.name = 'shields';
  }

  /** Places a shell on every shown cell of a protected player; `now` in seconds drives the shimmer. */
  update(w: World, smooth: Smoother, shown: Uint8Array, now: number): void {
    this.time.value = now % 1000;
    const shields = w.players.shield;
    const m = this.mesh.instanceMatrix.array as Float32Array;
    const glow = this.glow.array as Float32Array;
    const capacity = this.glow.count;
    let k = 0;
    for (let p = 0; p < MAX_PLAYERS; p++) {
      const shield = shields[p]!;
      if (shield <= 0) continue;
      for (let c = firstCell(p), end = c + CELLS_PER_PLAYER; c < end && k < capacity; c++) {
        if (shown[c] === 0) continue;
        const r = smooth.r[c]!;
        const o = k * 16;
        m[o] = m[o + 5] = m[o + 10] = r * SHELL;
        m[o + 12] = smooth.x[c]!;
        m[o + 13] = r;
        m[o + 14] = smooth.z[c]!;
        glow[k] = shield >= FADE_FRAMES ? 1 : shield / FADE_FRAMES;
        k++;
      }
    }
    this.drawn = k;
    if (show(this.mesh, k)) this.glow.needsUpdate = true;
  }

  dispose(): void {
    this.mesh.geometry.dispose();
    (this.mesh.material as THREE.Material).dispose();
    this.mesh.dispose();
  }
}
