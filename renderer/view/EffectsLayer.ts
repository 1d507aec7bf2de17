/**
 * Short-lived effects driven by the simulation's model→view events (seed 003): a pop ring where a
 * pellet is eaten, a burst ring where a cell is eaten (its colour and size), a ring closing in
 * where a player respawns, a green ring and flash where a virus bursts a cell, a puff where a
 * cell splits or spits a blob, and a marker where you right-click. Two fixed pools — rings and
 * puffs — each ONE additive InstancedMesh; an effect fades by darkening its colour (additive
 * black is invisible). Spawning overwrites the oldest slot; nothing is allocated.
 * Units: world units (cells), seconds of real time for lifetimes.
 */
import * as THREE from 'three';
import { VIRUS_COLOR } from './VirusLayer';

const RINGS = 96;
const PUFFS = 128;

class Pool {
  readonly mesh: THREE.InstancedMesh;
  private next = 0;
  private readonly born: Float64Array;
  private readonly life: Float64Array;
  private readonly pos: Float32Array;
  private readonly size: Float32Array; // start, end
  private readonly rgb: Float32Array;
  private readonly m = new THREE.Matrix4();
  private readonly c = new THREE.Color();
  /** When the last effect spawned ends (s); past it, and once cleared, an update does nothing. */
  private until = -Infinity;
  private cleared = true;

  constructor(geometry: THREE.BufferGeometry, readonly capacity: number, name: string) {
    // Front faces only: three.js draws a transparent double-sided material in two passes and
    // flags it for a program check each time (an allocation every frame).
    const material = new THREE.MeshBasicMaterial({ transparent: true, blending: THREE.AdditiveBlending, depthWrite: false });
    this.mesh = new THREE.InstancedMesh(geometry, material, capacity);
    this.mesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
    this.mesh.frustumCulled = false;
    this.mesh.renderOrder = 5;
    this.mesh.name = name;
    this.born = new Float64Array(capacity).fill(-1e9);
    this.life = new Float64Array(capacity).fill(1);
    this.pos = new Float32Array(capacity * 3);
    this.size = new Float32Array(capacity * 2);
    this.rgb = new Float32Array(capacity * 3);
    for (let i = 0; i < capacity; i++) {
      this.mesh.setMatrixAt(i, this.m.makeScale(0, 0, 0));
      this.mesh.setColorAt(i, this.c.setRGB(0, 0, 0));
    }
  }

  spawn(now: number, x: number, y: number, z: number, from: number, to: number, life: number, color: THREE.Color): void {
    const i = this.next;
    this.next = (i + 1) % this.capacity;
    this.born[i] = now;
    this.life[i] = life;
    this.pos[i * 3] = x;
    this.pos[i * 3 + 1] = y;
    this.pos[i * 3 + 2] = z;
    this.size[i * 2] = from;
    this.size[i * 2 + 1] = to;
    this.rgb[i * 3] = color.r;
    this.rgb[i * 3 + 1] = color.g;
    this.rgb[i * 3 + 2] = color.b;
    if (now + life > this.until) this.until = now + life;
    this.cleared = false;
  }

  /** Draws the live effects at `now`; returns how many. Idle pools (all ended and hidden) cost nothing. */
  update(now: number): number {
    if (this.cleared) return 0;
    if (now >= this.until) {
      for (let i = 0; i < this.capacity; i++) this.mesh.setMatrixAt(i, this.m.makeScale(0, 0, 0));
      this.mesh.instanceMatrix.needsUpdate = true;
      this.cleared = true;
      return 0;
    }
    let active = 0;
    for (let i = 0; i < this.capacity; i++) {
      const t = (now - this.born[i]!) / this.life[i]!;
      if (t < 0 || t >= 1) {
        if (t >= 1 && t < 2) this.mesh.setMatrixAt(i, this.m.makeScale(0, 0, 0));
        continue;
      }
      active++;
      const s = this.size[i * 2]! + (this.size[i * 2 + 1]! - this.size[i * 2]!) * t;
      this.m.makeScale(s, s, s).setPosition(this.pos[i * 3]!, this.pos[i * 3 + 1]!, this.pos[i * 3 + 2]!);
      this.mesh.setMatrixAt(i, this.m);
      const fade = (1 - t) * (1 - t);
      this.mesh.setColorAt(i, this.c.setRGB(this.rgb[i * 3]! * fade, this.rgb[i * 3 + 1]! * fade, this.rgb[i * 3 + 2]! * fade));
    }
    this.mesh.instanceMatrix.needsUpdate = true;
    this.mesh.instanceColor!.needsUpdate = true;
    return active;
  }
}

export class EffectsLayer {
  readonly group = new THREE.Group();
  private readonly rings: Pool;
  private readonly puffs: Pool;
  private readonly c = new THREE.Color();
  /** Effects alive after the last update (the hook reports it). */
  active = 0;

  constructor() {
    const ring = new THREE.RingGeometry(0.82, 1, 32);
    ring.rotateX(-Math.PI / 2);
    this.rings = new Pool(ring, RINGS, 'fx-rings');
    this.puffs = new Pool(new THREE.IcosahedronGeometry(1, 1), PUFFS, 'fx-puffs');
    this.group.add(this.rings.mesh, this.puffs.mesh);
  }

  /** A pellet was eaten at (x, z). */
  pop(now: number, x: number, z: number, color: THREE.Color): void {
    this.rings.spawn(now, x, 0.05, z, 0.1, 0.6, 0.35, this.c.copy(color));
  }

  /** A cell of radius r was eaten at (x, z). */
  burst(now: number, x: number, z: number, r: number, color: THREE.Color): void {
    this.rings.spawn(now, x, 0.06, z, r, r * 2.6 + 1, 0.7, this.c.copy(color));
  }

  /** A player respawned at (x, z): a bright ring closing in. */
  respawn(now: number, x: number, z: number, color: THREE.Color): void {
    this.rings.spawn(now, x, 0.07, z, 2.5, 0.3, 0.6, this.c.copy(color).lerp(WHITE, 0.5));
  }

  /** Your right-click target. */
  marker(now: number, x: number, z: number): void {
    this.rings.spawn(now, x, 0.05, z, 0.7, 0.15, 0.45, this.c.setRGB(1, 1, 1));
  }

  /** A cell of radius r at (x, z) split or spat a blob: a soft puff of its colour. */
  puff(now: number, x: number, z: number, r: number, color: THREE.Color): void {
    this.puffs.spawn(now, x, r, z, r * 0.7, r * 1.25, 0.3, this.c.copy(color).multiplyScalar(0.45));
  }

  /** A virus of radius r at (x, z) burst a cell: a green ring thrown wide and a flash. */
  virusPop(now: number, x: number, z: number, r: number): void {
    this.rings.spawn(now, x, 0.08, z, r, r * 3.2 + 1.5, 0.6, this.c.copy(VIRUS));
    this.puffs.spawn(now, x, r, z, r * 1.1, r * 2.2, 0.35, this.c.copy(VIRUS).multiplyScalar(0.6));
  }

  update(now: number): void {
    this.active = this.rings.update(now) + this.puffs.update(now);
  }

  dispose(): void {
    for (const p of [this.rings, this.puffs]) {
      p.mesh.geometry.dispose();
      (p.mesh.material as THREE.Material).dispose();
      p.mesh.dispose();
    }
  }
}

const WHITE = new THREE.Color(1, 1, 1);
const VIRUS = new THREE.Color(VIRUS_COLOR);
