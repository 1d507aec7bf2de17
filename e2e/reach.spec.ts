/**
 * A host's own reachability (issue 33 item 3): on a machine whose only network is a virtual adapter
 * (a ZeroTier-style `zt0`), its lobby warns that friends on the LAN probably cannot reach it; on a
 * machine with no network at all, that only it can join. The browser shell and Chromium both run in
 * a network namespace this test makes (Chromium talks to Playwright over its pipe, so it needs none
 * of our network): the interfaces are real ones as the OS lists them, nothing touches this machine's.
 * Skips, saying why, where namespaces are unavailable.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { addAdapter, netnsUnavailable } from '../electron/services/discovery/testing/netnsLab';
import { tempDir } from '../test/tempDir';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';
import { hostRoom, open } from './lan';
import { startShell, type RunningShell } from './shell';

const why = netnsUnavailable();
const NS = `bbr${process.pid}`;
const ip = (...args: string[]): string => execFileSync('ip', args, { encoding: 'utf8' });

test.describe('a host warned about its reachability', () => {
  test.skip(why !== null, `network namespaces unavailable: ${why}`);
  let shell: RunningShell | undefined;
  let browser: Browser | undefined;

  test.beforeAll(() => {
    ip('netns', 'add', NS);
    ip('-n', NS, 'link', 'set', 'lo', 'up');
    addAdapter(NS, 'zt0', '10.147.17.6/24');
  });
  test.afterAll(async () => {
    await browser?.close();
    await shell?.stop();
    ip('netns', 'del', NS);
  });

  test('only a virtual adapter: warned; no network at all: warned that only this computer can join', async () => {
    test.setTimeout(120_000);
    const wrapper = path.join(tempDir('e2e-reach'), 'chromium-in-netns');
    writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${NS} ${CHROMIUM_PATH} "$@"\n`);
    chmodSync(wrapper, 0o755);
    shell = await startShell([], undefined, { netns: NS });
    browser = await chromium.launch({ executablePath: wrapper, args: CHROMIUM_ARGS });
    const page = await browser.newPage();
    const dialogs: string[] = [];
    await open(page, shell.url, dialogs);

    expect(await hostRoom(page)).toMatch(/^10\.147\.17\.6:\d+$/);
    await expect(page.getByTestId('lobby-reach')).toHaveText(/only on a virtual network .*friends on your Wi-Fi or cable network probably cannot reach it/);

    await page.getByTestId('lobby-leave').click();
    await page.waitForFunction(() => window.__bb?.screen === 'menu');
    ip('-n', NS, 'link', 'del', 'zt0');
    expect(await hostRoom(page)).toMatch(/^127\.0\.0\.1:\d+$/);
    await expect(page.getByTestId('lobby-reach')).toHaveText(/on no network: only this computer can join/);
    expect(dialogs).toEqual([]);
  });
});
