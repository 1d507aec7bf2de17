/**
 * The layering rules of docs/ARCHITECTURE.md, checked on the syntax tree of every source file.
 * The rules live in scripts/layers/; this is their entry (check-layers.ts and the tests use it).
 *
 * - layer-imports (layers/imports.ts): core/ imports only core/ (its tests and benches may add
 *   packages, node:*, test/ and bench/); renderer/ imports core/, renderer/, three and *type-only*
 *   electron/contract; electron/ never imports renderer/, only main.ts and preload.ts import
 *   `electron`, the preload only `electron` and the contract; everything else
 *   never imports `electron` as a value (from plain Node that starts a binary download).
 * - test-helpers (layers/imports.ts): product code never imports test code. Test code is
 *   *.test|spec|bench.ts, any `test/` or `testing/` folder, top-level test/, e2e/ and bench/, and the
 *   fixture generators scripts/*fixtures* (layers/common.ts isTestCode).
 * - public-surface (layers/surfaces.ts): product code reaches a core/ folder it is not inside only
 *   through that folder's index.ts. Needs the file list (`files`); skipped without it.
 * - core-determinism (layers/determinism.ts), every core/ file but *.test|spec|bench.ts (testing/
 *   and test/ helpers too: they drive simulations whose results tests compare): no
 *   clock, randomness, timer, I/O, console, process, global object, eval or Function; no async/await,
 *   for…in or `with`; `**` only as `x ** <integer literal>` or `2 ** k`; Math only as
 *   `Math.<fn>(…)` with fn in an allow-list of exact integer functions.
 */
import ts from 'typescript';
import { collectImports, isTest, layerOf, type Violation } from './layers/common';
import { determinismViolations } from './layers/determinism';
import { importViolation, testHelperViolation } from './layers/imports';
import { surfaceViolation } from './layers/surfaces';

export type { Violation } from './layers/common';

/**
 * All violations in one file, given its repo-relative path (forward slashes) and source. `files`:
 * every repo-relative .ts path of the tree, for the public-surface rule (not run without it).
 */
export function checkSource(rel: string, source: string, files?: ReadonlySet<string>): Violation[] {
  const sf = ts.createSourceFile(rel, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: Violation[] = [];
  const add = (line: number, rule: string, message: string | undefined): void => {
    if (message) out.push({ file: rel, line, rule, message });
  };
  for (const imp of collectImports(sf)) {
    add(imp.line, 'layer-imports', importViolation(rel, imp));
    add(imp.line, 'test-helpers', testHelperViolation(rel, imp));
    if (files) add(imp.line, 'public-surface', surfaceViolation(rel, imp, files));
  }
  if (layerOf(rel) === 'core' && !isTest(rel)) out.push(...determinismViolations(sf, rel));
  return out;
}
