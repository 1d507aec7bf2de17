/**
 * `npm start`: installs dependencies if needed, builds if sources changed, and launches the game.
 *
 *   npm start [-- --shell=browser|electron] [--port N] [--discovery=off|all|IFACE] [--user-data DIR]
 *
 * The Electron shell is used when an Electron binary exists (or can be fetched within a bounded
 * time, tried at most once a day). Otherwise one line says so and the browser shell starts,
 * printing the URL to open. Nothing here ever waits on a download without a time limit.
 * Stopping: SIGINT, SIGTERM or SIGHUP sent to this process reach the shell too, and this process
 * exits when the shell does (children.mjs); the browser shell also exits if this process dies.
 * Run by `npm start` (`exec node scripts/start.mjs`), npm passes SIGINT and SIGTERM on to this
 * process, but not SIGHUP, and a killed npm passes nothing: so the npm that ran it is watched
 * too, and when it is gone the shell is stopped (launchers.mjs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfNeeded } from './build.mjs';
import { runForwarding } from './children.mjs';
import { ensureDeps, root } from './ensure-deps.mjs';
import { stopWithLaunchers } from './launchers.mjs';

const FETCH_TIMEOUT_MS = 90_000;
const FETCH_RETRY_MS = 24 * 3600_000;

function parseArgs(argv) {
  let shell;
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--shell=')) shell = a.slice(8);
    else if (a === '--shell') shell = argv[++i];
    else rest.push(a);
  }
  if (shell !== undefined && shell !== 'browser' && shell !== 'electron') {
    console.error(`start: --shell must be "browser" or "electron", got "${shell}"`);
    process.exit(2);
  }
  return { shell, rest };
}

function electronBinary() {
  const dir = path.join(root, 'node_modules', 'electron');
  const rel = existsSync(path.join(dir, 'path.txt')) ? readFileSync(path.join(dir, 'path.txt'), 'utf8') : process.platform === 'darwin' ? 'Electron.app/Contents/MacOS/Electron' : process.platform === 'win32' ? 'electron.exe' : 'electron';
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const p = override ? path.join(override, rel) : path.join(dir, 'dist', rel);
  return existsSync(p) ? p : undefined;
}

/** One bounded attempt (at most once a day) to fetch the Electron binary the normal way. */
function tryFetchElectron() {
  const marker = path.join(root, 'node_modules', '.bb-electron-fetch-failed');
  if (existsSync(marker) && Date.now() - statSync(marker).mtimeMs < FETCH_RETRY_MS) return undefined;
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'electron', 'install.js')], { stdio: 'ignore', timeout: FETCH_TIMEOUT_MS });
  const bin = r.status === 0 ? electronBinary() : undefined;
  if (!bin) writeFileSync(marker, new Date().toISOString());
  return bin;
}

/** Runs the shell as our child, passing signals on, and exits when (and as) it does. */
async function run(cmd, args) {
  const { code } = await runForwarding(cmd, args, { cwd: root, stdio: 'inherit' });
  process.exit(code);
}

function main() {
  const { shell, rest } = parseArgs(process.argv.slice(2));
  // Before anything slow (install, build): a launcher gone by then is a SIGTERM to us, passed on.
  stopWithLaunchers();
  ensureDeps();
  if (!buildIfNeeded()) {
    console.error('start: the build failed (see above).');
    process.exit(1);
  }
  if (shell !== 'browser') {
    const bin = electronBinary() ?? tryFetchElectron();
    if (bin) {
      const sandboxArgs = process.platform === 'linux' && process.getuid?.() === 0 ? ['--no-sandbox'] : [];
      return void run(bin, [root, ...sandboxArgs, ...rest]);
    }
    if (shell === 'electron') {
      console.error('start: no Electron binary found (node_modules/electron/dist is missing and it could not be downloaded); use --shell=browser or set ELECTRON_OVERRIDE_DIST_PATH.');
      process.exit(1);
    }
    console.log('start: no Electron binary found (it cannot be downloaded here), so the game starts in the browser shell instead.');
  }
  void run(process.execPath, [path.join(root, 'out', 'main', 'browserShell.js'), ...rest]);
}

main();
