import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { startShell, type RunningShell } from './shell';

let shell: RunningShell;
test.beforeAll(async () => {
  shell = await startShell();
});
test.afterAll(async () => {
  await shell.stop();
});

/** Number of distinct colours in a screenshot (a blank page has one or two). */
function distinctColours(png: Buffer): number {
  const img = PNG.sync.read(png);
  const seen = new Set<number>();
  for (let i = 0; i < img.data.length; i += 4 * 7) seen.add((img.data[i]! << 16) | (img.data[i + 1]! << 8) | img.data[i + 2]!);
  return seen.size;
}

test('the browser shell shows the main menu with every entry', async ({ page }) => {
  await page.goto(shell.url);
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
  await expect(page.getByTestId('title')).toHaveText('Ball Brawl');
  for (const id of ['menu-offline', 'menu-host', 'menu-join', 'menu-replays', 'menu-help', 'menu-settings', 'menu-quit']) await expect(page.getByTestId(id)).toBeVisible();
  const shot = await page.screenshot({ path: path.join('test-results', 'e2e', 'menu.png') });
  expect(distinctColours(shot)).toBeGreaterThan(50);
});

test('settings are validated, saved to the user data folder, and switch language at once', async ({ page }) => {
  await page.goto(shell.url);
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
  await page.getByTestId('menu-settings').click();
  // This page draws with SwiftShader: Settings says why shadows stay off.
  await expect(page.getByTestId('settings-software-gl')).toContainText('without a graphics card');
  await page.getByTestId('settings-name').fill('<b>Zed</b>');
  await page.getByTestId('settings-language').selectOption('zh-CN');
  await page.getByTestId('settings-master').fill('35');
  await page.getByTestId('settings-muted').check();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-status')).toHaveText('已保存。');
  await page.getByTestId('back').click();
  await expect(page.getByTestId('menu-offline')).toHaveText('离线游戏');
  const saved = JSON.parse(readFileSync(path.join(shell.userDataDir, 'settings.json'), 'utf8')) as { name: string; language: string };
  expect(saved).toMatchObject({ name: '<b>Zed</b>', language: 'zh-CN', sound: { master: 35, effects: 80, muted: true } });
  await page.getByTestId('menu-settings').click();
  await page.getByTestId('settings-keep-replays').fill('0');
  await page.getByTestId('settings-save').click();
  // The refusal names the field in the player's words and highlights it (not "keepReplays: expected …").
  await expect(page.getByTestId('settings-status')).toContainText('保留录像数量');
  await expect(page.getByTestId('settings-status')).not.toContainText('keepReplays');
  await expect(page.locator('.field.invalid [data-testid="settings-keep-replays"]')).toHaveCount(1);
});

test('a page without the launch token cannot drive the game', async ({ page }) => {
  const bare = shell.url.replace(/\?token=.*/, '');
  await page.goto(bare);
  await page.waitForFunction(() => window.__bb?.screen === 'error');
  await expect(page.getByTestId('fatal')).toContainText('access key');
  await page.goto(`${bare}?token=${'0'.repeat(48)}`);
  await page.waitForFunction(() => window.__bb?.screen === 'error');
  await expect(page.getByTestId('fatal')).toContainText('refused');
});
