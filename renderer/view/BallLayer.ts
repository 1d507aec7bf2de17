/**
 * Balls: shaded spheres in player colours, with shadows. Every other player's ball is an instance
 * of ONE InstancedMesh; the local player's ball is its own (one-instance) InstancedMesh with its
 * own material so it can turn see-through while it hides in a bush (others do not see it at all
 * then — the sim's isVisibleTo decides). Keeping every shadow caster instanced (with instance
 * colours) lets the shadow pass reuse one depth program: mixing plain and instanced casters makes
 * three.js re-derive the program every object, every frame (allocating).
 * Your own ball also wears a marker: a bright ring on the ground around it, so you find yourself
 * at a glance among fifty balls.
 * Reads display positions from the Smoother and radii/alive/inBush from World; writes only
 * Three.js objects. Hidden or dead balls get a zero-scale matrix (no per-frame allocation).
 * Units: world units = cells; a ball of radius r Fx is a sphere of radius r / FX_ONE resting on
 * the ground (centre at y = r).
 */
import * as THREE from 'three';
import { FX_ONE } from '../../core/math';
import type { Smoother } from '../game/Smoother';
import type { PlayerInfo } from '../game/session';
import { isVisibleTo, type World } from '../game/simApi';

/** Opacity of your own ball while it is in a bush. */
export const OWN_IN_BUSH_OPACITY = 0.5;
/** The marker ring: inner and outer radius over the ball's radius (plus MARKER_GAP cells). */
const MARKER_INNER = 1;
const MARKER_OUTER = 1.3;
export const MARKER_GAP = 0.16;
/** The marker's colour: white reads on grass, sand and water alike. */
export const MARKER_COLOR = 0xffffff;

export class BallLayer {
  readonly others: THREE.InstancedMesh;
  readonly own: THREE.InstancedMesh;
  /** The ring on the ground around your own ball. */
  readonly marker: THREE.Mesh;
  /** Per ball: 1 when drawn this frame (labels and minimap follow it). */
  readonly shown: Uint8Array;
  private readonly geometry = new THREE.SphereGeometry(1, 28, 18);
  private readonly ownMaterial: THREE.MeshStandardMaterial;
  private readonly zero = new THREE.Matrix4().makeScale(0, 0, 0);

  constructor(
    private readonly players: readonly PlayerInfo[],
    private readonly mySlot: number | null,
  ) {
    const n = players.length;
    this.shown = new Uint8Array(n);
    this.others = new THREE.InstancedMesh(this.geometry, new THREE.MeshStandardMaterial({ roughness: 0.35, metalness: 0.05 }), n);
    const c = new THREE.Color();
    for (const p of players) {
      this.others.setColorAt(p.slot, c.set(p.color));
      this.others.setMatrixAt(p.slot, this.zero);
    }
    this.others.castShadow = true;
    this.others.frustumCulled = false;
    this.others.name = 'balls';
    const mine = mySlot === null ? '#ffffff' : (players[mySlot]?.color ?? '#ffffff');
    this.ownMaterial = new THREE.MeshStandardMaterial({ color: 0xffffff, roughness: 0.3, metalness: 0.05, transparent: true });
    this.own = new THREE.InstancedMesh(this.geometry, this.ownMaterial, 1);
    this.own.setColorAt(0, c.set(mine));
    this.own.castShadow = true;
    this.own.frustumCulled = false;
    this.own.visible = false;
    this.own.name = 'own-ball';
    const ring = new THREE.RingGeometry(MARKER_INNER, MARKER_OUTER, 48);
    ring.rotateX(-Math.PI / 2);
    this.marker = new THREE.Mesh(ring, new THREE.MeshBasicMaterial({ color: MARKER_COLOR, transparent: true, opacity: 0.9, depthWrite: false }));
    this.marker.visible = false;
    this.marker.renderOrder = 3;
    this.marker.name = 'own-marker';
  }

  /** Places every ball for this display frame; `viewer` = the slot whose eyes we see through. */
  update(w: World, smooth: Smoother, viewer: number | null): void {
    const B = w.balls;
    const others = this.others.instanceMatrix.array as Float32Array;
    const own = this.own.instanceMatrix.array as Float32Array;
    for (let i = 0; i < this.players.length; i++) {
      const visible = B.alive[i] !== 0 && (viewer === null || isVisibleTo(w, viewer, i));
      this.shown[i] = visible ? 1 : 0;
      // Scale r and translation written straight into the instance matrix (column-major): no
      // Matrix4 calls, which would box their float arguments every frame.
      const r = visible ? B.radius[i]! / FX_ONE : 0;
      const mine = i === this.mySlot;
      const out = mine ? own : others;
      const o = mine ? 0 : i * 16;
      out[o] = out[o + 5] = out[o + 10] = out[o + 13] = r;
      out[o + 12] = smooth.x[i]!;
      out[o + 14] = smooth.z[i]!;
      if (!mine) continue;
      others[i * 16] = others[i * 16 + 5] = others[i * 16 + 10] = 0; // not in the shared mesh
      this.own.visible = visible;
      this.marker.visible = visible;
      this.marker.position.set(smooth.x[i]!, 0.02, smooth.z[i]!);
      this.marker.scale.setScalar(r + MARKER_GAP);
      const inBush = B.inBush[i] !== 0;
      this.ownMaterial.opacity = inBush ? OWN_IN_BUSH_OPACITY : 1;
      this.ownMaterial.depthWrite = !inBush;
      this.own.instanceMatrix.needsUpdate = true;
    }
    this.others.instanceMatrix.needsUpdate = true;
  }

  dispose(): void {
    this.geometry.dispose();
    (this.others.material as THREE.Material).dispose();
    this.ownMaterial.dispose();
    this.marker.geometry.dispose();
    (this.marker.material as THREE.Material).dispose();
    this.others.dispose();
    this.own.dispose();
  }
}
