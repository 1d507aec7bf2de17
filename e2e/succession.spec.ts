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
import { killAll, run, type Proc } from '../electron/services/testing/procs';
import { hostRoom, open, probeAddress } from './lan';
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
  const dialogs: string[] = [];
  const host = await (await browser.newContext()).newPage();
  const guest = await (await browser.newContext()).newPage();
  await open(host, shells[0]!.url, dialogs);
  await open(guest, shells[1]!.url, dialogs);
  const address = await hostRoom(host, { room: 'Succession' });
  await probeAddress(guest, address);
  await guest.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby');
  const client = run('bot', 'scripts/client.ts', ['--join', address, '--bot', '--name', 'Cy', '--address', '127.0.0.1']);
  bot = client;
  await host.waitForFunction(() => window.__bb!.net!.slots.filter((s) => s.kind === 2).length === 3, undefined, { timeout: 60_000 });
  const hostName = await host.evaluate(() => window.__bb!.net!.slots[0]!.name);

  await host.getByTestId('lobby-ready').click();
  await guest.getByTestId('lobby-ready').click();
  await expect(host.getByTestId('lobby-start')).toBeEnabled({ timeout: 30_000 });
  await host.getByTestId('lobby-start').click();
  for (const p of [host, guest]) {
    await p.waitForFunction(() => window.__bb?.match !== undefined, undefined, { timeout: 60_000 });
    await p.evaluate(() => window.__bb!.match!.setRender(false));
  }
  await guest.waitForFunction(() => (window.__bb?.net?.frame ?? -1) > 90, undefined, { timeout: 60_000 });

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

