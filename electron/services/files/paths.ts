/**
 * Where the app's folders are when running from a checkout (npm start, tests) or from the browser
 * shell's build: the repository root is the nearest folder above this file with a package.json.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function findRepoRoot(from: string): string {
  let dir = from;
  for (;;) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'resources'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`cannot find the app folder above ${from}`);
    dir = up;
  }
}

/** The per-user data folder when Electron's app.getPath is not available (browser shell). */
export function defaultUserDataDir(): string {
  if (process.platform === 'win32') return path.join(process.env['APPDATA'] ?? os.homedir(), 'Ball Brawl');
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', 'Ball Brawl');
  return path.join(process.env['XDG_CONFIG_HOME'] ?? path.join(os.homedir(), '.config'), 'Ball Brawl');
}
