/**
 * The match view in Chromium (SwiftShader WebGL): the arena draws ground, balls and pellets
 * within the draw-call budget; keys steer; the grid overlay toggles with G and its readout agrees
 * with core/map's conversions for the point under the cursor. (The networked phase's lobby and
 * wait dialog are covered with real data in net.spec.ts.) Waits on state through the test hook,
 * never on frame rate.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parseTiledMap, worldToFx, worldToGrid, worldToMapPx } from '../core/map';
import { distinctColours, grassShare, hasHueNear, readPng, shotPath } from './pixels';
import { root, startShell, type RunningShell } from './shell';

const MAPS = path.join(root, 'resources', 'maps');
const arena = parseTiledMap(JSON.parse(readFileSync(path.join(MAPS, 'arena-small.tmj'), 'utf8')), 'arena-small.tmj', (s) => JSON.parse(readFileSync(path.join(MAPS, s), 'utf8')), 'arena-small');

let shell: RunningShell;
test.beforeAll(async () => {
  shell = await startShell();
});
test.afterAll(async () => {
  await shell.stop();
});

/** Starts an offline match on the arena straight through the hook (the journey is match.spec.ts). */
async function startMatch(page: Page, bots: number): Promise<void> {
  await page.goto(shell.url);
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
  await page.evaluate((n) => window.__bb!.go!('match', { map: 'arena-small', bots: String(n), difficulty: 'normal', minutes: '3', seed: '7' }), bots);
  await page.waitForFunction(() => (window.__bb?.match?.perf().renderedFrames ?? 0) > 0);
}

/** Waits until `n` more frames have been drawn (state, not time). */
async function framesDrawn(page: Page, n: number): Promise<void> {
  const start = await page.evaluate(() => window.__bb!.match!.perf().renderedFrames);
  await page.waitForFunction((s) => window.__bb!.match!.perf().renderedFrames >= s, start + n);
}

test('the arena shows ground, balls and pellets within the draw-call budget; keys steer', async ({ page }) => {
  await startMatch(page, 7);
  // Held from the start: the frames below are the fast-forwards', so the scene does not depend on
  // how fast this machine draws (how far the bots got in real time).
  await page.evaluate(() => window.__bb!.match!.setSpeed(0));
  const before = await page.evaluate(() => window.__bb!.match!.balls()[0]!);
  await page.keyboard.down('KeyD');
  await page.evaluate(() => window.__bb!.match!.fastForward(20));
  await page.keyboard.up('KeyD');
  const after = await page.evaluate(() => window.__bb!.match!.balls()[0]!);
  expect(after.simX - before.simX).toBeGreaterThan(1); // 20 frames east at up to 0.2 cell a frame
  expect(Math.abs(after.simZ - before.simZ)).toBeLessThan(0.3);

  // Let the bots spread a little, then hold the simulation (speed 0: nothing moves between the
  // hook's positions and the screenshot), zoom out so several balls are in view, and draw.
  await page.evaluate(() => {
    window.__bb!.match!.fastForward(150);
    window.__bb!.match!.camera({ distance: 30, follow: 0 });
  });
  await framesDrawn(page, 4);
  const info = await page.evaluate(() => window.__bb!.match!.info());
  expect(info.calls).toBeGreaterThan(5);
  expect(info.calls).toBeLessThanOrEqual(30);
  // SwiftShader is a software GL: the view drops shadows and multisampling although the saved
  // setting asks for shadows (the default), or this page would draw under a frame a second.
  expect(info).toMatchObject({ shadows: false, antialias: false });
  const pellets = await page.evaluate(() => window.__bb!.match!.pellets());
  expect(pellets.drawn).toBeGreaterThan(10);

  const shot = readPng(await page.screenshot({ path: shotPath('arena.png') }));
  expect(distinctColours(shot)).toBeGreaterThan(500);
  // Ground, not void: at least a tenth of the screen is grass wherever ball 0 (the camera's
  // target) happens to be — in a corner after being eaten, a fifth of the screen or less.
  expect(grassShare(shot)).toBeGreaterThan(0.1);
  // Every ball drawn on screen shows its player's colour at its screen position.
  const balls = await page.evaluate(() => {
    const m = window.__bb!.match!;
    const colors = m.state().players.map((p) => p.color);
    return m
      .balls()
      .filter((b) => b.shown)
      .map((b) => ({ ...b, color: colors[b.slot]!, at: m.toScreen(b.x, b.radius, b.z) }));
  });
  const onScreen = balls.filter((b) => b.at.x > 10 && b.at.y > 10 && b.at.x < 1270 && b.at.y < 790);
  expect(onScreen.length).toBeGreaterThanOrEqual(2);
  for (const b of onScreen) expect(hasHueNear(shot, b.at.x, b.at.y, 4, b.color), `ball ${b.slot} (${b.color}) at ${b.at.x},${b.at.y}`).toBe(true);

  // F3: the panel shows local costs and "offline" for the network figures.
  await page.keyboard.press('F3');
  await expect(page.getByTestId('net-panel')).toBeVisible();
  await expect(page.getByTestId('net-rtt')).toHaveText('offline');
  await expect(page.getByTestId('net-calls')).toHaveText(/^\d+$/);
  // P pauses (offline) and resumes.
  await page.evaluate(() => window.__bb!.match!.setSpeed(1));
  await page.keyboard.press('KeyP');
  await expect(page.getByTestId('paused')).toBeVisible();
  const frozen = await page.evaluate(() => window.__bb!.match!.state().frame);
  await framesDrawn(page, 2);
  expect(await page.evaluate(() => window.__bb!.match!.state())).toMatchObject({ paused: true, frame: frozen });
  await page.keyboard.press('KeyP');
  await page.waitForFunction((f) => window.__bb!.match!.state().frame > f, frozen);
  await expect(page.getByTestId('paused')).toBeHidden();
});

test('G toggles the grid overlay; the readout matches core/map for the point under the cursor', async ({ page }) => {
  await startMatch(page, 7);
  await page.evaluate(() => window.__bb!.match!.fastForward(30)); // bots pick targets and plan paths
  expect(await page.evaluate(() => window.__bb!.match!.grid())).toBe(false);
  await expect(page.getByTestId('readout')).toBeHidden();
  await page.keyboard.press('KeyG');
  await page.waitForFunction(() => window.__bb!.match!.grid());
  // No box until the cursor is over the ground: an empty or stale readout would read as a value.
  await framesDrawn(page, 2);
  await expect(page.getByTestId('readout')).toBeHidden();

  // Zoom out and right-click a free cell towards the middle of the map: your A* path appears.
  await page.evaluate(() => window.__bb!.match!.camera({ distance: 28 }));
  await framesDrawn(page, 2);
  const me = await page.evaluate(() => window.__bb!.match!.balls()[0]!);
  const dir = { x: me.x < arena.cols / 2 ? 1 : -1, z: me.z < arena.rows / 2 ? 1 : -1 };
  let goal = { col: Math.floor(me.x + 9 * dir.x), row: Math.floor(me.z + 5 * dir.z) };
  while (arena.blocked[goal.row * arena.cols + goal.col]) goal = { col: goal.col - dir.x, row: goal.row };
  const click = await page.evaluate(({ x, z }) => window.__bb!.match!.toScreen(x, 0, z), { x: goal.col + 0.5, z: goal.row + 0.5 });
  await page.mouse.click(click.x, click.y, { button: 'right' });
  await page.evaluate(() => window.__bb!.match!.fastForward(2));
  await page.waitForFunction(() => window.__bb!.match!.pathSegments() > 0);

  // Hold the simulation so the camera settles, then point at a known ground point.
  await page.evaluate(() => window.__bb!.match!.setSpeed(0));
  await framesDrawn(page, 3);
  const still = await page.evaluate(() => window.__bb!.match!.balls()[0]!);
  // Well inside a cell (0.37, 0.61 into it): the readout may be 0.05 off, never a cell off.
  const target = { x: Math.floor(still.x + 2 * dir.x) + 0.37, z: Math.floor(still.z + 2 * dir.z) + 0.61 };
  const at = await page.evaluate(({ x, z }) => window.__bb!.match!.toScreen(x, 0, z), target);
  await page.mouse.move(at.x, at.y);
  await page.waitForFunction(() => window.__bb!.match!.readout() !== null);
  // The value and the box's text in one look: a later frame may re-pick the point a hair away
  // while the camera settles (18.59 then 18.60 in one run of ten), and the box shows the latest.
  const [r, text] = await page.evaluate(() => [window.__bb!.match!.readout()!, document.querySelector('[data-testid="readout"]')!.textContent] as const);
  expect(Math.abs(r.world.x - target.x)).toBeLessThan(0.05);
  expect(Math.abs(r.world.z - target.z)).toBeLessThan(0.05);
  expect(r.world.y).toBe(0);
  expect(r.px).toEqual(worldToMapPx(arena, r.world.x, r.world.z));
  expect(r.grid).toEqual(worldToGrid(arena, r.world.x, r.world.z));
  expect(r.grid).toEqual({ col: Math.floor(target.x), row: Math.floor(target.z) });
  const fx = worldToFx(r.world.x, r.world.z);
  expect(r.fx).toEqual({ x: fx.x, y: fx.y });
  await expect(page.getByTestId('readout')).toBeVisible();
  // Each system is labelled with its unit.
  for (const label of ['3D world (m)', 'map (px)', 'grid cell (col,row)', 'sim (fixed 1/1024)']) expect(text).toContain(label);
  expect(text).toContain(`${r.world.x.toFixed(2)}, 0.00, ${r.world.z.toFixed(2)}`);
  expect(text).toContain(`${r.px.x.toFixed(1)}, ${r.px.y.toFixed(1)}`);
  expect(text).toContain(`${r.grid!.col}, ${r.grid!.row}`);
  await framesDrawn(page, 2);
  await page.screenshot({ path: shotPath('grid-overlay.png') });
  // Off the map (zoomed all the way out, the window's top-left corner looks past the map's edge) the box goes away.
  await page.evaluate(() => window.__bb!.match!.camera({ distance: 70 }));
  await framesDrawn(page, 2);
  await page.mouse.move(2, 2);
  await page.waitForFunction(() => window.__bb!.match!.readout() === null);
  await expect(page.getByTestId('readout')).toBeHidden();

  await page.keyboard.press('KeyG');
  await page.waitForFunction(() => !window.__bb!.match!.grid());
  await expect(page.getByTestId('readout')).toBeHidden();
});

/** Mean brightness (0..255) of the pixels within `radius` px of (x, y). */
function brightness(img: ReturnType<typeof readPng>, x: number, y: number, radius: number): number {
  let sum = 0;
  let n = 0;
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      if (dx * dx + dy * dy > radius * radius) continue;
      const i = (Math.round(y + dy) * img.width + Math.round(x + dx)) * 4;
      sum += (img.data[i]! + img.data[i + 1]! + img.data[i + 2]!) / 3;
      n++;
    }
  }
  return sum / n;
}

/** Whether a near-white pixel (the marker ring) lies within 3 px of (x, y). */
function whiteNear(img: ReturnType<typeof readPng>, x: number, y: number): boolean {
  for (let dy = -3; dy <= 3; dy++) {
    for (let dx = -3; dx <= 3; dx++) {
      const i = (Math.round(y + dy) * img.width + Math.round(x + dx)) * 4;
      if (Math.min(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!) > 215) return true;
    }
  }
  return false;
}

test('your ball wears a marker ring and sits at the centre; spawn-protected balls shimmer until it ends', async ({ page }) => {
  await startMatch(page, 7);
  await page.evaluate(() => {
    window.__bb!.match!.setSpeed(0);
    window.__bb!.match!.camera({ distance: 10, follow: 0 });
  });
  // The camera settles on your ball, at the centre of the view (wherever it spawned).
  await page.waitForFunction(() => {
    const m = window.__bb!.match!;
    const me = m.balls()[0]!;
    const at = m.toScreen(me.x, 0, me.z);
    return Math.abs(at.x - innerWidth / 2) < 1.5 && Math.abs(at.y - innerHeight / 2) < 1.5;
  });
  await framesDrawn(page, 2);
  const before = await page.evaluate(() => ({ frame: window.__bb!.match!.state().frame, me: window.__bb!.match!.balls()[0]!, marks: window.__bb!.match!.marks() }));
  expect(before.frame).toBeLessThan(60);
  expect(before.me.shielded).toBe(true);
  expect(before.marks.marker).toBe(true);
  expect(before.marks.shields).toBeGreaterThanOrEqual(1);
  const shot = readPng(await page.screenshot({ path: shotPath('newcomer.png') }));
  const me = before.me;
  const toScreen = (x: number, y: number, z: number) => page.evaluate(([a, b, c]) => window.__bb!.match!.toScreen(a!, b!, c!), [x, y, z]);
  const centre = await toScreen(me.x, me.radius, me.z);
  const edge = await toScreen(me.x + me.radius, me.radius, me.z);
  const discPx = Math.max(3, Math.floor((edge.x - centre.x) / 2));
  // The ring lies on the ground around the ball: east, west and south (towards the camera) of it.
  const ring = (me.radius + 0.16) * 1.15;
  for (const [dx, dz] of [[ring, 0], [-ring, 0], [0, ring]] as const) {
    const p = await toScreen(me.x + dx, 0, me.z + dz);
    expect(whiteNear(shot, p.x, p.y), `marker at ${dx}, ${dz}`).toBe(true);
  }
  const shimmering = brightness(shot, centre.x, centre.y, discPx);

  // 3 s later the protection is over: the same ball, still where it was, no longer shimmers.
  await page.evaluate(() => window.__bb!.match!.fastForward(100));
  await framesDrawn(page, 3);
  const after = await page.evaluate(() => ({ me: window.__bb!.match!.balls()[0]!, marks: window.__bb!.match!.marks() }));
  expect(after.me).toMatchObject({ shielded: false, alive: true, simX: me.simX, simZ: me.simZ });
  expect(after.marks.marker).toBe(true);
  const plain = brightness(readPng(await page.screenshot({ path: shotPath('newcomer-after.png') })), centre.x, centre.y, discPx);
  expect(shimmering - plain, `ball brightness ${shimmering.toFixed(1)} shimmering, ${plain.toFixed(1)} after`).toBeGreaterThan(12);
});
