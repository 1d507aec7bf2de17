/**
 * Rule `core-determinism`: what the simulation may not touch, checked on the syntax tree of core/
 * product files. Every peer must compute bit-identical worlds, so: no clock, randomness, timer,
 * I/O, console, process or global object; no eval / Function (they reach the global object); no
 * async/await, for…in or `with`; `**` only when exact; and Math only as `Math.<fn>(…)` with fn an
 * exact integer function — so Math cannot be aliased, destructured or indexed around the list.
 */
import ts from 'typescript';
import { lineOf, type Violation } from './common';

/** The Math functions core/ may call: exact on integers, the same on every engine. */
export const ALLOWED_MATH = ['abs', 'ceil', 'clz32', 'floor', 'imul', 'max', 'min', 'round', 'sign', 'trunc'];
const ALLOWED = new Set(ALLOWED_MATH);
const MATH_RULE = `Math may only be used as Math.<fn>(…) with fn in ${ALLOWED_MATH.join(', ')}`;

// `Function('return this')()` and indirect eval hand out the global object; `global` and `self` are
// its Node and worker names.
const BANNED_GLOBALS = new Set([
  'Date', 'performance', 'setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval', 'queueMicrotask',
  'requestAnimationFrame', 'console', 'process', 'fetch', 'XMLHttpRequest', 'WebSocket', 'globalThis', 'window', 'document',
  'require', 'crypto', 'localStorage', 'navigator', 'Intl', 'SharedArrayBuffer', 'Atomics', 'WeakRef', 'FinalizationRegistry',
  'eval', 'Function', 'global', 'self',
]);

/** Whether `id` names a variable (and is not a property name, a type or an import/export alias). */
function isReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
  if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isPropertySignature(p) || ts.isMethodDeclaration(p) || ts.isMethodSignature(p)) && p.name === id) return false;
  if (ts.isBindingElement(p) && p.propertyName === id) return false;
  if (ts.isQualifiedName(p) && p.right === id) return false;
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isTypeReferenceNode(p)) return false;
  return true;
}

/** What a reference to Math does, when it is not an allowed `Math.<fn>(…)` call; undefined when it is one. */
function mathMisuse(id: ts.Identifier): string | undefined {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.expression === id) {
    const name = p.name.text;
    if (p.questionDotToken) return `${MATH_RULE}; found optional chaining Math?.${name}`;
    if (!ALLOWED.has(name)) return `Math.${name} is banned in core/ (not an exact integer function; use core/math); ${MATH_RULE}`;
    const call = p.parent;
    if (ts.isCallExpression(call) && call.expression === p && !call.questionDotToken) return undefined;
    return `${MATH_RULE}; found Math.${name} not called (aliased, passed or assigned)`;
  }
  if (ts.isElementAccessExpression(p) && p.expression === id) return `${MATH_RULE}; found a computed access Math[…]`;
  if (ts.isVariableDeclaration(p) && p.initializer === id) {
    return `${MATH_RULE}; found ${ts.isIdentifier(p.name) ? 'an alias' : 'destructuring from Math'}`;
  }
  if (ts.isBinaryExpression(p) && p.right === id && ts.isObjectLiteralExpression(p.left)) return `${MATH_RULE}; found destructuring from Math`;
  if (ts.isSpreadElement(p) || ts.isSpreadAssignment(p)) return `${MATH_RULE}; found a spread of Math`;
  if (ts.isWithStatement(p)) return `${MATH_RULE}; found with (Math)`;
  if (ts.isCallExpression(p) || ts.isNewExpression(p)) return `${MATH_RULE}; found Math passed to a function`;
  return `${MATH_RULE}; found Math used as a value`;
}

export function determinismViolations(sf: ts.SourceFile, rel: string): Violation[] {
  const out: Violation[] = [];
  const add = (node: ts.Node, message: string): void => void out.push({ file: rel, line: lineOf(sf, node), rule: 'core-determinism', message });
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === 'Math' && isReference(node)) {
      const misuse = mathMisuse(node);
      if (misuse) add(node, misuse);
    } else if (ts.isIdentifier(node) && BANNED_GLOBALS.has(node.text) && isReference(node)) {
      add(node, `${node.text} is banned in core/ (clock, timer, I/O, eval or host object)`);
    } else if (ts.isForInStatement(node)) {
      add(node, 'for…in is banned in core/ (iterate arrays in index order)');
    } else if (ts.isWithStatement(node)) {
      add(node, '`with` is banned in core/ (names would resolve on an object at run time)');
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
