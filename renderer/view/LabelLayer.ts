/**
 * Name labels: ONE draw call for all of them, one name a player, above its biggest shown cell
 * (CellLayer.lead — agar's habit: the name rides the cell that matters; a player with no cell in
 * sight has none). Each name is drawn once into a slot of a canvas atlas with fillText — text is
 * rasterised, never parsed as HTML — and an instanced quad per player samples its slot. The
 * vertex shader keeps every label the same size on screen (LABEL_PX tall) and centred above its
 * cell, whatever the zoom.
 * Units: anchor positions in world units; sizes in CSS pixels.
 */
import * as THREE from 'three';
import type { PlayerInfo } from '../game/match';
import type { Smoother } from '../game/Smoother';

const SLOT_W = 256;
const SLOT_H = 48;
const GRID_COLS = 4;
const GRID_ROWS = 16;
/** Font size of a name in its atlas slot, px. */
const FONT_PX = 30;
/** Label height on screen, CSS px: names read at LABEL_TEXT_PX (≥ 12 px) at every zoom. */
export const LABEL_PX = 22;
/** The font size names show at on screen, CSS px. */
export const LABEL_TEXT_PX = (LABEL_PX * FONT_PX) / SLOT_H;

const VERTEX = /* glsl */ `
in vec3 aAnchor;
in vec3 aSlot; // atlas column, atlas row, text width / slot width
in float aShow;
uniform vec2 uPx;   // NDC units per CSS px (x, y)
uniform vec2 uGrid; // atlas grid columns, rows
out vec2 vUv;
void main() {
  vec4 clip = projectionMatrix * viewMatrix * vec4(aAnchor, 1.0);
  float w = aSlot.z * ${(SLOT_W / SLOT_H).toFixed(4)};
  vec2 corner = vec2(position.x * w, position.y + 0.5) * ${LABEL_PX.toFixed(1)};
  clip.xy += corner * uPx * clip.w;
  gl_Position = aShow > 0.5 ? clip : vec4(2.0, 2.0, 2.0, 1.0);
  vUv = vec2((aSlot.x + 0.5 + position.x * aSlot.z) / uGrid.x, (aSlot.y + 0.5 - position.y) / uGrid.y);
}`;

const FRAGMENT = /* glsl */ `
uniform sampler2D uAtlas;
in vec2 vUv;
void main() {
  gl_FragColor = texture2D(uAtlas, vUv);
  if (gl_FragColor.a < 0.02) discard;
  #include <colorspace_fragment>
}`;

export class LabelLayer {
  readonly mesh: THREE.Mesh;
  private readonly canvas = document.createElement('canvas');
  private readonly texture: THREE.CanvasTexture;
  private readonly anchor: THREE.InstancedBufferAttribute;
  private readonly show: THREE.InstancedBufferAttribute;
  private readonly slot: THREE.InstancedBufferAttribute;
  private readonly uPx = new THREE.Vector2(0.001, 0.001);
  /** The text drawn for each slot (what the atlas holds), for the test hook. */
  readonly texts: string[] = [];
  /** Per slot: the cell its name is on after the last update, -1 when none. */
  readonly on: Int16Array;

  constructor(players: readonly PlayerInfo[]) {
    this.canvas.width = SLOT_W * GRID_COLS;
    this.canvas.height = SLOT_H * GRID_ROWS;
    this.texture = new THREE.CanvasTexture(this.canvas);
    this.texture.flipY = false;
    this.texture.colorSpace = THREE.SRGBColorSpace;
    const n = players.length;
    this.on = new Int16Array(n).fill(-1);
    const geometry = new THREE.InstancedBufferGeometry();
    const quad = new THREE.PlaneGeometry(1, 1);
    geometry.index = quad.index;
    geometry.setAttribute('position', quad.getAttribute('position'));
    this.anchor = new THREE.InstancedBufferAttribute(new Float32Array(n * 3), 3);
    this.show = new THREE.InstancedBufferAttribute(new Float32Array(n), 1);
    this.slot = new THREE.InstancedBufferAttribute(new Float32Array(n * 3), 3);
    this.anchor.setUsage(THREE.DynamicDrawUsage);
    this.show.setUsage(THREE.DynamicDrawUsage);
    geometry.setAttribute('aAnchor', this.anchor);
    geometry.setAttribute('aShow', this.show);
    geometry.setAttribute('aSlot', this.slot);
    geometry.instanceCount = n;
    const material = new THREE.ShaderMaterial({
      vertexShader: VERTEX,
      fragmentShader: FRAGMENT,
      uniforms: { uAtlas: { value: this.texture }, uPx: { value: this.uPx }, uGrid: { value: new THREE.Vector2(GRID_COLS, GRID_ROWS) } },
      transparent: true,
      depthTest: false,
      depthWrite: false,
    });
    this.mesh = new THREE.Mesh(geometry, material);
    this.mesh.frustumCulled = false;
    this.mesh.renderOrder = 10;
    this.mesh.name = 'labels';
    this.draw(players);
  }

  /** Draws every name into the atlas (once per match, or when names change). */
  draw(players: readonly PlayerInfo[]): void {
    const g = this.canvas.getContext('2d')!;
    g.clearRect(0, 0, this.canvas.width, this.canvas.height);
    g.font = `700 ${FONT_PX}px system-ui, 'Noto Sans', 'Noto Sans CJK SC', sans-serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.lineJoin = 'round';
    g.lineWidth = 6;
    g.strokeStyle = 'rgba(10, 14, 22, 0.85)';
    g.fillStyle = '#ffffff';
    for (const p of players) {
      const col = p.slot % GRID_COLS;
      const row = Math.floor(p.slot / GRID_COLS);
      const cx = col * SLOT_W + SLOT_W / 2;
      const cy = row * SLOT_H + SLOT_H / 2;
      const width = Math.min(SLOT_W - 8, g.measureText(p.name).width + 12);
      g.strokeText(p.name, cx, cy, SLOT_W - 16);
      g.fillText(p.name, cx, cy, SLOT_W - 16);
      this.slot.setXYZ(p.slot, col, row, width / SLOT_W);
      this.texts[p.slot] = p.name;
    }
    this.slot.needsUpdate = true;
    this.texture.needsUpdate = true;
  }

  /** Anchors each player's label above cell `lead[slot]` (its biggest shown cell, -1: no label; CellLayer.lead). */
  update(smooth: Smoother, lead: Int16Array, viewportW: number, viewportH: number): void {
    this.uPx.set(2 / Math.max(1, viewportW), 2 / Math.max(1, viewportH));
    const anchor = this.anchor.array as Float32Array;
    const show = this.show.array as Float32Array;
    for (let i = 0; i < this.on.length; i++) {
      const c = lead[i]!;
      this.on[i] = c;
      show[i] = c < 0 ? 0 : 1;
      if (c < 0) continue;
      // Direct array writes: setXYZ would box its float arguments every frame.
      anchor[i * 3] = smooth.x[c]!;
      anchor[i * 3 + 1] = 2 * smooth.r[c]! + 0.15;
      anchor[i * 3 + 2] = smooth.z[c]!;
    }
    this.anchor.needsUpdate = true;
    this.show.needsUpdate = true;
  }

  dispose(): void {
    this.mesh.geometry.dispose();
    (this.mesh.material as THREE.Material).dispose();
    this.texture.dispose();
  }
}
