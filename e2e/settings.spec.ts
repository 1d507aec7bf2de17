/**
 * Settings without traps (issue 30), as a player meets them in the browser shell: Back with
 * unsaved edits asks (keep editing, discard, or save and go back) and Back without edits does not;
 * Esc cancels a rebind instead of binding Esc; a key another action uses is shown and asked about,
 * never swapped silently; "Default keys" puts every action back; Save and Back are in view without
 * scrolling at 1280×800 and at 800×600; on software GL the shadows box shows what is in force (off)
 * while the saved preference is kept. Waits on the DOM and the test hook, never on time.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Settings } from '../electron/contract';
import { startShell, type RunningShell } from './shell';

let shell: RunningShell;
test.beforeAll(async () => {
  shell = await startShell();
});
test.afterAll(async () => {
  await shell.stop();
});

const saved = (): Settings => JSON.parse(readFileSync(path.join(shell.userDataDir, 'settings.json'), 'utf8')) as Settings;

async function openSettings(page: Page): Promise<void> {
  await page.goto(shell.url);
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
  await page.getByTestId('menu-settings').click();
  await page.waitForFunction(() => window.__bb?.screen === 'settings');
}

test('Back asks before discarding edits: keep editing, discard, or save and go back', async ({ page }) => {
  await openSettings(page);
  const before = saved();
  // No edits: Back goes straight back.
  await page.getByTestId('back').click();
  await page.waitForFunction(() => window.__bb?.screen === 'menu');

  await page.getByTestId('menu-settings').click();
  await page.getByTestId('settings-name').fill('Zed');
  await page.getByTestId('back').click();
  await expect(page.getByTestId('unsaved')).toBeVisible();
  await expect(page.getByTestId('unsaved')).toContainText('Your changes are not saved yet.');
  // Keeping on editing is the highlighted, focused choice; discarding is the quiet red one.
  await expect(page.getByTestId('unsaved-keep')).toBeFocused();
  await expect(page.getByTestId('unsaved-discard')).toHaveClass(/danger/);
  await page.screenshot({ path: path.join('test-results', 'e2e', 'settings-unsaved.png') });
  await page.getByTestId('unsaved-keep').click();
  await expect(page.getByTestId('unsaved')).toBeHidden();
  await expect(page.getByTestId('settings-name')).toHaveValue('Zed');

  await page.getByTestId('back').click();
  await page.getByTestId('unsaved-discard').click();
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
  expect(saved()).toEqual(before);
  await page.getByTestId('menu-settings').click();
  await expect(page.getByTestId('settings-name')).toHaveValue(before.name);

  await page.getByTestId('settings-master').fill('35');
  await page.getByTestId('back').click();
  await page.getByTestId('unsaved-save').click();
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
  expect(saved().sound.master).toBe(35);
});

test('Esc cancels a rebind; a key in use is shown and asked about; Default keys restores every action', async ({ page }) => {
  await openSettings(page);
  const defaults = saved().keys;
  const left = page.getByTestId('key-left');
  const up = page.getByTestId('key-up');
  const menu = page.getByTestId('key-menu');

  // Esc cancels: nothing changes (it used to bind Esc here and move Menu to this action's old key).
  await left.click();
  await expect(left).toHaveText('Press a key…');
  await page.keyboard.press('Escape');
  await expect(left).toHaveText('A');
  await expect(menu).toHaveAttribute('data-code', 'Escape');
  await page.getByTestId('back').click();
  await page.waitForFunction(() => window.__bb?.screen === 'menu'); // nothing to ask about
  await page.getByTestId('menu-settings').click();

  // W belongs to Move up: said so, and nothing moves until the player chooses.
  await left.click();
  await page.keyboard.press('KeyW');
  const conflict = page.getByTestId('key-conflict');
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText('W is already the key for “Move up”. Use it for “Move left” instead?');
  await expect(left).toHaveAttribute('data-code', 'KeyA');
  await expect(up).toHaveAttribute('data-code', 'KeyW');
  await page.screenshot({ path: path.join('test-results', 'e2e', 'settings-key-conflict.png') });
  await page.getByTestId('key-conflict-keep').click();
  await expect(conflict).toBeHidden();
  await expect(left).toHaveAttribute('data-code', 'KeyA');
  await expect(up).toHaveAttribute('data-code', 'KeyW');

  await left.click();
  await page.keyboard.press('KeyW');
  await expect(page.getByTestId('key-conflict-swap')).toHaveText('Swap: “Move up” gets A');
  await page.getByTestId('key-conflict-swap').click();
  await expect(left).toHaveAttribute('data-code', 'KeyW');
  await expect(up).toHaveAttribute('data-code', 'KeyA');

  // Menu moved off Esc can come back: Default keys.
  await menu.click();
  await page.keyboard.press('KeyQ');
  await expect(menu).toHaveAttribute('data-code', 'KeyQ');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-status')).toHaveText('Saved.');
  expect(saved().keys).toMatchObject({ left: 'KeyW', up: 'KeyA', menu: 'KeyQ' });
  await page.getByTestId('keys-defaults').click();
  await expect(menu).toHaveAttribute('data-code', 'Escape');
  await page.getByTestId('settings-save').click();
  // The status already says "Saved." from the save before: wait for the file, not the words (a
  // whole-suite run read it before the second save had reached it).
  await expect.poll(() => saved().keys).toEqual(defaults);
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 800, height: 600 }]) {
  test(`Save and Back are in view without scrolling at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openSettings(page);
    for (const id of ['settings-save', 'back']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect({ id, top: box.y >= 0, bottom: box.y + box.height <= viewport.height, right: box.x + box.width <= viewport.width }).toEqual({ id, top: true, bottom: true, right: true });
    }
    // The keys (the last fields) are reached by scrolling the fields, not the buttons.
    await page.getByTestId('key-menu').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('key-menu')).toBeInViewport();
    await expect(page.getByTestId('settings-save')).toBeInViewport({ ratio: 1 });
  });
}

test('without a graphics card the shadows box shows off, not ticked, and the saved preference is kept', async ({ page }) => {
  await openSettings(page);
  expect(saved().graphics.shadows).toBe(true);
  // This page draws with SwiftShader: shadows stay off, and Settings says why.
  await expect(page.getByTestId('settings-software-gl')).toContainText('without a graphics card');
  await expect(page.getByTestId('settings-shadows')).not.toBeChecked();
  await expect(page.getByTestId('settings-shadows')).toBeDisabled();
  await page.getByTestId('settings-effects').fill('60');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-status')).toHaveText('Saved.');
  expect(saved()).toMatchObject({ graphics: { shadows: true }, sound: { effects: 60 } });
});
