/**
 * Installs npm dependencies when node_modules is missing or stale, so `npm start` and `npm test`
 * work on a fresh clone with nothing else done. "Stale" = package.json or package-lock.json
 * changed since the last install this script did (a hash kept in node_modules).
 * No browser or Electron binary is downloaded here: those are found or installed elsewhere.
 * Usable as a module (`ensureDeps()`) or run directly.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'node_modules', '.bb-deps-stamp');

function depsHash() {
  const h = createHash('sha256');
  for (const f of ['package.json', 'package-lock.json']) {
    const p = path.join(root, f);
    if (existsSync(p)) h.update(readFileSync(p));
  }
  return h.digest('hex');
}

export function ensureDeps() {
  const want = depsHash();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === want) return;
  const why = existsSync(path.join(root, 'node_modules')) ? 'package files changed' : 'node_modules is missing';
  console.log(`deps: installing npm dependencies (${why})…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // `npm install` rather than `npm ci`: it honours the lock file but never wipes a working node_modules.
  const args = ['install', '--no-audit', '--no-fund'];
  const r = spawnSync(npm, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    shell: process.platform === 'win32',
  });
  if (r.status !== 0) {
    console.error(`deps: npm ${args[0]} failed (exit ${r.status}); see the output above.`);
    process.exit(1);
  }
  writeFileSync(stampFile, want);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureDeps();
