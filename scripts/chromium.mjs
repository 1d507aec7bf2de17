/**
 * Finds a Chromium for the end-to-end tests, in this order: $CHROMIUM_PATH, Playwright's own
 * browser if it is installed, /usr/bin/chromium. If none and this machine allows it (root with
 * apt-get), installs Debian's `chromium`. Otherwise fails with one line saying how to get one.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

function executable(p) {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function playwrightBrowser() {
  try {
    const { chromium } = await import('playwright-core');
    const p = chromium.executablePath();
    return p && existsSync(p) ? p : undefined;
  } catch {
    return undefined;
  }
}

/** Returns the path of a usable Chromium, installing Debian's package when allowed. */
export async function findChromium({ install = true } = {}) {
  const env = process.env.CHROMIUM_PATH;
  if (env) {
    if (executable(env)) return env;
    throw new Error(`CHROMIUM_PATH=${env} is not an executable file`);
  }
  const own = await playwrightBrowser();
  if (own) return own;
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (executable(p)) return p;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (install && root && apt) {
    console.log('chromium: not found; installing Debian\'s chromium package (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const up = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const inst = up.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env }) : up;
    if (inst.status === 0 && executable('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    'no Chromium found: install one (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome executable',
  );
}
