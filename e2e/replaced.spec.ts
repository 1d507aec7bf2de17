/**
 * A hosting app that stands still long enough to be replaced comes back into the match by itself
 * (issue 13), end to end on loopback (discovery off): a browser shell hosts, a second shell and a
 * headless bot client join, and the hosting shell's game process is stopped (SIGSTOP) for 3 s.
 * The others elect a new host and play on; when the old host runs again its fence tells it it was
 * replaced, its page says so and rejoins the new host with the token main stored there, restores
 * the new host's snapshot and takes its ball back — no click, and the match ends on one hash.
 */
import { expect, test } from '@playwright/test';
import { killAll, run, type Proc } from '../electron/services/testing/procs';
import { hostRoom, open, probeAddress } from './lan';
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
  const dialogs: string[] = [];
  const host = await (await browser.newContext()).newPage();
  const guest = await (await browser.newContext()).newPage();
  await open(host, shells[0]!.url, dialogs);
  await open(guest, shells[1]!.url, dialogs);
  const address = await hostRoom(host, { room: 'Replaced' });
  await probeAddress(guest, address);
  await guest.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby');
  const client = run('bot', 'scripts/client.ts', ['--join', address, '--bot', '--name', 'Cy', '--address', '127.0.0.1']);
  bot = client;
  await host.waitForFunction(() => window.__bb!.net!.slots.filter((s) => s.kind === 2).length === 3, undefined, { timeout: 60_000 });
  await host.getByTestId('lobby-ready').click();
  await guest.getByTestId('lobby-ready').click();
  await expect(host.getByTestId('lobby-start')).toBeEnabled({ timeout: 30_000 });
  await host.getByTestId('lobby-start').click();
  for (const p of [host, guest]) {
    await p.waitForFunction(() => window.__bb?.match !== undefined, undefined, { timeout: 60_000 });
    await p.evaluate(() => window.__bb!.match!.setRender(false));
  }
  await guest.waitForFunction(() => (window.__bb?.net?.frame ?? -1) > 90, undefined, { timeout: 60_000 });

  // The hosting app's game process stands still for 3 s: the others elect a new host meanwhile.
  shells[0]!.signal('SIGSTOP');
  try {
    await expect(guest.getByTestId('net-notice')).toContainText('now hosting', { timeout: 30_000 });
  } finally {
    shells[0]!.signal('SIGCONT');
  }
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
