/**
 * `npm start` as a new user runs it: on this machine there is no Electron binary, so it must say
 * so in one line and bring up the browser shell, whose menu a real Chromium then shows.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { root, waitForLine } from './shell';

const hasElectronBinary = existsSync(path.join(root, 'node_modules', 'electron', 'dist')) || !!process.env['ELECTRON_OVERRIDE_DIST_PATH'];

test('npm start falls back to the browser shell and serves a playable menu', async ({ page }) => {
  test.skip(hasElectronBinary, 'an Electron binary is present, so npm start opens the Electron window instead (covered by electron.spec.ts)');
  const userData = mkdtempSync(path.join(os.tmpdir(), 'bb-start-'));
  const child = spawn('npm', ['start', '--silent', '--', '--port', '0', '--no-open', '--discovery=off', '--user-data', userData], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const { match, output } = await waitForLine(child, /(http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)/, 90_000);
    const lines = output().split('\n').filter((l) => l.includes('Electron'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/no Electron binary found.*browser shell/);
    await page.goto(match[1]!);
    await page.waitForFunction(() => window.__bb?.screen === 'menu');
    await expect(page.getByTestId('menu-offline')).toBeVisible();
  } finally {
    child.kill('SIGTERM');
  }
});
