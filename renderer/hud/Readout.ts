/**
 * The grid layer's readout: the point under the cursor in all three coordinate systems — 3D
 * world (x, y, z), 2D map pixels, grid (col, row) — plus the simulation's Fx, each computed by
 * core/map's conversion functions so it agrees with the simulation exactly. Shown with the grid.
 */
import { worldToFx, worldToGrid, worldToMapPx, type GameMap, type GridPoint } from '../../core/map';
import { t } from '../i18n';
import { h } from '../ui/dom';

/** The last values shown (the test hook exposes them). */
export interface ReadoutValues {
  world: { x: number; y: number; z: number };
  px: { x: number; y: number };
  grid: GridPoint | null;
  fx: { x: number; y: number };
}

export class Readout {
  readonly el: HTMLElement;
  last: ReadoutValues | null = null;
  private readonly text: Text;

  constructor(private readonly map: GameMap) {
    this.text = document.createTextNode('');
    this.el = h('div', { className: 'hud-readout', testId: 'readout' }, this.text);
    this.el.hidden = true;
  }

  set visible(on: boolean) {
    this.el.hidden = !on;
  }

  /** Shows ground point (x, 0, z); called on mouse moves only (not per frame). */
  show(x: number, z: number): void {
    const px = worldToMapPx(this.map, x, z);
    const grid = worldToGrid(this.map, x, z);
    const fx = worldToFx(x, z);
    this.last = { world: { x, y: 0, z }, px, grid, fx: { x: fx.x, y: fx.y } };
    this.text.data = t('readout.line', {
      wx: x.toFixed(2),
      wy: '0.00',
      wz: z.toFixed(2),
      px: px.x.toFixed(1),
      py: px.y.toFixed(1),
      grid: grid ? `${grid.col}, ${grid.row}` : t('readout.offMap'),
      fx: `${fx.x}, ${fx.y}`,
    });
  }
}
