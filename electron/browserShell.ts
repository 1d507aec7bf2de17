/**
 * Entry point of the browser shell (a plain Node process; see services/bridge/browserShellServer.ts).
 *
 *   node out/main/browserShell.js [--port N] [--user-data DIR] [--discovery off|all|IFACE] [--no-open]
 *                                 [--game-port N] [--game-bind IP]
 *
 * --game-port / --game-bind: the UDP game socket when hosting or joining (default 47777 on 0.0.0.0;
 * tests: 0 = a free port, on 127.0.0.1). See services/session/gameSocket.ts.
 *
 * Prints one line with the URL to open (and opens a browser when the system has one and --no-open
 * is not given). Stops cleanly on SIGINT/SIGTERM/SIGHUP, when the player chooses Quit, or when
 * the process that started it dies (a killed `npm start` must not leave a game server behind).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createAppServices, type AppServices } from './services/appServices';
import { startBrowserShell, type BrowserShell } from './services/bridge/browserShellServer';
import { argValue } from './services/argv';
import { defaultUserDataDir, findRepoRoot } from './services/files/paths';

const DEFAULT_PORT = 47780;
/** How often the parent is looked at: the orphan check costs one getppid() call. */
const PARENT_CHECK_MS = 500;

function openBrowser(url: string): void {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) return;
  const child = spawn(cmd, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => undefined); // no browser opener on this system: the printed URL is enough
  child.unref();
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const root = findRepoRoot(import.meta.dirname);
  const userDataDir = argValue(argv, 'user-data') ?? defaultUserDataDir();
  let shell: BrowserShell | undefined;
  let services: AppServices | undefined;
  let quitting = false;
  const quit = (): void => {
    if (quitting) return; // Ctrl-C reaches us twice: from the terminal and forwarded by npm start
    quitting = true;
    void Promise.all([shell?.close(), services?.close()]).then(() => process.exit(0));
  };
  // From the start: a signal that arrives while the server starts (or the instant the URL line is
  // out, when a launcher or a test may already act on it) still ends the shell cleanly.
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, quit);
  // Orphaned = re-parented (to init or a subreaper): nothing is left that could stop us.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) quit();
  }, PARENT_CHECK_MS).unref();
  services = createAppServices({ shell: 'browser', userDataDir, resourcesDir: path.join(root, 'resources'), quit, argv, env: process.env });
  const requested = Number(argValue(argv, 'port') ?? DEFAULT_PORT);
  if (!Number.isInteger(requested) || requested < 0 || requested > 65535) {
    console.error(`browser shell: --port must be 0..65535, got ${argValue(argv, 'port')}`);
    process.exit(2);
  }
  const rendererDir = path.join(root, 'out', 'renderer');
  try {
    shell = await startBrowserShell({ bridge: services.bridge, rendererDir, port: requested });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || argValue(argv, 'port') !== undefined) throw e;
    shell = await startBrowserShell({ bridge: services.bridge, rendererDir, port: 0 });
  }
  console.log(`Ball Brawl is running in the browser shell: ${shell.url}`);
  if (!argv.includes('--no-open') && !process.env['CI']) openBrowser(shell.url);
}

main().catch((e: unknown) => {
  console.error(`browser shell: ${(e as Error).message}`);
  process.exit(1);
});
