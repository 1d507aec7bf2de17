/**
 * Ejected blobs: small spheres in the colour of the player that spat them, ONE InstancedMesh for
 * all BLOB_CAPACITY of them, packed (instance k ≠ blob id) with only the blobs inside the view.
 * Reads live blobs from World and their interpolated positions from the Smoother; writes only
 * Three.js objects, without allocating.
 * Units: world units = cells; a blob is a sphere of radius BLOB_RADIUS resting on the ground.
 */
import * as THREE from 'three';
import { FX_ONE } from '../../core/math';
import type { PlayerInfo } from '../game/match';
import type { Smoother } from '../game/Smoother';
import { BLOB_CAPACITY, BLOB_RADIUS, MAX_PLAYERS, type World } from '../game/simApi';
import { place, show } from './instances';
import type { ViewRect } from './PelletLayer';

const R = BLOB_RADIUS / FX_ONE;

export class BlobLayer {
  readonly mesh: THREE.InstancedMesh;
  /** Blobs drawn at the last update. */
  drawn = 0;
  /** Linear RGB per slot. */
  private readonly rgb = new Float32Array(MAX_PLAYERS * 3);

  constructor(players: readonly PlayerInfo[]) {
    const c = new THREE.Color();
    for (let s = 0; s < MAX_PLAYERS; s++) c.set(players[s]?.color ?? '#9aa0a8').toArray(this.rgb, s * 3);
    this.mesh = new THREE.InstancedMesh(new THREE.IcosahedronGeometry(1, 2), new THREE.MeshStandardMaterial({ roughness: 0.4, metalness: 0.05 }), BLOB_CAPACITY);
    this.mesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
    this.mesh.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(BLOB_CAPACITY * 3), 3).setUsage(THREE.DynamicDrawUsage);
    this.mesh.frustumCulled = false;
    this.mesh.count = 0;
    this.mesh.visible = false;
    this.mesh.name = 'blobs';
  }

  update(w: World, smooth: Smoother, view: Readonly<ViewRect>): void {
    const L = w.blobs;
    const m = this.mesh.instanceMatrix.array as Float32Array;
    const col = this.mesh.instanceColor!.array as Float32Array;
    let k = 0;
    for (let b = 0; b < BLOB_CAPACITY; b++) {
      if (L.life[b] === 0) continue;
      const x = smooth.blobX[b]!;
      const z = smooth.blobZ[b]!;
      if (x < view.x0 || x > view.x1 || z < view.z0 || z > view.z1) continue;
      place(m, k, x, R, z, R);
      const p = (L.owner[b]! - 1) * 3;
      col[k * 3] = this.rgb[p]!;
      col[k * 3 + 1] = this.rgb[p + 1]!;
      col[k * 3 + 2] = this.rgb[p + 2]!;
      k++;
    }
    if (show(this.mesh, k)) this.mesh.instanceColor!.needsUpdate = true;
    this.drawn = k;
  }

  dispose(): void {
    this.mesh.geometry.dispose();
    (this.mesh.material as THREE.Material).dispose();
    this.mesh.dispose();
  }
}
