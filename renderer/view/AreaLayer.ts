/**
 * The closing area of last ball standing, on the ground: a low translucent red band standing on
 * the area's edge, so a player sees where the safe ground ends and how fast it comes in (the
 * minimap and the HUD's countdown show it too). The circle is core's (areaAt: a pure function of
 * the map and the frame), read each display frame; one mesh, one draw call, scaled in place.
 * Absent (never added) in a match without last ball standing. Units: world units = cells.
 */
import * as THREE from 'three';
import { FX_ONE } from '../../core/math';
import { areaAt, type World } from '../game/simApi';

/** The band's height (cells). */
const HEIGHT = 0.45;

export class AreaLayer {
  readonly mesh: THREE.Mesh;

  constructor() {
    const geometry = new THREE.CylinderGeometry(1, 1, HEIGHT, 160, 1, true);
    geometry.translate(0, HEIGHT / 2, 0);
    const material = new THREE.MeshBasicMaterial({ color: 0xff5a4a, transparent: true, opacity: 0.55, side: THREE.DoubleSide, depthWrite: false });
    this.mesh = new THREE.Mesh(geometry, material);
    this.mesh.renderOrder = 2;
  }

  update(w: World): void {
    const a = areaAt(w.info, w.settings, w.frame);
    const r = a.radius / FX_ONE;
    this.mesh.position.set(a.x / FX_ONE, 0.01, a.y / FX_ONE);
    this.mesh.scale.set(r, 1, r);
  }

  dispose(): void {
    this.mesh.geometry.dispose();
    (this.mesh.material as THREE.Material).dispose();
  }
}
