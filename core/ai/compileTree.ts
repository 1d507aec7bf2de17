/**
 * Compiles a RawTree into a CompiledTree: flat typed arrays the runtime walks without allocating.
 * Validates every node against the catalog (name, child count, argument types and ranges), going
 * on after a problem so that all of a file's problems are reported at once (TreeProblems).
 * Layout: nodes in depth-first pre-order (root = 0); the children of node n are
 * `children[childStart[n] .. childStart[n] + childCount[n])`, in file order; ARG_SLOTS int
 * arguments per node in `args` (enums as option index; an int[] as offset and count into `table`).
 * Compiling is done once per tree file; the result is immutable and shared by every bot using it.
 * A valid tree also has its match text (`readTree`): the tree as a match carries it to peers —
 * ids, names and the arguments that count, minified JSON — without descriptions, editor fields or
 * ignored aliases, which change nothing in play (and a designer's long Chinese descriptions made
 * a valid tree too large to send). It compiles to the same fingerprint (tested).
 */
import { HASH_SEED, hashFinish, hashInts, hashMix, hashString } from '../math';
import { ARG_SLOTS, MAX_MASK_CHILDREN, NodeKind, nodeSpecOf, type ArgSpec, type NodeSpec } from './catalog';
import { readRawTree, type RawNode, type RawTree } from './parseTree';
import { MAX_STATE_WORDS } from './layout';
import { quote, TreeError, TreeProblems } from './TreeError';

/** Kinds that keep a state word between decisions. */
const STATEFUL: ReadonlySet<number> = new Set<number>([
  NodeKind.MemSequence, NodeKind.MemSelector, NodeKind.Parallel, NodeKind.WeightedRandom, NodeKind.Repeat,
  NodeKind.RepeatUntilFailure, NodeKind.RepeatUntilSuccess, NodeKind.Cooldown, NodeKind.Wait,
]);

/** A validated tree, ready to run. */
export interface CompiledTree {
  readonly file: string;
  readonly name: string;
  /** Number of nodes. */
  readonly size: number;
  readonly kind: Int32Array;
  readonly childStart: Int32Array;
  readonly childCount: Int32Array;
  readonly children: Int32Array;
  readonly args: Int32Array;
  /** Index of each node's state word within the bot's state area, or -1 for stateless nodes. */
  readonly stateSlot: Int32Array;
  /** Values of int[] arguments (WeightedRandom weights). */
  readonly table: Int32Array;
  /** Node ids and titles as in the file (for debugging and tools). */
  readonly ids: readonly string[];
  readonly titles: readonly string[];
  /** Hash of the compiled arrays: equal trees, equal fingerprints (peers compare it). */
  readonly fingerprint: number;
}

/** A valid tree and the text a match carries for it (see the header). */
export interface ReadTree {
  readonly tree: CompiledTree;
  readonly text: string;
}

/**
 * Parses and compiles a tree file (text or parsed JSON).
 * @throws TreeError naming the file, the node id and the problem (`all`: every problem found)
 */
export function loadTree(file: string, source: string | unknown): CompiledTree {
  return readTree(file, source).tree;
}

/** As loadTree, with the tree's match text. @throws TreeError (`all`: every problem found) */
export function readTree(file: string, source: string | unknown): ReadTree {
  try {
    const problems = new TreeProblems(file);
    const raw = readRawTree(file, source, problems);
    const tree = raw && compileInto(raw, problems);
    problems.throwIfAny();
    return { tree: tree!, text: matchText(raw!) };
  } catch (e) {
    // Whatever the input, only TreeError leaves: an engine limit (e.g. a RangeError from a
    // pathological value) becomes a file-level TreeError too.
    if (e instanceof TreeError) throw e;
    throw new TreeError(file, null, `could not be read (${e instanceof Error ? e.name : 'error'}: the file is too large or too deeply nested)`);
  }
}

/** Compiles a parsed tree. @throws TreeError (`all`: every problem found) */
export function compileTree(raw: RawTree): CompiledTree {
  const problems = new TreeProblems(raw.file);
  const tree = compileInto(raw, problems);
  problems.throwIfAny();
  return tree;
}

/** Compiles `raw`, recording its problems in `problems` (the result is only valid without any). */
function compileInto(raw: RawTree, problems: TreeProblems): CompiledTree {
  const order: RawNode[] = [];
  const specs: (NodeSpec | undefined)[] = [];
  collect(raw.root, order, specs);
  const size = order.length;
  const kind = new Int32Array(size);
  const childStart = new Int32Array(size);
  const childCount = new Int32Array(size);
  const children = new Int32Array(Math.max(0, size - 1));
  const args = new Int32Array(size * ARG_SLOTS);
  const stateSlot = new Int32Array(size);
  let states = 0;
  const table: number[] = [];
  const index = new Map<RawNode, number>();
  for (let n = 0; n < size; n++) index.set(order[n]!, n);
  let next = 0;
  for (let n = 0; n < size; n++) {
    const node = order[n]!;
    const spec = specs[n];
    kind[n] = spec?.kind ?? 0;
    stateSlot[n] = spec !== undefined && STATEFUL.has(spec.kind) ? states++ : -1;
    if (states === MAX_STATE_WORDS + 1 && stateSlot[n] === MAX_STATE_WORDS) problems.add(node.id, `the tree has more than ${MAX_STATE_WORDS} nodes that keep state (Mem*, Parallel, WeightedRandom, Repeat*, Cooldown, Wait)`);
    childStart[n] = next;
    childCount[n] = node.children.length;
    for (const c of node.children) children[next++] = index.get(c)!;
    // A node without a name was reported by the parser; its children are still checked.
    if (spec === undefined && node.name !== '') problems.add(node.id, `unknown node name ${quote(node.name)}`);
    if (spec === undefined) continue;
    checkChildren(node, spec, problems);
    compileArgs(node, spec, args, n * ARG_SLOTS, table, problems);
  }
  const t = Int32Array.from(table);
  return { file: raw.file, name: raw.name, size, kind, childStart, childCount, children, args, stateSlot, table: t, ids: order.map((o) => o.id), titles: order.map((o) => o.title), fingerprint: fingerprintOf([kind, childStart, childCount, children, args, t]) };
}

/**
 * The match text of a valid tree (see the header): every node's id, name and the argument values
 * compiling reads (argValue), in the current editor's format. Values are the file's own, so the
 * text compiles exactly as the file did.
 */
function matchText(raw: RawTree): string {
  const node = (n: RawNode): unknown => {
    const spec = nodeSpecOf(n.name)!;
    const args: Record<string, unknown> = {};
    for (const a of spec.args) {
      const got = argValue(n, a);
      if (got !== undefined) args[got.name] = got.value;
    }
    return { id: n.id, name: n.name, ...(Object.keys(args).length ? { args } : {}), ...(n.children.length ? { children: n.children.map(node) } : {}) };
  };
  return JSON.stringify({ name: raw.name, root: node(raw.root) });
}

function fingerprintOf(cols: readonly Int32Array[]): number {
  let h = hashMix(HASH_SEED, hashString('bb-tree-1'));
  let words = 0;
  for (const c of cols) {
    h = hashInts(hashMix(h, c.length), c);
    words += c.length + 1;
  }
  return hashFinish(h, words);
}

/** Pre-order walk that looks up every node's spec (undefined when unknown). */
function collect(node: RawNode, order: RawNode[], specs: (NodeSpec | undefined)[]): void {
  order.push(node);
  specs.push(nodeSpecOf(node.name));
  for (const c of node.children) collect(c, order, specs);
}

function checkChildren(node: RawNode, spec: NodeSpec, problems: TreeProblems): void {
  const n = node.children.length;
  const rule = spec.children;
  if (rule === 'none' && n > 0) problems.add(node.id, `${spec.name} takes no children, has ${n}`);
  if (rule === 'one' && n === 0) problems.add(node.id, `missing child: ${spec.name} needs exactly one child`);
  if ((rule === 'one' || rule === 'optional') && n > 1) problems.add(node.id, `${spec.name} takes one child, has ${n}`);
  if (rule === 'many' && n === 0) problems.add(node.id, `missing child: ${spec.name} needs at least one child`);
  if ((spec.kind === NodeKind.Parallel || spec.kind === NodeKind.WeightedRandom) && n > MAX_MASK_CHILDREN) {
    problems.add(node.id, `${spec.name} takes at most ${MAX_MASK_CHILDREN} children, has ${n}`);
  }
}

/** Writes node's arguments into args[at .. at + ARG_SLOTS) (0 for a value that is refused). */
function compileArgs(node: RawNode, spec: NodeSpec, args: Int32Array, at: number, table: number[], problems: TreeProblems): void {
  const known = new Set<string>();
  let slot = at;
  for (const a of spec.args) {
    known.add(a.name);
    for (const al of a.aliases ?? []) known.add(al.name);
    if (a.type === 'int[]') {
      const list = intList(node, a, argValue(node, a), problems);
      if (list !== null && spec.kind === NodeKind.WeightedRandom) checkWeights(node, list, problems);
      args[slot++] = table.length;
      args[slot++] = list?.length ?? 0;
      table.push(...(list ?? []));
    } else {
      args[slot++] = (a.type === 'enum' ? enumValue(node, a, problems) : intValue(node, a, problems)) ?? 0;
    }
  }
  for (const key of Object.keys(node.args)) {
    if (!known.has(key)) problems.add(node.id, `unknown argument ${quote(key)} for ${spec.name}${spec.args.length ? ` (expected ${spec.args.map((a) => a.name).join(', ')})` : ' (it takes none)'}`);
  }
}

/** The raw value of `a` (or of its first alias present, scaled), undefined when absent. */
function argValue(node: RawNode, a: ArgSpec): { value: unknown; name: string; num: number; den: number; decimals: number } | undefined {
  const own = Object.hasOwn(node.args, a.name) ? node.args[a.name] : undefined;
  if (own !== undefined && own !== null && own !== '') return { value: own, name: a.name, num: 1, den: 1, decimals: 0 };
  for (const al of a.aliases ?? []) {
    const v = Object.hasOwn(node.args, al.name) ? node.args[al.name] : undefined;
    if (v !== undefined && v !== null && v !== '') return { value: v, name: al.name, num: al.num, den: al.den, decimals: al.decimals ?? 0 };
  }
  return undefined;
}

const SCALE = [1, 10, 100, 1000] as const;

/** A number with at most `decimals` decimals (a number, or a string holding one) × 10^decimals. */
function toScaled(v: unknown, decimals: number): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
  const scale = SCALE[decimals] ?? 1;
  // DETERMINISM: rounding a decimal written in the file to its integer count of 10^-decimals units.
  const s = Math.round(n * scale);
  return Number.isSafeInteger(s) && Math.abs(n * scale - s) < 1e-6 ? s : null;
}

/** An integer from a number or a string holding one. */
function toInt(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) ? n : null;
}

function intValue(node: RawNode, a: ArgSpec, problems: TreeProblems): number | null {
  const got = argValue(node, a);
  if (got === undefined) {
    if (typeof a.default === 'number') return a.default;
    problems.add(node.id, `missing argument "${a.name}"`);
    return null;
  }
  const raw = got.decimals > 0 ? toScaled(got.value, got.decimals) : toInt(got.value);
  if (raw === null) {
    problems.add(node.id, `argument "${got.name}" must be ${got.decimals > 0 ? `a number with at most ${got.decimals} decimals` : 'an integer'}, got ${quote(got.value)}`);
    return null;
  }
  // Checked before scaling: a negative duration must not round up to 0 frames and pass.
  if (raw < 0 && a.min !== undefined && a.min >= 0) {
    problems.add(node.id, `argument "${got.name}" = ${quote(got.value)} must not be negative`);
    return null;
  }
  // DETERMINISM: exact integer ceiling of raw × num / den (small positive den).
  const v = got.den === 1 ? raw * got.num : Math.ceil((raw * got.num) / got.den);
  return inRange(node, a, v, got.name, problems) ? v : null;
}

function inRange(node: RawNode, a: ArgSpec, v: number, name: string, problems: TreeProblems): boolean {
  if ((a.min !== undefined && v < a.min) || (a.max !== undefined && v > a.max)) {
    const allowed = a.min !== undefined && a.min === a.max ? `must be ${a.min}` : `is out of range ${a.min ?? '…'}..${a.max ?? '…'}`;
    problems.add(node.id, `argument "${name}" = ${v} ${allowed}${a.why ? ` (${a.why})` : ''}`);
    return false;
  }
  return true;
}

function enumValue(node: RawNode, a: ArgSpec, problems: TreeProblems): number | null {
  const options = a.options ?? [];
  const got = argValue(node, a);
  const value = got === undefined ? a.default : got.value;
  const i = typeof value === 'string' ? options.indexOf(value) : -1;
  if (i >= 0) return i;
  problems.add(node.id, got === undefined ? `missing argument "${a.name}"` : `argument "${a.name}" must be one of ${options.map((o) => `"${o}"`).join(', ')}, got ${quote(got.value)}`);
  return null;
}

/** An int[] from an array of integers or a comma-separated string ("3, 1"); null when refused. */
function intList(node: RawNode, a: ArgSpec, got: ReturnType<typeof argValue>, problems: TreeProblems): number[] | null {
  if (got === undefined) {
    problems.add(node.id, `missing argument "${a.name}"`);
    return null;
  }
  const items: unknown[] = Array.isArray(got.value) ? got.value : typeof got.value === 'string' ? got.value.split(',') : [got.value];
  const out: number[] = [];
  for (let i = 0; i < items.length; i++) {
    const v = toInt(items[i]);
    if (v === null) problems.add(node.id, `argument "${a.name}"[${i}] must be an integer, got ${quote(items[i])}`);
    else if (inRange(node, a, v, `${a.name}[${i}]`, problems)) out.push(v);
  }
  return out.length === items.length ? out : null;
}

function checkWeights(node: RawNode, weights: readonly number[], problems: TreeProblems): void {
  if (weights.length !== node.children.length) problems.add(node.id, `argument "weights" has ${weights.length} entries for ${node.children.length} children`);
  else if (weights.every((w) => w === 0)) problems.add(node.id, 'argument "weights" must not be all zero');
}
