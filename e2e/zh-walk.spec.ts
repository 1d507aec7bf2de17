/**
 * Every screen in 中文, as a Chinese player meets them (issue 30): a first run on a Chinese system,
 * the menu, How to play, Settings (with its unsaved-changes question and a key conflict), Replays
 * and the replay viewer, the offline setup, a match (HUD, scoreboard, network panel, Esc menu, its
 * How to play and its confirmation), the results, hosting, the lobby as host, player and spectator, a join refused for
 * a full room (with its offer to watch), a networked match, and the page after Quit. On each, every
 * visible text — text nodes, option labels, tooltips, placeholders, accessible labels and the
 * window title — may hold no Latin word but a name this test typed, a key cap, a number or a unit
 * (test/latinWords.ts); each screen's offenders are reported together, with where they stood.
 * Three browser shells on loopback, discovery off; waits on the test hook, never on time.
 */
import os from 'node:os';
import type { Page } from '@playwright/test';
import { expect, newContext, test } from './draw';
import { foreignWords } from '../test/latinWords';
import { open, probeAddress } from './lan';
import { shotPath } from './pixels';
import { startShell, type RunningShell } from './shell';

const SHELL_ARGS = ['--game-port', '0', '--game-bind', '127.0.0.1'];
/**
 * Names this test gives, the one language name a language picker shows in its own script, the
 * OS's interface names (Settings says which one a hosted room offers first) and the lobby's join
 * code: data, as an address is.
 */
const NAMES = ['小明', '小红', '小刚', 'English', ...Object.keys(os.networkInterfaces())];

let shells: RunningShell[] = [];
test.beforeAll(async () => {
  shells = await Promise.all([
    startShell(SHELL_ARGS, undefined, { firstRun: true }),
    startShell(SHELL_ARGS, undefined, { settings: { name: '小红', language: 'zh-CN' } }),
    startShell(SHELL_ARGS, undefined, { settings: { name: '小刚', language: 'zh-CN' } }),
  ]);
});
test.afterAll(async () => {
  await Promise.all(shells.map((s) => s.stop()));
});

interface Shown {
  readonly text: string;
  readonly where: string;
}

/** Every text a player can see on the page now, with the test id (or tag) of where it stands. */
function shownTexts(page: Page): Promise<Shown[]> {
  return page.evaluate(() => {
    const out: { text: string; where: string }[] = [];
    const seen = (el: Element): boolean => {
      // An option has no box of its own: it is seen when its list is.
      const box = el.closest('select') ?? el;
      if (box.getClientRects().length === 0) return false;
      const style = getComputedStyle(box);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    const where = (el: Element): string => el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.tagName.toLowerCase();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent?.trim() ?? '';
      if (el && text && !el.closest('script, style') && seen(el)) out.push({ text, where: where(el) });
    }
    for (const el of Array.from(document.querySelectorAll('[title], [placeholder], [aria-label], [data-why]'))) {
      if (!seen(el)) continue;
      for (const a of ['title', 'placeholder', 'aria-label', 'data-why']) {
        const v = el.getAttribute(a);
        if (v) out.push({ text: v, where: `${where(el)}[${a}]` });
      }
    }
    for (const el of Array.from(document.querySelectorAll('input'))) if (el.value && seen(el) && ['text', 'number', 'search', ''].includes(el.type)) out.push({ text: el.value, where: `${where(el)}[value]` });
    out.push({ text: document.title, where: 'document.title' });
    return out;
  });
}

/** What was wrong, screen by screen. */
const found: { screen: string; where: string; words: string[]; text: string }[] = [];
const screens: string[] = [];

/** Reads the page as it is now as screen `screen`; a screenshot goes to test-results for a look. */
async function check(page: Page, screen: string): Promise<void> {
  screens.push(screen);
  await page.screenshot({ path: shotPath(`zh-${screen}.png`) });
  for (const s of await shownTexts(page)) {
    const words = foreignWords(s.text, NAMES);
    if (words.length > 0) found.push({ screen, where: s.where, words, text: s.text });
  }
}

const screenIs = (page: Page, name: string): Promise<unknown> => page.waitForFunction((n) => window.__bb?.screen === n, name, { timeout: 60_000 });

test('every screen in 中文 shows no Latin word but names, keys, numbers and units', async ({ browser }) => {
  test.setTimeout(480_000);
  const t0 = Date.now();
  const mark = (what: string): void => console.log(`[zh-walk] ${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);
  const dialogs: string[] = [];
  const zh = { locale: 'zh-CN' };

  // A first run on a Chinese system: the questions come in 中文.
  const a = await (await newContext(browser, zh)).newPage();
  a.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
  await a.goto(shells[0]!.url);
  await screenIs(a, 'welcome');
  await expect(a.getByTestId('first-name-prompt')).toContainText('球球大乱斗');
  await check(a, 'welcome');
  await a.getByTestId('first-name').fill('小明');
  await a.getByTestId('first-name-save').click();
  await screenIs(a, 'menu');
  await expect(a.getByTestId('title')).toHaveText('球球大乱斗');
  await check(a, 'menu');

  // How to play: the rules and the controls as bound, key caps beside Chinese words (text scrolled
  // out of its box counts as shown).
  await a.getByTestId('menu-help').click();
  await screenIs(a, 'help');
  await expect(a.getByTestId('help-topic-split')).toContainText('分裂');
  await check(a, 'help');
  await a.getByTestId('back').click();
  await screenIs(a, 'menu');

  // Settings, its question before discarding, a key conflict.
  await a.getByTestId('menu-settings').click();
  await check(a, 'settings');
  await a.getByTestId('key-left').click();
  await a.keyboard.press('KeyW');
  await expect(a.getByTestId('key-conflict')).toBeVisible();
  await check(a, 'settings-key-conflict');
  await a.getByTestId('key-conflict-keep').click();
  await a.getByTestId('settings-discovery').selectOption('one');
  await check(a, 'settings-discovery-interface');
  await a.getByTestId('back').click();
  await expect(a.getByTestId('unsaved')).toBeVisible();
  await check(a, 'settings-unsaved');
  await a.getByTestId('unsaved-discard').click();
  await screenIs(a, 'menu');

  await a.getByTestId('menu-replays').click();
  await a.waitForFunction(() => window.__bb?.replays !== undefined);
  await check(a, 'replays-empty');
  await a.getByTestId('back').click();
  mark('menu, settings, replays');

  // Offline: setup, a match, its overlays, the results.
  await a.getByTestId('menu-offline').click();
  await expect(a.getByTestId('map-preview')).toBeVisible({ timeout: 60_000 });
  await check(a, 'offline-setup');
  await a.getByTestId('setup-bots').fill('3');
  await a.getByTestId('setup-minutes').selectOption('1');
  await a.getByTestId('setup-start').click();
  await a.waitForFunction(() => (window.__bb?.match?.state().frame ?? 0) > 30, undefined, { timeout: 60_000 });
  await check(a, 'match');
  await a.keyboard.down('Tab');
  await expect(a.getByTestId('scoreboard')).toBeVisible();
  await check(a, 'match-scoreboard');
  await a.keyboard.up('Tab');
  await a.keyboard.press('F3');
  await check(a, 'match-net-panel');
  await a.keyboard.press('F3');
  await a.keyboard.press('Escape');
  await check(a, 'match-menu');
  await a.getByTestId('menu-help').click();
  await expect(a.getByTestId('match-menu').getByTestId('help-topic-eject')).toContainText('吐球');
  await check(a, 'match-help');
  await a.getByTestId('help-back').click();
  await a.getByTestId('menu-leave').click();
  await check(a, 'match-leave-confirm');
  await a.getByTestId('leave-no').click();
  await a.keyboard.press('Escape');
  await a.evaluate(() => window.__bb!.match!.fastForward(1_000_000));
  await screenIs(a, 'results');
  await a.getByTestId('results-winner').waitFor();
  await check(a, 'results');
  await a.getByTestId('back').click();
  await screenIs(a, 'menu');
  mark('offline match');

  // The replay of that match: the list names its map in 中文, the viewer's controls too.
  await a.getByTestId('menu-replays').click();
  await a.waitForFunction(() => (window.__bb?.replays?.length ?? 0) > 0);
  await expect(a.getByTestId('replays-list')).toContainText('竞技场');
  await check(a, 'replays');
  await a.locator('[data-testid^="replay-open-"]').first().click();
  await a.waitForFunction(() => window.__bb?.screen === 'replay' && window.__bb.replay !== undefined && window.__bb.match !== undefined, undefined, { timeout: 60_000 });
  await check(a, 'replay-viewer');
  await a.getByTestId('replay-back').click();
  await screenIs(a, 'replays');
  await a.getByTestId('back').click();
  mark('replays');

  // Hosting a room of two.
  await a.getByTestId('menu-host').click();
  await expect(a.getByTestId('room-preview').locator('canvas')).toBeVisible({ timeout: 60_000 });
  await check(a, 'host');
  await a.getByTestId('room-slots').selectOption('2');
  await a.getByTestId('host-create').click();
  await a.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby' && window.__bb.net.address !== null);
  const address = await a.evaluate(() => window.__bb!.net!.address!);
  const code = (await a.getByTestId('lobby-code-0').textContent())!;
  NAMES.push(code);
  await check(a, 'lobby-host-alone');

  // A player joins by address: the host's Start waits for them, and says so.
  const b = await (await newContext(browser, zh)).newPage();
  await open(b, shells[1]!.url, dialogs);
  await b.getByTestId('menu-join').click();
  await screenIs(b, 'join');
  await check(b, 'join');
  await b.getByTestId('back').click();
  // By the join code the host's lobby shows (data, like the address), after a mistyped one.
  const typo = code.slice(0, -1) + (code.endsWith('0') ? '1' : '0');
  NAMES.push(typo);
  await probeAddress(b, typo);
  await expect(b.getByTestId('join-message')).toContainText('不是有效的加入码');
  await check(b, 'join-code-mistyped');
  await b.getByTestId('join-address').fill(code);
  await b.getByTestId('join-probe').click();
  await b.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby');
  await expect(a.getByTestId('lobby-start-why')).toContainText('小红');
  await check(a, 'lobby-host-waiting');
  await check(b, 'lobby-player');
  mark('lobby');

  // A third is refused (the room is full) and offered to watch.
  const c = await (await newContext(browser, zh)).newPage();
  await open(c, shells[2]!.url, dialogs);
  await probeAddress(c, address);
  await c.waitForFunction(() => window.__bb?.screen === 'join' && window.__bb.net?.phase === 'rejected', undefined, { timeout: 30_000 });
  await expect(c.getByTestId('join-as-spectator')).toBeVisible();
  await check(c, 'join-refused-full');
  await c.getByTestId('join-as-spectator').click();
  await c.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby', undefined, { timeout: 30_000 });
  await check(c, 'lobby-spectator');

  // The match: the host's HUD and the spectator's follow bar.
  await b.getByTestId('lobby-ready').click();
  await expect(a.getByTestId('lobby-start')).toBeEnabled();
  await a.getByTestId('lobby-start').click();
  for (const p of [a, b, c]) await p.waitForFunction(() => window.__bb?.screen === 'netMatch' && window.__bb.match !== undefined, undefined, { timeout: 90_000 });
  await a.waitForFunction(() => (window.__bb?.net?.frame ?? -1) > 30, undefined, { timeout: 90_000 });
  await check(a, 'net-match-host');
  await c.waitForFunction(() => (window.__bb?.net?.frame ?? -1) > 30, undefined, { timeout: 90_000 });
  await check(c, 'net-match-spectator');
  mark('networked match');

  // Quit: the page that is left says so in 中文.
  for (const p of [b, c]) {
    await p.keyboard.press('Escape');
    await p.getByTestId('menu-leave').click();
    await p.getByTestId('leave-yes').click();
    await screenIs(p, 'menu');
  }
  await c.getByTestId('menu-quit').click();
  await screenIs(c, 'closed');
  await check(c, 'closed');

  console.log(`[zh-walk] read ${screens.length} screens: ${screens.join(', ')}`);
  for (const f of found) console.log(`[zh-walk] ${f.screen} · ${f.where}: ${f.words.join(' ')} — "${f.text}"`);
  expect(found).toEqual([]);
  expect(dialogs).toEqual([]);
});
