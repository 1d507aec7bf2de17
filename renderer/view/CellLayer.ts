/**
 * Cells: shaded spheres in their owner's colour, with shadows. Every other player's cell is an
 * instance of ONE InstancedMesh (up to MAX_CELLS); your own cells have their own InstancedMeshes
 * of CELLS_PER_PLAYER — one opaque, one see-through for those hiding in a bush (others do not see
 * them at all then: the sim's isVisibleTo decides). Keeping every shadow caster instanced (with
 * instance colours) lets the shadow pass reuse one depth program: mixing plain and instanced
 * casters makes three.js re-derive the program every object, every frame (allocating).
 * Your own cells also wear a marker each: a bright ring on the ground around it (one instanced
 * draw call), so you find yourself at a glance among hundreds of cells.
 * Two steps a display frame: `see` decides which cells the viewer sees (`shown`, per cell;
 * `playerShown`, per slot: any of its cells shown; `lead`, per slot: its biggest shown cell,
 * where its name goes), `update` writes the instances of the shown cells inside the view — packed
 * (instance k ≠ cell id, `count` = cells drawn), so the GPU draws tens of cells, not 800.
 * Reads display positions and radii from the Smoother (a ghost — a merged cell gliding into its
 * cell — is drawn while its radius is > 0) and masses/bush flags from the DisplayCells; writes
 * only Three.js objects, without allocating.
 * Units: world units = cells; a cell of radius r is a sphere of radius r resting on the ground
 * (centre at y = r).
 */
import * as THREE from 'three';
import type { DisplayCells } from '../game/DisplayCells';
import type { PlayerInfo } from '../game/match';
import type { Smoother } from '../game/Smoother';
import { CELLS_PER_PLAYER, MAX_CELLS, MAX_PLAYERS, firstCell, isVisibleTo, ownerOf, type World } from '../game/simApi';
import { place, show } from './instances';
import type { ViewRect } from './PelletLayer';

/** Opacity of your own cells while they are in a bush. */
export const OWN_IN_BUSH_OPACITY = 0.5;
/** The marker ring: inner and outer radius over the cell's radius (plus MARKER_GAP cells). */
const MARKER_INNER = 1;
const MARKER_OUTER = 1.3;
export const MARKER_GAP = 0.16;
/** The marker's colour: white reads on grass, sand and water alike. */
export const MARKER_COLOR = 0xffffff;

export class CellLayer {
  readonly others: THREE.InstancedMesh;
  readonly own: THREE.InstancedMesh;
  /** Your cells in a bush, see-through. */
  readonly ownHidden: THREE.InstancedMesh;
  /** The rings on the ground around your own cells. */
  readonly markers: THREE.InstancedMesh;
  /** Per cell id: 1 when the viewer sees it this frame (labels, shields, minimap follow it). */
  readonly shown = new Uint8Array(MAX_CELLS);
  /** Per slot: 1 when any of its cells is shown. */
  readonly playerShown = new Uint8Array(MAX_PLAYERS);
  /** Per slot: its biggest shown cell (ties to the lower id), -1 when none. */
  readonly lead = new Int16Array(MAX_PLAYERS).fill(-1);
  /** Instances drawn at the last update (others and own), and markers. */
  drawn = 0;
  marked = 0;
  private readonly geometry = new THREE.SphereGeometry(1, 28, 18);
  /** Linear RGB per slot. */
  private readonly rgb = new Float32Array(MAX_PLAYERS * 3);
  private readonly ownFirst: number;

  constructor(players: readonly PlayerInfo[], mySlot: number | null) {
    const c = new THREE.Color();
    for (let s = 0; s < MAX_PLAYERS; s++) {
      c.set(players[s]?.color ?? '#9aa0a8');
      c.toArray(this.rgb, s * 3);
    }
    this.ownFirst = mySlot === null ? -1 : firstCell(mySlot);
    this.others = instanced(this.geometry, new THREE.MeshStandardMaterial({ roughness: 0.35, metalness: 0.05 }), MAX_CELLS, 'cells');
    this.others.instanceColor = new THREE.InstancedBufferAttribute(new Float32Array(MAX_CELLS * 3), 3).setUsage(THREE.DynamicDrawUsage);
    const mine = c.set(mySlot === null ? '#ffffff' : (players[mySlot]?.color ?? '#ffffff'));
    this.own = instanced(this.geometry, new THREE.MeshStandardMaterial({ color: mine, roughness: 0.3, metalness: 0.05 }), CELLS_PER_PLAYER, 'own-cells');
    const hidden = new THREE.MeshStandardMaterial({ color: mine, roughness: 0.3, metalness: 0.05, transparent: true, opacity: OWN_IN_BUSH_OPACITY, depthWrite: false });
    this.ownHidden = instanced(this.geometry, hidden, CELLS_PER_PLAYER, 'own-cells-hidden');
    for (const m of [this.others, this.own, this.ownHidden]) m.castShadow = true;
    const ring = new THREE.RingGeometry(MARKER_INNER, MARKER_OUTER, 48);
    ring.rotateX(-Math.PI / 2);
    this.markers = instanced(ring, new THREE.MeshBasicMaterial({ color: MARKER_COLOR, transparent: true, opacity: 0.9, depthWrite: false }), CELLS_PER_PLAYER, 'own-markers');
    this.markers.renderOrder = 3;
  }

  /** Which cells `viewer` (null: sees everything) sees this frame; your own cells are always seen. */
  see(w: World, cells: DisplayCells, smooth: Smoother, viewer: number | null): void {
    const shown = this.shown;
    const lead = this.lead;
    this.playerShown.fill(0);
    lead.fill(-1);
    for (let c = 0; c < MAX_CELLS; c++) {
      let on = 0;
      if (smooth.r[c]! > 0 && cells.mass[c] !== 0) {
        const p = ownerOf(c);
        // The confirmed world decides others' cells (out of a bush: seen by all); mine may be
        // predicted ones it does not have yet.
        on = viewer === null || p === viewer || w.cells.inBush[c] === 0 || isVisibleTo(w, viewer, c) ? 1 : 0;
        if (on === 1) {
          this.playerShown[p] = 1;
          const l = lead[p]!;
          if (l < 0 || cells.mass[c]! > cells.mass[l]!) lead[p] = c;
        }
      }
      shown[c] = on;
    }
    // Ghosts: seen when the cell they glide into is.
    for (let c = 0; c < MAX_CELLS && smooth.ghosts > 0; c++) {
      const into = smooth.ghostTo[c]!;
      if (into >= 0 && smooth.r[c]! > 0) shown[c] = shown[into]!;
    }
  }

  /** Places every shown cell inside `view` for this display frame (after `see`). */
  update(cells: DisplayCells, smooth: Smoother, view: Readonly<ViewRect>): void {
    const others = this.others.instanceMatrix.array as Float32Array;
    const col = this.others.instanceColor!.array as Float32Array;
    const own = this.own.instanceMatrix.array as Float32Array;
    const hidden = this.ownHidden.instanceMatrix.array as Float32Array;
    const rings = this.markers.instanceMatrix.array as Float32Array;
    const ownFirst = this.ownFirst;
    const ownEnd = ownFirst < 0 ? -1 : ownFirst + CELLS_PER_PLAYER;
    let n = 0;
    let o = 0;
    let h = 0;
    let m = 0;
    for (let c = 0; c < MAX_CELLS; c++) {
      if (this.shown[c] === 0) continue;
      const x = smooth.x[c]!;
      const z = smooth.z[c]!;
      const r = smooth.r[c]!;
      if (x + r < view.x0 || x - r > view.x1 || z + r < view.z0 || z - r > view.z1) continue;
      if (c >= ownFirst && c < ownEnd) {
        // A ghost of mine is drawn as its cell is.
        const into = smooth.ghostTo[c]!;
        if (cells.inBush[into >= 0 ? into : c] !== 0) place(hidden, h++, x, r, z, r);
        else place(own, o++, x, r, z, r);
        place(rings, m++, x, 0.02, z, r + MARKER_GAP);
        continue;
      }
      place(others, n, x, r, z, r);
      const p = ownerOf(c) * 3;
      col[n * 3] = this.rgb[p]!;
      col[n * 3 + 1] = this.rgb[p + 1]!;
      col[n * 3 + 2] = this.rgb[p + 2]!;
      n++;
    }
    if (show(this.others, n)) this.others.instanceColor!.needsUpdate = true;
    show(this.own, o);
    show(this.ownHidden, h);
    show(this.markers, m);
    this.drawn = n + o + h;
    this.marked = m;
  }

  dispose(): void {
    this.geometry.dispose();
    for (const mesh of [this.others, this.own, this.ownHidden, this.markers]) {
      (mesh.material as THREE.Material).dispose();
      mesh.dispose();
    }
    this.markers.geometry.dispose();
  }
}

/** An InstancedMesh of `count` for per-frame rewriting, drawing none until told. */
function instanced(geometry: THREE.BufferGeometry, material: THREE.Material, count: number, name: string): THREE.InstancedMesh {
  const mesh = new THREE.InstancedMesh(geometry, material, count);
  mesh.instanceMatrix.setUsage(THREE.DynamicDrawUsage);
  mesh.frustumCulled = false;
  mesh.count = 0;
  mesh.visible = false;
  mesh.name = name;
  return mesh;
}
