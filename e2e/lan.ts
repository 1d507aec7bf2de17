/**
 * Steps of the LAN journeys shared by the e2e specs: open a page on a browser shell's menu, host a
 * room from the Host form, join one by its typed address from the Join screen, and a whole room of
 * two shells playing a match, with a headless bot client (the host succession specs) or without.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { run, type Proc } from '../electron/services/testing/procs';
import { newContext } from './draw';
import type { RunningShell } from './shell';

/** Opens `url` and waits for the menu; native dialogs (there should be none) are recorded and dismissed. */
export async function open(page: Page, url: string, dialogs: string[]): Promise<void> {
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(url);
  await page.waitForFunction(() => window.__bb?.screen === 'menu');
}

/** The room form's choices a test may make (values as the form's options: seconds, team count). */
export interface RoomChoice {
  readonly room?: string;
  readonly slots?: string;
  readonly seconds?: string;
  readonly teams?: string;
  readonly lastStanding?: boolean;
}

/** Host: the room form (optional room name, slot count, length and mode), then the lobby; returns the address to join at. */
export async function hostRoom(page: Page, opts: RoomChoice = {}): Promise<string> {
  await page.getByTestId('menu-host').click();
  await page.waitForFunction(() => window.__bb?.screen === 'host');
  if (opts.room !== undefined) await page.getByTestId('room-name').fill(opts.room);
  if (opts.slots !== undefined) await page.getByTestId('room-slots').selectOption(opts.slots);
  if (opts.seconds !== undefined) await page.getByTestId('room-length').selectOption(opts.seconds);
  if (opts.teams !== undefined) await page.getByTestId('room-teams').selectOption(opts.teams);
  if (opts.lastStanding) await page.getByTestId('room-lbs').check();
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

/** What a spec may add to a room: form choices, and steps in the full lobby before Start. */
export interface RoomSetup {
  readonly form?: Omit<RoomChoice, 'room'>;
  readonly inLobby?: (host: Page, guest: Page) => Promise<void>;
}

/**
 * Two shells' pages in a running match, `shells[0]`'s hosting and `shells[1]`'s joined, and with
 * `bot` a headless bot client (Cy) as the third player; both pages have played 3 s, drawing nothing
 * (their contexts start matches with drawing off: e2e/draw.ts).
 */
async function inAMatch(browser: Browser, shells: readonly RunningShell[], room: string, bot: boolean, setup: RoomSetup = {}): Promise<{ host: Page; guest: Page; client: Proc | null; hostName: string; dialogs: string[] }> {
  const dialogs: string[] = [];
  const host = await (await newContext(browser)).newPage();
  const guest = await (await newContext(browser)).newPage();
  await open(host, shells[0]!.url, dialogs);
  await open(guest, shells[1]!.url, dialogs);
  const address = await hostRoom(host, { ...setup.form, room });
  await probeAddress(guest, address);
  await guest.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby');
  const client = bot ? run('bot', 'scripts/client.ts', ['--join', address, '--bot', '--name', 'Cy', '--address', '127.0.0.1']) : null;
  await host.waitForFunction((n) => window.__bb!.net!.slots.filter((s) => s.kind === 2).length === n, bot ? 3 : 2, { timeout: 60_000 });
  const hostName = await host.evaluate(() => window.__bb!.net!.slots[0]!.name);
  await setup.inLobby?.(host, guest);
  // The host's Start needs no Ready of its own: only the others'.
  await guest.getByTestId('lobby-ready').click();
  await expect(host.getByTestId('lobby-start')).toBeEnabled({ timeout: 30_000 });
  await host.getByTestId('lobby-start').click();
  for (const p of [host, guest]) await p.waitForFunction(() => window.__bb?.match !== undefined && (window.__bb.net?.frame ?? -1) > 90, undefined, { timeout: 60_000 });
  return { host, guest, client, hostName, dialogs };
}

/** Two shells' pages in a running match: `shells[0]`'s hosts, `shells[1]`'s joins. */
export async function twoInAMatch(browser: Browser, shells: readonly RunningShell[], room: string): Promise<{ host: Page; guest: Page; hostName: string; dialogs: string[] }> {
  return inAMatch(browser, shells, room, false);
}

/** A room of three in a running match: `shells[0]`'s page hosts, `shells[1]`'s joins, then a headless bot client (Cy). */
export async function threeInAMatch(browser: Browser, shells: readonly RunningShell[], room: string, setup: RoomSetup = {}): Promise<{ host: Page; guest: Page; client: Proc; hostName: string; dialogs: string[] }> {
  const m = await inAMatch(browser, shells, room, true, setup);
  return { ...m, client: m.client! };
}
