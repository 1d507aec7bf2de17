/**
 * Rule `public-surface`: a folder of core/ is used from outside only through its index.ts.
 *
 * When product code imports a file inside core/, the import must name the index of the FIRST
 * folder on the target's path that the importer is not inside: electron/x.ts → core/lockstep (not
 * core/lockstep/host/HostAuthority), core/lockstep/client/* → core/lockstep/wire (not its codec),
 * core/match/* → core/sim. A file in the same folder (or a parent folder's file) is free, and so
 * are the single files right under core/ (core/version.ts): each top folder of core/ is a module,
 * core/ itself is not. A folder imported from outside without an index.ts is a violation too.
 * Test code (common.ts isTestCode) is exempt: tests may test internals.
 */
import path from 'node:path';
import { isTestCode, resolveFile, resolveRel, type ImportRef } from './common';

/** `to` as a specifier written in `fromRel` (`./x`, `../x`). */
function specifierFor(fromRel: string, to: string): string {
  const r = path.posix.relative(path.posix.dirname(fromRel), to);
  return r.startsWith('.') ? r : `./${r}`;
}

/**
 * The public-surface message for one import of `rel`, or undefined when it is allowed. `files` is
 * every repo-relative .ts path of the tree (to resolve `x` to x.ts or x/index.ts and to know which
 * folders have an index); a specifier that resolves to no file is left to the compiler.
 */
export function surfaceViolation(rel: string, imp: ImportRef, files: ReadonlySet<string>): string | undefined {
  if (isTestCode(rel)) return undefined;
  const target = resolveRel(rel, imp.spec);
  if (target === undefined || !target.startsWith('core/')) return undefined;
  const file = resolveFile(target, files);
  if (file === undefined) return undefined;
  // The folders on the target's path below core/: core/a, core/a/b, …
  const parts = path.posix.dirname(file).split('/');
  for (let i = 2; i <= parts.length; i++) {
    const folder = parts.slice(0, i).join('/');
    if (rel.startsWith(`${folder}/`)) continue;
    const index = `${folder}/index.ts`;
    if (file === index) return undefined;
    if (!files.has(index)) return `${folder}/ is imported from outside but has no index.ts: add ${index} and import "${specifierFor(rel, folder)}" (found "${imp.spec}")`;
    return `import ${folder}/ through its index ("${specifierFor(rel, folder)}"), not its insides (found "${imp.spec}")`;
  }
  return undefined;
}
