/**
 * Results of a full arena (issue 30): with 31 players the ranking is longer than the window, so it
 * scrolls inside the screen — your own row is in view when the screen opens and stays in view
 * (stuck to the list's edge) however the list is scrolled; the note on how ties are broken sits
 * below the list and never over a row; the buttons stay on screen. Offline, a 1-minute match
 * fast-forwarded to its end, at the tests' 1280×800. Waits on the test hook, never on time.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './draw';
import { shotPath } from './pixels';
import { startShell, type RunningShell } from './shell';

let shell: RunningShell;
test.beforeAll(async () => {
  shell = await startShell();
});
test.afterAll(async () => {
  await shell.stop();
});

type Box = { x: number; y: number; width: number; height: number };
const box = async (l: Locator): Promise<Box> => (await l.boundingBox())!;
/** Whether `inner` lies wholly inside `outer` (vertically). */
const within = (inner: Box, outer: Box): boolean => inner.y >= outer.y - 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

async function expectMyRowShown(page: Page, slot: number): Promise<void> {
  const list = await box(page.getByTestId('ranking-scroll'));
  // The row's cells are what is drawn (a sticky cell moves, its row's box does not).
  const mine = await box(page.getByTestId(`result-row-${slot}`).locator('td').nth(1));
  expect({ within: within(mine, list), onScreen: mine.y + mine.height <= 800 }).toEqual({ within: true, onScreen: true });
}

test('a long ranking keeps your row in view, and the tiebreak note below it', async ({ page }) => {
  await page.goto(shell.url);
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
  await page.evaluate(() => window.__bb!.go!('match', { map: 'arena-small', bots: '30', difficulty: 'easy', minutes: '1', seed: '16' }));
  await page.waitForFunction(() => (window.__bb?.match?.state().frame ?? 0) > 0);
  await page.evaluate(() => window.__bb!.match!.fastForward(1_000_000));
  await page.waitForFunction(() => window.__bb?.screen === 'results');
  const rows = await page.evaluate(() => window.__bb!.results!.rows);
  expect(rows).toHaveLength(31);
  const me = rows.find((r) => r.slot === 0)!;
  console.log(`[results.spec] my rank: ${me.rank} of ${rows.length}`);
  await page.screenshot({ path: shotPath('results-31-players.png') });

  await expectMyRowShown(page, 0);
  // Scrolled to either end, my row is still there.
  const scroll = page.getByTestId('ranking-scroll');
  for (const top of [0, 1e6]) {
    await scroll.evaluate((el, y) => void (el.scrollTop = y), top);
    await expectMyRowShown(page, 0);
    if (top === 0) await page.screenshot({ path: shotPath('results-31-players-top.png') });
  }

  // The note says how ties are broken, below the list's visible part: no row is drawn under it.
  const note = await box(page.getByTestId('results-tiebreak'));
  const list = await box(scroll);
  await expect(page.getByTestId('results-tiebreak')).toHaveText('Equal masses rank by more kills, then fewer deaths, then the lower slot number.');
  expect(note.y).toBeGreaterThanOrEqual(list.y + list.height - 0.5);
  expect(note.y + note.height).toBeLessThanOrEqual(800);
  const back = await box(page.getByTestId('back'));
  expect(back.y + back.height).toBeLessThanOrEqual(800);
});
