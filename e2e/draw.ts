/**
 * Match pages in the end-to-end tests start with drawing off: a page drawing through SwiftShader
 * costs about ten times the CPU of one that only simulates, and most tests read game state, not
 * pixels. The flag is set before the page's own scripts run (renderer/ui/testHook.ts,
 * drawsAtStart); a test that checks what is drawn turns drawing on with `match.setRender(true)`
 * for that part, or imports `test` from '@playwright/test' to run as a player's page does (which
 * draws from the first frame: view.spec and match.spec keep that default under test). `test` here
 * is Playwright's with the flag on its `page`'s context; `newContext` is `browser.newContext` with it.
 */
import { test as base, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';

/** Every page `context` opens from now on starts its matches without drawing. */
export async function drawOff(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__bbInit = { draw: false };
  });
}

export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await drawOff(context);
  return context;
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await drawOff(context);
    await use(context);
  },
});

export { expect } from '@playwright/test';
