/**
 * Own-ball prediction in a real LAN match (issue 14): a browser shell hosts a room on loopback
 * (discovery off) and plays it — the host's own player takes the whole lockstep path, input delay
 * and key frames included. With "Predict my ball" on, a key press moves the drawn ball before the
 * confirmed simulation has run the input; with it off, the drawn ball waits for the confirmed
 * frame. Measured inside the page with animation-frame timestamps (a recorder that runs right
 * after the match's own frame callback), not by screenshots; both figures are logged.
 */
import type { Page } from '@playwright/test';
import { expect, newContext, test } from './draw';
import { startShell, type RunningShell } from './shell';

const SHELL_ARGS = ['--game-port', '0', '--game-bind', '127.0.0.1'];

/** One shell (one game process) per run: prediction on, then off. */
let shells: RunningShell[] = [];
test.beforeAll(async () => {
  shells = await Promise.all([startShell(SHELL_ARGS), startShell(SHELL_ARGS)]);
});
test.afterAll(async () => {
  await Promise.all(shells.map((s) => s.stop()));
});

interface Sample {
  t: number;
  x: number;
  simX: number;
  /** The key press had been handled when this frame's callbacks ran (the match's could see it). */
  pressed: boolean;
}

declare global {
  interface Window {
    __predictRec?: { samples: Sample[]; pressAt: number; stop: boolean };
  }
}

async function hostAndPlay(page: Page, url: string, predict: boolean): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
  await page.getByTestId('menu-settings').click();
  const box = page.getByTestId('settings-predict');
  await expect(box).toBeChecked(); // on by default
  if (!predict) {
    await box.uncheck();
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-status')).not.toBeEmpty();
  }
  await page.getByTestId('back').click();
  await page.getByTestId('menu-host').click();
  await page.getByTestId('host-create').click();
  await page.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby');
  await page.getByTestId('lobby-start').click(); // alone in the room: the host's Start needs no Ready
  await page.waitForFunction(() => window.__bb?.screen === 'netMatch' && window.__bb.match !== undefined, undefined, { timeout: 60_000 });
  // A small viewport keeps software GL fast enough to draw several frames a key frame.
  await page.setViewportSize({ width: 480, height: 320 });
  await page.waitForFunction(() => (window.__bb!.net?.frame ?? 0) > 60, undefined, { timeout: 180_000 });
}

/** Holds the right key until the confirmed ball has moved; returns what each drawn frame showed. */
async function pressAndRecord(page: Page): Promise<{ pressAt: number; samples: Sample[] }> {
  await page.evaluate(() => {
    const m = window.__bb!.match!;
    m.setRender(true); // undrawn until here (e2e/draw.ts)
    const me = m.state().mySlot!;
    const rec = (window.__predictRec = { samples: [] as Sample[], pressAt: 0, stop: false });
    window.addEventListener('keydown', (e) => void (e.code === 'KeyD' && rec.pressAt === 0 && (rec.pressAt = performance.now())), { capture: true });
    // Registered between frames, after the match's callback: each sample sees that frame as drawn.
    const sample = (t: number): void => {
      const b = m.balls()[me]!;
      rec.samples.push({ t, x: b.x, simX: b.simX, pressed: rec.pressAt > 0 });
      if (!rec.stop) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.waitForFunction(() => window.__predictRec!.samples.length > 3, undefined, { timeout: 120_000 });
  await page.keyboard.down('KeyD');
  await page.waitForFunction(() => {
    const r = window.__predictRec!;
    const first = r.samples.find((s) => s.pressed);
    const last = r.samples.at(-1);
    return r.pressAt > 0 && first !== undefined && last !== undefined && last.simX > first.simX + 0.5;
  }, undefined, { timeout: 120_000 });
  await page.keyboard.up('KeyD');
  return page.evaluate(() => {
    const r = window.__predictRec!;
    r.stop = true;
    return { pressAt: r.pressAt, samples: r.samples };
  });
}

/**
 * The first drawn frame after the press where the drawn ball, and where the confirmed one, had
 * moved. Frames count from the first whose callbacks ran after the key event was handled: a
 * frame's timestamp is when it began, which may precede an event handled before its callbacks.
 */
function firstMoves(r: { pressAt: number; samples: Sample[] }): { drawnFrames: number; drawnMs: number; simFrames: number; simMs: number } {
  const before = r.samples.filter((s) => !s.pressed).at(-1)!;
  const after = r.samples.filter((s) => s.pressed);
  const drawn = after.findIndex((s) => s.x > before.x + 0.01);
  const sim = after.findIndex((s) => s.simX > before.simX);
  expect(drawn).toBeGreaterThanOrEqual(0);
  expect(sim).toBeGreaterThanOrEqual(0);
  return { drawnFrames: drawn + 1, drawnMs: Math.max(0, after[drawn]!.t - r.pressAt), simFrames: sim + 1, simMs: Math.max(0, after[sim]!.t - r.pressAt) };
}

test('with prediction on, a key press moves my drawn ball before the confirmed frame runs it; off, it waits for it', async ({ browser }) => {
  // Software GL on a shared machine may draw only a frame or two a second.
  test.setTimeout(900_000);
  const results: Record<string, ReturnType<typeof firstMoves>> = {};
  for (const predict of [true, false]) {
    const context = await newContext(browser);
    const page = await context.newPage();
    await hostAndPlay(page, shells[predict ? 0 : 1]!.url, predict);
    const r = firstMoves(await pressAndRecord(page));
    results[predict ? 'on' : 'off'] = r;
    console.log(`[predict.spec] prediction ${predict ? 'on' : 'off'}: drawn ball moved ${r.drawnMs.toFixed(0)} ms (frame ${r.drawnFrames}) after the press, confirmed ball ${r.simMs.toFixed(0)} ms (frame ${r.simFrames})`);
    await context.close();
  }
  const on = results['on']!;
  const off = results['off']!;
  // On: the drawn ball answers on the first drawn frame, before the confirmed ball has moved.
  expect(on.drawnFrames).toBe(1);
  expect(on.drawnFrames).toBeLessThan(on.simFrames);
  // Off: the drawn ball only interpolates confirmed frames, so it cannot move before them.
  expect(off.drawnFrames).toBeGreaterThanOrEqual(off.simFrames);
});
