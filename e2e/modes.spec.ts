/**
 * The match modes. On the LAN, in 中文: two browser shells and a headless bot client in a
 * one-minute team match with last ball standing (the lobby deals the teams; a team chat line
 * reaches the team only, in the lobby and in the match; no kill is of a teammate; the match runs
 * to its end and the results head with the team standings and name the winning team). Offline: a
 * free-for-all last-ball-standing match to its end, fast-forwarded (the area's countdown, the area
 * closing, no respawn, the follow camera once you are out, the survivors ranked first).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './draw';
import { killAll } from '../electron/services/testing/procs';
import { threeInAMatch } from './lan';
import { shotPath } from './pixels';
import { startShell, type RunningShell } from './shell';

const SHELL_ARGS = ['--game-port', '0', '--game-bind', '127.0.0.1'];
let shell: RunningShell;
let zhShells: RunningShell[] = [];
test.beforeAll(async () => {
  [shell, ...zhShells] = await Promise.all([
    startShell(),
    startShell(SHELL_ARGS, undefined, { settings: { name: '小明', language: 'zh-CN' } }),
    startShell(SHELL_ARGS, undefined, { settings: { name: '小红', language: 'zh-CN' } }),
  ]);
});
test.afterAll(async () => {
  await killAll();
  await Promise.all([shell, ...zhShells].map((s) => s.stop()));
});

async function startOffline(page: Page, o: { bots: number; minutes: string; teams: string; lbs: boolean; difficulty?: string }): Promise<void> {
  await page.goto(shell.url);
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
  await page.getByTestId('menu-offline').click();
  await expect(page.getByTestId('map-preview')).toBeVisible();
  await page.getByTestId('setup-map').selectOption('arena-small');
  await page.getByTestId('setup-bots').fill(String(o.bots));
  await page.getByTestId('setup-minutes').selectOption(o.minutes);
  await page.getByTestId('setup-teams').selectOption(o.teams);
  if (o.difficulty) await page.getByTestId('setup-difficulty').selectOption(o.difficulty);
  if (o.lbs) await page.getByTestId('setup-lbs').check();
  await page.getByTestId('setup-start').click();
  await page.waitForFunction(() => (window.__bb?.match?.state().frame ?? 0) > 0);
}

test('a LAN team match in 中文, last ball standing: the lobby deals the teams, team chat stays in the team, no teammate eaten, results name the winning team', async ({ browser }) => {
  const heard = (page: Page, where: string): Promise<string> => page.getByTestId(where).innerText();
  const { host, guest, client } = await threeInAMatch(browser, zhShells, '组队', {
    form: { seconds: '60', teams: '2', lastStanding: true },
    inLobby: async (host, guest) => {
      // Dealt to the smallest team as they came: host, guest, then the headless bot Cy.
      expect(await host.evaluate(() => window.__bb!.net!.slots.filter((x) => x.kind === 2).map((x) => x.team))).toEqual([0, 1, 0]);
      await expect(host.getByTestId('lobby-mode')).toHaveText('2 队对战 · 最后一球');
      // A team line from the guest (Red, alone) reaches its own page only; its all line reaches the host after it.
      await guest.getByTestId('lobby-chat-scope').selectOption('team');
      await guest.getByTestId('lobby-chat-input').fill('只给红队');
      await guest.getByTestId('lobby-chat-input').press('Enter');
      await expect(guest.getByTestId('lobby-chat-log')).toContainText('【队内】');
      await guest.getByTestId('lobby-chat-scope').selectOption('all');
      await guest.getByTestId('lobby-chat-input').fill('大家好');
      await guest.getByTestId('lobby-chat-input').press('Enter');
      await expect(host.getByTestId('lobby-chat-log')).toContainText('大家好');
      expect(await heard(host, 'lobby-chat-log')).not.toContain('只给红队');
    },
  });
  const s = await host.evaluate(() => window.__bb!.match!.state());
  expect(s.mode).toEqual({ teams: 2, team: [0, 1, 0], lastStanding: true });
  await expect(host.getByTestId('hud-area')).toHaveText(/^0:\d\d ?后场地开始缩小$/);
  // In the match the chat key talks to the team (Warcraft III's Enter), Shift+Enter to everyone.
  await host.keyboard.press('Enter');
  await expect(host.getByTestId('chat-scope')).toHaveText('对队友');
  await host.getByTestId('chat-input').fill('蓝队集合');
  await host.getByTestId('chat-input').press('Enter');
  await host.keyboard.press('Shift+Enter');
  await expect(host.getByTestId('chat-scope')).toHaveText('对所有人');
  await host.getByTestId('chat-input').fill('玩得开心');
  await host.getByTestId('chat-input').press('Enter');
  await expect(guest.getByTestId('chat-log')).toContainText('玩得开心');
  expect(await heard(guest, 'chat-log')).not.toContain('蓝队集合');
  await expect(host.getByTestId('chat-log')).toContainText('【队内】');
  // Every kill seen on the host's page until the match ends (the hook goes with the match).
  await host.evaluate(() => {
    const w = window as unknown as { kills: [number, number][] };
    w.kills = [];
    const tick = setInterval(() => {
      const m = window.__bb?.match;
      if (m) w.kills = m.kills();
      else clearInterval(tick);
    }, 100);
  });
  for (const p of [host, guest]) await p.waitForFunction(() => window.__bb?.screen === 'results', undefined, { timeout: 90_000 });
  const kills = await host.evaluate(() => (window as unknown as { kills: [number, number][] }).kills);
  expect(kills.filter(([a, b]) => s.mode.team[a] === s.mode.team[b])).toEqual([]);
  for (const p of [host, guest]) {
    const results = await p.evaluate(() => window.__bb!.results!);
    expect(results.teams.map((r) => r.rank)).toEqual([1, 2]);
    const mine = p === host ? 0 : 1;
    const winner = results.teams[0]!.team;
    expect(results.headline).toBe(winner === mine ? '你的队伍获胜！' : `${['蓝队', '红队'][winner]}获胜！`);
    await expect(p.getByTestId('results-winner')).toHaveText(results.headline);
    await expect(p.getByTestId('team-standings').locator('tbody tr')).toHaveCount(2);
  }
  await host.screenshot({ path: shotPath('results-teams-zh.png') });
  // The headless player played it in step: no desync, no error (it leaves once the room is back in the lobby).
  expect(client.lines.filter((l) => l.ev === 'desync' || l.ev === 'error')).toEqual([]);
});

test('last ball standing to its end: the area closes, nobody respawns, the out watch, the last in wins', async ({ page }) => {
  await startOffline(page, { bots: 11, minutes: '1', teams: '0', lbs: true });
  await expect(page.getByTestId('hud-area')).toHaveText(/^The area closes in 0:(09|10)$/);
  const first = await page.evaluate(() => window.__bb!.match!.state());
  expect(first.mode.lastStanding).toBe(true);
  expect(first.area).not.toBeNull();
  // Half way: the area is closing, and smaller than at the start.
  const mid = await page.evaluate(() => {
    const m = window.__bb!.match!;
    m.fastForward(30 * 30 - m.state().frame);
    return m.state();
  });
  expect(mid.area!.radius).toBeLessThan(first.area!.radius);
  await page.evaluate(() => window.__bb!.match!.setRender(true));
  await expect(page.getByTestId('hud-area')).toHaveText('The area is closing in');
  await page.screenshot({ path: shotPath('match-last-ball-standing.png') });
  await page.evaluate(() => window.__bb!.match!.setRender(false));
  // Standing still, you go out (eaten, or caught outside): then the follow camera, and no respawn.
  const at = await page.evaluate(() => {
    const m = window.__bb!.match!;
    const me = (): boolean => m.state().scoreboard.find((r) => r.slot === 0)!.alive;
    while (me() && !m.state().ended) m.fastForward(1);
    return m.state();
  });
  if (!at.ended) {
    expect(at.spectating).toBe(true);
    await expect(page.getByTestId('spectate-bar')).toBeVisible();
    await expect(page.getByTestId('death-wait')).toHaveText(/nobody comes back/);
  }
  // To the end in one step: with one fewer standing the match may end within seconds, and an
  // ended match leaves for the results screen (and __bb.match) right after.
  const end = await page.evaluate(() => {
    const m = window.__bb?.match;
    if (!m) return null; // it ended while the spectate bar was checked
    for (let i = 0; i < 120 && !m.state().ended; i++) m.fastForward(1);
    const later = m.state();
    while (!m.state().ended) m.fastForward(30);
    return { later, last: m.state() };
  });
  if (end && !at.ended) expect(end.later.scoreboard.find((r) => r.slot === 0)!.alive).toBe(false); // 4 s later (or at the end): still out
  await page.waitForFunction(() => window.__bb?.screen === 'results');
  await expect(page.getByTestId('results-tiebreak')).toHaveText(/^Players still in rank first/);
  const results = await page.evaluate(() => window.__bb!.results!);
  if (end) {
    const { last } = end;
    expect(last.frame).toBeLessThanOrEqual(last.lengthFrames);
    const alive = last.scoreboard.filter((r) => r.alive);
    // Ended early: one is left. At the time limit several may still be in (the area stops at its
    // smallest): they rank above everyone who went out.
    if (last.frame < last.lengthFrames) expect(alive).toHaveLength(1);
    expect(alive.length).toBeGreaterThanOrEqual(1);
    expect(last.scoreboard.slice(0, alive.length).every((r) => r.alive)).toBe(true);
    expect(results.rows[0]!.slot).toBe(last.scoreboard[0]!.slot);
  }
  expect(results.rows.find((r) => r.slot === 0)).toBeDefined();
});
