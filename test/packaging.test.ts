/**
 * Packaging checks: electron-builder.yml, the icons in resources/icons/, and the ICO/ICNS writers of
 * scripts/gen-icons.ts. Nothing here downloads anything or packages an app (that is `npm run dist`).
 *
 * The config is loaded, validated and evaluated with electron-builder's own code (app-builder-lib:
 * its config loader, its schema validation — ajv over scheme.json — its file matchers and its icon
 * resolver), so "passes here" means "electron-builder would accept it and ship these files".
 * The icon files are checked with parsers written here, independent of the generator's writers.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration, PlatformSpecificBuildOptions } from 'app-builder-lib';
import { encodeIcns, encodeIco, encodePng, generateIcons, ICNS_ENTRIES, ICO_SIZES, LINUX_SIZES, renderIcon } from '../scripts/gen-icons';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

// ── electron-builder internals, typed to what this test uses ──────────────────────────────────
interface FilterStat {
  isDirectory(): boolean;
}
type Filter = (file: string, stat: FilterStat) => boolean;
interface FileMatcher {
  readonly from: string;
  readonly to: string;
  excludePatterns: unknown[] | null;
  isEmpty(): boolean;
  containsOnlyIgnore(): boolean;
  prependPattern(pattern: string): void;
  computeParsedPatterns(result: unknown[], fromDir?: string): void;
  createFilter(): Filter;
}
interface MatcherOptions {
  readonly macroExpander: (pattern: string) => string;
  readonly customBuildOptions: PlatformSpecificBuildOptions;
  readonly globalOutDir: string;
  readonly defaultSrc: string;
}
interface FileMatcherModule {
  getFileMatchers(config: Configuration, name: 'files' | 'extraResources', dest: string, options: MatcherOptions): FileMatcher[] | null;
  getMainFileMatchers(appDir: string, dest: string, macroExpander: (p: string) => string, platformOptions: PlatformSpecificBuildOptions, packager: unknown, outDir: string, isElectronCompile: boolean): FileMatcher[];
}
interface ConfigModule {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: Configuration | null): Promise<Configuration>;
  validateConfiguration(config: Configuration, debugLogger: { isEnabled: boolean; add(key: string, value: unknown): void }): Promise<void>;
}
interface IconConverterModule {
  convertIcon(opts: { sources: string[]; fallbackSources: string[]; roots: string[]; format: 'set' | 'ico' | 'icns'; outDir: string }): Promise<{ icons: Array<{ file: string; size: number }>; isFallback: boolean }>;
}
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as ConfigModule;
const { getFileMatchers, getMainFileMatchers } = require('app-builder-lib/out/fileMatcher') as FileMatcherModule;
const { convertIcon } = require('app-builder-lib/out/util/iconConverter') as IconConverterModule;
const yaml = require('js-yaml') as { load(text: string): unknown };

const quietLogger = { isEnabled: false, add: (): void => undefined };
const validate = (config: unknown): Promise<void> => validateConfiguration(structuredClone(config) as Configuration, quietLogger);

// ── icon file parsers (independent of scripts/gen-icons.ts) ───────────────────────────────────
interface Bitmap {
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8Array;
}
interface IconEntry extends Bitmap {
  readonly kind: string; // 'png' | 'bmp' for ICO, the 4-char type for ICNS
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function decodePng(buf: Buffer, what: string): Bitmap {
  if (!buf.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error(`${what}: not a PNG`);
  if (buf.toString('latin1', 12, 16) !== 'IHDR') throw new Error(`${what}: PNG without IHDR first`);
  const png = PNG.sync.read(buf);
  if (png.width !== buf.readUInt32BE(16) || png.height !== buf.readUInt32BE(20)) throw new Error(`${what}: IHDR size mismatch`);
  return { width: png.width, height: png.height, rgba: png.data };
}

function parseIco(buf: Buffer): IconEntry[] {
  if (buf.length < 6 || buf.readUInt16LE(0) !== 0 || buf.readUInt16LE(2) !== 1) throw new Error('ICO: bad ICONDIR header');
  const count = buf.readUInt16LE(4);
  if (count === 0 || 6 + 16 * count > buf.length) throw new Error(`ICO: bad entry count ${count}`);
  const spans: Array<[number, number]> = [];
  const out: IconEntry[] = [];
  for (let k = 0; k < count; k++) {
    const e = 6 + 16 * k;
    const w = buf[e] || 256;
    const h = buf[e + 1] || 256;
    const bytes = buf.readUInt32LE(e + 8);
    const offset = buf.readUInt32LE(e + 12);
    if (buf.readUInt16LE(e + 4) !== 1 || buf.readUInt16LE(e + 6) !== 32) throw new Error(`ICO entry ${k}: expected 1 plane, 32 bpp`);
    if (offset < 6 + 16 * count || offset + bytes > buf.length) throw new Error(`ICO entry ${k}: data outside the file`);
    spans.push([offset, offset + bytes]);
    const data = buf.subarray(offset, offset + bytes);
    if (data.subarray(0, 8).equals(PNG_SIGNATURE)) {
      const img = decodePng(data, `ICO entry ${k}`);
      if (img.width !== w || img.height !== h) throw new Error(`ICO entry ${k}: directory says ${w}×${h}, PNG is ${img.width}×${img.height}`);
      out.push({ kind: 'png', ...img });
      continue;
    }
    // BITMAPINFOHEADER, 32 bpp BI_RGB, height doubled (colour + AND mask), rows bottom-up BGRA.
    if (data.readUInt32LE(0) !== 40) throw new Error(`ICO entry ${k}: neither PNG nor BITMAPINFOHEADER`);
    if (data.readInt32LE(4) !== w || data.readInt32LE(8) !== 2 * h) throw new Error(`ICO entry ${k}: DIB size does not match the directory`);
    if (data.readUInt16LE(14) !== 32 || data.readUInt32LE(16) !== 0) throw new Error(`ICO entry ${k}: DIB is not 32-bit BI_RGB`);
    const maskStride = Math.ceil(w / 32) * 4;
    if (bytes !== 40 + w * h * 4 + maskStride * h) throw new Error(`ICO entry ${k}: DIB byte count ${bytes} is wrong`);
    const rgba = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const s = 40 + ((h - 1 - y) * w + x) * 4;
        const d = (y * w + x) * 4;
        rgba[d] = data[s + 2]!;
        rgba[d + 1] = data[s + 1]!;
        rgba[d + 2] = data[s]!;
        rgba[d + 3] = data[s + 3]!;
      }
    }
    out.push({ kind: 'bmp', width: w, height: h, rgba });
  }
  spans.sort((a, b) => a[0] - b[0]);
  for (let k = 1; k < spans.length; k++) if (spans[k]![0] < spans[k - 1]![1]) throw new Error('ICO: entries overlap');
  return out;
}

function parseIcns(buf: Buffer): IconEntry[] {
  if (buf.length < 8 || buf.toString('latin1', 0, 4) !== 'icns') throw new Error('ICNS: bad magic');
  if (buf.readUInt32BE(4) !== buf.length) throw new Error(`ICNS: header length ${buf.readUInt32BE(4)} ≠ file length ${buf.length}`);
  const out: IconEntry[] = [];
  for (let o = 8; o < buf.length; ) {
    if (o + 8 > buf.length) throw new Error('ICNS: truncated entry header');
    const kind = buf.toString('latin1', o, o + 4);
    if (!/^[\x20-\x7e]{4}$/.test(kind)) throw new Error(`ICNS: bad entry type at offset ${o}`);
    const len = buf.readUInt32BE(o + 4);
    if (len < 8 || o + len > buf.length) throw new Error(`ICNS ${kind}: bad length ${len}`);
    out.push({ kind, ...decodePng(buf.subarray(o + 8, o + len), `ICNS ${kind}`) });
    o += len;
  }
  return out;
}

const sizesOf = (entries: readonly Bitmap[]): number[] => entries.map((e) => e.width).sort((a, b) => a - b);
const isSquare = (e: Bitmap): boolean => e.width === e.height;

/** Largest per-channel difference between two RGBA bitmaps of the same size. */
function maxDiff(a: Bitmap, b: Bitmap): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let m = 0;
  for (let i = 0; i < a.rgba.length; i++) m = Math.max(m, Math.abs(a.rgba[i]! - b.rgba[i]!));
  return m;
}

// ── config helpers ─────────────────────────────────────────────────────────────────────────────
let config: Configuration;
let rawYaml: Record<string, unknown>;

beforeAll(async () => {
  config = await getConfig(ROOT, null, null);
  rawYaml = yaml.load(readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
});

/** Target names from electron-builder's `target` forms: "x", ["x", …] or [{ target: "x" }, …]. */
function targetNames(target: unknown): string[] {
  const list = Array.isArray(target) ? target : target == null ? [] : [target];
  return list.map((t: unknown) => (typeof t === 'string' ? t : String((t as { target?: unknown }).target)));
}

const buildResources = (): string => path.resolve(ROOT, config.directories?.buildResources ?? 'build');
/** Resolves an icon reference the way electron-builder does: build resources first, then the project. */
function resolveResource(ref: string): string {
  for (const base of [buildResources(), ROOT]) {
    const p = path.resolve(base, ref);
    try {
      statSync(p);
      return p;
    } catch {
      // try the next root
    }
  }
  throw new Error(`icon "${ref}" not found under ${buildResources()} or ${ROOT}`);
}

function macroExpander(pattern: string): string {
  const out = pattern.replace(/\$\{\/\*\}/g, '{,/**/*}');
  if (out.includes('${')) throw new Error(`pattern macro not supported by this test: ${pattern}`);
  return out;
}

const PLATFORMS = ['linux', 'win', 'mac'] as const;
const platformOptions = (p: (typeof PLATFORMS)[number]): PlatformSpecificBuildOptions => (config[p] ?? {}) as PlatformSpecificBuildOptions;

/** True when `filter` lets `rel` (relative to `from`) through, ancestors included, as electron-builder's walk does. */
function passes(filter: Filter, from: string, rel: string): boolean {
  const parts = rel.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const isDir = i < parts.length;
    if (!filter(path.join(from, ...parts.slice(0, i)), { isDirectory: () => isDir })) return false;
  }
  return true;
}

/** What electron-builder puts into app.asar and into the resources folder, for one platform. */
function packagingOf(platform: (typeof PLATFORMS)[number]): { inAsar(rel: string): boolean; extraResource(rel: string): string | null } {
  const outDir = path.resolve(ROOT, config.directories?.output ?? 'dist');
  const custom = platformOptions(platform);
  const options: MatcherOptions = { macroExpander, customBuildOptions: custom, globalOutDir: outDir, defaultSrc: ROOT };
  const resDest = path.join(os.tmpdir(), 'pkg-test-resources');
  const extra = getFileMatchers(config, 'extraResources', resDest, options) ?? [];
  const excludePatterns: unknown[] = [];
  for (const m of extra) m.computeParsedPatterns(excludePatterns, ROOT);
  const info = { projectDir: ROOT, buildResourcesDir: buildResources(), isPrepackedAppAsar: false, config, debugLogger: quietLogger };
  const main = getMainFileMatchers(ROOT, path.join(resDest, 'app'), macroExpander, custom, { info }, outDir, false);
  if (excludePatterns.length > 0) for (const m of main) m.excludePatterns = excludePatterns;
  const mainFilters = main.map((m) => ({ from: m.from, filter: m.createFilter() }));
  const extraFilters = extra.map((m) => {
    if (m.isEmpty() || m.containsOnlyIgnore()) m.prependPattern('**/*');
    return { from: m.from, to: m.to, filter: m.createFilter() };
  });
  return {
    inAsar: (rel) =>
      mainFilters.some(({ from, filter }) => {
        const r = path.relative(from, path.join(ROOT, rel));
        return !r.startsWith('..') && passes(filter, from, r.split(path.sep).join('/'));
      }),
    extraResource: (rel) => {
      for (const { from, to, filter } of extraFilters) {
        const r = path.relative(from, path.join(ROOT, rel));
        if (r.startsWith('..') || path.isAbsolute(r)) continue;
        if (passes(filter, from, r.split(path.sep).join('/'))) return path.relative(resDest, path.join(to, r)).split(path.sep).join('/');
      }
      return null;
    },
  };
}

function listFiles(dir: string): string[] {
  let out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const p = path.join(dir, name);
    out = statSync(p).isDirectory() ? out.concat(listFiles(p)) : out.concat(p);
  }
  return out;
}

// ── tests ──────────────────────────────────────────────────────────────────────────────────────
describe('electron-builder.yml', () => {
  it("passes electron-builder's own configuration validation (ajv over its scheme.json)", async () => {
    await expect(validate(config)).resolves.toBeUndefined();
    await expect(validate(rawYaml)).resolves.toBeUndefined();
  });

  it('a broken config fails that same validation', async () => {
    await expect(validate({ ...rawYaml, bogusTopLevelKey: true })).rejects.toThrow(/unknown property 'bogusTopLevelKey'/);
    await expect(validate({ ...rawYaml, nsis: { ...(rawYaml['nsis'] as object), oneClick: 'sometimes' } })).rejects.toThrow(/nsis\.oneClick/);
    await expect(validate({ ...rawYaml, directories: 'release' })).rejects.toThrow(/directories/);
    const text = readFileSync(path.join(ROOT, 'electron-builder.yml'), 'utf8').replace(/^linux:\n/m, 'linux:\n  flavour: extra-crispy\n');
    await expect(validate(yaml.load(text))).rejects.toThrow(/configuration\.linux/);
  });

  it('names the app: appId, productName (same as package.json), output folders', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { productName?: string };
    expect(config.appId).toBe('org.ballbrawl.app');
    expect(config.productName).toBe('Ball Brawl');
    expect(pkg.productName).toBe(config.productName);
    expect(config.directories).toMatchObject({ output: 'release', buildResources: 'resources' });
  });

  it('targets AppImage + deb, NSIS and DMG with the metadata each one needs', () => {
    expect(targetNames(config.linux?.target)).toEqual(expect.arrayContaining(['AppImage', 'deb']));
    expect(targetNames(config.win?.target)).toContain('nsis');
    expect(targetNames(config.mac?.target)).toContain('dmg');
    expect(config.linux?.category).toBe('Game');
    expect(config.mac?.category).toBe('public.app-category.games');
    // The deb target refuses to build without a maintainer with an address and a project URL.
    expect(config.deb?.maintainer ?? config.linux?.maintainer).toMatch(/^[^<>]+ <[^<>@\s]+@[^<>@\s]+>$/);
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { homepage?: string };
    const homepage = (config.extraMetadata as { homepage?: string } | null | undefined)?.homepage ?? pkg.homepage;
    expect(homepage).toMatch(/^https:\/\//);
  });

  it('puts only the built app into app.asar: out/**, package.json; never sources, tests or tooling', () => {
    const mainEntry = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { main: string }).main;
    for (const platform of PLATFORMS) {
      const { inAsar } = packagingOf(platform);
      for (const rel of [mainEntry, 'out/main/main.js', 'out/main/chunks/paths-abc.js', 'out/preload/preload.cjs', 'out/renderer/index.html', 'out/renderer/assets/index-abc.js', 'package.json']) {
        expect(inAsar(rel), `${platform}: ${rel} should be in app.asar`).toBe(true);
      }
      for (const rel of [
        'core/sim/step.ts',
        'core/map/tiled.ts',
        'electron/main.ts',
        'electron/services/resources.ts',
        'renderer/main.ts',
        'renderer/index.html',
        'test/x.test.ts',
        'test/packaging.test.ts',
        'e2e/menu.spec.ts',
        'bench/run.ts',
        'bench/results/latest.json',
        'docs/ARCHITECTURE.md',
        'scripts/dist.mjs',
        'scripts/gen-icons.ts',
        'README.md',
        'electron-builder.yml',
        'electron.vite.config.ts',
        'vitest.config.ts',
        'playwright.config.ts',
        'tsconfig.node.json',
        'package-lock.json',
        'release/ball-brawl-0.1.0.AppImage',
        'out/main/main.js.map',
        'resources/maps/index.json', // ships outside the asar (extraResources)
        'resources/icons/icon.ico',
        'resources/icons/16x16.png',
      ]) {
        expect(inAsar(rel), `${platform}: ${rel} must not be in app.asar`).toBe(false);
      }
    }
  });

  it('ships maps, tilesets, bot trees and the window icon as plain files in <resources>/resources', () => {
    for (const platform of PLATFORMS) {
      const { extraResource } = packagingOf(platform);
      for (const rel of ['resources/maps/index.json', 'resources/maps/arena-small.tmj', 'resources/maps/tileset.tsj', 'resources/maps/tileset.png', 'resources/ai/normal.json', 'resources/ai/sub/hard.json', 'resources/icons/icon.png']) {
        expect(extraResource(rel), `${platform}: ${rel}`).toBe(rel);
      }
      for (const rel of ['resources/maps/arena.tmx', 'resources/maps/tileset.tsx', 'resources/maps/ball-brawl.tiled-project', 'resources/maps/arena.tiled-session', 'resources/maps/README.md', 'resources/maps/tileset.psd', 'resources/icons/icon.ico', 'resources/icons/icon.icns', 'resources/icons/512x512.png', 'core/sim/step.ts', 'out/main/main.js']) {
        expect(extraResource(rel), `${platform}: ${rel} must not be an extra resource`).toBeNull();
      }
      // Every runtime data file that exists right now ships.
      for (const file of [...listFiles(path.join(ROOT, 'resources', 'maps')), ...listFiles(path.join(ROOT, 'resources', 'ai'))]) {
        const rel = path.relative(ROOT, file).split(path.sep).join('/');
        if (/\.(json|tmj|tsj|png)$/.test(rel)) expect(extraResource(rel), `${platform}: ${rel}`).toBe(rel);
      }
    }
    // electron/main.ts reads them from process.resourcesPath/resources when packaged.
    expect(readFileSync(path.join(ROOT, 'electron', 'main.ts'), 'utf8'), 'electron/main.ts no longer reads process.resourcesPath/resources: update extraResources.to').toMatch(/process\.resourcesPath,\s*['"]resources['"]/);
  });
});

describe('icons', () => {
  it('every icon the config references exists, in the right format and sizes', () => {
    // Linux: a folder of NxN.png.
    expect(config.linux?.icon).toBeTruthy();
    const linuxDir = resolveResource(config.linux!.icon!);
    expect(statSync(linuxDir).isDirectory()).toBe(true);
    const named = readdirSync(linuxDir).filter((n) => /^\d+x\d+\.png$/.test(n));
    expect(named.map((n) => Number(n.split('x')[0])).sort((a, b) => a - b)).toEqual([...LINUX_SIZES]);
    for (const n of named) {
      const buf = readFileSync(path.join(linuxDir, n));
      const img = decodePng(buf, n);
      expect(`${img.width}x${img.height}.png`).toBe(n);
      expect(buf[24], `${n}: 8 bits per channel`).toBe(8);
      expect(buf[25], `${n}: RGBA`).toBe(6);
    }
    const main = decodePng(readFileSync(path.join(linuxDir, 'icon.png')), 'icon.png');
    expect([main.width, main.height]).toEqual([512, 512]);

    // Windows: ICO with 16/32/48/256 (NSIS and electron-builder need ≥ 256).
    const icoRefs = [config.win?.icon, config.nsis?.installerIcon, config.nsis?.uninstallerIcon];
    for (const ref of icoRefs) {
      expect(ref).toMatch(/\.ico$/);
      const entries = parseIco(readFileSync(resolveResource(ref!)));
      expect(sizesOf(entries)).toEqual([...ICO_SIZES]);
      expect(entries.every(isSquare)).toBe(true);
    }

    // macOS: ICNS with PNG entries, including 128/256/512/1024 (ic07/ic08/ic09/ic10).
    for (const ref of [config.mac?.icon, config.dmg?.icon]) {
      expect(ref).toMatch(/\.icns$/);
      const entries = parseIcns(readFileSync(resolveResource(ref!)));
      const byType = new Map(entries.map((e) => [e.kind, e]));
      for (const [type, size] of [['ic07', 128], ['ic08', 256], ['ic09', 512], ['ic10', 1024]] as const) {
        expect(byType.get(type)?.width, `${type}`).toBe(size);
      }
      expect(entries.map((e) => [e.kind, e.width])).toEqual(ICNS_ENTRIES.map(([t, s]) => [t, s]));
      expect(entries.every(isSquare)).toBe(true);
    }
  });

  it('electron-builder takes them as they are (no conversion, so no icon tool download)', async () => {
    const roots = [buildResources(), ROOT];
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'bb-icon-'));
    try {
      // Preconditions that keep convertIcon from ever starting its (downloaded) converter.
      expect(config.win?.icon).toMatch(/\.ico$/);
      expect(config.mac?.icon).toMatch(/\.icns$/);
      expect(statSync(resolveResource(config.linux!.icon!)).isDirectory()).toBe(true);

      const set = await convertIcon({ sources: [config.linux!.icon!], fallbackSources: [], roots, format: 'set', outDir });
      expect(set.isFallback).toBe(false);
      expect(set.icons.map((i) => i.size)).toEqual([...LINUX_SIZES]);
      for (const icon of set.icons) expect(path.dirname(icon.file)).toBe(resolveResource(config.linux!.icon!));

      const ico = await convertIcon({ sources: [config.win!.icon!], fallbackSources: [], roots, format: 'ico', outDir });
      expect(ico.icons).toEqual([{ file: resolveResource(config.win!.icon!), size: 256 }]);

      const icns = await convertIcon({ sources: [config.mac!.icon!], fallbackSources: [], roots, format: 'icns', outDir });
      expect(icns.icons.map((i) => i.file)).toEqual([resolveResource(config.mac!.icon!)]);
      expect(readdirSync(outDir)).toEqual([]); // nothing was converted
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it('the icon is a real picture: transparent corners, opaque middle, many colours', () => {
    const img = decodePng(readFileSync(path.join(ROOT, 'resources', 'icons', 'icon.png')), 'icon.png');
    const at = (x: number, y: number): number[] => [...img.rgba.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];
    for (const [x, y] of [[0, 0], [511, 0], [0, 511], [511, 511]] as const) expect(at(x, y)[3], `corner ${x},${y}`).toBe(0);
    expect(at(256, 256)[3]).toBe(255);
    const colours = new Set<number>();
    let partial = 0;
    for (let i = 0; i < img.rgba.length; i += 4) {
      colours.add((img.rgba[i]! << 16) | (img.rgba[i + 1]! << 8) | img.rgba[i + 2]!);
      const a = img.rgba[i + 3]!;
      if (a > 0 && a < 255) partial++;
    }
    expect(colours.size).toBeGreaterThan(5000);
    expect(partial, 'anti-aliased (partly transparent) edge pixels').toBeGreaterThan(500);
  });

  describe('the committed files are what scripts/gen-icons.ts draws', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'bb-icons-'));
      generateIcons(dir);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    const committed = path.join(ROOT, 'resources', 'icons');
    // Pixels, not bytes: zlib builds may compress differently; ±2 allows for float differences.
    const TOLERANCE = 2;

    it('same file set', () => {
      expect(readdirSync(committed).sort()).toEqual(readdirSync(dir).sort());
    });

    it('PNG files', () => {
      for (const name of readdirSync(dir).filter((n) => n.endsWith('.png'))) {
        const fresh = decodePng(readFileSync(path.join(dir, name)), name);
        const old = decodePng(readFileSync(path.join(committed, name)), name);
        expect(maxDiff(fresh, old), `${name} differs from the generator's output; run npx tsx scripts/gen-icons.ts`).toBeLessThanOrEqual(TOLERANCE);
      }
    });

    it('ICO and ICNS entries', () => {
      for (const [name, parse] of [['icon.ico', parseIco], ['icon.icns', parseIcns]] as const) {
        const fresh = parse(readFileSync(path.join(dir, name)));
        const old = parse(readFileSync(path.join(committed, name)));
        expect(old.map((e) => [e.kind, e.width])).toEqual(fresh.map((e) => [e.kind, e.width]));
        fresh.forEach((e, k) => expect(maxDiff(e, old[k]!), `${name} entry ${e.kind} ${e.width}`).toBeLessThanOrEqual(TOLERANCE));
      }
    });
  });
});

describe('ICO and ICNS writers', () => {
  const img = (size: number): { width: number; height: number; data: Uint8Array } => renderIcon(size, 2);

  it('ICO round-trips through an independent parser: BMP entries below 256, PNG at 256', () => {
    const images = [img(16), img(32), img(256)];
    const entries = parseIco(encodeIco(images));
    expect(entries.map((e) => [e.kind, e.width, e.height])).toEqual([['bmp', 16, 16], ['bmp', 32, 32], ['png', 256, 256]]);
    entries.forEach((e, k) => expect(Buffer.from(e.rgba).equals(Buffer.from(images[k]!.data))).toBe(true));
  });

  it('ICNS round-trips through an independent parser', () => {
    const a = img(16);
    const b = img(32);
    const entries = parseIcns(encodeIcns([['icp4', encodePng(a)], ['ic11', encodePng(b)]]));
    expect(entries.map((e) => [e.kind, e.width])).toEqual([['icp4', 16], ['ic11', 32]]);
    expect(Buffer.from(entries[1]!.rgba).equals(Buffer.from(b.data))).toBe(true);
  });

  it('the parsers reject damaged files (so the checks above can fail)', () => {
    const ico = encodeIco([img(16)]);
    const badMagic = Buffer.from(ico);
    badMagic.writeUInt16LE(2, 2); // type 2 = cursor
    expect(() => parseIco(badMagic)).toThrow(/ICONDIR/);
    const wrongSize = Buffer.from(ico);
    wrongSize[6] = 48; // directory claims 48×48
    expect(() => parseIco(wrongSize)).toThrow(/DIB size/);
    expect(() => parseIco(ico.subarray(0, ico.length - 10))).toThrow(/outside the file/);

    const icns = encodeIcns([['ic07', encodePng(img(16))]]);
    expect(() => parseIcns(Buffer.concat([icns, Buffer.alloc(4)]))).toThrow(/file length/);
    const notPng = Buffer.from(icns);
    notPng[16 + 1] = 0; // break the PNG signature of the first entry
    expect(() => parseIcns(notPng)).toThrow(/not a PNG/);
    const badType = Buffer.from(icns);
    badType[9] = 0;
    expect(() => parseIcns(badType)).toThrow(/entry type/);
  });
});
