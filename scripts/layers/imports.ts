/**
 * Who may import whom: the layer rules (core/ only core/, the renderer only core/ + three + the
 * contract's types, electron only where Electron runs) and the test-helper rule (product code never
 * imports test code). Rules `layer-imports` and `test-helpers`.
 */
import { isTest, isTestCode, layerOf, resolveRel, type ImportRef } from './common';

/** The only main-side files that may import `electron` as a value (the rest must run in plain Node). */
const ELECTRON_IMPORTERS = [/^electron\/main\.ts$/, /^electron\/preload\.ts$/];

/**
 * Tests and benchmarks beside core/renderer code run in Node (vitest, the bench runner), never in
 * the simulation or the page: they may use packages, node:*, and the test/, bench/, e2e/ and
 * scripts/ helpers — but not the packages `banned` names (an engine, or electron from plain Node).
 */
function testImportAllowed(imp: ImportRef, target: string | undefined, banned: RegExp): boolean {
  return target === undefined ? !banned.test(imp.spec) : /^(test|bench|e2e|scripts)\//.test(target);
}

/** The layer-imports message for one import of `rel`, or undefined when it is allowed. */
export function importViolation(rel: string, imp: ImportRef): string | undefined {
  const layer = layerOf(rel);
  const target = resolveRel(rel, imp.spec);
  const targetLayer = target === undefined ? undefined : layerOf(target);
  const bare = target === undefined;
  if (layer === 'core') {
    if (!bare && targetLayer === 'core') return undefined;
    if (isTest(rel) && testImportAllowed(imp, target, /^(electron|three)(\/|$)/)) return undefined;
    return `core/ may import only core/ (found "${imp.spec}")`;
  }
  if (layer === 'renderer') {
    if (isTest(rel) && (targetLayer === 'renderer' || targetLayer === 'core' || testImportAllowed(imp, target, /^electron(\/|$)/))) return undefined;
    if (bare) return imp.spec === 'three' || imp.spec.startsWith('three/') || (isTest(rel) && imp.spec === 'vitest') ? undefined : `renderer/ may import only three among packages (found "${imp.spec}")`;
    if (targetLayer === 'core' || targetLayer === 'renderer') return undefined;
    if (target === 'electron/contract' || target === 'electron/contract.ts') return imp.typeOnly ? undefined : 'renderer/ may import only types from electron/contract (use `import type`)';
    return `renderer/ may not import ${target}`;
  }
  if (layer === 'electron') {
    if (targetLayer === 'renderer') return `electron/ may not import renderer/ (found "${imp.spec}")`;
    if (/^electron\/preload\.ts$/.test(rel)) {
      return imp.spec === 'electron' || target === 'electron/contract' ? undefined : `the preload may import only electron and the contract (found "${imp.spec}")`;
    }
  }
  if ((imp.spec === 'electron' || imp.spec.startsWith('electron/')) && !imp.typeOnly) {
    if (layer === 'electron' && ELECTRON_IMPORTERS.some((r) => r.test(rel))) return undefined;
    return layer === 'electron'
      ? `only electron/main.ts and electron/preload.ts may import electron (services must run in plain Node)`
      : `"${imp.spec}" must not be imported from plain Node (it would start a binary download)`;
  }
  return undefined;
}

/**
 * The test-helpers message for one import of `rel`, or undefined when it is allowed: product code
 * may not import test code (common.ts isTestCode), e.g. a `testing/` helper, or the shipped app
 * would carry (and depend on) test scaffolding. Test code may import anything the layers allow.
 */
export function testHelperViolation(rel: string, imp: ImportRef): string | undefined {
  if (isTestCode(rel)) return undefined;
  const target = resolveRel(rel, imp.spec);
  // A specifier usually has no extension; test code is known by its path, so try it with `.ts` too.
  if (target === undefined || !(isTestCode(target) || isTestCode(`${target}.ts`))) return undefined;
  return `product code may not import test code (found "${imp.spec}"; move what both need out of the test folder, or make this file test code)`;
}
