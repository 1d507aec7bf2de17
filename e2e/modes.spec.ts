/**
 * The match modes offline, in the browser shell: a team match against bots (the setup deals the
 * players out; teammates wear one team's colours; no kill in the whole match is of a teammate;
 * the results head with the team standings and name the winning team) and a last-ball-standing
 * match to its end (the area's countdown, the area closing, no respawn, the follow camera once you
 * are out, the survivors ranked first).
 */
import { expect, test, type Page } from '@playwright/test';
import { shotPath } from './pixels';
import { startShell, type RunningShell } from './shell';

let shell: RunningShell;
test.beforeAll(async () => {
  shell = await startShell();
});
test.afterAll(async () => {
  await shell.stop();
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

test('a team match against bots: teammates never eat each other, results name the winning team', async ({ page }) => {
  await startOffline(page, { bots: 15, minutes: '2', teams: '2', lbs: false, difficulty: 'hard' });
  const s = await page.evaluate(() => window.__bb!.match!.state());
  expect(s.mode).toEqual({ teams: 2, team: Array.from({ length: 16 }, (_, i) => i % 2), lastStanding: false });
  // Teammates share a colour family: every team-0 colour differs from every team-1 colour.
  const colours = (t: number): string[] => s.players.filter((p) => p.team === t).map((p) => p.color);
  for (const c of colours(0)) expect(colours(1)).not.toContain(c);
  await page.keyboard.down('Tab');
  await expect(page.getByTestId('score-team-0')).toBeVisible();
  await page.screenshot({ path: shotPath('match-teams.png') });
  await page.keyboard.up('Tab');

  await page.evaluate(() => window.__bb!.match!.setRender(false));
  const end = await page.evaluate(() => {
    const m = window.__bb!.match!;
    const st = m.state();
    const team = st.mode.team;
    const kills = (): [number, number][] => m.kills();
    m.fastForward(st.lengthFrames - st.frame - 1);
    return { kills: kills(), team, teams: m.state().teams };
  });
  const friendly = end.kills.filter(([a, b]) => end.team[a] === end.team[b]);
  expect(friendly).toEqual([]);
  expect(end.kills.length).toBeGreaterThan(0); // there were kills: across the teams only
  // The last frame runs in the display loop (still undrawn): the results come up.
  await page.waitForFunction(() => window.__bb?.screen === 'results');
  const results = await page.evaluate(() => window.__bb!.results!);
  expect(results.teams.map((r) => r.rank)).toEqual([1, 2]);
  expect(results.teams[0]!.mass).toBeGreaterThanOrEqual(results.teams[1]!.mass);
  await expect(page.getByTestId('team-standings').locator('tbody tr')).toHaveCount(2);
  const winner = ['Blue', 'Red'][results.teams[0]!.team]!;
  expect([`${winner} team wins!`, 'Your team wins!']).toContain(results.headline);
  if (results.headline === 'Your team wins!') expect(results.teams[0]!.team).toBe(0);
  await expect(page.getByTestId('results-winner')).toHaveText(results.headline);
  await page.screenshot({ path: shotPath('results-teams.png') });
});

test('last ball standing to its end: the area closes, nobody respawns, the out watch, the last in wins', async ({ page }) => {
  await startOffline(page, { bots: 11, minutes: '1', teams: '0', lbs: true });
  await expect(page.getByTestId('hud-area')).toHaveText(/^The area closes in 0:(09|10)$/);
  const first = await page.evaluate(() => window.__bb!.match!.state());
  expect(first.mode.lastStanding).toBe(true);
  expect(first.area).not.toBeNull();
  await page.evaluate(() => window.__bb!.match!.setRender(false));
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
    await page.evaluate(() => window.__bb!.match!.setRender(true));
    await expect(page.getByTestId('spectate-bar')).toBeVisible();
    await expect(page.getByTestId('death-wait')).toHaveText(/nobody comes back/);
  }
  // To the end in one step: with one fewer standing the match may end within seconds, and an
  // ended match leaves for the results screen (and __bb.match) right after.
  const end = await page.evaluate(() => {
    const m = window.__bb?.match;
    if (!m) return null; // it ended while the spectate bar was checked
    m.setRender(false);
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
