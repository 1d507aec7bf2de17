/**
 * Packed instance buffers, shared by the layers that rewrite theirs every frame (cells, blobs,
 * viruses): instance k is the k-th thing drawn, not its entity id, and `count` says how many.
 */
import type * as THREE from 'three';

/**
 * Instance k of a packed matrix buffer: uniform scale s at (x, y, z), written straight into the
 * column-major array (no Matrix4 calls, which would box their float arguments). The off-diagonal
 * entries stay 0 and [15] stays 1 from the identity three.js starts every instance with.
 */
export function place(m: Float32Array, k: number, x: number, y: number, z: number, s: number): void {
  const i = k * 16;
  m[i] = m[i + 5] = m[i + 10] = s;
  m[i + 12] = x;
  m[i + 13] = y;
  m[i + 14] = z;
}

/**
 * Draws the first `count` instances of `mesh` (none: the mesh is skipped); returns whether the
 * instances were rewritten and must be uploaded (nothing to draw now or before: no upload).
 */
export function show(mesh: THREE.InstancedMesh, count: number): boolean {
  const upload = count > 0 || mesh.count > 0;
  mesh.count = count;
  mesh.visible = count > 0;
  if (upload) mesh.instanceMatrix.needsUpdate = true;
  return upload;
}
