/**
 * Names, as a new Chinese-speaking player meets them (issue 16/17): on first run the menu asks for
 * a name; the field counts characters and UTF-8 bytes as the user types and refuses a name over
 * 48 bytes (never cuts it); a 16-character Chinese name saves, hosts (its default room name fits)
 * and joins over loopback; a second player of the same name is told apart by the host ("… (2)").
 * Two browser-shell processes, discovery off; waits on the test hook, never on time.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startShell, type RunningShell } from './shell';

const SHELL_ARGS = ['--game-port', '0', '--game-bind', '127.0.0.1'];
/** 16 CJK characters = 48 UTF-8 bytes: the longest name the rule takes in that script. */
const NAME16 = '球球大乱斗的最强玩家就是我了吧！';

let shells: RunningShell[] = [];
test.beforeAll(async () => {
  shells = await Promise.all([startShell(SHELL_ARGS), startShell(SHELL_ARGS)]);
});
test.afterAll(async () => {
  await Promise.all(shells.map((s) => s.stop()));
});

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
}

/** The first-run question: the counter follows the typing; a name over the limit cannot be saved. */
async function chooseFirstName(page: Page, name: string): Promise<void> {
  const prompt = page.getByTestId('first-name-prompt');
  await expect(prompt).toBeVisible();
  await expect(page.getByTestId('first-name-counter')).toHaveText('0 characters · 0/48 bytes');
  await expect(page.getByTestId('first-name-save')).toBeDisabled();
  await page.getByTestId('first-name').fill(`${name}吗`);
  await expect(page.getByTestId('first-name-counter')).toHaveText('17 characters · 51/48 bytes');
  await expect(page.getByTestId('first-name-error')).toHaveText('Too long: 51 of 48 bytes. A name holds up to 48 Latin letters or 16 Chinese characters.');
  await expect(page.getByTestId('first-name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('first-name-save')).toBeDisabled();
  await page.getByTestId('first-name').fill(name);
  await expect(page.getByTestId('first-name-counter')).toHaveText('16 characters · 48/48 bytes');
  await expect(page.getByTestId('first-name-error')).toHaveText('');
  await page.getByTestId('first-name-save').click();
  await expect(prompt).toHaveCount(0);
}

test('a 16-character Chinese name saves with a counter, hosts and joins; a duplicate is told apart', async ({ browser }) => {
  // Two software-GL pages on a shared CPU: generous, and each step logs when it was reached.
  test.setTimeout(300_000);
  const t0 = Date.now();
  const mark = (what: string): void => console.log(`[names.spec] ${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);
  const host = await (await browser.newContext()).newPage();
  const guest = await (await browser.newContext()).newPage();
  await open(host, shells[0]!.url);
  await open(guest, shells[1]!.url);

  await chooseFirstName(host, NAME16);
  mark('host chose a name');
  const saved = JSON.parse(readFileSync(path.join(shells[0]!.userDataDir, 'settings.json'), 'utf8')) as { name: string };
  expect(saved.name).toBe(NAME16);

  // Settings shows the saved name with its counter, in Chinese too; the prompt does not come back.
  await host.getByTestId('menu-settings').click();
  await expect(host.getByTestId('settings-name')).toHaveValue(NAME16);
  await expect(host.getByTestId('settings-name-counter')).toHaveText('16 characters · 48/48 bytes');
  await host.getByTestId('settings-language').selectOption('zh-CN');
  await host.getByTestId('settings-save').click();
  await expect(host.getByTestId('settings-name-counter')).toHaveText('16 个字符 · 48/48 字节');
  await host.getByTestId('settings-name').fill(`${NAME16}吗`);
  await expect(host.getByTestId('settings-name-error')).toContainText('名字太长');
  await expect(host.getByTestId('settings-save')).toBeDisabled();
  await host.getByTestId('back').click();
  await expect(host.getByTestId('first-name-prompt')).toHaveCount(0);

  // Host with the default room name ("<name>的房间", 57 bytes: within the room limit, not cut).
  await host.getByTestId('menu-host').click();
  await host.waitForFunction(() => window.__bb?.screen === 'host');
  await expect(host.getByTestId('room-name')).toHaveValue(`${NAME16}的房间`);
  await expect(host.getByTestId('room-name-counter')).toHaveText('19 个字符 · 57/64 字节');
  await host.getByTestId('host-create').click();
  await host.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby' && window.__bb.net.address !== null);
  const address = await host.evaluate(() => window.__bb!.net!.address!);
  mark('hosting');

  // The guest picks the very same name, then joins by address.
  await chooseFirstName(guest, NAME16);
  await guest.getByTestId('menu-join').click();
  await guest.getByTestId('join-address').fill(address);
  await guest.getByTestId('join-probe').click();
  await guest.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby');
  mark('guest joined');

  const humans = (p: Page): Promise<string[]> => p.evaluate(() => window.__bb!.net!.slots.filter((s) => s.kind === 2).map((s) => s.name));
  for (const p of [host, guest]) await p.waitForFunction(() => window.__bb!.net!.slots.filter((s) => s.kind === 2).length === 2);
  // The host's own player joined first and keeps the name whole; the guest's is numbered, within 48 bytes.
  const expected = [NAME16, '球球大乱斗的最强玩家就是我了 (2)'];
  expect(await humans(host)).toEqual(expected);
  expect(await humans(guest)).toEqual(expected);
  for (const p of [host, guest]) {
    await expect(p.getByTestId('lobby-room')).toHaveText(`${NAME16}的房间`);
    for (const n of expected) await expect(p.getByTestId('lobby-players')).toContainText(n);
  }
});
