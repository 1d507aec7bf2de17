/**
 * `npm run screenshots`: the pictures in docs/screenshots/, taken from the game as a player meets
 * it, in a real Chromium (software GL) at 1280×800: the first run's questions on a Chinese system,
 * the menu, a hosted lobby listing this machine's LAN addresses, the same lobby in 中文, an offline
 * match with the marker ring on your own ball, and the results with the winner headline; and each
 * mode in both languages: a team lobby (the team column, bots on teams), a team match on Four
 * Camps and its team standings, last ball standing on the Island with the area closing in.
 * 中文 needs a CJK font (Debian: fonts-wqy-microhei or fonts-noto-cjk); without one it would be
 * drawn as boxes, so the script refuses to run (`fc-list :lang=zh`).
 * Network safety: LAN discovery is off (no mDNS or broadcast leaves this machine); the game socket
 * listens on a free port of every interface only so that the lobby shows the real addresses.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { DEFAULT_SETTINGS } from '../electron/services/files/settings';
import { buildIfNeeded } from './build.mjs';
import { findChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs', 'screenshots');

function fail(message: string): never {
  console.error(`screenshots: ${message}`);
  process.exit(1);
}

function hasCjkFont(): boolean {
  try {
    return execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
}

/** The browser shell, discovery off, with a saved name unless it is a first run; resolves its URL. */
function startShell(userData: string, firstRun = false): Promise<{ url: string; stop: () => void }> {
  if (!firstRun) writeFileSync(path.join(userData, 'settings.json'), JSON.stringify({ ...DEFAULT_SETTINGS, name: 'Ana' }));
  const child = spawn(process.execPath, [path.join(root, 'out', 'main', 'browserShell.js'), '--port', '0', '--no-open', '--discovery=off', '--game-port', '0', '--user-data', userData], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)/.exec(out);
      if (m) resolve({ url: m[1]!, stop: () => void child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`the browser shell exited (${code}) before printing its URL`)));
  });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(outDir, name) });
  console.log(`screenshots: docs/screenshots/${name}`);
}

async function setLanguage(page: Page, lang: string): Promise<void> {
  await page.getByTestId('menu-settings').click();
  await page.getByTestId('settings-language').selectOption(lang);
  await page.getByTestId('settings-save').click();
  await page.getByTestId('back').click();
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
}

async function lobby(page: Page, name: string): Promise<void> {
  await page.getByTestId('menu-host').click();
  await page.getByTestId('host-create').click();
  await page.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby');
  await page.getByTestId('lobby-slot-1').selectOption('bot:0');
  await page.getByTestId('lobby-address-0').waitFor();
  await shot(page, name);
  await page.getByTestId('lobby-leave').click();
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
}

/** The modes, `suffix` naming the language ('' or '-zh-CN'): a team lobby, a team match and its results, last ball standing. */
async function modes(page: Page, suffix: string): Promise<void> {
  await page.getByTestId('menu-host').click();
  await page.getByTestId('room-teams').selectOption('2');
  await page.getByTestId('host-create').click();
  await page.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby');
  for (const slot of [1, 2, 3]) await page.getByTestId(`lobby-slot-${slot}`).selectOption('bot:0');
  await page.waitForFunction(() => window.__bb!.net!.slots.filter((s) => s.kind === 3).length === 3);
  await shot(page, `lobby-teams${suffix}.png`);
  await page.getByTestId('lobby-leave').click();
  await page.waitForFunction(() => window.__bb?.screen === 'menu');

  await page.evaluate(() => window.__bb!.go!('match', { map: 'four-camps', bots: '7', difficulty: 'normal', minutes: '1', teams: '2', seed: '30' }));
  await page.waitForFunction(() => (window.__bb?.match?.perf().renderedFrames ?? 0) > 20);
  await page.evaluate(() => window.__bb!.match!.fastForward(600));
  await page.keyboard.down('Tab');
  await page.getByTestId('scoreboard').waitFor();
  await shot(page, `team-match${suffix}.png`);
  await page.keyboard.up('Tab');
  await page.evaluate(() => window.__bb!.match!.fastForward(1_000_000));
  await page.waitForFunction(() => window.__bb?.screen === 'results');
  await page.getByTestId('team-standings').waitFor();
  await shot(page, `team-results${suffix}.png`);
  await page.getByTestId('back').click();
  await page.waitForFunction(() => window.__bb?.screen === 'menu');

  await page.evaluate(() => window.__bb!.go!('match', { map: 'round-island', bots: '7', difficulty: 'normal', minutes: '1', lbs: '1', seed: '31' }));
  await page.waitForFunction(() => (window.__bb?.match?.perf().renderedFrames ?? 0) > 20);
  await page.evaluate(() => window.__bb!.match!.fastForward(900)); // half the minute: the area is closing in
  await page.waitForFunction((n) => (window.__bb?.match?.perf().renderedFrames ?? 0) > n + 5, await page.evaluate(() => window.__bb!.match!.perf().renderedFrames));
  await shot(page, `last-ball-standing${suffix}.png`);
  await page.keyboard.press('Escape');
  await page.getByTestId('menu-leave').click();
  await page.getByTestId('leave-yes').click();
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
}

async function main(): Promise<void> {
  if (!hasCjkFont()) fail('no CJK font is installed (fc-list :lang=zh is empty), so 中文 would show as boxes: install fonts-wqy-microhei or fonts-noto-cjk.');
  if (!buildIfNeeded()) fail('the build failed (see above).');
  mkdirSync(outDir, { recursive: true });
  const userData = mkdtempSync(path.join(os.tmpdir(), 'bb-shots-'));
  const shell = await startShell(userData);
  const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(shell.url);
    await page.waitForFunction(() => window.__bb?.screen === 'menu');
    await shot(page, 'menu.png');
    await lobby(page, 'lobby.png');

    await page.evaluate(() => window.__bb!.go!('match', { map: 'arena-small', bots: '5', difficulty: 'easy', minutes: '1', seed: '16' }));
    await page.waitForFunction(() => (window.__bb?.match?.perf().renderedFrames ?? 0) > 20 && (window.__bb?.match?.marks().marker ?? false));
    await shot(page, 'match.png');
    await page.evaluate(() => window.__bb!.match!.fastForward(1_000_000));
    await page.waitForFunction(() => window.__bb?.screen === 'results');
    await page.getByTestId('results-winner').waitFor();
    await shot(page, 'results.png');
    await page.getByTestId('back').click();
    await page.waitForFunction(() => window.__bb?.screen === 'menu');
    await modes(page, '');

    await setLanguage(page, 'zh-CN');
    await shot(page, 'menu-zh-CN.png');
    await lobby(page, 'lobby-zh-CN.png');
    await modes(page, '-zh-CN');
  } finally {
    await browser.close();
    shell.stop();
    rmSync(userData, { recursive: true, force: true });
  }
  await firstRun();
}

/** A first start on a Chinese system: the language and name questions, in 中文, a name half typed. */
async function firstRun(): Promise<void> {
  const userData = mkdtempSync(path.join(os.tmpdir(), 'bb-shots-'));
  const shell = await startShell(userData, true);
  const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    await page.goto(shell.url);
    await page.waitForFunction(() => window.__bb?.screen === 'welcome');
    await page.getByTestId('first-name').fill('小明');
    await shot(page, 'welcome-zh-CN.png');
  } finally {
    await browser.close();
    shell.stop();
    rmSync(userData, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => fail((e as Error).message));
