/**
 * Viruses (刺球): green spiky balls, ONE InstancedMesh for all VIRUS_CAPACITY of them, packed with
 * only those inside the view. The geometry is built once: a ball with SPIKES cones standing out of
 * it, spread evenly over the sphere (a Fibonacci lattice). Each virus is scaled by its radius
 * (virusRadius(mass), smoothed by the Smoother, so it visibly grows as it is fed) and turns
 * slowly about the vertical. Slightly see-through, so a small cell hiding under one (the
 * virus's use to the small) is still seen by its player.
 * Reads the Smoother's virus positions and radii; writes only Three.js objects, without allocating.
 * Units: world units = cells; seconds for the spin.
 */
import * as THREE from 'three';
import type { Smoother } from '../game/Smoother';
import { VIRUS_CAPACITY } from '../game/simApi';
import { show } from './instances';
import type { ViewRect } from './PelletLayer';

/** Spikes on a virus, and their length and base radius over the virus's radius. */
export const SPIKES = 26;
const SPIKE_LENGTH = 0.42;
const SPIKE_BASE = 0.17;
/** Radians a second a virus turns. */
const SPIN = 0.35;
/** The viruses' green (bots' colours keep clear of its hue: renderer/game/colors.ts VIRUS_HUE). */
export const VIRUS_COLOR = 0x3fd35a;

/** The spiky ball of radius 1 (spike tips at 1 + SPIKE_LENGTH − a little): one non-indexed geometry. */
export function spikyBall(spikes = SPIKES): THREE.BufferGeometry {
  const parts: THREE.BufferGeometry[] = [new THREE.IcosahedronGeometry(1, 2)];
  const up = new THREE.Vector3(0, 1, 0);
  const dir = new THREE.Vector3();
  const q = new THREE.Quaternion();
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let i = 0; i < spikes; i++) {
    const y = 1 - (2 * (i + 0.5)) / spikes;
    const ring = Math.sqrt(1 - y * y);
    dir.set(Math.cos(golden * i) * ring, y, Math.sin(golden * i) * ring);
    // A cone along +y, its base sunk into the ball, turned onto the spike's direction.
    const cone = new THREE.ConeGeometry(SPIKE_BASE, SPIKE_LENGTH + 0.1, 6, 1, true);
    cone.translate(0, 0.95 + (SPIKE_LENGTH + 0.1) / 2, 0);
    cone.applyQuaternion(q.setFromUnitVectors(up, dir));
    parts.push(cone);
  }
  const flat = parts.map((g) => (g.index ? g.toNonIndexed() : g));
  const count = flat.reduce((n, g) => n + g.getAttribute('position').count, 0);
  const pos = new Float32Array(count * 3);
  const nor = new Float32Array(count * 3);
  let at = 0;
  for (const g of flat) {
    pos.set(g.getAttribute('position').array as Float32Array, at * 3);
    nor.set(g.getAttribute('normal').array as Float32Array, at * 3);
    at += g.getAttribute('position').count;
  }
  for (const g of new Set([...parts, ...flat])) g.dispose();
  const out = new THREE.BufferGeometry();
  out.setAttribute('position', new THREE.BufferAttribute(pos, 3));
  out.setAttribute('normal', new THREE.BufferAttribute(nor, 3));
  return out;
}

export class VirusLayer {
  readonly mesh: THREE.InstancedMesh;
  /** Viruses drawn at the last update. */
  drawn = 0;

  constructor() {
    const material = new THREE.MeshStandardMaterial({ color: VIRUS_COLOR, emissive: 0x0c3a14, roughness: 0.45, metalness: 0.05, transparent: true, opacity: 0.82, depthWrite: false });
    this.mesh = new THREE.InstancedMesh(spikyBall(), material, VIRUS_CAPACITY);
    this.mesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
    this.mesh.frustumCulled = false;
    this.mesh.castShadow = true;
    this.mesh.count = 0;
    this.mesh.visible = false;
    this.mesh.renderOrder = 2;
    this.mesh.name = 'viruses';
  }

  /** Places every virus inside `view`; `now` (seconds) turns them. */
  update(smooth: Smoother, view: Readonly<ViewRect>, now: number): void {
    const m = this.mesh.instanceMatrix.array as Float32Array;
    let k = 0;
    for (let v = 0; v < VIRUS_CAPACITY; v++) {
      const r = smooth.virusR[v]!;
      if (r === 0) continue;
      const x = smooth.virusX[v]!;
      const z = smooth.virusZ[v]!;
      if (x + r < view.x0 || x - r > view.x1 || z + r < view.z0 || z - r > view.z1) continue;
      // Scale r and a turn about y, column-major, written straight into the instance buffer.
      const a = now * SPIN + v * 1.7;
      const c = Math.cos(a) * r;
      const s = Math.sin(a) * r;
      const i = k * 16;
      m[i] = c;
      m[i + 2] = -s;
      m[i + 5] = r;
      m[i + 8] = s;
      m[i + 10] = c;
      m[i + 12] = x;
      m[i + 13] = r;
      m[i + 14] = z;
      k++;
    }
    show(this.mesh, k);
    this.drawn = k;
  }

  dispose(): void {
    this.mesh.geometry.dispose();
    (this.mesh.material as THREE.Material).dispose();
    this.mesh.dispose();
  }
}
