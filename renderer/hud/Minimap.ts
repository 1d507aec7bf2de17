/**
 * The minimap: a canvas 2D picture of the whole map — terrain, walls and water, bushes — drawn
 * once, with the cells you can see (the view's visibility, so bushes hide on the minimap too; your
 * own ringed in white), the viruses, and the camera's view rectangle redrawn ~10 times a second.
 * Cells are drawn as the view draws them (DisplayCells: my predicted ones among the confirmed).
 * Colour strings are precomputed: the redraw allocates nothing.
 * Units: canvas px = cells × scale.
 */
import { FX_ONE } from '../../core/math';
import { Terrain, type GameMap } from '../../core/map';
import type { DisplayCells } from '../game/DisplayCells';
import type { PlayerInfo } from '../game/match';
import { MAX_CELLS, VIRUS_CAPACITY, areaAt, ownerOf, virusRadius, type World } from '../game/simApi';
import { h } from '../dom';
import type { ViewRect } from '../view/PelletLayer';

const MAX_PX = 200;
const VIRUS_FILL = 'rgba(63, 211, 90, 0.8)';
/** The closing area's edge (last ball standing), the ground ring's red. */
const AREA_STROKE = '#ff5a4a';
const REFRESH_MS = 100;
const TERRAIN_RGB: Record<number, readonly [number, number, number]> = {
  [Terrain.Grass]: [70, 128, 62],
  [Terrain.Road]: [150, 135, 105],
  [Terrain.Sand]: [196, 178, 120],
  [Terrain.Water]: [50, 96, 170],
  [Terrain.Dirt]: [120, 92, 64],
};

/** Paints the static picture of `map`, one pixel per cell (scaled up by the caller). */
export function paintMapPixels(map: GameMap, g: CanvasRenderingContext2D): void {
  const img = g.createImageData(map.cols, map.rows);
  for (let i = 0; i < map.cols * map.rows; i++) {
    let [r, gr, b] = TERRAIN_RGB[map.terrain[i]!] ?? TERRAIN_RGB[Terrain.Grass]!;
    if (map.wallTiles[i]) [r, gr, b] = [92, 98, 112];
    else if (map.bush[i]) [r, gr, b] = [34, 90, 40];
    img.data.set([r, gr, b, 255], i * 4);
  }
  g.putImageData(img, 0, 0);
}

export class Minimap {
  readonly el: HTMLCanvasElement;
  private readonly g: CanvasRenderingContext2D;
  private readonly bg: HTMLCanvasElement;
  private readonly scale: number;
  private readonly fills: string[];
  private lastMs = -Infinity;
  private readonly cols: number;
  private readonly rows: number;

  constructor(
    map: GameMap,
    private readonly players: readonly PlayerInfo[],
    private readonly mySlot: number | null,
  ) {
    this.scale = MAX_PX / Math.max(map.cols, map.rows);
    this.cols = map.cols;
    this.rows = map.rows;
    this.el = h('canvas', { className: 'hud-minimap', testId: 'minimap' });
    this.el.width = Math.round(map.cols * this.scale);
    this.el.height = Math.round(map.rows * this.scale);
    this.g = this.el.getContext('2d')!;
    this.bg = document.createElement('canvas');
    this.bg.width = map.cols;
    this.bg.height = map.rows;
    paintMapPixels(map, this.bg.getContext('2d')!);
    this.fills = players.map((p) => p.color);
  }

  /**
   * Redraws (at most every REFRESH_MS) with the cells `shown` (per cell id, the view's CellLayer),
   * the viruses of `w` and the camera's `view`.
   */
  update(w: World, cells: DisplayCells, shown: Uint8Array, view: Readonly<ViewRect>, nowMs: number): void {
    if (nowMs - this.lastMs < REFRESH_MS) return;
    this.lastMs = nowMs;
    const g = this.g;
    const s = this.scale;
    g.imageSmoothingEnabled = false;
    g.drawImage(this.bg, 0, 0, this.el.width, this.el.height);
    const V = w.viruses;
    g.fillStyle = VIRUS_FILL;
    for (let v = 0; v < VIRUS_CAPACITY; v++) {
      if (V.mass[v] === 0) continue;
      g.beginPath();
      g.arc((V.x[v]! / FX_ONE) * s, (V.y[v]! / FX_ONE) * s, Math.max(1.5, (virusRadius(V.mass[v]!) / FX_ONE) * s), 0, Math.PI * 2);
      g.fill();
    }
    g.lineWidth = 1.5;
    g.strokeStyle = '#ffffff';
    for (let c = 0; c < MAX_CELLS; c++) {
      if (shown[c] === 0 || cells.mass[c] === 0) continue;
      const p = ownerOf(c);
      g.beginPath();
      g.arc((cells.x[c]! / FX_ONE) * s, (cells.y[c]! / FX_ONE) * s, Math.max(1.5, (cells.radius[c]! / FX_ONE) * s), 0, Math.PI * 2);
      g.fillStyle = this.fills[p] ?? '#9aa0a8';
      g.fill();
      if (p === this.mySlot) g.stroke();
    }
    if (w.settings.mode.lastStanding) {
      // The closing area (last ball standing): its edge, as the ground shows it.
      const a = areaAt(w.info, w.settings, w.frame);
      g.lineWidth = 2;
      g.strokeStyle = AREA_STROKE;
      g.beginPath();
      g.arc((a.x / FX_ONE) * s, (a.y / FX_ONE) * s, (a.radius / FX_ONE) * s, 0, Math.PI * 2);
      g.stroke();
    }
    g.lineWidth = 1;
    g.strokeStyle = 'rgba(255,255,255,0.8)';
    const x0 = Math.max(0, view.x0);
    const z0 = Math.max(0, view.z0);
    g.strokeRect(x0 * s, z0 * s, (Math.min(this.cols, view.x1) - x0) * s, (Math.min(this.rows, view.z1) - z0) * s);
  }
}
