/**
 * A throw-away folder under the OS temp dir for a test, removed when the test process exits (a
 * suite that leaves hundreds of folders behind fills a developer's /tmp run after run). Never used
 * by the game itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];

export function tempDir(prefix: string): string {
  if (made.length === 0) process.once('exit', () => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const dir = mkdtempSync(path.join(os.tmpdir(), `bb-${prefix}-`));
  made.push(dir);
  return dir;
}
