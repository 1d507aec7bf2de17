/**
 * The layering rules of docs/ARCHITECTURE.md, checked on the syntax tree of every source file.
 *
 * - core/: imports only core/ (tests and benches may add packages, node:*, test/ and bench/); others use no
 *   clock, randomness, transcendental or float-only Math, timer, I/O, console, process or global
 *   object, no async/await, no for…in, and no `**` other than
 *   `x ** <integer literal>` and `2 ** k`.
 * - renderer/: imports core/, renderer/, three, and *type-only* electron/contract; nothing else.
 * - electron/: never imports renderer/; only main.ts, preload.ts and electronShell/ import `electron`;
 *   the preload imports only `electron` and the contract.
 * - everything else (scripts, tests, benches): never imports `electron` as a value (doing so from
 *   plain Node starts a binary download).
 */
import path from 'node:path';
import ts from 'typescript';

export interface Violation {
  readonly file: string;
  readonly line: number;
  readonly rule: string;
  readonly message: string;
}

const BANNED_MATH = new Set(['random', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh', 'exp', 'expm1', 'log', 'log1p', 'log2', 'log10', 'pow', 'hypot', 'cbrt', 'sqrt', 'fround']);
const BANNED_GLOBALS = new Set([
  'Date', 'performance', 'setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval', 'queueMicrotask',
  'requestAnimationFrame', 'console', 'process', 'fetch', 'XMLHttpRequest', 'WebSocket', 'globalThis', 'window', 'document',
  'require', 'crypto', 'localStorage', 'navigator', 'Intl', 'SharedArrayBuffer', 'Atomics', 'WeakRef', 'FinalizationRegistry',
]);
const ELECTRON_IMPORTERS = [/^electron\/main\.ts$/, /^electron\/preload\.ts$/, /^electron\/electronShell\//];

type Layer = 'core' | 'renderer' | 'electron' | 'other';

function layerOf(rel: string): Layer {
  const top = rel.split('/')[0];
  return top === 'core' || top === 'renderer' || top === 'electron' ? top : 'other';
}

const isTest = (rel: string): boolean => /\.(test|spec|bench)\.ts$/.test(rel);

interface ImportRef {
  readonly spec: string;
  readonly typeOnly: boolean;
  readonly line: number;
}

function lineOf(sf: ts.SourceFile, node: ts.Node): number {
  return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
}

function collectImports(sf: ts.SourceFile): ImportRef[] {
  const out: ImportRef[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push({ spec: node.moduleSpecifier.text, typeOnly: !!node.importClause?.isTypeOnly, line: lineOf(sf, node) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push({ spec: node.moduleSpecifier.text, typeOnly: node.isTypeOnly, line: lineOf(sf, node) });
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0]!)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) {
        out.push({ spec: (node.arguments[0] as ts.StringLiteral).text, typeOnly: false, line: lineOf(sf, node) });
      }
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push({ spec: node.argument.literal.text, typeOnly: true, line: lineOf(sf, node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The repo-relative target of a relative specifier, or undefined for a bare one. */
function resolveRel(fromRel: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  return path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), spec));
}

/**
 * Tests and benchmarks beside core/renderer code run in Node (vitest, the bench runner), never in
 * the simulation or the page: they may use packages, node:*, and the test/, bench/, e2e/ and
 * scripts/ helpers — but not the packages `banned` names (an engine, or electron from plain Node).
 */
function testImportAllowed(imp: ImportRef, target: string | undefined, banned: RegExp): boolean {
  return target === undefined ? !banned.test(imp.spec) : /^(test|bench|e2e|scripts)\//.test(target);
}

function importViolation(rel: string, imp: ImportRef): string | undefined {
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
      ? `only electron/main.ts, electron/preload.ts and electron/electronShell/ may import electron (services must run in plain Node)`
      : `"${imp.spec}" must not be imported from plain Node (it would start a binary download)`;
  }
  return undefined;
}

function isReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
  if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isPropertySignature(p) || ts.isMethodDeclaration(p) || ts.isMethodSignature(p)) && p.name === id) return false;
  if (ts.isQualifiedName(p) && p.right === id) return false;
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isTypeReferenceNode(p)) return false;
  return true;
}

function determinismViolations(sf: ts.SourceFile, rel: string): Violation[] {
  const out: Violation[] = [];
  const add = (node: ts.Node, message: string): void => void out.push({ file: rel, line: lineOf(sf, node), rule: 'core-determinism', message });
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Math' && BANNED_MATH.has(node.name.text)) {
      add(node, `Math.${node.name.text} is banned in core/ (not deterministic or not integer; use core/math)`);
    } else if (ts.isIdentifier(node) && BANNED_GLOBALS.has(node.text) && isReference(node)) {
      add(node, `${node.text} is banned in core/ (clock, timer, I/O or host object)`);
    } else if (ts.isForInStatement(node)) {
      add(node, 'for…in is banned in core/ (iterate arrays in index order)');
    } else if (ts.isAwaitExpression(node) || (ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword))) {
      add(node, 'async/await is banned in core/ (the simulation is synchronous)');
    } else if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.AsteriskAsteriskToken || node.operatorToken.kind === ts.SyntaxKind.AsteriskAsteriskEqualsToken)) {
      // DETERMINISM: x ** n with an integer-literal n, and 2 ** k (an exact power of two), are exact.
      const intLiteral = (e: ts.Expression): boolean => ts.isNumericLiteral(e) && /^\d+$/.test(e.text);
      const powerOfTwo = ts.isNumericLiteral(node.left) && node.left.text === '2';
      if (!intLiteral(node.right) && !powerOfTwo) add(node, '`**` is banned in core/ unless the exponent is an integer literal or the base is 2');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** All violations in one file, given its repo-relative path (forward slashes) and source. */
export function checkSource(rel: string, source: string): Violation[] {
  const sf = ts.createSourceFile(rel, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: Violation[] = [];
  for (const imp of collectImports(sf)) {
    const message = importViolation(rel, imp);
    if (message) out.push({ file: rel, line: imp.line, rule: 'layer-imports', message });
  }
  if (layerOf(rel) === 'core' && !isTest(rel)) out.push(...determinismViolations(sf, rel));
  return out;
}
