/**
 * App icon generator (packaging). Draws the Ball Brawl icon by code — a dark rounded-square arena
 * with glossy player-coloured balls colliding — and writes every file electron-builder needs into
 * `resources/icons/` (committed, so packaging never depends on running this):
 *   - `NxN.png` for N in LINUX_SIZES: the Linux icon set (electron-builder's `linux.icon` folder);
 *   - `icon.png` (512×512): the window icon at runtime;
 *   - `icon.ico`: Windows, 16/32/48 as 32-bit BMP entries (read by every Windows tool, NSIS
 *     included) and 256 as a PNG entry (the Vista+ convention for the large size);
 *   - `icon.icns`: macOS, PNG entries icp4/icp5/ic07/ic08/ic09/ic10/ic11/ic12/ic13/ic14.
 * Run: `npx tsx scripts/gen-icons.ts [outDir]` (about 4 s). The renderer is deterministic;
 * test/packaging.test.ts re-renders everything and compares the pixels with the committed files.
 *
 * Rendering: each size is drawn separately (small sizes get a simpler composition so they stay
 * legible) at `size × ss` pixels in linear light with premultiplied alpha, then box-filtered down —
 * that supersampling is the anti-aliasing. Shading is analytic per pixel (sphere normals, wrapped
 * diffuse, Blinn specular, fresnel rim, floor bounce, soft contact shadows).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PNG } from 'pngjs';

export const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512] as const;
export const ICO_SIZES = [16, 32, 48, 256] as const;
/** ICNS entry type → pixel size (all PNG-encoded). */
export const ICNS_ENTRIES: ReadonlyArray<readonly [string, number]> = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic11', 32], // 16@2x
  ['ic12', 64], // 32@2x
  ['ic07', 128],
  ['ic13', 256], // 128@2x
  ['ic08', 256],
  ['ic14', 512], // 256@2x
  ['ic09', 512],
  ['ic10', 1024], // 512@2x
];

/** RGBA, 8 bits per channel, straight (not premultiplied) alpha, rows top to bottom. */
export interface Image {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

type Rgb = readonly [number, number, number];

const srgbToLinear = (c: number): number => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const linearToSrgb8 = (v: number): number => {
  const c = v <= 0 ? 0 : v >= 1 ? 1 : v;
  const s = c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
  return Math.round(s * 255);
};
const hex = (h: string): Rgb => {
  const n = Number.parseInt(h.slice(1), 16);
  return [srgbToLinear((n >> 16) & 255), srgbToLinear((n >> 8) & 255), srgbToLinear(n & 255)];
};
const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);
const smoothstep = (a: number, b: number, x: number): number => {
  const t = clamp01((x - a) / (b - a));
  return t * t * (3 - 2 * t);
};
const mix = (a: number, b: number, t: number): number => a + (b - a) * t;

/** Player colours (sRGB hex). */
const RED = hex('#ff4757');
const BLUE = hex('#3d8bff');
const YELLOW = hex('#ffc93c');
const GREEN = hex('#2ed47a');

const BG_TOP = hex('#27306b');
const BG_BOTTOM = hex('#0c0f26');
const FLOOR_CENTRE = hex('#3e55b8');
const FLOOR_EDGE = hex('#1d2656');
const RING = hex('#8fa6ff');
const SPARK = hex('#fff3c4');

interface Ball {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly color: Rgb;
}

interface Scene {
  /** Tile margin and corner radius, as fractions of the icon size. */
  readonly margin: number;
  readonly corner: number;
  readonly dropShadow: boolean;
  readonly ring: boolean;
  readonly rimHighlight: boolean;
  readonly floor: { readonly x: number; readonly y: number; readonly rx: number; readonly ry: number };
  /** Back to front. */
  readonly balls: readonly Ball[];
  readonly spark: { readonly x: number; readonly y: number; readonly size: number } | null;
}

/** A ball touching `from` at angle `deg` (0 = east, positive = down). */
const touching = (from: Ball, r: number, deg: number, color: Rgb): Ball => {
  const a = (deg * Math.PI) / 180;
  return { x: from.x + Math.cos(a) * (from.r + r), y: from.y + Math.sin(a) * (from.r + r), r, color };
};
const contact = (a: Ball, b: Ball): { x: number; y: number } => {
  const t = a.r / (a.r + b.r);
  return { x: mix(a.x, b.x, t), y: mix(a.y, b.y, t) };
};

function sceneFor(size: number): Scene {
  if (size <= 32) {
    // Tiny: two big balls on a full-bleed tile; thin details would turn into mush.
    const red: Ball = { x: 0.33, y: 0.55, r: 0.235, color: RED };
    const blue = touching(red, 0.18, 14, BLUE);
    return {
      margin: 0.03,
      corner: 0.2,
      dropShadow: false,
      ring: false,
      rimHighlight: false,
      floor: { x: 0.5, y: 0.66, rx: 0.5, ry: 0.3 },
      balls: [red, blue],
      spark: null,
    };
  }
  const red: Ball = { x: 0.37, y: 0.585, r: 0.185, color: RED };
  const blue = touching(red, 0.145, 11, BLUE);
  const yellow: Ball = { x: 0.66, y: 0.36, r: 0.095, color: YELLOW };
  const green: Ball = { x: 0.245, y: 0.355, r: 0.075, color: GREEN };
  const medium = size <= 48;
  const hit = contact(red, blue);
  return {
    margin: medium ? 0.035 : 0.06,
    corner: 0.2,
    dropShadow: !medium,
    ring: true,
    rimHighlight: true,
    floor: { x: 0.5, y: 0.63, rx: 0.43, ry: 0.23 },
    balls: medium ? [yellow, red, blue] : [green, yellow, red, blue],
    spark: { x: hit.x, y: hit.y - 0.005, size: medium ? 0.16 : 0.13 },
  };
}

/** Signed distance from (px,py) to a rounded square centred at 0.5 (negative inside). */
function roundedSquareSd(px: number, py: number, half: number, corner: number): number {
  const qx = Math.abs(px - 0.5) - (half - corner);
  const qy = Math.abs(py - 0.5) - (half - corner);
  const ox = Math.max(qx, 0);
  const oy = Math.max(qy, 0);
  return Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0) - corner;
}

// Light from the upper left, towards the viewer (y grows downwards).
const LIGHT = (() => {
  const v = [-0.5, -0.62, 0.6];
  const n = Math.hypot(v[0]!, v[1]!, v[2]!);
  return [v[0]! / n, v[1]! / n, v[2]! / n] as const;
})();
const HALF = (() => {
  const v = [LIGHT[0], LIGHT[1], LIGHT[2] + 1];
  const n = Math.hypot(v[0]!, v[1]!, v[2]!);
  return [v[0]! / n, v[1]! / n, v[2]! / n] as const;
})();

/** Shades one sample: linear RGB and alpha (straight, not premultiplied) into out[0..3]. */
function shade(scene: Scene, px: number, py: number, out: Float64Array): void {
  const half = 0.5 - scene.margin;
  const sd = roundedSquareSd(px, py, half, scene.corner);
  if (sd > 0) {
    // Outside the tile: a soft drop shadow, offset downwards.
    let a = 0;
    if (scene.dropShadow) {
      const sds = roundedSquareSd(px, py - 0.012, half, scene.corner);
      a = 0.45 * Math.exp(-Math.max(sds, 0) / 0.012);
    }
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
    out[3] = a;
    return;
  }

  // Background: vertical gradient with the arena floor glowing in the middle.
  const tY = clamp01((py - scene.margin) / (1 - 2 * scene.margin));
  let r = mix(BG_TOP[0], BG_BOTTOM[0], tY);
  let g = mix(BG_TOP[1], BG_BOTTOM[1], tY);
  let b = mix(BG_TOP[2], BG_BOTTOM[2], tY);
  const f = scene.floor;
  const fdx = (px - f.x) / f.rx;
  const fdy = (py - f.y) / f.ry;
  const q = Math.sqrt(fdx * fdx + fdy * fdy);
  const inFloor = 1 - smoothstep(0.92, 1.0, q);
  const glow = Math.exp(-q * q * 1.6);
  r = mix(r, mix(FLOOR_EDGE[0], FLOOR_CENTRE[0], glow), inFloor);
  g = mix(g, mix(FLOOR_EDGE[1], FLOOR_CENTRE[1], glow), inFloor);
  b = mix(b, mix(FLOOR_EDGE[2], FLOOR_CENTRE[2], glow), inFloor);
  if (scene.ring) {
    // Arena boundary line plus its halo; the back half is dimmer (further away).
    const ringPx = (q - 1) * f.ry;
    const line = Math.exp(-((ringPx / 0.0065) ** 2));
    const halo = Math.exp(-((ringPx / 0.03) ** 2)) * 0.25;
    const depth = 0.55 + 0.45 * smoothstep(-0.8, 0.8, fdy);
    const k = (line * 0.8 + halo) * depth;
    r += RING[0] * k * 0.6;
    g += RING[1] * k * 0.6;
    b += RING[2] * k * 0.6;
  }

  // Contact shadows of every ball on the floor.
  let shadow = 0;
  for (const ball of scene.balls) {
    const sx = (px - (ball.x + ball.r * 0.12)) / (ball.r * 1.05);
    const sy = (py - (ball.y + ball.r * 0.9)) / (ball.r * 0.36);
    const s2 = sx * sx + sy * sy;
    shadow = Math.max(shadow, 0.75 * Math.exp(-s2 * 1.4));
  }
  r *= 1 - shadow;
  g *= 1 - shadow;
  b *= 1 - shadow;

  // Balls, back to front.
  for (const ball of scene.balls) {
    const dx = (px - ball.x) / ball.r;
    const dy = (py - ball.y) / ball.r;
    const rr = dx * dx + dy * dy;
    if (rr >= 1) continue;
    const nz = Math.sqrt(1 - rr);
    const ndl = dx * LIGHT[0] + dy * LIGHT[1] + nz * LIGHT[2];
    const diffuse = clamp01((ndl + 0.3) / 1.3);
    const ndh = Math.max(0, dx * HALF[0] + dy * HALF[1] + nz * HALF[2]);
    const spec = ndh ** 90 * 1.6 + ndh ** 12 * 0.12;
    const rim = (1 - nz) ** 3;
    const bounce = Math.max(0, dy) * (1 - nz) * 0.35; // light bounced off the floor
    const [cr, cg, cb] = ball.color;
    const lit = 0.1 + 0.95 * diffuse;
    const darken = 1 - 0.45 * rim;
    r = (cr * lit + FLOOR_CENTRE[0] * bounce) * darken + spec;
    g = (cg * lit + FLOOR_CENTRE[1] * bounce) * darken + spec;
    b = (cb * lit + FLOOR_CENTRE[2] * bounce) * darken + spec;
  }

  // Impact spark: a four-pointed star with a warm core, added on top.
  if (scene.spark !== null) {
    const s = scene.spark;
    const sx = (px - s.x) / s.size;
    const sy = (py - s.y) / s.size;
    const d2 = sx * sx + sy * sy;
    const axis = Math.exp(-Math.abs(sx * sy) * 90) * Math.exp(-d2 * 9);
    const dsx = (sx + sy) * Math.SQRT1_2;
    const dsy = (sx - sy) * Math.SQRT1_2;
    const diag = Math.exp(-Math.abs(dsx * dsy) * 160) * Math.exp(-d2 * 30) * 0.6;
    const core = Math.exp(-d2 * 220);
    const k = Math.min(1.6, axis + diag + core * 1.2);
    r += SPARK[0] * k;
    g += SPARK[1] * k;
    b += SPARK[2] * k;
  }

  // Glassy rim: a thin bright edge along the top of the tile, a darker one along the bottom.
  if (scene.rimHighlight) {
    const edge = Math.exp(-(((sd + 0.004) / 0.004) ** 2));
    const top = 1 - tY;
    r = r + edge * 0.22 * top - edge * 0.06 * (1 - top) * r;
    g = g + edge * 0.24 * top - edge * 0.06 * (1 - top) * g;
    b = b + edge * 0.32 * top - edge * 0.06 * (1 - top) * b;
  }

  out[0] = r;
  out[1] = g;
  out[2] = b;
  out[3] = 1;
}

/** Supersampling factor: about 1024–2048 samples across, whatever the size. */
export function supersampleFor(size: number): number {
  return Math.max(2, Math.ceil(1024 / size));
}

/** Renders the icon at `size`×`size`. */
export function renderIcon(size: number, ss = supersampleFor(size)): Image {
  const scene = sceneFor(size);
  const n = size * ss;
  const acc = new Float64Array(size * size * 4);
  const sample = new Float64Array(4);
  for (let y = 0; y < n; y++) {
    const py = (y + 0.5) / n;
    const row = Math.floor(y / ss) * size;
    for (let x = 0; x < n; x++) {
      shade(scene, (x + 0.5) / n, py, sample);
      const a = sample[3]!;
      const i = (row + Math.floor(x / ss)) * 4;
      acc[i] = acc[i]! + sample[0]! * a;
      acc[i + 1] = acc[i + 1]! + sample[1]! * a;
      acc[i + 2] = acc[i + 2]! + sample[2]! * a;
      acc[i + 3] = acc[i + 3]! + a;
    }
  }
  const data = new Uint8Array(size * size * 4);
  const inv = 1 / (ss * ss);
  for (let p = 0; p < size * size; p++) {
    const i = p * 4;
    const alphaSum = acc[i + 3]!;
    if (alphaSum <= 0) continue; // fully transparent: leave (0,0,0,0)
    const a = alphaSum * inv;
    const k = 1 / alphaSum; // un-premultiply: sum(c·a) / sum(a)
    data[i] = linearToSrgb8(acc[i]! * k);
    data[i + 1] = linearToSrgb8(acc[i + 1]! * k);
    data[i + 2] = linearToSrgb8(acc[i + 2]! * k);
    data[i + 3] = Math.round(clamp01(a) * 255);
  }
  return { width: size, height: size, data };
}

export function encodePng(img: Image): Buffer {
  const png = new PNG({ width: img.width, height: img.height });
  png.data = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength);
  return PNG.sync.write(png, { colorType: 6, deflateLevel: 9 });
}

/** A 32-bit BGRA DIB as stored in an ICO entry: header with doubled height, bottom-up rows, AND mask. */
function encodeIcoBmp(img: Image): Buffer {
  const { width: w, height: h, data } = img;
  const maskStride = Math.ceil(w / 32) * 4;
  const buf = Buffer.alloc(40 + w * h * 4 + maskStride * h);
  buf.writeUInt32LE(40, 0); // biSize
  buf.writeInt32LE(w, 4);
  buf.writeInt32LE(h * 2, 8); // XOR bitmap + AND mask
  buf.writeUInt16LE(1, 12); // planes
  buf.writeUInt16LE(32, 14); // bits per pixel
  buf.writeUInt32LE(0, 16); // BI_RGB
  buf.writeUInt32LE(w * h * 4 + maskStride * h, 20);
  let o = 40;
  for (let y = h - 1; y >= 0; y--) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      buf[o++] = data[i + 2]!;
      buf[o++] = data[i + 1]!;
      buf[o++] = data[i]!;
      buf[o++] = data[i + 3]!;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = 0; x < w; x++) {
      if (data[(y * w + x) * 4 + 3] === 0) {
        const byte = o + (x >> 3);
        buf[byte] = buf[byte]! | (0x80 >> (x & 7));
      }
    }
    o += maskStride;
  }
  return buf;
}

/** ICO container: ICONDIR + one ICONDIRENTRY per image, entries ≥ 256 px PNG-compressed. */
export function encodeIco(images: readonly Image[]): Buffer {
  const payloads = images.map((img) => (img.width >= 256 ? encodePng(img) : encodeIcoBmp(img)));
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((img, k) => {
    const e = 6 + 16 * k;
    const payload = payloads[k]!;
    header.writeUInt8(img.width >= 256 ? 0 : img.width, e); // 0 means 256
    header.writeUInt8(img.height >= 256 ? 0 : img.height, e + 1);
    header.writeUInt8(0, e + 2); // palette size
    header.writeUInt8(0, e + 3); // reserved
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(payload.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += payload.length;
  });
  return Buffer.concat([header, ...payloads]);
}

/** ICNS container: 'icns' + big-endian total length, then (type, length incl. 8-byte header, data). */
export function encodeIcns(entries: ReadonlyArray<readonly [string, Buffer]>): Buffer {
  const parts: Buffer[] = [];
  for (const [type, data] of entries) {
    if (type.length !== 4) throw new Error(`icns type must be 4 characters: ${type}`);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(data.length + 8, 4);
    parts.push(head, data);
  }
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

export const DEFAULT_OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources', 'icons');

/** Renders everything and writes it to `outDir`; returns the written file names. */
export function generateIcons(outDir: string = DEFAULT_OUT_DIR): string[] {
  mkdirSync(outDir, { recursive: true });
  const sizes = new Set<number>([...LINUX_SIZES, ...ICO_SIZES, ...ICNS_ENTRIES.map(([, s]) => s)]);
  const images = new Map<number, Image>();
  const pngs = new Map<number, Buffer>();
  for (const s of [...sizes].sort((a, b) => a - b)) {
    const img = renderIcon(s);
    images.set(s, img);
    pngs.set(s, encodePng(img));
  }
  const written: string[] = [];
  const write = (name: string, data: Buffer): void => {
    writeFileSync(join(outDir, name), data);
    written.push(name);
  };
  for (const s of LINUX_SIZES) write(`${s}x${s}.png`, pngs.get(s)!);
  write('icon.png', pngs.get(512)!);
  write('icon.ico', encodeIco(ICO_SIZES.map((s) => images.get(s)!)));
  write('icon.icns', encodeIcns(ICNS_ENTRIES.map(([type, s]) => [type, pngs.get(s)!] as const)));
  return written;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  const outDir = process.argv[2] !== undefined ? resolve(process.argv[2]) : DEFAULT_OUT_DIR;
  const t0 = Date.now();
  const files = generateIcons(outDir);
  console.log(`gen-icons: wrote ${files.length} files to ${outDir} in ${Date.now() - t0} ms`);
}
