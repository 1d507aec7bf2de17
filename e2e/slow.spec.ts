/**
 * A page that draws slowly steps at its room's pace (issue 31), end to end on loopback (discovery
 * off): two browser shells in a LAN match; the hosting page draws the arena under Chromium's 4×
 * CPU throttling (DevTools Emulation.setCPUThrottlingRate), in the largest window where it draws
 * 2.5 frames a second or more (software GL). It runs as many logic frames a tick as its tick's length
 * earns (FramePacer) and the host does not hold the room for it (HostMatch STUCK_BEHIND_MS):
 * before both, the whole room ran at under a third of real time (at 1280×800), the page named
 * "slow" in everyone's wait list. Then the guest's
 * game process is stopped (SIGSTOP): the slow page still shows the wait dialog for it.
 */
import { expect, test } from '@playwright/test';
import { LOGIC_HZ } from '../core/lockstep/types';
import { twoInAMatch } from './lan';
import { startShell, type RunningShell } from './shell';

const SHELL_ARGS = ['--game-port', '0', '--game-bind', '127.0.0.1'];
const SECONDS = 12;

let shells: RunningShell[] = [];
test.beforeAll(async () => {
  shells = await Promise.all([startShell(SHELL_ARGS), startShell(SHELL_ARGS)]);
});
test.afterAll(async () => {
  shells[1]?.signal('SIGCONT');
  await Promise.all(shells.map((s) => s.stop()));
});

test('a hosting page drawing under 4× CPU throttling keeps the room at real time, and shows the wait dialog for a stopped guest', async ({ browser }) => {
  test.setTimeout(240_000);
  const { host, guest } = await twoInAMatch(browser, shells, 'Slow page');
  const cdp = await host.context().newCDPSession(host);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await host.evaluate(() => window.__bb!.match!.setRender(true));
  // Slow, not stuck: the largest window in which the page still draws 2.5 frames a second or more.
  // A page whose ticks come over a second apart is stuck (STUCK_BEHIND_MS), and waited for: at
  // 1280×800 beside the suite's other worker it drew 1.7 a second on average, some ticks over a
  // second apart, and was named. Under 3.75 the old pacer (8 frames a tick) fell behind the room.
  const drawnIn = async (ms: number): Promise<number> => {
    const n = await host.evaluate(() => window.__bb!.match!.counts().renderedFrames);
    await host.waitForTimeout(ms);
    return ((await host.evaluate(() => window.__bb!.match!.counts().renderedFrames)) - n) / (ms / 1000);
  };
  for (const [width, height] of [[1280, 800], [1120, 700], [960, 600], [800, 500], [640, 400]] as const) {
    await host.setViewportSize({ width, height });
    const fps = await drawnIn(3000);
    console.log(`[slow.spec] ${width}×${height}: ${fps.toFixed(1)} frames a second`);
    if (fps >= 2.5) break;
  }
  const frames = async (): Promise<{ guest: number; host: number; drawn: number }> => ({
    guest: await guest.evaluate(() => window.__bb!.net!.frame),
    ...(await host.evaluate(() => ({ host: window.__bb!.net!.frame, drawn: window.__bb!.match!.counts().renderedFrames }))),
  });
  const from = await frames();
  const t0 = Date.now();
  let mostBehind = 0;
  const named: string[] = [];
  for (let i = 0; i < SECONDS; i++) {
    await guest.waitForTimeout(1000);
    const f = await frames();
    mostBehind = Math.max(mostBehind, f.guest - f.host);
    for (const w of await guest.evaluate(() => window.__bb!.net!.waiting)) named.push(`${w.slot} ${w.name} (${w.cause})`);
  }
  const to = await frames();
  const seconds = (Date.now() - t0) / 1000;
  const pace = (to.guest - from.guest) / (seconds * LOGIC_HZ);
  console.log(`[slow.spec] the throttled page drew ${((to.drawn - from.drawn) / seconds).toFixed(1)} frames a second; the room ran at ${(pace * 100).toFixed(0)} % of real time; the page was at most ${mostBehind} frames behind the guest; waited for: ${named.join(', ') || 'nobody'}`);
  // Nobody waited for the slow page (slot 0; under the old rule it was named slow every second and
  // the room ran under 35 % of real time). The pace is a figure, logged: beside the suite's other
  // worker the unthrottled guest itself was once starved a second and waited for.
  expect(named.filter((w) => w.startsWith('0 '))).toEqual([]);
  // It stepped with the room: at most about one of its own ticks behind.
  expect(mostBehind).toBeLessThanOrEqual(LOGIC_HZ);

  // The guest's app stops: the slow page's dialog names it, opened the usual grace after its loop blocked.
  const stoppedAt = Date.now();
  shells[1]!.signal('SIGSTOP');
  await host.waitForFunction(() => window.__bb!.net!.dialogShown, undefined, { timeout: 30_000 });
  const opened = await host.evaluate(() => ({ ...window.__bb!.net!.dialogOpened!, waiting: window.__bb!.net!.waiting }));
  console.log(`[slow.spec] wait dialog on the slow page ${Date.now() - stoppedAt} ms after SIGSTOP, ${Math.round(opened.afterBlockedMs)} ms after its loop blocked`);
  shells[1]!.signal('SIGCONT');
  expect(opened.waiting.length).toBe(1);
  expect(opened.waiting[0]!.cause).toBe('network');
  expect(opened.afterBlockedMs).toBeLessThanOrEqual(2000);
});
