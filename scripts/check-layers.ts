/**
 * CLI for the layering check (scripts/layers.ts): `npm run lint` or `tsx scripts/check-layers.ts [--root DIR]`.
 * Scans every .ts file under core/, renderer/, electron/, scripts/, test/, e2e/ and bench/ (and
 * hands the checker that file list, which the public-surface rule resolves imports against);
 * prints each violation as file:line and exits 1 if there is any.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { argValue } from '../electron/services/argv';
import { checkSource, type Violation } from './layers';

const FOLDERS = ['core', 'renderer', 'electron', 'scripts', 'test', 'e2e', 'bench'];

function tsFiles(dir: string, out: string[] = []): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const n of names) {
    const p = path.join(dir, n);
    if (n === 'node_modules' || n.startsWith('.')) continue;
    if (statSync(p).isDirectory()) tsFiles(p, out);
    else if (n.endsWith('.ts') && !n.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

export function checkTree(root: string): Violation[] {
  const files = FOLDERS.flatMap((f) => tsFiles(path.join(root, f)));
  const rel = (file: string): string => path.relative(root, file).split(path.sep).join('/');
  // The whole file list: the public-surface rule resolves `x` to x.ts or x/index.ts with it.
  const known = new Set(files.map(rel));
  return files.flatMap((file) => checkSource(rel(file), readFileSync(file, 'utf8'), known));
}

const root = path.resolve(argValue(process.argv, 'root') ?? path.join(import.meta.dirname, '..'));
const violations = checkTree(root);
for (const v of violations) console.error(`${v.file}:${v.line}  [${v.rule}] ${v.message}`);
console.log(violations.length ? `layers: ${violations.length} violation(s)` : 'layers: ok');
process.exit(violations.length ? 1 : 0);
