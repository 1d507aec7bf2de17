/**
 * `npm run dist`: builds the app (electron-vite, via scripts/build.mjs) and packages it with
 * electron-builder for the current platform (electron-builder.yml: AppImage + deb, NSIS, or DMG).
 * Extra arguments go to electron-builder, e.g. `npm run dist -- --dir` for an unpacked build only.
 *
 * electron-builder needs an Electron distribution. This script looks for one first, in order:
 * ELECTRON_OVERRIDE_DIST_PATH, node_modules/electron/dist, then @electron/get's download cache
 * (the one electron-builder reads). A local directory is handed over as `electronDist`. With none,
 * electron-builder would download Electron from GitHub: that attempt is bounded in time
 * (DIST_TIMEOUT_SEC, default 180 s without a local Electron, 1800 s with one) so a machine without
 * network gets one clear line and exit code 1, never a hang and never a stack trace.
 * electron-builder's full output goes to release/dist.log; its progress lines ("•") are echoed.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from './build.mjs';
import { FORWARDED_SIGNALS } from './children.mjs';
import { ensureDeps, root } from './ensure-deps.mjs';

const releaseDir = path.join(root, 'release');
const logFile = path.join(releaseDir, 'dist.log');
const isWin = process.platform === 'win32';

/** Prints the single failure line and exits 1. */
function fail(message) {
  console.error(`dist: ${message}`);
  process.exit(1);
}

function electronVersion() {
  try {
    return JSON.parse(readFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
  } catch {
    return fail('cannot package: the electron package is not installed (node_modules/electron/package.json missing); run npm install.');
  }
}

/** electron-builder's target flag and Electron's platform/arch names for this machine. */
function hostPlatform() {
  switch (process.platform) {
    case 'linux':
      return { flag: '--linux', name: 'linux', exe: 'electron' };
    case 'win32':
      return { flag: '--win', name: 'win32', exe: 'electron.exe' };
    case 'darwin':
      return { flag: '--mac', name: 'darwin', exe: 'Electron.app' };
    default:
      return fail(`cannot package on ${process.platform}: electron-builder targets here are linux, win32 and darwin.`);
  }
}
const electronArch = () => (process.arch === 'arm' ? 'armv7l' : process.arch);

/** A directory electron-builder's `electronDist` accepts: an unpacked Electron, or a folder holding its zip. */
function isElectronDir(dir, plat, zipName) {
  return existsSync(path.join(dir, plat.exe)) || existsSync(path.join(dir, zipName));
}

/** Finds `fileName` in `dir` or one level below (@electron/get keeps `<cache>/<url hash>/<file>`). */
function findInCache(dir, fileName) {
  if (!existsSync(dir)) return null;
  if (existsSync(path.join(dir, fileName))) return path.join(dir, fileName);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const candidate = path.join(dir, entry.name, fileName);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

function electronCacheRoots() {
  const home = os.homedir();
  const roots = [];
  if (process.env.electron_config_cache) roots.push(process.env.electron_config_cache);
  if (process.platform === 'darwin') roots.push(path.join(home, 'Library', 'Caches', 'electron'));
  else if (isWin) roots.push(path.join(process.env.LOCALAPPDATA || path.join(home, 'AppData', 'Local'), 'electron', 'Cache'));
  else roots.push(path.join(process.env.XDG_CACHE_HOME || path.join(home, '.cache'), 'electron'));
  return roots;
}

/**
 * Where electron-builder can get Electron without the network:
 * { kind: 'dir', path } → pass as electronDist; { kind: 'cache', path } → electron-builder finds it
 * itself; null → it would have to download.
 */
function locateElectron(version, plat) {
  const zipName = `electron-v${version}-${plat.name}-${electronArch()}.zip`;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const dir = path.resolve(override);
    if (!isElectronDir(dir, plat, zipName)) {
      fail(`cannot package: ELECTRON_OVERRIDE_DIST_PATH=${override} holds neither ${plat.exe} nor ${zipName}.`);
    }
    return { kind: 'dir', path: dir, from: 'ELECTRON_OVERRIDE_DIST_PATH' };
  }
  const installed = path.join(root, 'node_modules', 'electron', 'dist');
  if (isElectronDir(installed, plat, zipName)) return { kind: 'dir', path: installed, from: 'node_modules/electron/dist' };
  for (const cacheRoot of electronCacheRoots()) {
    const zip = findInCache(cacheRoot, zipName);
    if (zip) return { kind: 'cache', path: zip, from: 'the Electron download cache' };
  }
  return null;
}

function killTree(child) {
  if (child.exitCode !== null || child.pid === undefined) return;
  try {
    if (isWin) spawn('taskkill', ['/pid', String(child.pid), '/T', '/F'], { stdio: 'ignore' });
    else process.kill(-child.pid, 'SIGKILL'); // its own process group: takes helpers along
  } catch {
    // already gone
  }
}

/**
 * Runs electron-builder with a time bound. Its whole output goes to the log file; progress lines
 * are echoed. Resolves to { code, timedOut, output }.
 */
function runBuilder(args, timeoutMs) {
  return new Promise((resolve) => {
    mkdirSync(releaseDir, { recursive: true });
    const log = createWriteStream(logFile);
    log.on('error', () => {}); // a log that cannot be written must not turn into a stack trace
    const cli = path.join(root, 'node_modules', 'electron-builder', 'cli.js');
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: !isWin,
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let output = '';
    let pending = '';
    const onData = (chunk) => {
      const text = chunk.toString();
      output += text;
      log.write(text);
      pending += text;
      const lines = pending.split(/\r?\n/);
      pending = lines.pop() ?? '';
      for (const line of lines) if (/^\s*•/.test(line)) console.log(line);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killTree(child);
    }, timeoutMs);
    const onSignal = () => {
      killTree(child);
      process.exit(130);
    };
    for (const sig of FORWARDED_SIGNALS) process.once(sig, onSignal);
    const finish = (code) => {
      clearTimeout(timer);
      for (const sig of FORWARDED_SIGNALS) process.off(sig, onSignal);
      log.end(() => resolve({ code, timedOut, output }));
    };
    child.on('error', (e) => {
      output += `\nspawn error: ${e.message}\n`;
      finish(-1);
    });
    child.on('exit', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

const NETWORK_ERROR =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|getaddrinfo|socket hang up|RequestError|HTTPError|status code \d{3}|Response code \d{3}|CERT_|certificate|self[- ]signed/i;

/** One line saying why electron-builder failed. */
function explainFailure({ code, timedOut, output }, version, electron, timeoutSec) {
  const rel = path.relative(root, logFile);
  const building = [...output.matchAll(/building\s+target=(\S+)/g)].map((m) => m[1]);
  const target = building.at(-1);
  const electronAdvice = `Set ELECTRON_OVERRIDE_DIST_PATH or electron-builder's electronDist to a local Electron, or run on a machine with internet.`;
  if (timedOut) {
    if (!electron && !target) {
      return `cannot package: Electron ${version} could not be downloaded within ${timeoutSec} s (no or slow network access to its release host). ${electronAdvice}`;
    }
    return `cannot package: electron-builder did not finish within ${timeoutSec} s${target ? ` (while building ${target})` : ''}; raise DIST_TIMEOUT_SEC if the machine is just slow. Log: ${rel}`;
  }
  const network = NETWORK_ERROR.test(output);
  if (network && !electron && !target) {
    return `cannot package: Electron ${version} could not be downloaded (no network access to its release host). ${electronAdvice}`;
  }
  if (network && target) {
    return `cannot package: electron-builder could not download the tools for the ${target} target (no network access to their release host). Run once on a machine with internet (they are cached in ~/.cache/electron-builder) or seed that cache; see https://www.electron.build/tutorials/offline-air-gapped-builds. Log: ${rel}`;
  }
  const errorLine = output
    .split(/\r?\n/)
    .find((l) => /^\s*⨯/.test(l))
    ?.replace(/^\s*⨯\s*/, '')
    .replace(/\s+(failedTask|stackTrace)=.*$/, '')
    .trim();
  return `cannot package: electron-builder failed${errorLine ? `: ${errorLine.slice(0, 300)}` : ` with exit code ${code}`}. Log: ${rel}`;
}

function artifactsSince(startMs) {
  if (!existsSync(releaseDir)) return [];
  return readdirSync(releaseDir)
    .filter((name) => !/^(dist\.log|builder-debug\.yml|builder-effective-config\.yaml)$/.test(name))
    .filter((name) => {
      const st = statSync(path.join(releaseDir, name));
      return st.isFile() && st.mtimeMs >= startMs - 1000;
    });
}

async function main() {
  const version = electronVersion();
  const plat = hostPlatform();
  ensureDeps();

  console.log('dist: building with electron-vite…');
  if (!build()) fail('build failed: electron-vite build did not succeed; see its output above. Nothing was packaged.');
  if (!existsSync(path.join(root, 'out', 'main', 'main.js'))) fail('build failed: out/main/main.js (package.json "main") was not produced.');

  const electron = locateElectron(version, plat);
  const args = [plat.flag, '--publish', 'never'];
  if (electron?.kind === 'dir') args.push(`-c.electronDist=${electron.path}`);
  args.push(...process.argv.slice(2));
  const timeoutSec = Number(process.env.DIST_TIMEOUT_SEC) > 0 ? Number(process.env.DIST_TIMEOUT_SEC) : electron ? 1800 : 180;
  console.log(
    electron
      ? `dist: packaging with Electron ${version} from ${electron.from} (${electron.path})…`
      : `dist: no local Electron ${version} found; electron-builder will try to download it (giving up after ${timeoutSec} s)…`,
  );

  const start = Date.now();
  const result = await runBuilder(args, timeoutSec * 1000);
  if (result.code !== 0 || result.timedOut) fail(explainFailure(result, version, electron, timeoutSec));
  const made = artifactsSince(start);
  console.log(`dist: done in ${Math.round((Date.now() - start) / 1000)} s; ${made.length ? `release/: ${made.join(', ')}` : 'see release/'}`);
}

main().catch((e) => fail(`unexpected error: ${e instanceof Error ? e.message : String(e)}`));
