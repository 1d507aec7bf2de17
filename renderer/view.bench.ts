/**
 * Renderer benchmark under issue 29's budget scene — 50 players (you + 49 bots) on the large map
 * (labyrinth-large), 1000 pellets. Builds nothing: run `node scripts/build.mjs` first.
 *
 * Part 1, in Chromium (SwiftShader WebGL here) through the built browser shell, 60 s of play
 * (cells, blobs and viruses as the bots make them: a real match is rarely as full as part 2's):
 *   - draw calls a frame (renderer.info.render.calls), budget ≤ 30;
 *   - JS time of the frame function (view + HUD + renderer.render's JS, performance.now; the GPU
 *     is not included), median and p95, budget ≤ 4 ms median; the sim's JS time per step;
 *   - heap: live heap after a forced GC (--expose-gc) every 5 s → slope, and a heap-snapshot diff
 *     of JS objects (compiled code and Chromium's own timeline entries excluded) start → end;
 *     bytes allocated per drawn frame with the simulation held (performance.memory, precise).
 *     At SwiftShader's few frames a second V8 never optimises the math code, and unoptimised code
 *     boxes every float it computes, so this figure overstates what a real GPU's 60 fps shows.
 * Part 2, in Node (no GL, code optimised after warm-up): the view's per-frame update over the same
 *   match filled to the issue's load (bench/crowd.ts: every player in 16 cells — 800 — 200 blobs,
 *   30 viruses) — display cells, smoothing, visibility, camera, cell, blob, virus, shield and
 *   pellet instances, path lines, effects — time and bytes allocated per frame (bench/lib
 *   heapDelta: exact under bench/run.ts's flags), and the draw calls that scene asks for (the
 *   scene's drawable objects with something to draw, one call each, plus the shadow pass's casters).
 * Part 3, in Chromium: issue 29's row — the shipped MatchView (bench/crowdView.page.ts, bundled
 *   here with esbuild) drawing part 2's crowded world, topped up before every logic frame, from a
 *   spectator's wide view: draw calls a frame and the JS time of the view's frame (scene update +
 *   renderer.render; the HUD is part 1's), median and p95.
 * Never asserts fps (software GL); frames a second are only reported.
 */
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import * as THREE from 'three';
import { census, crowd } from '../bench/crowd';
import { heapDelta, measure, type BenchContext } from '../bench/lib';
import { parseTiledMap } from '../core/map';
import { startShell } from '../e2e/shell';
import type {} from '../e2e/window';
import { OfflineMatch } from './game/OfflineMatch';
import { defaultBrains } from '../core/ai';
import { viewUpdateRig } from './view/viewUpdateRig';
import type { CrowdPage } from '../bench/crowdView.page';

const GROUP = 'renderer/view';
const ROOT = path.resolve(import.meta.dirname, '..');
const PLAY_MS = 60_000;
const HEAP_EVERY_MS = 5_000;
const ARGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--disable-quic', '--no-first-run', '--no-sandbox', '--enable-precise-memory-info', '--js-flags=--expose-gc'];

type Gc = { gc?: () => void };
type Mem = { memory?: { usedJSHeapSize: number } };

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
}

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

const liveHeap = (page: Page): Promise<number> =>
  page.evaluate(() => {
    (window as Gc).gc?.();
    return (performance as unknown as Mem).memory?.usedJSHeapSize ?? NaN;
  });

/** Self size of JS objects in a heap snapshot, leaving out compiled code and native (Blink) objects. */
async function jsObjectBytes(cdp: CDPSession): Promise<number> {
  let json = '';
  const onChunk = (e: { chunk: string }): void => void (json += e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snap = JSON.parse(json) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[] };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [ti, si, n] = [fields.indexOf('type'), fields.indexOf('self_size'), fields.length];
  let bytes = 0;
  for (let i = 0; i < snap.nodes.length; i += n) {
    const type = types[snap.nodes[i + ti]!];
    if (type !== 'code' && type !== 'native' && type !== 'synthetic') bytes += snap.nodes[i + si]!;
  }
  return bytes;
}

/** Bytes allocated per drawn frame with the simulation held, or NaN if a GC hid it every time. */
async function allocPerFrame(page: Page, frames: number): Promise<number> {
  await page.evaluate(() => window.__bb!.match!.setSpeed(0));
  for (let attempt = 0; attempt < 3; attempt++) {
    const start = await page.evaluate(() => {
      (window as Gc).gc?.();
      return { heap: (performance as unknown as Mem).memory!.usedJSHeapSize, frames: window.__bb!.match!.counts().renderedFrames };
    });
    await page.waitForFunction((f) => window.__bb!.match!.counts().renderedFrames >= f, start.frames + frames, { timeout: 300_000, polling: 500 });
    const end = await page.evaluate(() => ({ heap: (performance as unknown as Mem).memory!.usedJSHeapSize, frames: window.__bb!.match!.counts().renderedFrames }));
    if (end.heap >= start.heap) return (end.heap - start.heap) / (end.frames - start.frames);
  }
  return NaN;
}

async function browserPart(ctx: BenchContext): Promise<void> {
  if (!existsSync(path.join(ROOT, 'out', 'main', 'browserShell.js'))) throw new Error('out/ is missing: run `node scripts/build.mjs` first');
  const shell = await startShell();
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] || '/usr/bin/chromium', args: ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const cdp = await page.context().newCDPSession(page);
    await page.goto(shell.url);
    await page.waitForFunction(() => window.__bb?.screen === 'menu');
    await page.evaluate(() => window.__bb!.go!('match', { map: 'labyrinth-large', bots: '49', difficulty: 'mixed', minutes: '10', seed: '1', pellets: '1000' }));
    await page.waitForFunction(() => (window.__bb?.match?.counts().renderedFrames ?? 0) >= 5, null, { timeout: 120_000, polling: 500 });
    const scene = await page.evaluate(() => ({ players: window.__bb!.match!.state().players.length, pellets: window.__bb!.match!.pellets().live }));
    const objectsBefore = await jsObjectBytes(cdp);
    await page.evaluate(() => window.__bb!.match!.resetPerf());
    const t: number[] = [];
    const heap: number[] = [];
    let calls = 0;
    const t0 = Date.now();
    while (Date.now() - t0 < PLAY_MS) {
      t.push((Date.now() - t0) / 1000);
      heap.push(await liveHeap(page));
      calls = Math.max(calls, await page.evaluate(() => window.__bb!.match!.info().calls));
      await page.waitForTimeout(HEAP_EVERY_MS);
    }
    const perf = await page.evaluate(() => window.__bb!.match!.perf());
    const objectsAfter = await jsObjectBytes(cdp);
    const alloc = await allocPerFrame(page, 20);

    const median = quantile(perf.renderMs, 0.5);
    const heapSlope = (slope(t, heap) * 60) / 1024;
    const objectsGrowth = (objectsAfter - objectsBefore) / 1024;
    ctx.record({ group: GROUP, name: `draw calls a frame (${scene.players} players in play, ${scene.pellets} pellets, labyrinth-large)`, value: calls, unit: 'calls', goal: '<= 30', met: calls <= 30 });
    ctx.record({ group: GROUP, name: 'JS per frame in Chromium (view + HUD + render), median', value: median, unit: 'ms', goal: '<= 4 ms', met: median <= 4 });
    ctx.record({ group: GROUP, name: 'JS per frame in Chromium, p95', value: quantile(perf.renderMs, 0.95), unit: 'ms' });
    // Mean, not median: Chromium's performance.now() ticks in 0.1 ms steps, coarser than a step.
    ctx.record({ group: GROUP, name: 'sim step in Chromium (50 players in play, 1000 pellets), mean', value: perf.simMs.reduce((a, b) => a + b, 0) / Math.max(1, perf.simMs.length), unit: 'ms' });
    ctx.record({ group: GROUP, name: 'frames drawn a second (SwiftShader; not a goal)', value: perf.renderedFrames / (PLAY_MS / 1000), unit: 'fps' });
    ctx.record({ group: GROUP, name: 'live heap slope over 60 s of play (after GC; includes V8 code)', value: heapSlope, unit: 'KiB/min' });
    ctx.record({ group: GROUP, name: 'JS objects retained over 60 s of play (snapshot diff, code excluded)', value: objectsGrowth, unit: 'KiB', goal: 'flat (<= 64 KiB)', met: objectsGrowth <= 64 });
    ctx.record({ group: GROUP, name: 'allocated per drawn frame in Chromium (sim held; unoptimised code at SwiftShader fps)', value: alloc, unit: 'bytes' });
    ctx.note(`renderer/view: ${perf.renderedFrames} frames drawn and ${perf.steps} logic steps in ${PLAY_MS / 1000} s; live heap after GC (MiB): ${heap.map((h) => (h / 2 ** 20).toFixed(2)).join(', ')}`);
  } finally {
    await browser.close();
    await shell.stop();
  }
}

function nodePart(ctx: BenchContext): void {
  const dir = path.join(ROOT, 'resources', 'maps');
  const map = parseTiledMap(JSON.parse(readFileSync(path.join(dir, 'labyrinth-large.tmj'), 'utf8')), 'labyrinth-large.tmj', (s) => JSON.parse(readFileSync(path.join(dir, s), 'utf8')), 'labyrinth-large');
  const players = Array.from({ length: 50 }, (_, i) => ({ slot: i, name: `P${i}`, color: `#${((i * 0x9e3779) & 0xffffff).toString(16).padStart(6, '0')}`, bot: i > 0 }));
  const bots = players.slice(1);
  const session = new OfflineMatch({ map, players, lengthFrames: 30 * 60 * 30, seed: 1, pelletTarget: 1000, brains: defaultBrains(), bots: bots.map((p, i) => ({ slot: p.slot, level: (['easy', 'normal', 'hard'] as const)[i % 3]! })) });
  for (let i = 0; i < 300; i++) session.stepOnce(); // bots spread out and plan paths
  crowd(session.world);
  const load = census(session.world);
  const rig = viewUpdateRig(session);
  rig.scene.rig.follow(null); // a spectator's wide view over the busiest part of the map: most cells in view
  rig.scene.rig.jumpTo(map.cols / 2, map.rows / 2);
  rig.scene.rig.zoomBy(Math.log(60 / rig.scene.rig.distance) / 0.001);
  const frame = (): void => rig.frame(1000 / 60);
  const timing = measure(frame, { iterations: 3000, warmup: 3000 });
  // Steady state: the least of three windows. A window in which V8 is still tiering the frame
  // up counts its deopt/compile garbage (2 KB+ a frame once on a loaded 2-core runner).
  const bytes = Math.min(...[0, 1, 2].map(() => heapDelta(frame, 3000) / 3000));
  const calls = drawCalls(rig.scene.scene);
  const what = `${load.cells} cells, ${rig.scene.pellets.live} pellets, ${load.blobs} blobs, ${load.viruses} viruses`;
  ctx.record({ group: GROUP, name: `view update per frame in Node (no GL; ${what}, paths shown), median`, value: timing.medianMs, unit: 'ms', goal: '<= 4 ms (the whole frame; three.js render JS not in it)', met: timing.medianMs <= 4 });
  ctx.record({ group: GROUP, name: 'view update allocation per frame in Node (optimised code)', value: bytes, unit: 'bytes', goal: '< 256 (a few boxed numbers, no objects)', met: bytes < 256 });
  ctx.record({ group: GROUP, name: `draw calls the scene asks for (${what}, shadows and grid on; counted in Node)`, value: calls, unit: 'calls', goal: '<= 30', met: calls <= 30 });
  const s = rig.scene;
  ctx.note(`renderer/view (Node): ${what}; in view and drawn: ${s.cells.drawn} cells, ${s.blobs.drawn} blobs, ${s.viruses.drawn} viruses, ${s.pellets.drawn} pellets, ${s.shields.drawn} shields`);
}

/**
 * Draw calls three.js makes for `scene` as it stands: every visible mesh, line or instanced mesh
 * with something to draw is one call (instanced meshes once, whatever their count), and every
 * shadow caster one more in the shadow pass.
 */
function drawCalls(scene: THREE.Scene): number {
  let calls = 0;
  scene.traverseVisible((o) => {
    if (!(o instanceof THREE.Mesh || o instanceof THREE.LineSegments)) return;
    if (o instanceof THREE.InstancedMesh && o.count === 0) return;
    if (o.geometry instanceof THREE.InstancedBufferGeometry && o.geometry.instanceCount === 0) return;
    calls += o.castShadow ? 2 : 1;
  });
  return calls;
}

const CROWD_MS = 30_000;

async function crowdedBrowserPart(ctx: BenchContext): Promise<void> {
  const bundle = await build({ entryPoints: [path.join(ROOT, 'bench', 'crowdView.page.ts')], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022', logLevel: 'warning' });
  const dir = path.join(ROOT, 'resources', 'maps');
  const input = {
    tmj: readFileSync(path.join(dir, 'labyrinth-large.tmj'), 'utf8'),
    tsj: readFileSync(path.join(dir, 'tileset.tsj'), 'utf8'),
    tileset: `data:image/png;base64,${readFileSync(path.join(dir, 'tileset.png')).toString('base64')}`,
  };
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] || '/usr/bin/chromium', args: ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setContent('<!doctype html><html><body style="margin:0;overflow:hidden;background:#000"></body></html>');
    await page.evaluate((i) => void (window.__crowd = { input: i, frameMs: [], calls: [], load: '' }), input);
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    await page.waitForFunction(() => (window.__crowd?.frameMs.length ?? 0) >= 10 || window.__crowd?.error !== undefined, null, { timeout: 180_000, polling: 500 }).catch((e: unknown) => {
      throw new Error(`crowded view page: ${errors.join('; ') || (e as Error).message}`);
    });
    // Warm-up over: measure the frames of the next CROWD_MS.
    const from = await page.evaluate(() => window.__crowd!.frameMs.length);
    await page.waitForTimeout(CROWD_MS);
    const r = await page.evaluate((f) => ({ ms: window.__crowd!.frameMs.slice(f), calls: window.__crowd!.calls.slice(f), load: window.__crowd!.load, error: window.__crowd!.error }), from);
    if (r.error !== undefined) throw new Error(`crowded view page: ${r.error}`);
    if (r.ms.length === 0) throw new Error('crowded view page: no frame drawn');
    const calls = Math.max(...r.calls);
    const median = quantile(r.ms, 0.5);
    const notes = `${r.ms.length} frames in ${CROWD_MS / 1000} s (SwiftShader); at the last: ${r.load}; a spectator's view over the middle of the map`;
    ctx.record({ group: GROUP, name: `draw calls a frame, crowded world (${r.load}, labyrinth-large; the shipped MatchView), max`, value: calls, unit: 'calls', goal: '<= 30', met: calls <= 30, notes });
    ctx.record({ group: GROUP, name: 'JS per frame in Chromium, crowded world (view update + render), median', value: median, unit: 'ms', goal: '<= 4 ms', met: median <= 4, notes });
    ctx.record({ group: GROUP, name: 'JS per frame in Chromium, crowded world, p95', value: quantile(r.ms, 0.95), unit: 'ms' });
  } finally {
    await browser.close();
  }
}

export default async function viewBench(ctx: BenchContext): Promise<void> {
  nodePart(ctx);
  await browserPart(ctx);
  await crowdedBrowserPart(ctx);
}
