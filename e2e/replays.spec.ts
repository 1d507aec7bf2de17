/**
 * Replays end to end in the browser shell: a short offline match is recorded and saved when it
 * ends; the Replays screen lists it (and a damaged file dropped into the user data folder, greyed
 * with its message); the viewer plays it back — seek (equal to playing up to the frame), speed,
 * play/pause, follow a player, free camera drag, grid — and every recorded hash is reproduced.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './draw';
import { startShell, type RunningShell } from './shell';

let shell: RunningShell;
test.beforeAll(async () => {
  shell = await startShell();
});
test.afterAll(async () => {
  await shell.stop();
});

test('record an offline match, list it with a damaged file, watch it: seek, speed, follow, grid', async ({ page }) => {
  // A deadline, not a speed goal: an offline match and a replay drawn by software GL beside another worker.
  test.setTimeout(300_000);
  await page.goto(shell.url);
  await page.waitForFunction(() => window.__bb?.screen === 'menu');

  // A 30 s match with 7 bots, run to its end without drawing.
  await page.evaluate(() => window.__bb!.go!('match', { map: 'arena-small', bots: '7', minutes: '0.5', seed: '4242' }));
  await page.waitForFunction(() => (window.__bb?.match?.state().frame ?? 0) > 0);
  await page.evaluate(() => window.__bb!.match!.fastForward(1_000_000));
  await page.waitForFunction(() => window.__bb?.screen === 'results');
  await page.waitForFunction(() => (window.__bb?.savedReplays?.length ?? 0) > 0);
  const saved = await page.evaluate(() => window.__bb!.savedReplays!);
  expect(saved).toHaveLength(1);
  const id = saved[0]!;
  expect(id).toMatch(/^\d{8}-\d{6}-\d{3}-[0-9a-f]{6}$/);

  // A damaged copy (cut short) and a foreign file beside it.
  const dir = path.join(shell.userDataDir, 'replays');
  mkdirSync(dir, { recursive: true });
  const bytes = readFileSync(path.join(dir, `${id}.bbr`));
  writeFileSync(path.join(dir, 'damaged.bbr'), bytes.subarray(0, Math.floor(bytes.length / 2)));
  writeFileSync(path.join(dir, 'notes.bbr'), 'these are not the replays you are looking for');

  await page.getByTestId('back').click();
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
  await page.getByTestId('menu-replays').click();
  await page.waitForFunction(() => window.__bb?.replays !== undefined);
  const list = await page.evaluate(() => window.__bb!.replays!);
  expect(list.map((e) => e.id).sort()).toEqual([id, 'damaged', 'notes'].sort());
  expect(list.find((e) => e.id === id)).toMatchObject({ map: 'Arena', players: 8, seconds: 30, error: null });
  expect(list.find((e) => e.id === id)!.winner).not.toBeNull();
  await expect(page.getByTestId(`replay-row-${id}`)).toContainText('0:30');
  await expect(page.getByTestId('replay-error-damaged')).toContainText(/cut short/);
  await expect(page.getByTestId('replay-error-notes')).toContainText('not a Ball Brawl replay');
  await expect(page.getByTestId('replay-open-damaged')).toHaveCount(0);
  await page.screenshot({ path: path.join('test-results', 'e2e', 'replays-list.png') });

  // Watch it.
  await page.getByTestId(`replay-open-${id}`).click();
  await page.waitForFunction(() => window.__bb?.screen === 'replay' && window.__bb.replay !== undefined && window.__bb.match !== undefined);
  const first = await page.evaluate(() => window.__bb!.replay!.state());
  expect(first).toMatchObject({ endFrames: 900, speed: 1, following: null, mismatch: null });
  expect((await page.evaluate(() => window.__bb!.match!.state())).mySlot).toBeNull();

  // Seek to 0:20 equals playing from 0:05 up to it.
  await page.evaluate(() => window.__bb!.replay!.play(false));
  await page.evaluate(() => window.__bb!.replay!.seek(600));
  const seeked = await page.evaluate(() => window.__bb!.replay!.state());
  expect(seeked.frame).toBe(600);
  await page.evaluate(() => window.__bb!.replay!.seek(150));
  expect(await page.evaluate(() => window.__bb!.match!.fastForward(450))).toBe(450);
  const played = await page.evaluate(() => window.__bb!.replay!.state());
  expect(played.frame).toBe(600);
  expect(played.hash).toBe(seeked.hash);
  // The seek bar seeks too.
  await page.getByTestId('replay-seek').fill('300');
  await expect.poll(() => page.evaluate(() => window.__bb!.replay!.state().frame)).toBe(300);
  await expect(page.getByTestId('replay-time')).toContainText('0:10 / 0:30');

  // Speed, play/pause, follow, free camera, grid.
  await page.getByTestId('replay-speed').selectOption('8');
  expect((await page.evaluate(() => window.__bb!.replay!.state())).speed).toBe(8);
  // Play/pause at 2x: at 8x the last 600 frames take 2.5 s, and a slow click under load once landed
  // after the end, where the button starts the recording over instead of pausing.
  await page.getByTestId('replay-speed').selectOption('2');
  expect((await page.evaluate(() => window.__bb!.replay!.state())).speed).toBe(2);
  await page.getByTestId('replay-play').click();
  await expect.poll(() => page.evaluate(() => window.__bb!.replay!.state().playing)).toBe(true);
  await expect.poll(() => page.evaluate(() => window.__bb!.replay!.state().frame), { timeout: 30_000 }).toBeGreaterThan(330);
  await page.getByTestId('replay-play').click();
  await expect.poll(() => page.evaluate(() => window.__bb!.replay!.state().playing)).toBe(false);
  // The bar kept the focus from the seek: its thumb followed playback all the same.
  const pausedAt = await page.evaluate(() => window.__bb!.replay!.state().frame);
  expect(pausedAt).toBeGreaterThan(330);
  await expect.poll(async () => Number(await page.getByTestId('replay-seek').inputValue())).toBe(pausedAt);
  await page.getByTestId('replay-follow').selectOption('3');
  expect((await page.evaluate(() => window.__bb!.replay!.state())).following).toBe(3);
  const box = (await page.locator('.match-stage canvas').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 60, { steps: 4 });
  await page.mouse.up();
  expect((await page.evaluate(() => window.__bb!.replay!.state())).following).toBeNull();
  await page.keyboard.press('KeyG');
  expect((await page.evaluate(() => window.__bb!.replay!.state())).grid).toBe(true);
  await page.screenshot({ path: path.join('test-results', 'e2e', 'replay-viewer.png') });

  // To the end: every recorded hash reproduced, and the viewer holds there.
  await page.evaluate(() => window.__bb!.match!.fastForward(1_000_000));
  const end = await page.evaluate(() => window.__bb!.replay!.state());
  expect(end.frame).toBe(900);
  expect(end.mismatch).toBeNull();
  expect(end.checked).toBeGreaterThanOrEqual(5);
  expect(await page.evaluate(() => window.__bb!.screen)).toBe('replay');
  // An end state: it says so, the thumb is at the end, and the button offers to watch again (not "Pause").
  await expect(page.getByTestId('replay-ended')).toBeVisible();
  await expect(page.getByTestId('replay-play')).toHaveText('Watch again');
  expect(await page.getByTestId('replay-seek').inputValue()).toBe('900');
  expect((await page.evaluate(() => window.__bb!.replay!.state())).ended).toBe(true);
  await page.getByTestId('replay-play').click();
  await expect.poll(() => page.evaluate(() => window.__bb!.replay!.state().ended)).toBe(false);
  await expect(page.getByTestId('replay-play')).toHaveText('Pause');
  await page.evaluate(() => window.__bb!.replay!.play(false));
  await page.evaluate(() => window.__bb!.replay!.seek(10));
  expect((await page.evaluate(() => window.__bb!.replay!.state())).frame).toBe(10);

  // Dispatched, not clicked: in the full suite (two software-GL workers) Playwright never saw the
  // button "stable" here although it stands still alone; the way back is what is tested.
  await page.getByTestId('replay-back').dispatchEvent('click');
  await page.waitForFunction(() => window.__bb?.screen === 'replays' && !window.__bb.match && !window.__bb.replay);

  // A damaged file opened directly: its message and a way back, no crash.
  await page.evaluate(() => window.__bb!.go!('replay', { id: 'damaged' }));
  await expect(page.getByTestId('replay-error')).toContainText(/cut short/);
  await page.getByTestId('back').click();
  await page.waitForFunction(() => window.__bb?.screen === 'replays');
});
