/**
 * The game of cells as a player plays it (issue 29), in Chromium against the browser shell: an
 * offline match alone on the arena, grown by eating pellets under the keys. Space splits the
 * player's cell into two on the next logic frame (and both are drawn on the next display frame),
 * E spits a blob, and a cell big enough that runs into a virus bursts into many. The controls
 * show in Settings and in How to play (from the menu and from a match's Escape menu) in both
 * languages, as the player has bound them. Waits on state through the test hook; the simulation is
 * held (speed 0) and advanced with fast-forwards, so nothing depends on how fast this machine draws.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './draw';
import { CELLS_PER_PLAYER, RULES } from '../core/sim';
import { shotPath } from './pixels';
import { startShell, type RunningShell } from './shell';

let shell: RunningShell;
test.beforeAll(async () => {
  shell = await startShell();
});
test.afterAll(async () => {
  await shell.stop();
});

type Me = { x: number; z: number; simX: number; simZ: number; cells: number; mass: number; radius: number };
const me = (page: Page): Promise<Me> => page.evaluate(() => window.__bb!.match!.balls()[0]!);

/** Holds one of the 8 direction keys (by name) for `frames` logic frames. */
async function hold(page: Page, keys: readonly string[], frames: number): Promise<void> {
  for (const k of keys) await page.keyboard.down(k);
  await page.evaluate((n) => window.__bb!.match!.fastForward(n), frames);
  for (const k of keys) await page.keyboard.up(k);
}

/** The keys that steer from (x, z) towards (tx, tz): one of the 8 directions. */
function towards(x: number, z: number, tx: number, tz: number): string[] {
  const keys: string[] = [];
  const dx = tx - x;
  const dz = tz - z;
  const big = Math.max(Math.abs(dx), Math.abs(dz));
  if (Math.abs(dx) > big / 2.4) keys.push(dx > 0 ? 'KeyD' : 'KeyA');
  if (Math.abs(dz) > big / 2.4) keys.push(dz > 0 ? 'KeyS' : 'KeyW');
  return keys;
}

/**
 * Steers my lead cell at the nearest pellet, a few frames at a time, until my cells weigh `mass`
 * (or the rounds run out). A pellet chased for 12 rounds is given up (a big cell does not fit
 * into every gap between walls).
 */
async function growTo(page: Page, mass: number): Promise<Me> {
  const given = new Set<string>();
  let chased = '';
  let rounds = 0;
  for (let i = 0; i < 400; i++) {
    const m = await me(page);
    if (m.mass >= mass) return m;
    const { at } = await page.evaluate(() => window.__bb!.match!.pellets());
    const p = nearest(at.filter((q) => !given.has(`${q.x},${q.z}`)), m);
    const key = p ? `${p.x},${p.z}` : '';
    rounds = key === chased ? rounds + 1 : 0;
    chased = key;
    if (rounds >= 12) given.add(key);
    await hold(page, p ? towards(m.simX, m.simZ, p.x, p.z) : ['KeyD'], 8);
  }
  return me(page);
}

/** The point of `at` nearest my lead cell. */
function nearest<T extends { x: number; z: number }>(at: T[], m: Me): T | undefined {
  return at.sort((p, q) => Math.hypot(p.x - m.simX, p.z - m.simZ) - Math.hypot(q.x - m.simX, q.z - m.simZ))[0];
}

test('Space splits into two cells on the next frame, E ejects a blob, a big cell bursts on a virus', async ({ page }) => {
  await page.goto(shell.url);
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
  await page.evaluate(() => window.__bb!.go!('match', { map: 'arena-small', bots: '0', minutes: '10', seed: '11' }));
  await page.waitForFunction(() => window.__bb?.match !== undefined);
  await page.evaluate(() => window.__bb!.match!.setSpeed(0));
  expect(await page.evaluate(() => window.__bb!.match!.bodies().viruses)).toBe(8); // the arena's own

  // A fresh cell (1600) is too light to split or eject; grow on pellets.
  const big = await growTo(page, 3700);
  expect(big.mass).toBeGreaterThanOrEqual(3700);
  expect(big.cells).toBe(1);

  // E spits a blob (a cell of 2000 and up pays 400 for it).
  const before = await page.evaluate(() => window.__bb!.match!.bodies());
  await page.keyboard.press('KeyE');
  await page.evaluate(() => window.__bb!.match!.fastForward(1));
  const after = await page.evaluate(() => window.__bb!.match!.bodies());
  expect(after.blobs).toBe(before.blobs + 1);
  expect((await me(page)).mass).toBeLessThan(big.mass);
  // Drawn from here through the split (the rest reads the simulation only).
  await page.evaluate(() => window.__bb!.match!.setRender(true));
  await page.waitForFunction(() => window.__bb!.match!.bodies().drawnBlobs > 0);

  // Space splits the cell (still 3200 and up) into two on the next logic frame.
  const whole = await me(page);
  const drawnBefore = await page.evaluate(() => window.__bb!.match!.perf().renderedFrames);
  await page.keyboard.down('KeyD');
  await page.keyboard.press('Space');
  await page.evaluate(() => window.__bb!.match!.fastForward(1));
  await page.keyboard.up('KeyD');
  const split = await me(page);
  expect(split.cells).toBe(2);
  // Drawn on the next display frame: two cells of mine, both shown, the new one east of its parent.
  await page.waitForFunction((n) => window.__bb!.match!.perf().renderedFrames > n + 1, drawnBefore);
  const mine = await page.evaluate(() => window.__bb!.match!.cells().filter((c) => c.slot === 0));
  expect(mine).toHaveLength(2);
  expect(mine.every((c) => c.shown)).toBe(true);
  expect(Math.max(...mine.map((c) => c.mass))).toBeLessThanOrEqual(whole.mass / 2 + 400);
  const [a, b] = mine.sort((p, q) => p.id - q.id);
  expect(b!.simX).toBeGreaterThan(a!.simX); // the half left along the aim (east)
  await page.evaluate(() => window.__bb!.match!.setRender(false));

  // The halves merge back (after ~12 s); grow the cell to burst size (8000 and up), then steer into the nearest virus.
  await page.evaluate(() => window.__bb!.match!.fastForward(450));
  expect((await me(page)).cells).toBe(1);
  expect((await growTo(page, 9000)).mass).toBeGreaterThanOrEqual(9000);
  let burst = false;
  for (let i = 0; i < 150 && !burst; i++) {
    const m = await me(page);
    if (m.cells > 4) burst = true;
    else {
      const { virusAt } = await page.evaluate(() => window.__bb!.match!.bodies());
      const v = nearest(virusAt, m)!;
      await hold(page, towards(m.simX, m.simZ, v.x, v.z), 6);
    }
  }
  expect(burst, 'my big cell ran into a virus and burst').toBe(true);
  expect((await me(page)).cells).toBeGreaterThan(4);
});

/** Whether the element `testId` lies wholly inside the page's viewport (no scrolling to reach it). */
async function inView(page: Page, testId: string): Promise<boolean> {
  const box = (await page.getByTestId(testId).boundingBox())!;
  const size = page.viewportSize()!;
  return box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
}

test('Settings and How to play show the split and eject keys, in English and in 中文, and a rebound key as rebound', async ({ page }) => {
  test.setTimeout(240_000);
  for (const [language, split, eject, space] of [['en', 'Split', 'Eject mass', 'Space'], ['zh-CN', '分裂', '吐球', '空格']] as const) {
    const s = await startShell([], undefined, { settings: { language } });
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(s.url);
      await page.waitForFunction(() => window.__bb?.screen === 'menu');
      await page.getByTestId('menu-settings').click();
      await expect(page.getByTestId('key-split')).toHaveText(space);
      await expect(page.getByTestId('key-eject')).toHaveText('E');
      await expect(page.getByText(split, { exact: true })).toBeVisible();
      await expect(page.getByText(eject, { exact: true })).toBeVisible();
      await page.getByTestId('back').click();

      // How to play, from the menu: the keys as Settings names them, the rules' own figures.
      await page.getByTestId('menu-help').click();
      await page.waitForFunction(() => window.__bb?.screen === 'help');
      await expect(page.getByTestId('help-key-split')).toHaveText(space);
      await expect(page.getByTestId('help-key-eject')).toHaveText('E');
      await expect(page.getByTestId('help-key-move')).toHaveText('WASD/↑←↓→');
      const splitTopic = page.getByTestId('help-topic-split');
      await expect(splitTopic.locator('h3')).toHaveText(split + space);
      for (const figure of [RULES.minSplitMass, CELLS_PER_PLAYER]) await expect(splitTopic).toContainText(String(figure));
      await expect(page.getByTestId('help-topic-eject').locator('h3')).toHaveText(eject + 'E');
      for (const figure of [RULES.minEjectMass, RULES.blobMass]) await expect(page.getByTestId('help-topic-eject')).toContainText(String(figure));
      await expect(page.getByTestId('help-topic-virus')).toContainText(String(RULES.virusFeeds));
      await page.screenshot({ path: shotPath(`help-${language}.png`) });
      // Readable in a small window: the body scrolls, Back stays in view.
      await page.setViewportSize({ width: 800, height: 600 });
      expect(await inView(page, 'back'), 'Back in view at 800×600').toBe(true);
      await page.screenshot({ path: shotPath(`help-${language}-800x600.png`) });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('back').click();

      // Eject rebound to Q in Settings: the help shows Q, in the menu's help and in a match's.
      await page.getByTestId('menu-settings').click();
      await page.getByTestId('key-eject').click();
      await page.keyboard.press('KeyQ');
      await page.getByTestId('settings-save').click();
      await expect(page.getByTestId('settings-status')).not.toBeEmpty();
      await page.getByTestId('back').click();
      await page.getByTestId('menu-help').click();
      await expect(page.getByTestId('help-key-eject')).toHaveText('Q');
      await expect(page.getByTestId('help-topic-eject').locator('h3')).toHaveText(eject + 'Q');
      await page.getByTestId('back').click();
      await page.waitForFunction(() => window.__bb?.screen === 'menu');

      await page.evaluate(() => window.__bb!.go!('match', { map: 'arena-small', bots: '0', minutes: '1', seed: '3' }));
      await page.waitForFunction(() => (window.__bb?.match?.state().frame ?? 0) > 0, undefined, { timeout: 60_000 });
      await page.keyboard.press('Escape');
      await page.getByTestId('menu-help').click();
      const menu = page.getByTestId('match-menu');
      await expect(menu.getByTestId('help-key-eject')).toHaveText('Q');
      await expect(menu.getByTestId('help-key-split')).toHaveText(space);
      await page.screenshot({ path: shotPath(`help-match-${language}.png`) });
      await page.getByTestId('help-back').click();
      await expect(page.getByTestId('menu-resume')).toBeVisible();
    } finally {
      await s.stop();
    }
  }
});
