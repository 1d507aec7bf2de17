/**
 * Pellets: ONE InstancedMesh for all of them. Instances are rewritten only when the pellets
 * changed (an eat or spawn event) or the camera's view moved to new cells, and only pellets
 * inside the view rectangle (plus a margin) get an instance — the GPU then draws tens, not a
 * thousand. Matrices are written straight into the instance buffer (uniform scale + translation),
 * so the rebuild allocates nothing.
 * Units: world units = cells; pellet value 100 → radius 0.12, bigger values → up to 0.2.
 */
import * as THREE from 'three';
import { FX_ONE } from '../../core/math';
import { PELLET_CAPACITY, pelletValue, pelletX, pelletY, type World } from '../game/simApi';

export interface ViewRect {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
}

export class PelletLayer {
  readonly mesh: THREE.InstancedMesh;
  /** Instances drawn after the last rebuild (the hook reports it). */
  drawn = 0;
  /** Live pellets counted at the last rebuild. */
  live = 0;
  /**
   * The pellet words as of the last rebuild: an eaten pellet's slot is already cleared in the
   * World when its event arrives, so eat effects look its position up here.
   */
  readonly words = new Int32Array(PELLET_CAPACITY);
  private dirty = true;
  /** The view rectangle at the last rebuild (x0, z0, x1, z1): a typed array, so stores never box. */
  private readonly last = new Float64Array([0, 0, -1, -1]);
  private readonly colors: Float32Array;

  constructor() {
    const geometry = new THREE.IcosahedronGeometry(1, 1);
    const material = new THREE.MeshStandardMaterial({ roughness: 0.4, metalness: 0, emissive: 0x222222 });
    this.mesh = new THREE.InstancedMesh(geometry, material, PELLET_CAPACITY);
    this.mesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
    this.mesh.frustumCulled = false;
    this.mesh.name = 'pellets';
    this.mesh.count = 0;
    // A cosmetic colour per pellet id (cheerful hues), fixed for the match.
    const c = new THREE.Color();
    this.colors = new Float32Array(PELLET_CAPACITY * 3);
    for (let p = 0; p < PELLET_CAPACITY; p++) {
      c.setHSL(((p * 0.618034) % 1), 0.85, 0.6, THREE.SRGBColorSpace);
      c.toArray(this.colors, p * 3);
    }
    this.mesh.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(PELLET_CAPACITY * 3), 3);
    this.mesh.instanceColor.setUsage(THREE.DynamicDrawUsage);
  }

  /** The pellets changed this frame (eaten or spawned). */
  markDirty(): void {
    this.dirty = true;
  }

  /** Rebuilds the instances if pellets changed or the view moved by a cell. */
  update(w: World, view: ViewRect): void {
    const l = this.last;
    const x0 = view.x0;
    const z0 = view.z0;
    const x1 = view.x1;
    const z1 = view.z1;
    const moved = Math.abs(x0 - l[0]!) >= 1 || Math.abs(z0 - l[1]!) >= 1 || Math.abs(x1 - l[2]!) >= 1 || Math.abs(z1 - l[3]!) >= 1;
    if (!this.dirty && !moved) return;
    this.dirty = false;
    l[0] = x0;
    l[1] = z0;
    l[2] = x1;
    l[3] = z1;
    const P = w.pellets;
    this.words.set(P.word);
    const mat = this.mesh.instanceMatrix.array as Float32Array;
    const col = this.mesh.instanceColor!.array as Float32Array;
    let k = 0;
    let live = 0;
    for (let p = 0; p < PELLET_CAPACITY; p++) {
      const word = P.word[p]!;
      if (word === 0) continue;
      live++;
      const x = pelletX(word) / FX_ONE;
      const z = pelletY(word) / FX_ONE;
      const v = pelletValue(word);
      if (x < x0 || x > x1 || z < z0 || z > z1) continue;
      const r = v <= 100 ? 0.12 : 0.2;
      const o = k * 16;
      // Off-diagonal entries stay 0 from allocation: only scale and translation are written.
      mat[o] = r;
      mat[o + 5] = r;
      mat[o + 10] = r;
      mat[o + 12] = x;
      mat[o + 13] = r;
      mat[o + 14] = z;
      mat[o + 15] = 1;
      col[k * 3] = this.colors[p * 3]!;
      col[k * 3 + 1] = this.colors[p * 3 + 1]!;
      col[k * 3 + 2] = this.colors[p * 3 + 2]!;
      k++;
    }
    this.mesh.count = k;
    this.drawn = k;
    this.live = live;
    // Whole-buffer uploads (about 100 KB): update ranges would allocate every frame (three.js
    // empties the range list after each upload, releasing its storage).
    this.mesh.instanceMatrix.needsUpdate = true;
    this.mesh.instanceColor!.needsUpdate = true;
  }

  dispose(): void {
    this.mesh.geometry.dispose();
    (this.mesh.material as THREE.Material).dispose();
    this.mesh.dispose();
  }
}
