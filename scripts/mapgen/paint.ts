/**
 * Pixel primitives for drawing tileset art in scripts/gen-map-art.ts.
 * A Tile holds one tile's RGB (0..255 floats) and coverage alpha (0..1); drawing composites
 * source-over. Sizes are one tile of the shipped tileset (TILE_PX square).
 */
import { BUILTIN_TILESET } from '../../core/map';

/** Edge of a tile in pixels (32). */
export const TILE_PX = BUILTIN_TILESET.tileWidth;
const T = TILE_PX;

export type RGB = readonly [number, number, number];
/** One tile's pixels, drawn then copied into the sheet. */
export interface Tile {
  readonly rgb: Float64Array;
  readonly a: Float64Array;
}

/** Value noise with period T in both axes, so a tile tiles seamlessly with itself. */
export function tileNoise(rand: () => number, cells: number): (x: number, y: number) => number {
  const g = Array.from({ length: cells * cells }, () => rand());
  const at = (i: number, j: number) => g[((j + cells) % cells) * cells + ((i + cells) % cells)] ?? 0;
  const step = T / cells;
  return (x, y) => {
    const fx = x / step, fy = y / step;
    const i = Math.floor(fx), j = Math.floor(fy);
    const u = smooth(fx - i), v = smooth(fy - j);
    const top = at(i, j) * (1 - u) + at(i + 1, j) * u;
    const bottom = at(i, j + 1) * (1 - u) + at(i + 1, j + 1) * u;
    return top * (1 - v) + bottom * v;
  };
}

export const smooth = (t: number) => t * t * (3 - 2 * t);
export const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
export const mix = (a: RGB, b: RGB, t: number): RGB => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
export const shade = (c: RGB, f: number): RGB => [c[0] * f, c[1] * f, c[2] * f];

export function newTile(): Tile {
  return { rgb: new Float64Array(T * T * 3), a: new Float64Array(T * T) };
}

/** Paints colour c over pixel (x, y) with coverage alpha (source-over). */
export function plot(t: Tile, x: number, y: number, c: RGB, alpha = 1): void {
  if (x < 0 || y < 0 || x >= T || y >= T || alpha <= 0) return;
  const i = y * T + x;
  const a0 = t.a[i] ?? 0;
  const a = alpha + a0 * (1 - alpha);
  for (let k = 0; k < 3; k++) {
    const old = t.rgb[i * 3 + k] ?? 0;
    t.rgb[i * 3 + k] = a > 0 ? (c[k]! * alpha + old * a0 * (1 - alpha)) / a : 0;
  }
  t.a[i] = a;
}

/** Fills every pixel from a colour function. */
export function fill(t: Tile, f: (x: number, y: number) => RGB): void {
  for (let y = 0; y < T; y++) for (let x = 0; x < T; x++) plot(t, x, y, f(x, y));
}

/** Anti-aliased filled disc. */
export function disc(t: Tile, cx: number, cy: number, r: number, c: RGB, alpha = 1): void {
  for (let y = Math.floor(cy - r - 1); y <= cy + r + 1; y++) {
    for (let x = Math.floor(cx - r - 1); x <= cx + r + 1; x++) {
      const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
      plot(t, x, y, c, alpha * clamp01(r - d + 0.5));
    }
  }
}
