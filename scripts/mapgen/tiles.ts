/**
 * The painters for every kind of tile in the shipped tileset: ground (grass, dirt, sand), edged
 * tiles indexed by edge mask (road, water, wall: bit 0 N, 1 E, 2 S, 3 W = an edge on that side)
 * and transparent overlays (bushes, the spawn marker). Each painter is seeded, so the same call
 * draws the same pixels. Edges wobble with a period of one tile so neighbouring tiles join up.
 */
import type { RGB, Tile } from './paint';
import { TILE_PX as T, clamp01, disc, fill, mix, newTile, plot, shade, tileNoise } from './paint';
import { prng } from './prng';

// ---- ground ---------------------------------------------------------------------------------

const GRASS: RGB = [78, 140, 58];
const DIRT: RGB = [133, 99, 64];
const SAND: RGB = [219, 196, 138];

export function grass(seed: number, extra?: (t: Tile, r: () => number) => void): Tile {
  const r = prng(seed);
  const low = tileNoise(r, 4);
  const t = newTile();
  fill(t, (x, y) => shade(mix(GRASS, [96, 158, 66], low(x, y)), 0.92 + r() * 0.14));
  for (let k = 0; k < 70; k++) {
    const x = Math.floor(r() * T), y = Math.floor(r() * T);
    const light = r() < 0.5;
    const c: RGB = light ? [126, 182, 84] : [52, 104, 42];
    plot(t, x, y, c, 0.8);
    plot(t, x, (y + 1) % T, c, 0.5); // a blade: two pixels tall, wrapped to stay seamless
  }
  extra?.(t, r);
  return t;
}

export function flowers(t: Tile, r: () => number): void {
  const petals: RGB[] = [[244, 240, 228], [246, 214, 74], [232, 132, 172]];
  for (let k = 0; k < 6; k++) {
    const x = 3 + Math.floor(r() * 26), y = 3 + Math.floor(r() * 26);
    const p = petals[k % petals.length]!;
    for (const [dx, dy] of [[-1, 0], [1, 0], [0, -1], [0, 1]] as const) plot(t, x + dx, y + dy, p, 0.95);
    plot(t, x, y, [250, 200, 60]);
  }
}

export function tufts(t: Tile, r: () => number): void {
  for (let k = 0; k < 4; k++) {
    const x = 4 + Math.floor(r() * 24), y = 6 + Math.floor(r() * 22);
    for (let b = -2; b <= 2; b++) for (let h = 0; h < 4 - Math.abs(b); h++) plot(t, x + b + (h > 1 ? Math.sign(b) : 0), y - h, [44, 92, 36], 0.85);
  }
}

export function dirt(seed: number, pebbles: boolean): Tile {
  const r = prng(seed);
  const low = tileNoise(r, 4);
  const t = newTile();
  fill(t, (x, y) => shade(mix(DIRT, [112, 82, 52], low(x, y)), 0.9 + r() * 0.16));
  for (let k = 0; k < 24; k++) plot(t, Math.floor(r() * T), Math.floor(r() * T), [92, 66, 42], 0.7);
  const stones = pebbles ? 7 : 2;
  for (let k = 0; k < stones; k++) {
    const x = 3 + r() * 26, y = 3 + r() * 26, rad = 0.9 + r() * 1.4;
    disc(t, x + 0.6, y + 0.7, rad, [70, 52, 36], 0.6);
    disc(t, x, y, rad, [150, 146, 138]);
    plot(t, Math.floor(x - rad / 2), Math.floor(y - rad / 2), [200, 198, 190], 0.8);
  }
  return t;
}

export function sand(seed: number): Tile {
  const r = prng(seed);
  const low = tileNoise(r, 2);
  const t = newTile();
  const phase = r() * Math.PI * 2;
  fill(t, (x, y) => {
    const ripple = Math.sin((y + 2.5 * Math.sin((2 * Math.PI * x) / T + phase)) * ((2 * Math.PI * 4) / T));
    const base = mix(SAND, [200, 176, 120], low(x, y) * 0.6 + (ripple > 0.75 ? 0.35 : 0));
    return shade(base, 0.95 + r() * 0.09);
  });
  for (let k = 0; k < 30; k++) plot(t, Math.floor(r() * T), Math.floor(r() * T), r() < 0.5 ? [170, 150, 110] : [240, 226, 186], 0.8);
  return t;
}

// ---- edged tiles (index = base + edge mask: bit 0 N, 1 E, 2 S, 3 W) -----------------------------

/** Distance in px from (x, y) to the nearest edge side flagged in `mask` (Infinity if none). */
function edgeDistance(x: number, y: number, mask: number): number {
  let d = Infinity;
  if (mask & 1) d = Math.min(d, y + 0.5);
  if (mask & 2) d = Math.min(d, T - x - 0.5);
  if (mask & 4) d = Math.min(d, T - y - 0.5);
  if (mask & 8) d = Math.min(d, x + 0.5);
  return d;
}

/** A wobble along the edges with period T, so neighbouring edged tiles join up. */
function wobble(x: number, y: number, amp: number): number {
  const w = (s: number) => Math.sin((2 * Math.PI * s) / T) * 0.6 + Math.sin((2 * Math.PI * 3 * s) / T + 1) * 0.4;
  return amp * (w(x) + w(y + 7)) * 0.5;
}

export function road(mask: number): Tile {
  const r = prng(1000 + mask);
  const verge = grass(77);
  const t = newTile();
  const stoneTint = Array.from({ length: 32 }, () => 0.86 + r() * 0.22);
  fill(t, (x, y) => {
    const row = Math.floor(y / 8);
    const sx = x + (row % 2) * 4;
    const u = sx % 8, v = y % 8;
    const tint = stoneTint[(row * 4 + Math.floor(sx / 8)) % 32] ?? 1;
    if (u === 0 || v === 0) return [112, 92, 66];
    // Rounded cobbles: darken towards the stone's rim, light from the north-west.
    const rim = Math.max(Math.abs(u - 4), Math.abs(v - 4));
    let c: RGB = shade([186, 160, 118], tint * (0.94 + r() * 0.12) * (rim >= 3 ? 0.88 : 1));
    if (u === 1 || v === 1) c = shade(c, 1.1);
    if (u === 7 || v === 7) c = shade(c, 0.78);
    return c;
  });
  const width = 4.5;
  for (let y = 0; y < T; y++) {
    for (let x = 0; x < T; x++) {
      const d = edgeDistance(x, y, mask) - wobble(x, y, 1.2);
      const i = (y * T + x) * 3;
      if (d < width) plot(t, x, y, [verge.rgb[i]!, verge.rgb[i + 1]!, verge.rgb[i + 2]!]);
      else if (d < width + 1.2) plot(t, x, y, [70, 62, 50], 0.75);
    }
  }
  return t;
}

export function water(mask: number): Tile {
  const r = prng(2000 + mask);
  const low = tileNoise(prng(2000), 4);
  const beach = sand(88);
  const t = newTile();
  fill(t, (x, y) => {
    const k = (2 * Math.PI) / T;
    const ripple = Math.sin(k * (2 * x + y) + 1.8 * Math.sin(k * 2 * y)) + 0.6 * Math.sin(k * (3 * y - x) + 2);
    let c = mix([34, 86, 150], [56, 122, 184], low(x, y));
    if (ripple > 1.25) c = mix(c, [168, 214, 240], clamp01((ripple - 1.25) * 1.6));
    return shade(c, 0.97 + r() * 0.06);
  });
  for (let y = 0; y < T; y++) {
    for (let x = 0; x < T; x++) {
      const d = edgeDistance(x, y, mask) - wobble(x, y, 1.5);
      const i = (y * T + x) * 3;
      if (d < 5) plot(t, x, y, [beach.rgb[i]!, beach.rgb[i + 1]!, beach.rgb[i + 2]!]);
      else if (d < 6.2) plot(t, x, y, [236, 246, 250], 0.85); // foam
      else if (d < 10) plot(t, x, y, [98, 168, 200], 0.45 * (1 - (d - 6.2) / 3.8)); // shallows
    }
  }
  return t;
}

export function wall(mask: number): Tile {
  const r = prng(3000 + mask);
  const t = newTile();
  const tint = Array.from({ length: 16 }, () => 0.85 + r() * 0.25);
  fill(t, (x, y) => {
    const row = Math.floor(y / 8);
    const sx = x + (row % 2) * 8;
    const u = sx % 16, v = y % 8;
    if (u === 0 || v === 0) return [38, 38, 44];
    let c: RGB = shade([104, 106, 116], (tint[(row * 2 + Math.floor(sx / 16)) % 16] ?? 1) * (0.9 + r() * 0.2));
    if (v === 1 || u === 1) c = shade(c, 1.22);
    if (v === 7 || u === 15) c = shade(c, 0.72);
    if (r() < 0.05) c = mix(c, [74, 112, 58], 0.65); // moss
    return c;
  });
  // Bevel on open sides: lit from the north-west, dark outline at the very edge.
  for (let y = 0; y < T; y++) {
    for (let x = 0; x < T; x++) {
      for (const [bit, d, lit] of [[1, y, true], [8, x, true], [4, T - 1 - y, false], [2, T - 1 - x, false]] as const) {
        if (!(mask & bit)) continue;
        if (d === 0) plot(t, x, y, [20, 20, 24], 1);
        else if (d <= 4) plot(t, x, y, lit ? [226, 226, 232] : [16, 16, 20], 0.62 - d * 0.12);
      }
    }
  }
  return t;
}

// ---- overlays (transparent) -------------------------------------------------------------------

export function bush(variant: number): Tile {
  const r = prng(4000 + variant);
  const t = newTile();
  for (let y = 0; y < T; y++) {
    for (let x = 0; x < T; x++) {
      const e = ((x + 0.5 - 17) / 14) ** 2 + ((y + 0.5 - 20) / 10) ** 2;
      if (e < 1) plot(t, x, y, [0, 0, 0], 0.35 * (1 - e)); // drop shadow
    }
  }
  const blobs = Array.from({ length: 9 }, (_, k) => {
    const ang = (k / 9) * Math.PI * 2 + r() * 0.5;
    const dist = k === 0 ? 0 : 5 + r() * 4;
    return { x: 16 + Math.cos(ang) * dist, y: 15 + Math.sin(ang) * dist * 0.9, rad: 6 + r() * 3 };
  });
  for (const b of blobs) disc(t, b.x + 1, b.y + 1.5, b.rad, [30, 74, 34]);
  for (const b of blobs) disc(t, b.x, b.y, b.rad - 0.8, [46, 108, 44]);
  for (const b of blobs) disc(t, b.x - b.rad * 0.3, b.y - b.rad * 0.35, b.rad * 0.45, [84, 150, 64], 0.8);
  for (let k = 0; k < 40; k++) {
    const x = Math.floor(4 + r() * 24), y = Math.floor(3 + r() * 24);
    if ((t.a[y * T + x] ?? 0) > 0.9) plot(t, x, y, r() < 0.5 ? [118, 184, 86] : [28, 70, 30], 0.7);
  }
  if (variant === 3) for (let k = 0; k < 6; k++) disc(t, 8 + r() * 16, 8 + r() * 14, 1.2, [196, 36, 48]);
  return t;
}

export function spawnMarker(): Tile {
  const t = newTile();
  for (let y = 0; y < T; y++) {
    for (let x = 0; x < T; x++) {
      const d = Math.hypot(x + 0.5 - 16, y + 0.5 - 16);
      plot(t, x, y, [250, 214, 64], clamp01(1.6 - Math.abs(d - 11)) * 0.9);
    }
  }
  disc(t, 16, 16, 3, [250, 250, 240], 0.95);
  return t;
}
