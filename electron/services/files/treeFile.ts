/**
 * Reads one bot tree file from a folder, for every reader of tree files on the Node side (the
 * app's Resources, `npm run match -- --trees`), so each says the same, in a user's words, when the
 * file cannot be used: missing (and whether a file of nearly that name is there, e.g. `Hard.json`:
 * names are matched exactly, on every system), a folder, over MAX_TREE_BYTES, unreadable. core/ai
 * shows the reason as "<file>: tree: could not be read (<reason>)" and plays the built-in tree.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Largest bot tree file read (a 64-node tree with long descriptions is a few tens of KB). */
export const MAX_TREE_BYTES = 1 << 20;

/** A tree file that cannot be used, with why (a user's words). */
export class TreeFileError extends Error {
  override readonly name = 'TreeFileError';
}

/**
 * The text of `<dir>/<name>`.
 * @throws TreeFileError saying why the file cannot be used (the caller names the file)
 */
export function readTreeFile(dir: string, name: string): string {
  const full = path.join(dir, name);
  let size: number;
  try {
    const st = statSync(full);
    if (st.isDirectory()) throw new TreeFileError('a folder, not a file');
    size = st.size;
  } catch (e) {
    if (e instanceof TreeFileError) throw e;
    throw new TreeFileError(why(e as NodeJS.ErrnoException, dir, name));
  }
  if (size > MAX_TREE_BYTES) throw new TreeFileError(`${size} bytes, more than the ${MAX_TREE_BYTES / 1024 / 1024} MiB a tree file may have`);
  try {
    return readFileSync(full, 'utf8');
  } catch (e) {
    throw new TreeFileError(why(e as NodeJS.ErrnoException, dir, name));
  }
}

function why(e: NodeJS.ErrnoException, dir: string, name: string): string {
  if (e.code === 'ENOENT' || e.code === 'ENOTDIR') {
    const near = nearNames(dir, name);
    return `no such file${near.length ? `; the folder has ${near.map((n) => JSON.stringify(n)).join(', ')}, but the name must be exactly ${name}` : ''}`;
  }
  if (e.code === 'EACCES' || e.code === 'EPERM') return 'no permission to read it';
  return e.code ?? e.message;
}

/** Up to three entries of `dir` that look like `name` misspelled: the same name in another case or with more after it. */
function nearNames(dir: string, name: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  const stem = name.toLowerCase().replace(/\.json$/, '');
  return entries.filter((e) => e !== name && e.toLowerCase().trim().startsWith(stem)).sort().slice(0, 3);
}
