/**
 * Builds out/ with electron-vite. `buildIfNeeded` skips the build when no source is newer than the
 * last one (a stamp file in out/), so `npm start` is instant after the first run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './ensure-deps.mjs';

const stamp = path.join(root, 'out', '.build-stamp');
const SOURCES = ['electron', 'renderer', 'core', 'resources', 'electron.vite.config.ts', 'package.json'];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((m, n) => Math.max(m, newestMtime(path.join(p, n))), 0);
}

/** Runs electron-vite build; returns whether it succeeded. */
export function build({ quiet = false } = {}) {
  const cli = path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const r = spawnSync(process.execPath, [cli, 'build', '--logLevel', 'warn'], { cwd: root, stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit' });
  if (r.status !== 0) return false;
  writeFileSync(stamp, new Date().toISOString());
  return true;
}

export function buildIfNeeded() {
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= Math.max(...SOURCES.map((p) => newestMtime(path.join(root, p))))) return true;
  console.log('start: building the app (electron-vite)…');
  return build({ quiet: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, 'scripts', 'build.mjs')) process.exit(build() ? 0 : 1);
