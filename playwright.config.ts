/**
 * End-to-end tests in a real Chromium (Debian's, or $CHROMIUM_PATH; found by scripts/chromium.mjs).
 * WebGL runs through SwiftShader; tests wait on game state through the page's test hook, never on
 * frame rate or wall-clock sleeps.
 */
import { defineConfig } from '@playwright/test';

export const CHROMIUM_ARGS = [
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
    launchOptions: { executablePath: process.env['CHROMIUM_PATH'] || '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'off',
  },
});
