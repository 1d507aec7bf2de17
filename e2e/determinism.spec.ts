/**
 * Cross-engine determinism: the golden replay played inside Chromium (the core bundled into a
 * page, as the renderer runs it) gives the same hash at every frame as in Node, and the
 * checked-in final hash.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { build, type Rollup } from 'vite';
import { parseTiledMap } from '../core/map';
import { runReplay, validateReplayLog } from '../core/sim';
import { root } from './shell';

async function bundleCore(): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'warn',
    build: { write: false, minify: false, lib: { entry: path.join(root, 'e2e', 'determinism', 'entry.ts'), formats: ['iife'], name: 'BBCore' } },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const output = Array.isArray(result) ? result[0]!.output : result.output;
  return output.find((o): o is Rollup.OutputChunk => o.type === 'chunk')!.code;
}

test('the golden replay hashes identically in Chromium and in Node, frame by frame', async ({ page }) => {
  const log = JSON.parse(readFileSync(path.join(root, 'test', 'fixtures', 'golden-replay.json'), 'utf8')) as unknown;
  const golden = validateReplayLog(log);
  const mapsDir = path.join(root, 'resources', 'maps');
  const mapFile = `${golden.mapId}.tmj`;
  const mapJson = JSON.parse(readFileSync(path.join(mapsDir, mapFile), 'utf8')) as unknown;
  const tilesets = { 'tileset.tsj': JSON.parse(readFileSync(path.join(mapsDir, 'tileset.tsj'), 'utf8')) as unknown };

  const node = Array.from(runReplay(golden, parseTiledMap(mapJson, mapFile, (s) => tilesets[s as 'tileset.tsj'], golden.mapId)));
  await page.addScriptTag({ content: await bundleCore() });
  const chromium = await page.evaluate(
    ([l, m, t, f]) => (window as unknown as { BBCore: { replayHashes: (...a: unknown[]) => number[] } }).BBCore.replayHashes(l, m, t, f),
    [log, mapJson, tilesets, mapFile] as const,
  );
  expect(chromium.length).toBe(golden.frames);
  const firstMismatch = chromium.findIndex((h, i) => h !== node[i]);
  expect(firstMismatch, `first frame whose hash differs between Chromium and Node`).toBe(-1);
  expect(chromium[chromium.length - 1]).toBe(golden.finalHash);
  expect(await page.evaluate(() => navigator.userAgent)).toContain('Chrome');
});
