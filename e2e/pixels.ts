/**
 * Screenshot checks for the renderer's end-to-end tests: colour variety (a blank or failed canvas
 * has one or two colours) and "is there a pixel of about this colour near here"; and where the
 * screenshots go: test-results/e2e/screenshots normally, docs/screenshots (the committed ones)
 * when BB_UPDATE_SCREENSHOTS=1 — so an ordinary test run leaves the repository unchanged. Their
 * names never clash with those `npm run screenshots` takes for the README and docs.
 */
import path from 'node:path';
import { PNG } from 'pngjs';
import { root } from './shell';

/** Where screenshot `name` (e.g. "arena.png") is written. */
export function shotPath(name: string): string {
  const dir = process.env['BB_UPDATE_SCREENSHOTS'] === '1' ? path.join(root, 'docs', 'screenshots') : path.join(root, 'test-results', 'e2e', 'screenshots');
  return path.join(dir, name);
}

export interface Image {
  readonly width: number;
  readonly height: number;
  readonly data: Buffer;
}

export function readPng(png: Buffer): Image {
  return PNG.sync.read(png);
}

/** Distinct colours among every 7th pixel. */
export function distinctColours(img: Image): number {
  const seen = new Set<number>();
  for (let i = 0; i < img.data.length; i += 4 * 7) seen.add((img.data[i]! << 16) | (img.data[i + 1]! << 8) | img.data[i + 2]!);
  return seen.size;
}

/** Hue (0..1) and saturation of an RGB triple. */
export function hueSat(r: number, g: number, b: number): { hue: number; sat: number; max: number } {
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  const sat = max === 0 ? 0 : d / max;
  if (d === 0) return { hue: 0, sat, max };
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { hue: (((h / 6) % 1) + 1) % 1, sat, max };
}

/** Whether a pixel within `radius` px of (x, y) has the hue of `#rrggbb` (±0.04 turn, saturated). */
export function hasHueNear(img: Image, x: number, y: number, radius: number, color: string): boolean {
  const v = parseInt(color.slice(1), 16);
  const want = hueSat(v >> 16, (v >> 8) & 255, v & 255).hue;
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const px = Math.round(x + dx);
      const py = Math.round(y + dy);
      if (px < 0 || py < 0 || px >= img.width || py >= img.height) continue;
      const i = (py * img.width + px) * 4;
      const { hue, sat, max } = hueSat(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!);
      const gap = Math.min(Math.abs(hue - want), 1 - Math.abs(hue - want));
      if (gap < 0.04 && sat > 0.35 && max > 60) return true;
    }
  }
  return false;
}

/** Share of pixels (every 5th) that are "grass": green dominant and fairly saturated. */
export function grassShare(img: Image): number {
  let grass = 0;
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4 * 5) {
    const r = img.data[i]!;
    const g = img.data[i + 1]!;
    const b = img.data[i + 2]!;
    n++;
    if (g > r + 15 && g > b + 15 && g > 60) grass++;
  }
  return grass / n;
}
