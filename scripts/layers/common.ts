/**
 * What the layering rules share: the Violation record, where a file sits (its layer, whether it is
 * test code) and how its imports are found on the syntax tree and resolved to repo paths.
 */
import path from 'node:path';
import ts from 'typescript';

export interface Violation {
  readonly file: string;
  readonly line: number;
  readonly rule: string;
  readonly message: string;
}

export type Layer = 'core' | 'renderer' | 'electron' | 'other';

export function layerOf(rel: string): Layer {
  const top = rel.split('/')[0];
  return top === 'core' || top === 'renderer' || top === 'electron' ? top : 'other';
}

/** A test or benchmark file by its name: what the import and determinism rules relax for. */
export const isTest = (rel: string): boolean => /\.(test|spec|bench)\.ts$/.test(rel);

/**
 * Test code: test and bench files, anything in a `testing/` or `test/` folder at any depth, all of
 * top-level e2e/ and bench/, and the scripts that only generate test fixtures (their name says
 * `fixtures`). Product code may not import it (test-helpers) and it may reach into core/ internals
 * (public-surface). Product scripts (host, client, match, …) are not test code.
 */
export function isTestCode(rel: string): boolean {
  return isTest(rel) || /(^|\/)(test|testing)\//.test(rel) || /^(e2e|bench)\//.test(rel) || /^scripts\/[^/]*fixtures[^/]*$/.test(rel);
}

export interface ImportRef {
  readonly spec: string;
  readonly typeOnly: boolean;
  readonly line: number;
}

export function lineOf(sf: ts.SourceFile, node: ts.Node): number {
  return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
}

/** Static imports, re-exports, dynamic import(), require() and `import('x').T` types. */
export function collectImports(sf: ts.SourceFile): ImportRef[] {
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

/** The repo-relative target of a relative specifier (as written, no extension added), or undefined for a bare one. */
export function resolveRel(fromRel: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  return path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), spec));
}

/** The file a resolved target names in `files`, as the bundler resolves it: `x.ts`, then `x/index.ts`. */
export function resolveFile(target: string, files: ReadonlySet<string>): string | undefined {
  const base = target.replace(/\.(ts|js)$/, '');
  return [`${base}.ts`, `${base}/index.ts`, target].find((f) => files.has(f));
}
