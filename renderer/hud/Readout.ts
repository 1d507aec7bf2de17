/**
 * The grid layer's readout: the point under the cursor in all three coordinate systems — 3D
 * world (x, y, z), 2D map pixels, grid cell (col, row) — plus the simulation's Fx, each labelled
 * with its unit and computed by core/map's conversion functions so it agrees with the simulation
 * exactly. Shown with the grid, and only while the cursor is over the map's ground (an empty or
 * stale box would read as a value).
 */
import { worldToFx, worldToGrid, worldToMapPx, type GameMap, type GridPoint } from '../../core/map';
import { t, type MessageKey } from '../i18n';
import { h } from '../dom';

/** The last values shown (the test hook exposes them); null while the cursor is off the ground. */
export interface ReadoutValues {
  world: { x: number; y: number; z: number };
  px: { x: number; y: number };
  grid: GridPoint;
  fx: { x: number; y: number };
}

const ROWS: readonly MessageKey[] = ['readout.world', 'readout.map', 'readout.grid', 'readout.sim'];

export class Readout {
  readonly el: HTMLElement;
  last: ReadoutValues | null = null;
  private enabled = false;
  private readonly values: Text[];

  constructor(private readonly map: GameMap) {
    this.values = ROWS.map(() => document.createTextNode(''));
    this.el = h(
      'dl',
      { className: 'hud-readout', testId: 'readout' },
      ...ROWS.flatMap((key, i) => [h('dt', {}, t(key)), h('dd', {}, this.values[i]!)]),
    );
    this.el.hidden = true;
  }

  set visible(on: boolean) {
    this.enabled = on;
    this.sync();
  }

  /** Shows ground point (x, 0, z), or hides the box when it is off the map; called on cursor moves only (not per frame). */
  show(x: number, z: number): void {
    const grid = worldToGrid(this.map, x, z);
    if (!grid) return this.clear();
    const px = worldToMapPx(this.map, x, z);
    const fx = worldToFx(x, z);
    this.last = { world: { x, y: 0, z }, px, grid, fx: { x: fx.x, y: fx.y } };
    const texts = [`${x.toFixed(2)}, 0.00, ${z.toFixed(2)}`, `${px.x.toFixed(1)}, ${px.y.toFixed(1)}`, `${grid.col}, ${grid.row}`, `${fx.x}, ${fx.y}`];
    texts.forEach((s, i) => (this.values[i]!.data = s));
    this.sync();
  }

  /** The cursor left the ground (or the window). */
  clear(): void {
    this.last = null;
    this.sync();
  }

  private sync(): void {
    this.el.hidden = !this.enabled || this.last === null;
  }
}
