/**
 * A small picture of a map for the setup screen, rendered from the GameMap grid (terrain, walls,
 * water, bushes, spawn points) onto a canvas — the same colours as the minimap.
 */
import type { GameMap } from '../../../core/map';
import { paintMapPixels } from '../../hud/Minimap';
import { h } from '../dom';

/** A canvas of about `maxPx` on its longer side showing `map`. */
export function mapPreview(map: GameMap, maxPx = 320): HTMLCanvasElement {
  const scale = Math.max(1, Math.floor(maxPx / Math.max(map.cols, map.rows)));
  const canvas = h('canvas', { className: 'map-preview', testId: 'map-preview' });
  canvas.width = map.cols * scale;
  canvas.height = map.rows * scale;
  const pixels = document.createElement('canvas');
  pixels.width = map.cols;
  pixels.height = map.rows;
  paintMapPixels(map, pixels.getContext('2d')!);
  const g = canvas.getContext('2d')!;
  g.imageSmoothingEnabled = false;
  g.drawImage(pixels, 0, 0, canvas.width, canvas.height);
  g.fillStyle = '#ffd84d';
  for (const s of map.spawns) {
    g.beginPath();
    g.arc((s.col + 0.5) * scale, (s.row + 0.5) * scale, Math.max(2, scale * 0.6), 0, Math.PI * 2);
    g.fill();
  }
  return canvas;
}
