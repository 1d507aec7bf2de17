/**
 * End-to-end tests in a real Chromium (Debian's, or $CHROMIUM_PATH; found by scripts/chromium.mjs).
 * WebGL runs through SwiftShader; tests wait on game state through the page's test hook, never on
 * frame rate or wall-clock sleeps.
 */
import { defineConfig } from '@playwright/test';

/** Chromium as a player's machine runs it: the page composited on the GPU (here SwiftShader too). */
export const GPU_COMPOSITED_ARGS = [
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-sandbox',
];

/**
 * The suite's default: the page composited on the CPU (WebGL still draws through SwiftShader).
 * Compositing every frame through software GL made each click wait ~0.7 s for two stable frames;
 * on the CPU it is ~0.25 s, and the e2e suite ran in 7.8 min instead of 10–12. predict.spec times
 * display frames, so it keeps GPU_COMPOSITED_ARGS (there the WebGL read-back slows frames to ~150 ms).
 */
export const CHROMIUM_ARGS = [...GPU_COMPOSITED_ARGS, '--disable-gpu-compositing'];

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] || '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 2,
  retries: 0,
  reporter: process.env['PLAYWRIGHT_JSON_OUTPUT_NAME'] ? [['list'], ['json']] : [['list']],
  outputDir: 'test-results/e2e',
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
  },
});
