/**
 * Issue 16, as a first-evening player meets it, in English and 中文: every word on the screens
 * comes from the page's catalogs (main sends codes: discovery state, a refused address, the shell's
 * name, map names and descriptions of all four maps, in offline and host setup, bots), a host alone starts without pressing Ready, the leave confirmation highlights Stay, settings show key caps and who
 * forced LAN discovery off, host setup speaks of network smoothness, results have a winner and a
 * stated tiebreak; the browser shell's Quit leaves a page that says the game has closed, with no
 * console error and no 404 (favicon). Waits on the test hook and the DOM, never on time.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './draw';
import { shotPath } from './pixels';
import { startShell, type RunningShell } from './shell';

const SHELL_ARGS = ['--game-port', '0', '--game-bind', '127.0.0.1'];
const LANGUAGES = ['en', 'zh-CN'] as const;
type Lang = (typeof LANGUAGES)[number];

/** What each language must show (the catalogs' words, checked against the page). */
const WORDS: Record<Lang, Record<string, string>> = {
  en: {
    shell: 'browser shell',
    mdnsOff: 'mDNS: off — forced by the --discovery command-line switch',
    broadcastOff: 'Broadcast: off',
    notAddress: '“not an address!” is not an address',
    arena: 'Arena',
    arenaAbout: 'A small open field',
    labyrinth: 'Labyrinth',
    camps: 'Four Camps',
    campsAbout: 'Four walled camps, one in each corner',
    campsSize: '64 × 64 cells · 52 spawn points',
    island: 'Island',
    islandAbout: 'A round island in a lake',
    islandSize: '57 × 57 cells · 40 spawn points',
    discovery: 'In force now: off (forced by the --discovery command-line switch).',
    hosted: 'A room you host is offered at',
    bot: 'Bot 2',
    fast: 'Fast LAN',
    normal: 'Normal',
    wifi: 'Wi-Fi',
    tip: 'Key-frame interval: 3 logic frames (100 ms)',
    tiebreak: 'Equal masses rank by more kills, then fewer deaths, then the lower slot number.',
  },
  'zh-CN': {
    shell: '浏览器版',
    mdnsOff: '组播发现：已关闭——由启动参数强制',
    broadcastOff: '广播发现：已关闭',
    notAddress: '“not an address!”不是有效地址',
    arena: '竞技场',
    arenaAbout: '一片小小的开阔地',
    labyrinth: '迷宫',
    camps: '四方营地',
    campsAbout: '四个有围墙的营地分守四角',
    campsSize: '64×64 格 · 52 个出生点',
    island: '孤岛',
    islandAbout: '湖中一座圆形小岛',
    islandSize: '57×57 格 · 40 个出生点',
    discovery: '当前生效：关闭（由启动参数强制）。',
    hosted: '你主持的房间首先使用',
    bot: '机器人 2',
    fast: '高速局域网',
    normal: '普通',
    wifi: '无线网络',
    tip: '关键帧间隔：3 个逻辑帧（100 毫秒）',
    tiebreak: '质量相同时，击杀多者排名靠前；再相同则死亡少者靠前；仍相同则位置编号小者靠前。',
  },
};

// Software GL on two cores shared with other work: a screen with a map preview can take many seconds.
test.describe.configure({ timeout: 300_000 });

let shell: RunningShell;
test.beforeAll(async () => {
  shell = await startShell(SHELL_ARGS);
});
test.afterAll(async () => {
  await shell.stop();
});

/** Opens the menu in `lang` (saved through Settings, as a player does). */
async function openIn(page: Page, url: string, lang: Lang): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
  await page.getByTestId('menu-settings').click();
  await page.getByTestId('settings-language').selectOption(lang);
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-status')).not.toBeEmpty();
  await page.getByTestId('back').click();
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
}

for (const lang of LANGUAGES) {
  const w = WORDS[lang];

  test(`${lang}: menu, join, offline setup and settings speak the catalogs' words`, async ({ page }) => {
    await openIn(page, shell.url, lang);
    await expect(page.locator('footer')).toContainText(w.shell!);

    await page.getByTestId('menu-join').click();
    await expect(page.getByTestId('lan-status')).toContainText(w.mdnsOff!);
    await expect(page.getByTestId('lan-status')).toContainText(w.broadcastOff!);
    await page.getByTestId('join-address').fill('not an address!');
    await page.getByTestId('join-address').press('Enter'); // Enter asks, like the button
    await expect(page.getByTestId('join-message')).toContainText(w.notAddress!);
    await page.screenshot({ path: shotPath(`join-${lang}.png`) });
    await page.getByTestId('back').click();

    await page.getByTestId('menu-offline').click();
    await expect(page.getByTestId('setup-map').locator('option[value="arena-small"]')).toHaveText(w.arena!);
    await expect(page.getByTestId('map-description')).toContainText(w.arenaAbout!);
    // All four shipped maps, by their catalog names; the two made for teams and last ball standing load and preview.
    await expect(page.getByTestId('setup-map').locator('option')).toHaveText([w.arena!, w.labyrinth!, w.camps!, w.island!]);
    for (const [id, about, size] of [['four-camps', w.campsAbout!, w.campsSize!], ['round-island', w.islandAbout!, w.islandSize!]] as const) {
      await page.getByTestId('setup-map').selectOption(id);
      await expect(page.getByTestId('map-description')).toContainText(about);
      await expect(page.getByTestId('preview-box')).toContainText(size, { timeout: 60_000 });
      await expect(page.getByTestId('map-preview')).toBeVisible();
    }
    await page.getByTestId('back').click();

    await page.getByTestId('menu-settings').click();
    await expect(page.getByTestId('settings-discovery-state')).toContainText(w.discovery!);
    // Which address a hosted room offers first, and what kind of interface it is (this machine has one).
    await expect(page.getByTestId('settings-discovery-interfaces')).toContainText(w.hosted!);
    // Key caps, not KeyboardEvent codes.
    await expect(page.getByTestId('key-up')).toHaveText('W');
    await expect(page.getByTestId('key-up')).toHaveAttribute('data-code', 'KeyW');
    await page.screenshot({ path: shotPath(`settings-${lang}.png`) });
  });

  test(`${lang}: host setup in player words, as long a match as offline; the host starts without Ready; lobby bots in the page's words`, async ({ page }) => {
    await openIn(page, shell.url, lang);
    await page.getByTestId('menu-host').click();
    await expect(page.getByTestId('room-map').locator('option')).toHaveText([w.arena!, w.labyrinth!, w.camps!, w.island!]);
    const smooth = page.getByTestId('room-key-interval');
    await expect(smooth.locator('option')).toHaveText([w.fast!, w.normal!, w.wifi!]);
    await expect(smooth).toHaveValue('3');
    await expect(smooth).toHaveAttribute('title', new RegExp(`^${w.tip!.replace(/[()]/g, '\\$&')}`));
    // The same 3 minutes an offline match starts from (hosting used to default to 10).
    await expect(page.getByTestId('room-length')).toHaveValue('180');
    await page.getByTestId('host-create').click();
    await page.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby');
    await expect(page.getByTestId('room-length')).toHaveValue('180'); // the lobby's form shows the room's settings

    // Alone with bots, the host can start at once: no Ready of its own to press (there is none).
    const start = page.getByTestId('lobby-start');
    await page.getByTestId('lobby-slot-1').selectOption('bot:0');
    await expect(page.getByTestId('lobby-player-1')).toContainText(w.bot!);
    await expect(page.getByTestId('lobby-ready')).toBeHidden();
    await expect(start).toBeEnabled();
    await expect(start).not.toHaveAttribute('title', /./);
    await expect(page.getByTestId('lobby-start-why')).toHaveText('');
    await page.getByTestId('lobby-leave').click();
    await page.waitForFunction(() => window.__bb?.screen === 'menu');
  });

  test(`${lang}: leaving asks with Stay highlighted; results name the winner and the tiebreak`, async ({ page }) => {
    await openIn(page, shell.url, lang);
    await page.evaluate(() => window.__bb!.go!('match', { map: 'arena-small', bots: '5', difficulty: 'easy', minutes: '1', seed: '16' }));
    await page.waitForFunction(() => (window.__bb?.match?.state().frame ?? 0) > 0);
    await page.keyboard.press('Escape');
    await page.getByTestId('menu-leave').click();
    // Stay is the highlighted and focused choice; Leave is the quiet, red one.
    await expect(page.getByTestId('leave-no')).toBeFocused();
    await expect(page.getByTestId('leave-yes')).toHaveClass(/danger/);
    await expect(page.getByTestId('leave-no')).not.toHaveClass(/danger|secondary/);
    await page.screenshot({ path: shotPath(`leave-confirm-${lang}.png`) });
    await page.getByTestId('leave-no').click();
    await expect(page.getByTestId('leave-no')).toBeHidden();
    expect(await page.evaluate(() => window.__bb!.screen)).toBe('match');
    await page.keyboard.press('Escape');

    await page.evaluate(() => window.__bb!.match!.fastForward(1_000_000));
    await page.waitForFunction(() => window.__bb?.screen === 'results');
    const rows = await page.evaluate(() => window.__bb!.results!.rows);
    // The stated tiebreak is the order: mass, then kills, then fewer deaths, then slot.
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(a.mass > b.mass || (a.mass === b.mass && (a.kills > b.kills || (a.kills === b.kills && (a.deaths < b.deaths || (a.deaths === b.deaths && a.slot < b.slot)))))).toBe(true);
    }
    const winner = rows[0]!;
    await expect(page.getByTestId('results-winner')).toHaveText(winner.slot === 0 ? (lang === 'en' ? 'You win!' : '你赢了！') : lang === 'en' ? `${winner.name} wins!` : `${winner.name} 获胜！`);
    await expect(page.getByTestId('results-tiebreak')).toHaveText(w.tiebreak!);
    await page.screenshot({ path: shotPath(`results-${lang}.png`) });
  });
}

test('Quit in the browser shell leaves a page that says the game has closed: no console error, no 404', async ({ page }) => {
  const own = await startShell();
  const problems: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && problems.push(`console: ${m.text()}`)));
  page.on('pageerror', (e) => void problems.push(`page error: ${e.message}`));
  page.on('response', (r) => void (r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`)));
  try {
    await page.goto(own.url);
    await page.waitForFunction(() => window.__bb?.screen === 'menu');
    await expect(page.locator('link[rel="icon"]')).toHaveCount(1);
    // A screen with requests of its own in flight when the process goes (the Join list browses).
    await page.getByTestId('menu-join').click();
    await page.getByTestId('back').click();
    await page.getByTestId('menu-quit').click();
    await page.waitForFunction(() => window.__bb?.screen === 'closed');
    await expect(page.getByTestId('closed')).toContainText('The game has closed');
    await expect(page.getByTestId('closed')).toContainText('You can close this tab');
    await expect(page.getByRole('button')).toHaveCount(0);
    await expect(page).toHaveTitle(/closed/);
    await page.screenshot({ path: shotPath('quit-closed.png') });
    expect(problems).toEqual([]);
  } finally {
    await own.stop();
  }
});
