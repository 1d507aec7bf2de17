/**
 * Steps of the LAN journeys shared by the e2e specs: open a page on a browser shell's menu, host a
 * room from the Host form, and join one by its typed address from the Join screen.
 */
import type { Page } from '@playwright/test';

/** Opens `url` and waits for the menu; native dialogs (there should be none) are recorded and dismissed. */
export async function open(page: Page, url: string, dialogs: string[]): Promise<void> {
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(url);
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
}

/** Host: the room form (optional room name and slot count), then the lobby; returns the address to join at. */
export async function hostRoom(page: Page, opts: { room?: string; slots?: string } = {}): Promise<string> {
  await page.getByTestId('menu-host').click();
  await page.waitForFunction(() => window.__bb?.screen === 'host');
  if (opts.room !== undefined) await page.getByTestId('room-name').fill(opts.room);
  if (opts.slots !== undefined) await page.getByTestId('room-slots').selectOption(opts.slots);
  await page.getByTestId('host-create').click();
  await page.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby' && window.__bb.net.address !== null);
  return page.evaluate(() => window.__bb!.net!.address!);
}

/** From the menu: the Join screen, the typed address probed and, once found, joined (as a spectator if asked). */
export async function probeAddress(page: Page, address: string, opts: { spectate?: boolean } = {}): Promise<void> {
  await page.getByTestId('menu-join').click();
  if (opts.spectate) await page.getByTestId('join-spectate').check();
  await page.getByTestId('join-address').fill(address);
  await page.getByTestId('join-probe').click();
}
