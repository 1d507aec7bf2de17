/**
 * Names, as a new Chinese-speaking player meets them (issue 16/17/30): a first run asks for the
 * language (preselected from the system locale) and a name before the menu, and cannot be skipped;
 * the field opens without a red error, counts characters against the limit in characters as the
 * user types and refuses a name over it (never cuts it); a 16-character Chinese name saves, hosts
 * (its default room name fits) and joins over loopback; a second player of the same name is told
 * apart by the host ("… (2)"). Two browser-shell processes, discovery off; waits on the test hook,
 * never on time.
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
  shells = await Promise.all([startShell(SHELL_ARGS, undefined, { firstRun: true }), startShell(SHELL_ARGS, undefined, { firstRun: true })]);
});
test.afterAll(async () => {
  await Promise.all(shells.map((s) => s.stop()));
});

/** Opens a first run: the welcome screen, not the menu. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => window.__bb?.screen === 'welcome');
}

/**
 * The first-run questions (in English: this browser's locale): no red error before anything is
 * typed, no way past them without a name, the counter in characters as the typing goes; a name
 * over the limit cannot be saved.
 */
async function chooseFirstName(page: Page, name: string): Promise<void> {
  const prompt = page.getByTestId('first-name-prompt');
  await expect(prompt).toBeVisible();
  await expect(page.getByTestId('first-language')).toHaveValue('en');
  await expect(page.getByTestId('first-name-counter')).toHaveText('0/48 characters');
  await expect(page.getByTestId('first-name-error')).toHaveText('');
  await expect(page.getByTestId('first-name')).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByTestId('first-name-save')).toBeDisabled();
  // Not skipped: a blocked Play does nothing, and the menu sends a nameless player back here.
  await page.getByTestId('first-name-save').click({ force: true });
  await page.evaluate(() => window.__bb!.go!('menu'));
  expect(await page.evaluate(() => window.__bb!.screen)).toBe('welcome');
  await page.getByTestId('first-name').fill(`${name}吗`);
  await expect(page.getByTestId('first-name-counter')).toHaveText('17/16 characters');
  await expect(page.getByTestId('first-name-error')).toHaveText('Too long: a name holds up to 48 letters or 16 Chinese characters.');
  await expect(page.getByTestId('first-name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('first-name-save')).toBeDisabled();
  // Emptied again after typing, it says what is wrong.
  await page.getByTestId('first-name').fill('');
  await expect(page.getByTestId('first-name-error')).toHaveText('Enter a name.');
  await page.getByTestId('first-name').fill(name);
  await expect(page.getByTestId('first-name-counter')).toHaveText('16/16 characters');
  await expect(page.getByTestId('first-name-error')).toHaveText('');
  await page.getByTestId('first-name-save').click();
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
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
  await expect(host.getByTestId('settings-name-counter')).toHaveText('16/16 characters');
  await host.getByTestId('settings-language').selectOption('zh-CN');
  await host.getByTestId('settings-save').click();
  await expect(host.getByTestId('settings-name-counter')).toHaveText('16/16 个字符');
  await host.getByTestId('settings-name').fill(`${NAME16}吗`);
  await expect(host.getByTestId('settings-name-error')).toContainText('名字太长');
  await expect(host.getByTestId('settings-save')).toBeDisabled();
  await host.getByTestId('back').click();
  await host.getByTestId('unsaved-discard').click(); // the refused edit is not kept
  await host.waitForFunction(() => window.__bb?.screen === 'menu');

  // Host with the default room name ("<name>的房间", 19 of the 21 Chinese characters a room name holds: not cut).
  await host.getByTestId('menu-host').click();
  await host.waitForFunction(() => window.__bb?.screen === 'host');
  await expect(host.getByTestId('room-name')).toHaveValue(`${NAME16}的房间`);
  await expect(host.getByTestId('room-name-counter')).toHaveText('19/21 个字符');
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

test('a first run on a Chinese system asks in 中文; the language can be switched there and is saved with the name', async ({ browser }) => {
  const shell = await startShell(SHELL_ARGS, undefined, { firstRun: true });
  try {
    const page = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
    await open(page, shell.url);
    await expect(page.getByTestId('first-language')).toHaveValue('zh-CN');
    await expect(page.getByTestId('first-name-prompt')).toContainText('球球大乱斗');
    await expect(page.getByTestId('first-name-prompt')).toContainText('其他玩家该怎么称呼你？');
    await expect(page.getByTestId('first-name-counter')).toHaveText('0/48 个字符');
    await page.getByTestId('first-name').fill('小明');
    // Switching redraws the questions at once and keeps what was typed.
    await page.getByTestId('first-language').selectOption('en');
    await expect(page.getByTestId('first-name-prompt')).toContainText('What should other players call you?');
    await expect(page.getByTestId('first-name')).toHaveValue('小明');
    await expect(page.getByTestId('first-name-counter')).toHaveText('2/16 characters');
    await page.getByTestId('first-language').selectOption('zh-CN');
    await page.getByTestId('first-name').press('Enter');
    await page.waitForFunction(() => window.__bb?.screen === 'menu');
    await expect(page.getByTestId('menu-offline')).toHaveText('离线游戏');
    const saved = JSON.parse(readFileSync(path.join(shell.userDataDir, 'settings.json'), 'utf8')) as { name: string; language: string };
    expect(saved).toMatchObject({ name: '小明', language: 'zh-CN' });
  } finally {
    await shell.stop();
  }
});
