/**
 * The game of cells as a player plays it (issue 29), in Chromium against the browser shell: an
 * offline match alone on the arena, grown by eating pellets under the keys. Space splits the
 * player's cell into two on the next logic frame (and both are drawn on the next display frame),
 * E spits a blob, and a cell big enough that runs into a virus bursts into many. The controls
 * show in Settings in both languages. Waits on state through the test hook; the simulation is
 * held (speed 0) and advanced with fast-forwards, so nothing depends on how fast this machine draws.
 */
import { expect, test, type Page } from '@playwright/test';
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
  await page.waitForFunction(() => (window.__bb?.match?.perf().renderedFrames ?? 0) > 0);
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

test('Settings shows the split and eject keys, in English and in 中文', async ({ page }) => {
  for (const [language, split, eject] of [['en', 'Split', 'Eject mass'], ['zh-CN', '分裂', '吐球']] as const) {
    const s = await startShell([], undefined, { settings: { language } });
    try {
      await page.goto(s.url);
      await page.waitForFunction(() => window.__bb?.screen === 'menu');
      await page.getByTestId('menu-settings').click();
      await expect(page.getByTestId('key-split')).toHaveText(language === 'en' ? 'Space' : '空格');
      await expect(page.getByTestId('key-eject')).toHaveText('E');
      await expect(page.getByText(split, { exact: true })).toBeVisible();
      await expect(page.getByText(eject, { exact: true })).toBeVisible();
    } finally {
      await s.stop();
    }
  }
});
