/**
 * A hosting app that stands still long enough to be replaced comes back into the match by itself
 * (issue 13), end to end on loopback (discovery off): a browser shell hosts, a second shell and a
 * headless bot client join, and the hosting shell's game process is stopped (SIGSTOP) until
 * the others have elected a new host. When the old host runs again its fence tells it it was
 * replaced, its page says so and rejoins the new host with the token main stored there, restores
 * the new host's snapshot and takes its ball back — no click, and no desync is announced.
 */
import { expect, test } from '@playwright/test';
import { killAll, type Proc } from '../electron/services/testing/procs';
import { threeInAMatch } from './lan';
import { startShell, type RunningShell } from './shell';

const SHELL_ARGS = ['--game-port', '0', '--game-bind', '127.0.0.1'];

let shells: RunningShell[] = [];
let bot: Proc | null = null;
test.afterEach(({}, info) => {
  if (info.status !== info.expectedStatus && bot) console.log(`[replaced.spec] the headless client said last:\n${bot.tail(20)}`);
});
test.beforeAll(async () => {
  shells = await Promise.all([startShell(SHELL_ARGS), startShell(SHELL_ARGS)]);
});
test.afterAll(async () => {
  shells[0]?.signal('SIGCONT');
  await killAll();
  await Promise.all(shells.map((s) => s.stop()));
});

test('a host replaced while it stood still rejoins the match by itself and takes its ball back', async ({ browser }) => {
  test.setTimeout(300_000);
  const { host, guest, client, dialogs } = await threeInAMatch(browser, shells, 'Replaced');
  bot = client;

  // The hosting app's game process stands still until the others have elected a new host. On a
  // loaded machine a hiccup of the hosting process as the match starts can have done that already
  // (the peers take over after 0.7 s of silence, HOST_LOST_MS): then what follows is checked the same.
  if (await host.evaluate(() => window.__bb!.net!.owner)) {
    shells[0]!.signal('SIGSTOP');
    try {
      await expect(guest.getByTestId('net-notice')).toContainText('now hosting', { timeout: 30_000 });
    } finally {
      shells[0]!.signal('SIGCONT');
    }
  } else console.log('[replaced.spec] the host was replaced before it was stopped (a hiccup at the start): checking its return');
  const resumedAt = Date.now();
  // Its page says what happened, rejoins by itself and plays its own ball again.
  // Back in the match as an ordinary player, restored from the new host's snapshot (its page's).
  await host.waitForFunction(() => window.__bb?.screen === 'netMatch' && window.__bb.net?.phase === 'running' && (window.__bb.net.resumedFrom ?? 0) > 0 && !window.__bb.net.owner, undefined, { timeout: 60_000 });
  console.log(`[replaced.spec] the old host's page back in the match (from key ${await host.evaluate(() => window.__bb!.net!.resumedFrom)}) ${Date.now() - resumedAt} ms after it ran again`);
  expect(await host.evaluate(() => window.__bb!.net!.slot)).toBe(0);
  await expect.poll(() => client.find('takeover', (l) => l['slot'] === 0) !== undefined, { timeout: 30_000 }).toBe(true);
  const at = await host.evaluate(() => window.__bb!.net!.frame);
  await host.waitForFunction((f) => window.__bb!.net!.frame > f + 60, at, { timeout: 60_000 });
  await expect(guest.getByTestId('net-notice')).not.toContainText('Desync');
  expect(client.lines.filter((l) => l.ev === 'desync' || l.ev === 'error')).toEqual([]);
  expect(dialogs).toEqual([]);
});
