/**
 * The Join screen: discovery status lines, join by address over real UDP on loopback, and a
 * hostile room name from the network rendered literally. Discovery is off for the shell (no mDNS,
 * multicast or broadcast leaves this machine); join by address needs no discovery.
 */
import { expect, test } from '@playwright/test';
import { newGameId, startProbeResponder, type GameAdvert, type ProbeResponder } from '../electron/services/discovery';
import { PROTOCOL_VERSION } from '../core/net/header';
import { APP_VERSION } from '../core/version';
import { startShell, type RunningShell } from './shell';

const HOSTILE = '<img src=x onerror=alert(1)>';
let shell: RunningShell;
let host: ProbeResponder;

test.beforeAll(async () => {
  shell = await startShell();
  const advert: GameAdvert = { gameId: newGameId(), room: HOSTILE, map: 'arena-small', players: 3, maxPlayers: 8, state: 'lobby', protocolVersion: PROTOCOL_VERSION, appVersion: APP_VERSION, port: 0 };
  host = await startProbeResponder({ port: 0, address: '127.0.0.1', getAdvert: () => ({ ...advert, port: host.port }) });
});
test.afterAll(async () => {
  await host.close();
  await shell.stop();
});

test('join by address finds a host over UDP and shows its hostile room name as text', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => void dialogs.push(d.message()).valueOf());
  await page.goto(shell.url);
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
  await page.getByTestId('menu-join').click();
  await page.waitForFunction(() => window.__bb?.screen === 'join');
  // Discovery is switched off for this shell: the screen says so, and join by address still works.
  await expect(page.getByTestId('lan-status')).toContainText('mDNS: off');
  await expect(page.getByTestId('lan-status')).toContainText('Broadcast: off');

  await page.getByTestId('join-address').fill('not an address!');
  await page.getByTestId('join-probe').click();
  await expect(page.getByTestId('join-message')).not.toHaveText(/Asking/);
  await expect(page.getByTestId('join-message')).not.toBeEmpty();

  await page.getByTestId('join-address').fill(`127.0.0.1:${host.port}`);
  await page.getByTestId('join-probe').click();
  const row = page.getByTestId('lan-game');
  await expect(row).toHaveCount(1);
  await expect(row.locator('.room')).toHaveText(HOSTILE);
  await expect(row).toContainText('3/8');
  // The map by its name, not its id.
  await expect(row.locator('.map')).toHaveText('Arena');
  expect(await page.locator('img').count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test('a silent address times out with a clear message', async ({ page }) => {
  await page.goto(shell.url);
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
  await page.getByTestId('menu-join').click();
  // Port 9 (discard) on loopback: nothing answers our probe.
  await page.getByTestId('join-address').fill('127.0.0.1:9');
  await page.getByTestId('join-probe').click();
  await expect(page.getByTestId('join-message')).toContainText(/no answer|refused|timed out|not answer/i, { timeout: 10_000 });
  await expect(page.getByTestId('lan-game')).toHaveCount(0);
});
