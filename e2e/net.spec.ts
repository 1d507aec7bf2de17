/**
 * The networked player journey across two browser-shell processes on loopback (discovery off,
 * any free game port bound to 127.0.0.1): one page hosts, the other joins by the address the
 * host's lobby shows; the guest readies, the host starts, both load and play with equal key-frame hashes.
 * Then one page's loop is frozen (`__bb.freezeNet`): the other page's wait dialog names it within
 * 1 s after the 0.5 s grace (measured from its own stall, logged) and closes when frames resume.
 * Pause and chat cross over; a hostile room name, player name and chat line render literally; the
 * host starts without a Ready of its own and the lobby says whom Start waits for; a full room
 * refuses a third player, keeps the address and offers to spectate, and a kick ends on the menu,
 * each with a message. A guest whose
 * browser shell dies mid-match restarts on the same user data folder, sees Rejoin for the host's
 * address, and after rejoining plays on with the host's key hashes; a host whose process hangs is
 * named by the guest's dialog as not responding until it answers again; a spectator joining mid-match
 * gets the same hashes and follows a player of its choice. Waits on the test hook, never on time.
 */
import { expect, newContext, test } from './draw';
import type { Page } from '@playwright/test';
import { shotPath } from './pixels';
import { hostRoom, open, probeAddress } from './lan';
import { startShell, type RunningShell } from './shell';

const HOSTILE_ROOM = '<img src=x onerror=alert(1)>';
/** A tag in a player name that must stay text. */
const HOSTILE_NAME = '<b onclick=x>Bob</b>';
const SHELL_ARGS = ['--game-port', '0', '--game-bind', '127.0.0.1'];

let shells: RunningShell[] = [];

test.beforeAll(async () => {
  shells = await Promise.all([startShell(SHELL_ARGS), startShell(SHELL_ARGS), startShell(SHELL_ARGS)]);
});
test.afterAll(async () => {
  await Promise.all(shells.map((s) => s.stop()));
});

function keyHashes(page: Page, n: number): Promise<(number | null)[]> {
  return page.evaluate((count) => Array.from({ length: count }, (_, k) => window.__bb!.net!.keyHash(k)), n);
}

test('host and join over loopback, play in lockstep, the wait dialog names a frozen player, a hidden one holds nobody', async ({ browser }) => {
  test.setTimeout(420_000);
  const t0 = Date.now();
  const mark = (what: string): void => console.log(`[net.spec] ${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);
  const dialogs: string[] = [];
  const host = await (await newContext(browser, { permissions: ['clipboard-read', 'clipboard-write'] })).newPage();
  const guest = await (await newContext(browser)).newPage();
  await open(host, shells[0]!.url, dialogs);
  await open(guest, shells[1]!.url, dialogs);

  // The guest's name (Settings) is hostile markup.
  await guest.getByTestId('menu-settings').click();
  await guest.getByTestId('settings-name').fill(HOSTILE_NAME);
  await guest.getByTestId('settings-save').click();
  await expect(guest.getByTestId('settings-status')).not.toBeEmpty();
  await guest.getByTestId('back').click();

  // Host: the room form, then the lobby with the address to join at.
  const address = await hostRoom(host, { room: HOSTILE_ROOM });
  await expect(host.getByTestId('lobby-address')).toContainText(address);
  // The address is one click from a chat message to a friend.
  await host.getByTestId('lobby-copy-0').click();
  await expect(host.getByTestId('lobby-copy-0')).toHaveText('Copied');
  expect(await host.evaluate(() => navigator.clipboard.readText())).toBe(address);

  // Guest: join by the typed address.
  await probeAddress(guest, address);
  await guest.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby');

  // Both see both; hostile text stays text.
  const humans = (p: Page): Promise<string[]> => p.evaluate(() => window.__bb!.net!.slots.filter((s) => s.kind === 2).map((s) => s.name));
  await host.waitForFunction(() => window.__bb!.net!.slots.filter((s) => s.kind === 2).length === 2);
  await guest.waitForFunction(() => window.__bb!.net!.slots.filter((s) => s.kind === 2).length === 2);
  expect((await humans(host)).sort()).toEqual((await humans(guest)).sort());
  for (const p of [host, guest]) {
    await expect(p.getByTestId('lobby-room')).toHaveText(HOSTILE_ROOM);
    await expect(p.getByTestId('lobby-players')).toContainText(HOSTILE_NAME);
    expect(await p.locator('img').count()).toBe(0);
  }
  await expect(host.getByTestId('lobby-start')).toBeDisabled();
  // Blocked, and it says why — on the page, naming whom it waits for, and on hover and focus.
  // The host has no Ready to press (it used to wait for the host's own Ready, saying nothing).
  await expect(host.getByTestId('lobby-start-why')).toHaveText(`Start waits for ${HOSTILE_NAME} to press Ready.`);
  await expect(host.getByTestId('lobby-start')).toHaveAttribute('title', `Start waits for ${HOSTILE_NAME} to press Ready.`);
  await expect(host.getByTestId('lobby-ready')).toBeHidden();
  // The host wears a badge on its own row; the guest sees the host ready, since it is.
  await expect(host.getByTestId('lobby-player-0').getByTestId('lobby-host-badge')).toHaveText('host');
  await expect(guest.getByTestId('lobby-player-0')).toContainText('ready');
  await expect(guest.getByTestId('lobby-player-0')).not.toContainText('not ready');
  await host.screenshot({ path: shotPath('lobby-loopback.png') });
  mark('both in the lobby');

  // Ready, start, load, play.
  await guest.getByTestId('lobby-ready').click();
  await expect(host.getByTestId('lobby-start-why')).toHaveText('');
  await expect(host.getByTestId('lobby-start')).toBeEnabled();
  await host.getByTestId('lobby-start').click();
  await host.waitForFunction(() => window.__bb?.screen === 'netMatch', undefined, { timeout: 60_000 });
  mark('match started');
  // Two software-GL pages on a shared CPU draw a frame a second at best: neither draws the arena
  // (e2e/draw.ts; loop, HUD and dialogs still run every animation frame) while timing matters.
  for (const p of [host, guest]) await p.waitForFunction(() => window.__bb?.screen === 'netMatch' && (window.__bb.net?.frame ?? -1) > 90, undefined, { timeout: 60_000 });
  mark('both played 3 s');
  const keys = Math.min(await host.evaluate(() => window.__bb!.net!.lastHash!.key), await guest.evaluate(() => window.__bb!.net!.lastHash!.key)) + 1;
  const [ha, hb] = [await keyHashes(host, keys), await keyHashes(guest, keys)];
  expect(ha.every((h) => h !== null)).toBe(true);
  expect(hb).toEqual(ha);

  // Freeze the guest's loop: the host's dialog names the guest, measured from the host's own stall.
  const frozenAt = Date.now();
  await guest.evaluate(() => window.__bb!.freezeNet!(true));
  await host.waitForFunction(() => window.__bb!.net!.dialogShown, undefined, { timeout: 15_000 });
  console.log(`[net.spec] wait dialog seen by the test ${Date.now() - frozenAt} ms after the freeze call`);
  const opened = await host.evaluate(() => ({ ...window.__bb!.net!.dialogOpened!, waiting: window.__bb!.net!.waiting }));
  console.log(`[net.spec] wait dialog opened ${Math.round(opened.afterBlockedMs)} ms after the host's loop blocked (grace 500 ms)`);
  expect(opened.afterBlockedMs).toBeGreaterThanOrEqual(500);
  expect(opened.afterBlockedMs).toBeLessThanOrEqual(1500);
  expect(opened.waiting.map((w) => w.name)).toEqual([HOSTILE_NAME]);
  await expect(host.getByTestId('wait-list')).toContainText(HOSTILE_NAME);
  await expect(host.getByTestId('wait-drop')).toBeDisabled(); // the vote opens after dropVoteSeconds
  await expect(host.getByTestId('wait-drop')).toHaveAttribute('title', /Drop unlocks after \d+ s/);
  // Draw the arena under the dialog for the screenshot (the guest stays frozen meanwhile).
  const drawn = await host.evaluate(() => (window.__bb!.match!.setRender(true), window.__bb!.match!.counts().renderedFrames));
  await host.waitForFunction((n) => window.__bb!.match!.counts().renderedFrames > n + 1, drawn, { timeout: 30_000 });
  await host.screenshot({ path: shotPath('wait-dialog.png') });
  await host.evaluate(() => window.__bb!.match!.setRender(false));

  mark('wait dialog shown');
  // Resume: the dialog closes once frames flow again, and both stay in step.
  await guest.evaluate(() => window.__bb!.freezeNet!(false));
  await host.waitForFunction(() => !window.__bb!.net!.dialogShown, undefined, { timeout: 15_000 });
  const after = (await host.evaluate(() => window.__bb!.net!.frame)) + 60;
  for (const p of [host, guest]) await p.waitForFunction((f) => window.__bb!.net!.frame > f, after, { timeout: 30_000 });
  const keys2 = Math.min(await host.evaluate(() => window.__bb!.net!.lastHash!.key), await guest.evaluate(() => window.__bb!.net!.lastHash!.key)) + 1;
  expect(await keyHashes(guest, keys2)).toEqual(await keyHashes(host, keys2));
  // The F3 panel says how key frames arrive: by unicast here, on loopback (no LAN group).
  await guest.keyboard.press('F3');
  await expect(guest.getByTestId('net-frames')).toHaveText(/^unicast \(no LAN group: loopback/);
  await guest.keyboard.press('F3');
  expect(await host.locator('img').count()).toBe(0);
  expect(dialogs).toEqual([]);

  mark('resumed in step');
  // The host's game process hangs (SIGSTOP): the guest's dialog names the host as not responding,
  // counts, offers Leave and no Drop, and closes by itself when the host is back (SIGCONT).
  const hung = Date.now();
  shells[0]!.signal('SIGSTOP');
  try {
    await guest.waitForFunction(() => window.__bb!.net!.dialogShown, undefined, { timeout: 15_000 });
    console.log(`[net.spec] host-silence dialog seen ${Date.now() - hung} ms after the host hung (threshold 1 s)`);
    await expect(guest.getByTestId('wait-list')).toContainText(`Host of “${HOSTILE_ROOM}”`);
    await expect(guest.getByTestId('wait-list')).toContainText('not responding');
    await expect(guest.getByTestId('wait-drop')).toBeHidden();
    await expect(guest.getByTestId('wait-leave')).toBeVisible();
    expect(await guest.locator('img').count()).toBe(0);
  } finally {
    shells[0]!.signal('SIGCONT');
  }
  await guest.waitForFunction(() => !window.__bb!.net!.dialogShown, undefined, { timeout: 15_000 });
  const back = (await guest.evaluate(() => window.__bb!.net!.frame)) + 30;
  for (const p of [host, guest]) await p.waitForFunction((f) => window.__bb!.net!.frame > f, back, { timeout: 30_000 });
  mark('host hung and came back');
  // Pause (P) is the host's word on every page, and a pause is no stall: no wait dialog.
  await host.keyboard.press('KeyP');
  await guest.waitForFunction(() => window.__bb!.net!.paused, undefined, { timeout: 15_000 });
  await expect(guest.getByTestId('paused')).toBeVisible();
  await guest.waitForFunction(() => window.__bb!.net!.blockedSince !== null && performance.now() - window.__bb!.net!.blockedSince > 800);
  expect(await guest.evaluate(() => window.__bb!.net!.dialogShown)).toBe(false);
  await host.keyboard.press('KeyP');
  await guest.waitForFunction(() => !window.__bb!.net!.paused, undefined, { timeout: 15_000 });
  await expect(guest.getByTestId('paused')).toBeHidden();
  mark('paused and resumed');

  // The guest's window is hidden (visibilitychange, then the browser stops its loop): main goes on
  // closing its keys, so the host never waits; shown again, the guest drains the backlog.
  const setHidden = (hidden: boolean): Promise<void> => guest.evaluate((h) => {
    Object.defineProperty(document, 'hidden', { value: h, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
  const dialogBefore = await host.evaluate(() => window.__bb!.net!.dialogOpened?.at ?? null);
  await setHidden(true);
  await guest.evaluate(() => window.__bb!.freezeNet!(true));
  const hiddenFrom = await host.evaluate(() => window.__bb!.net!.frame);
  await host.waitForFunction((f) => window.__bb!.net!.frame > f + 60, hiddenFrom, { timeout: 15_000 }); // 2 s of play
  expect(await host.evaluate(() => window.__bb!.net!.dialogOpened?.at ?? null)).toBe(dialogBefore);
  await guest.evaluate(() => window.__bb!.freezeNet!(false));
  await setHidden(false);
  const shown = Date.now();
  const hostNow = await host.evaluate(() => window.__bb!.net!.frame);
  await guest.waitForFunction((f) => window.__bb!.net!.frame >= f, hostNow, { timeout: 15_000 });
  console.log(`[net.spec] hidden guest: host played ${hostNow - hiddenFrom} frames without a wait; the guest caught up ${Date.now() - shown} ms after showing`);
  expect(await host.evaluate(() => window.__bb!.net!.dialogOpened?.at ?? null)).toBe(dialogBefore);
  mark('hidden and shown');

  // Chat (Enter) reaches the other page, as text.
  await host.keyboard.press('Enter');
  await host.getByTestId('chat-input').fill('<i>gg</i>');
  await host.getByTestId('chat-input').press('Enter');
  await expect(guest.getByTestId('chat-log')).toContainText('<i>gg</i>');

  // Leaving the match ends the guest's session; the host's page tells who left.
  await guest.keyboard.press('Escape');
  await guest.getByTestId('menu-leave').click();
  await guest.getByTestId('leave-yes').click();
  await guest.waitForFunction(() => window.__bb?.screen === 'menu');
  mark('guest left');
  await host.keyboard.press('Escape');
  await host.getByTestId('menu-leave').click();
  await host.getByTestId('leave-yes').click();
  await host.waitForFunction(() => window.__bb?.screen === 'menu');
});

test('a guest joins by join code; a full room refuses a third player but lets them spectate; a kicked player lands on the menu with a message', async ({ browser }) => {
  const host = await (await newContext(browser)).newPage();
  const guest = await (await newContext(browser)).newPage();
  const third = await (await newContext(browser)).newPage();
  const dialogs: string[] = [];
  await open(host, shells[0]!.url, dialogs);
  await open(guest, shells[1]!.url, dialogs);
  await open(third, shells[2]!.url, dialogs);
  const address = await hostRoom(host, { slots: '2' });
  // The guest joins by the join code the host's lobby shows beside its address (read aloud across
  // the room); one character mistyped first is caught by the code's check character.
  const code = (await host.getByTestId('lobby-code-0').textContent())!;
  await probeAddress(guest, code.slice(0, -1) + (code.endsWith('0') ? '1' : '0'));
  await expect(guest.getByTestId('join-message')).toHaveText(/is not a valid join code: a character is mistyped/);
  await guest.getByTestId('join-address').fill(code.toLowerCase());
  await guest.getByTestId('join-probe').click();
  await guest.waitForFunction(() => window.__bb?.screen === 'lobby');
  await probeAddress(third, address);
  await third.waitForFunction(() => window.__bb?.net?.phase === 'rejected' && window.__bb.screen === 'join', undefined, { timeout: 15_000 });
  await expect(third.getByTestId('join-message')).toHaveText('The room is full.');
  // The host is told who tried and why (the third's address is data in the line).
  await expect(host.getByTestId('lobby-refused')).toContainText('tried to join and was refused: the room is full.');
  // The typed address is still there for a retry (the box used to come back empty, and a retry
  // as a spectator then said '"" is not an address'), and watching is offered at once.
  await expect(third.getByTestId('join-address')).toHaveValue(address);
  await expect(third.getByTestId('join-as-spectator')).toHaveText('Join as a spectator');

  // A spectator still gets in (no slot needed), and the lobby says what it is.
  await third.getByTestId('join-as-spectator').click();
  await third.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby', undefined, { timeout: 15_000 });
  await expect(third.getByTestId('lobby-ready')).toBeHidden();
  // The spectator took no slot: host and guest are still the room's two players.
  const players = (p: Page): Promise<string> => p.evaluate(() => JSON.stringify({ phase: window.__bb!.net!.phase, message: window.__bb!.net!.message, slots: window.__bb!.net!.slots }));
  await host.waitForFunction(() => window.__bb!.net!.slots.filter((s) => s.kind === 2).length === 2, undefined, { timeout: 5_000 }).catch(async () => {
    throw new Error(`the host lost a player when a spectator joined: host ${await players(host)}, guest ${await players(guest)}`);
  });
  await third.getByTestId('lobby-leave').click();
  await third.waitForFunction(() => window.__bb?.screen === 'menu');

  const slot = await guest.evaluate(() => window.__bb!.net!.slot);
  await host.getByTestId(`lobby-kick-${slot}`).click();
  await guest.waitForFunction(() => window.__bb?.screen === 'menu', undefined, { timeout: 15_000 });
  await expect(guest.getByTestId('menu-notice')).not.toBeEmpty();
  console.log(`[net.spec] kicked: "${await guest.getByTestId('menu-notice').textContent()}"`);
  await host.waitForFunction(() => window.__bb!.net!.slots.filter((s) => s.kind === 2).length === 1);

  await host.getByTestId('lobby-leave').click();
  await host.waitForFunction(() => window.__bb?.screen === 'menu');
  expect(dialogs).toEqual([]);
});

test('a guest whose shell died rejoins the running match from its user data folder, in step with the host', async ({ browser }) => {
  test.setTimeout(420_000);
  const t0 = Date.now();
  const mark = (what: string): void => console.log(`[net.spec] rejoin ${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);
  const dialogs: string[] = [];
  const host = await (await newContext(browser)).newPage();
  const guestContext = await newContext(browser);
  const guest = await guestContext.newPage();
  await open(host, shells[0]!.url, dialogs);
  await open(guest, shells[1]!.url, dialogs);
  const address = await hostRoom(host);
  await probeAddress(guest, address);
  await guest.waitForFunction(() => window.__bb?.screen === 'lobby' && window.__bb.net?.phase === 'lobby');
  await host.waitForFunction(() => window.__bb!.net!.slots.filter((s) => s.kind === 2).length === 2);
  const guestSlot = await guest.evaluate(() => window.__bb!.net!.slot);
  await guest.getByTestId('lobby-ready').click();
  await expect(host.getByTestId('lobby-start')).toBeEnabled();
  await host.getByTestId('lobby-start').click();
  for (const p of [host, guest]) await p.waitForFunction(() => window.__bb?.screen === 'netMatch' && window.__bb.match !== undefined, undefined, { timeout: 60_000 });
  await guest.waitForFunction(() => (window.__bb!.net?.frame ?? -1) > 60, undefined, { timeout: 60_000 });
  mark('both playing');

  // The guest's app dies; a new shell starts on the same user data folder (its stored token).
  const dir = shells[1]!.userDataDir;
  await shells[1]!.stop();
  await guestContext.close();
  shells[1] = await startShell(SHELL_ARGS, dir);
  const again = await (await newContext(browser)).newPage();
  await open(again, shells[1].url, dialogs);
  // The host's loop goes on without the guest (its bot plays): no wait.
  const hostFrame = await host.evaluate(() => window.__bb!.net!.frame);
  await host.waitForFunction((f) => window.__bb!.net!.frame > f + 30, hostFrame, { timeout: 60_000 });
  mark('guest restarted');

  // Join by address finds the running match this app holds a token for and takes the slot back in one click.
  const clicked = Date.now();
  await probeAddress(again, address);
  await again.waitForFunction(() => window.__bb?.screen === 'netMatch' && window.__bb.match !== undefined && window.__bb.net?.resumedFrom !== null, undefined, { timeout: 60_000 });
  console.log(`[net.spec] rejoin: click → match screen ${Date.now() - clicked} ms`);
  const from = await again.evaluate(() => window.__bb!.net!.resumedFrom!);
  expect(from).toBeGreaterThan(0);
  expect(await again.evaluate(() => window.__bb!.net!.slot)).toBe(guestSlot);
  // Caught up: the rejoined loop runs keys past the live edge it found.
  const edge = (await host.evaluate(() => window.__bb!.net!.lastHash!.key)) + 10;
  await again.waitForFunction((k) => (window.__bb!.net!.lastHash?.key ?? -1) > k, edge, { timeout: 60_000 });
  console.log(`[net.spec] rejoin: click → caught up ${Date.now() - clicked} ms (from key ${from})`);
  const lastKey = (p: Page): Promise<number> => p.evaluate(() => window.__bb!.net!.lastHash!.key);
  const range = (p: Page, a: number, b: number): Promise<(number | null)[]> => p.evaluate(([x, y]) => Array.from({ length: y - x + 1 }, (_, i) => window.__bb!.net!.keyHash(x + i)), [a, b] as const);
  const last = Math.min(await lastKey(host), await lastKey(again));
  const [ha, hb] = [await range(host, from, last), await range(again, from, last)];
  expect(ha.every((h) => h !== null)).toBe(true);
  expect(hb).toEqual(ha);
  mark('rejoined in step');

  // A spectator joins the running match: same hashes, and a camera that follows whom it picks.
  const spectator = await (await newContext(browser)).newPage();
  await open(spectator, shells[2]!.url, dialogs);
  await probeAddress(spectator, address, { spectate: true });
  await spectator.waitForFunction(() => window.__bb?.screen === 'netMatch' && window.__bb.match !== undefined && window.__bb.net?.resumedFrom !== null, undefined, { timeout: 60_000 });
  await expect(spectator.getByTestId('spectate-bar')).toBeVisible();
  await spectator.getByTestId('spectate-follow').selectOption('1');
  expect(await spectator.evaluate(() => window.__bb!.match!.camera({}).following)).toBe(1);
  const sFrom = await spectator.evaluate(() => window.__bb!.net!.resumedFrom!);
  const sEdge = (await lastKey(host)) + 10;
  await spectator.waitForFunction((k) => (window.__bb!.net!.lastHash?.key ?? -1) > k, sEdge, { timeout: 60_000 });
  const sLast = Math.min(await lastKey(host), await lastKey(spectator));
  expect(await range(spectator, sFrom, sLast)).toEqual(await range(host, sFrom, sLast));
  mark('spectator in step');

  for (const p of [spectator, again, host]) {
    await p.keyboard.press('Escape');
    await p.getByTestId('menu-leave').click();
    await p.getByTestId('leave-yes').click();
    await p.waitForFunction(() => window.__bb?.screen === 'menu');
  }
  expect(dialogs).toEqual([]);
});
