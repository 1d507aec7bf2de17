/**
 * The map's 3D furniture, built once per match: walls as blocks (one InstancedMesh) and bushes as
 * foliage (one InstancedMesh of a few leafy lumps per bush cell), plus the transparent plane that
 * receives shadows over the unlit ground. Colour variation per cell comes from core/map's
 * cellNoise so it never changes between frames or runs.
 * Units: world units = cells; a cell (col, row) is centred at (col + 0.5, ·, row + 0.5).
 */
import * as THREE from 'three';
import { cellNoise, type GameMap } from '../../core/map';

/** Wall height in cells: tall enough to read as a wall, low enough not to hide balls behind it. */
export const WALL_HEIGHT = 0.9;
const LUMPS_PER_BUSH = 3;

function cellsWhere(mask: Uint8Array | Uint16Array, cols: number): { col: number; row: number }[] {
  const out: { col: number; row: number }[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]! !== 0) out.push({ col: i % cols, row: Math.floor(i / cols) });
  return out;
}

/**
 * A sphere (x, y, z = centre, w = radius; w = 0: none) that walls must not hide: wall fragments
 * between the camera and it, within w of the line of sight, are dropped in a checkerboard —
 * the wall turns half see-through there, with no transparency sorting.
 */
export interface SeeThrough {
  readonly value: THREE.Vector4;
}

/** The wall material's shader, with the see-through cut of `see`. */
function seeThroughWalls(material: THREE.MeshStandardMaterial, see: SeeThrough): void {
  material.onBeforeCompile = (shader) => {
    shader.uniforms['uSee'] = see;
    shader.vertexShader = shader.vertexShader
      .replace('void main() {', 'out vec3 vSeeWorld;\nvoid main() {')
      .replace('#include <project_vertex>', '#include <project_vertex>\nvSeeWorld = (modelMatrix * instanceMatrix * vec4(transformed, 1.0)).xyz;');
    shader.fragmentShader = shader.fragmentShader.replace('void main() {', 'uniform vec4 uSee;\nin vec3 vSeeWorld;\nvoid main() {').replace(
      '#include <clipping_planes_fragment>',
      `#include <clipping_planes_fragment>
      if (uSee.w > 0.0) {
        vec3 toSee = uSee.xyz - cameraPosition;
        vec3 toFrag = vSeeWorld - cameraPosition;
        float t = dot(toFrag, toSee) / dot(toSee, toSee);
        if (t < 1.0 && length(toFrag - toSee * t) < uSee.w && mod(floor(gl_FragCoord.x) + floor(gl_FragCoord.y), 2.0) < 1.0) discard;
      }`,
    );
  };
}

/** Walls: one instanced box per wall cell (cells with wall art); they do not hide the sphere `see`. */
export function buildWalls(map: GameMap, see: SeeThrough): THREE.InstancedMesh {
  const cells = cellsWhere(map.wallTiles, map.cols);
  const geometry = new THREE.BoxGeometry(1, WALL_HEIGHT, 1);
  const material = new THREE.MeshStandardMaterial({ color: 0xffffff, roughness: 0.85, metalness: 0 });
  seeThroughWalls(material, see);
  const mesh = new THREE.InstancedMesh(geometry, material, Math.max(1, cells.length));
  mesh.count = cells.length;
  const m = new THREE.Matrix4();
  const c = new THREE.Color();
  cells.forEach(({ col, row }, i) => {
    m.makeTranslation(col + 0.5, WALL_HEIGHT / 2, row + 0.5);
    mesh.setMatrixAt(i, m);
    const v = cellNoise(col, row, 7) / 65535;
    mesh.setColorAt(i, c.setHSL(0.6, 0.08 + v * 0.06, 0.42 + v * 0.1, THREE.SRGBColorSpace));
  });
  mesh.castShadow = mesh.receiveShadow = true;
  mesh.frustumCulled = false;
  mesh.name = 'walls';
  return mesh;
}

/** Bushes: a few squashed, flat-shaded lumps per bush cell, slightly see-through. */
export function buildBushes(map: GameMap): THREE.InstancedMesh {
  const cells = cellsWhere(map.bush, map.cols);
  const geometry = new THREE.IcosahedronGeometry(0.42, 1);
  const material = new THREE.MeshStandardMaterial({ color: 0xffffff, roughness: 0.9, flatShading: true, transparent: true, opacity: 0.9 });
  const mesh = new THREE.InstancedMesh(geometry, material, Math.max(1, cells.length * LUMPS_PER_BUSH));
  mesh.count = cells.length * LUMPS_PER_BUSH;
  const m = new THREE.Matrix4();
  const q = new THREE.Quaternion();
  const p = new THREE.Vector3();
  const s = new THREE.Vector3();
  const c = new THREE.Color();
  const e = new THREE.Euler();
  cells.forEach(({ col, row }, i) => {
    for (let k = 0; k < LUMPS_PER_BUSH; k++) {
      const n = (salt: number): number => cellNoise(col, row, 11 + k * 5 + salt) / 65535;
      p.set(col + 0.25 + n(0) * 0.5, 0.3 + n(1) * 0.15, row + 0.25 + n(2) * 0.5);
      q.setFromEuler(e.set(0, n(3) * Math.PI * 2, 0));
      const size = 0.85 + n(4) * 0.4;
      s.set(size, size * 0.8, size);
      mesh.setMatrixAt(i * LUMPS_PER_BUSH + k, m.compose(p, q, s));
      mesh.setColorAt(i * LUMPS_PER_BUSH + k, c.setHSL(0.27 + n(5) * 0.08, 0.55, 0.28 + n(6) * 0.12, THREE.SRGBColorSpace));
    }
  });
  mesh.castShadow = true;
  mesh.frustumCulled = false;
  mesh.renderOrder = 2;
  mesh.name = 'bushes';
  return mesh;
}

/** A transparent plane over the ground that only shows shadows (the ground shader is unlit). */
export function buildShadowCatcher(map: GameMap): THREE.Mesh {
  const geometry = new THREE.PlaneGeometry(map.cols, map.rows);
  geometry.rotateX(-Math.PI / 2);
  geometry.translate(map.cols / 2, 0.003, map.rows / 2);
  const mesh = new THREE.Mesh(geometry, new THREE.ShadowMaterial({ opacity: 0.32 }));
  mesh.receiveShadow = true;
  mesh.name = 'shadow-catcher';
  return mesh;
}

/** Disposes a mesh's geometry and material(s). */
export function disposeMesh(mesh: THREE.Mesh | THREE.InstancedMesh | THREE.LineSegments): void {
  mesh.geometry.dispose();
  const mats = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
  for (const m of mats) m.dispose();
  if (mesh instanceof THREE.InstancedMesh) mesh.dispose();
}
