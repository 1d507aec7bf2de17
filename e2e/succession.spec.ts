/**
 * The match outlives its hosting app (issue 13), end to end on loopback (discovery off): a browser
 * shell hosts, a second shell and a headless bot client (scripts/client.ts) join, the match runs,
 * and the hosting shell's process is killed. The second shell is first in the succession order and
 * the headless client confirms the host is gone, so the second shell takes over on its own game
 * socket — or, should it find the host lost too late for its turn (its process starved), the
 * headless client next in line does: either way its page says who left and who hosts now, its
 * match goes on, the other peer re-attaches and plays on, and no desync is announced.
 */
import { expect, test } from '@playwright/test';
import { killAll, type Proc } from '../electron/services/testing/procs';
import { threeInAMatch } from './lan';
import { startShell, type RunningShell } from './shell';

const SHELL_ARGS = ['--game-port', '0', '--game-bind', '127.0.0.1'];

let shells: RunningShell[] = [];
let bot: Proc | null = null;
test.afterEach(({}, info) => {
  if (info.status !== info.expectedStatus && bot) console.log(`[succession.spec] the headless client said last:\n${bot.tail(20)}`);
});
test.beforeAll(async () => {
  shells = await Promise.all([startShell(SHELL_ARGS), startShell(SHELL_ARGS)]);
});
test.afterAll(async () => {
  await killAll();
  await Promise.all(shells.map((s) => s.stop()));
});

test('the hosting shell is killed: the next in line hosts, and the other shell says so and plays on with the headless client', async ({ browser }) => {
  test.setTimeout(300_000);
  const { host, guest, client, hostName, dialogs } = await threeInAMatch(browser, shells, 'Succession');
  bot = client;

  // The hosting app's process dies.
  shells[0]!.signal('SIGKILL');
  const killedAt = Date.now();
  const notice = guest.getByTestId('net-notice');
  await expect(notice).toContainText(`${hostName} left — `, { timeout: 30_000 });
  const line = await notice.innerText();
  console.log(`[succession.spec] "${line}" ${Date.now() - killedAt} ms after the kill (the test's clock)`);
  const guestHosts = line.includes('you are now hosting.');
  if (!guestHosts) expect(line).toContain('Cy is now hosting.');
  const at = await guest.evaluate(() => window.__bb!.net!.frame);
  await guest.waitForFunction((f) => window.__bb!.net!.frame > f + 90, at, { timeout: 60_000 });
  await expect.poll(() => client.find('resumed') !== undefined, { timeout: 30_000 }).toBe(true);
  expect(client.find('hosting')).toMatchObject(guestHosts ? { slot: 1, left: 0, me: false } : { slot: 2, left: 0, me: true });
  console.log(`[succession.spec] the headless client's play stood still ${String(client.find('resumed')?.['frozeMs'])} ms`);
  await expect(guest.getByTestId('net-notice')).not.toContainText('Desync');
  expect(client.lines.filter((l) => l.ev === 'desync' || l.ev === 'error')).toEqual([]);
  expect(await guest.evaluate(() => window.__bb!.net!.dialogShown)).toBe(false);
  expect(dialogs).toEqual([]);
});

