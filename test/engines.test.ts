/**
 * The Node versions we state agree with what the dependencies declare: every Node version that
 * package.json's `engines` admits satisfies the `engines.node` of every installed package, so a
 * fresh install on a stated version prints no EBADENGINE warning; and the README states the same
 * minimum. Reads node_modules as installed (packages for other platforms are not installed, so
 * they cannot warn either).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const semver = require('semver') as { subset(sub: string, dom: string): boolean; minVersion(range: string): { major: number; minor: number } | null };

const ours = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;

/** [package folder, engines.node] of every installed package that declares one. */
function declared(dir: string, out: [string, string][] = []): [string, string][] {
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (name.startsWith('.')) continue;
    const p = path.join(dir, name);
    if (name.startsWith('@')) {
      declared(p, out);
      continue;
    }
    const file = path.join(p, 'package.json');
    if (!existsSync(file)) continue;
    const node = (JSON.parse(readFileSync(file, 'utf8')) as { engines?: { node?: unknown } }).engines?.node;
    if (typeof node === 'string') out.push([path.relative(ROOT, p), node]);
    declared(path.join(p, 'node_modules'), out);
  }
  return out;
}

describe('Node versions', () => {
  it('every version engines admits satisfies every installed package', () => {
    const all = declared(path.join(ROOT, 'node_modules'));
    expect(all.length).toBeGreaterThan(100); // the walk found the tree (electron, vite, vitest …)
    expect(all.some(([p]) => p.endsWith(`node_modules${path.sep}electron`))).toBe(true);
    expect(all.filter(([, range]) => !semver.subset(ours, range))).toEqual([]);
  });

  it('the README states the same minimum', () => {
    const min = semver.minVersion(ours);
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`Node.js ${min?.major}.${min?.minor} or newer`);
  });
});
