/**
 * Reads a tree file of the behavior3 editor family into one neutral shape (RawTree). Two formats:
 *
 * - Current editor (zhandouxiaojiji/behavior3editor, behavior3-ts, vscode-behavior3):
 *   `{ "name", "desc"?, "root": { "id", "name", "desc"?, "args"?: {…}, "children"?: [ {…} ],
 *   "disabled"?, "path"? } }` — nodes nested; ids are numbers (editor 1.x) or strings (2.x).
 *   Disabled nodes are dropped (as the behavior3 runtimes do); `path` (a subtree file) is refused.
 * - Classic editor (behavior3/behavior3editor, behavior3js): `{ "title", "root": "<id>",
 *   "nodes": { "<id>": { "id", "name", "title", "description"?, "properties"?, "children"?: [ids]
 *   | "child": id } } }`, or a project export `{ "trees": [ … ], "selectedTree"? }` (the selected
 *   tree, else the first). Ids can dangle or form cycles: both are refused.
 *
 * Only structure is checked here (names, ids, links); node names and arguments are checked by
 * compileTree. Untrusted input: never throws anything but TreeError. A problem in one node does
 * not stop the walk: it is recorded (TreeProblems) and the node, or the link, is left out, so one
 * run reports every problem; the node count and depth bounds still end the walk.
 */
import { cutText, quote, QUOTE_CHARS, TreeProblems } from './TreeError';

/** Most nodes a tree may hold (bounds per-agent memory, see layout.ts). */
export const MAX_TREE_NODES = 64;
/** Deepest nesting allowed (bounds the runtime's recursion). */
export const MAX_TREE_DEPTH = 24;

/** A node as read from either format. */
export interface RawNode {
  /** Id as written in the file (numbers become decimal strings). */
  readonly id: string;
  /** The node's name; '' when the file gives none (a problem already recorded). */
  readonly name: string;
  /** Designer's title / description (desc, title, description), for messages and tools. */
  readonly title: string;
  /** Arguments (`args` in the current format, `properties` in the classic one). */
  readonly args: Readonly<Record<string, unknown>>;
  readonly children: readonly RawNode[];
}

export interface RawTree {
  readonly file: string;
  readonly format: 'behavior3' | 'behavior3-classic';
  readonly name: string;
  readonly root: RawNode;
}

type Rec = Readonly<Record<string, unknown>>;

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

function idOf(v: unknown): string | null {
  if (typeof v === 'string' && v.length > 0 && v.length <= 128) return v;
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  return null;
}

function textOf(v: unknown): string {
  return typeof v === 'string' ? v.slice(0, 256) : '';
}

/**
 * Parses a tree file's text (or its already-parsed JSON) into a RawTree.
 * @throws TreeError naming the file, the node id and the problem (`all`: every problem found)
 */
export function parseTree(file: string, source: string | unknown): RawTree {
  const problems = new TreeProblems(file);
  const raw = readRawTree(file, source, problems);
  problems.throwIfAny();
  return raw!;
}

/**
 * As parseTree, but records the problems in `problems` instead of throwing: the tree as far as it
 * could be read, or null when there is none to go on with (not JSON, no root…). Never throws.
 */
export function readRawTree(file: string, source: string | unknown, problems: TreeProblems): RawTree | null {
  let json: unknown = source;
  if (typeof source === 'string') {
    try {
      json = JSON.parse(source);
    } catch (e) {
      problems.add(null, notJson(e));
      return null;
    }
  }
  if (!isRec(json)) return fail(problems, 'expected a JSON object with a "root"');
  if (Array.isArray(json['trees'])) {
    const tree = pickProjectTree(json);
    return tree ? parseClassic(file, tree, json['trees'] as readonly unknown[], problems) : fail(problems, 'the project holds no tree');
  }
  if (isRec(json['root'])) return parseCurrent(file, json, problems);
  if (json['root'] !== undefined && isRec(json['nodes'])) return parseClassic(file, json, [], problems);
  return fail(problems, 'no tree found: expected "root" (an object, or a node id with "nodes") or a project with "trees"');
}

function fail(problems: TreeProblems, problem: string): null {
  problems.add(null, problem);
  return null;
}

/** JSON.parse's complaint, cut: the engine's message quotes a piece of the file around the fault. */
function notJson(e: unknown): string {
  return `not valid JSON (${cutText((e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' '), 3 * QUOTE_CHARS)})`;
}

/**
 * Counts nodes and depth while parsing, so a huge or deep file ends the walk early (each bound
 * reported once); ids must be unique.
 */
class Budget {
  private count = 0;
  private tooDeep = false;
  private readonly ids = new Set<string>();
  constructor(private readonly problems: TreeProblems) {}
  /** Whether node `id` at `depth` is read (its problems recorded either way). */
  take(id: string, depth: number): boolean {
    if (++this.count > MAX_TREE_NODES) {
      if (this.count === MAX_TREE_NODES + 1) this.problems.add(id, `the tree has more than ${MAX_TREE_NODES} nodes`);
      return false;
    }
    if (depth > MAX_TREE_DEPTH) {
      if (!this.tooDeep) this.problems.add(id, `nested deeper than ${MAX_TREE_DEPTH} levels`);
      this.tooDeep = true;
      return false;
    }
    if (this.ids.has(id)) this.problems.add(id, `duplicate node id: another node of this tree has id ${quote(id)}; give every node its own id`);
    this.ids.add(id);
    return true;
  }
}

function parseCurrent(file: string, json: Rec, problems: TreeProblems): RawTree | null {
  const rootRec = json['root'] as Rec;
  if (rootRec['disabled'] === true) {
    problems.add(idOf(rootRec['id']), 'the root node is disabled');
    return null;
  }
  const root = currentNode(rootRec, new Budget(problems), problems, 0, '(root)');
  return root && { file, format: 'behavior3', name: textOf(json['name']) || file, root };
}

function currentNode(rec: Rec, budget: Budget, problems: TreeProblems, depth: number, where: string): RawNode | null {
  const id = idOf(rec['id']);
  if (id === null) {
    problems.add(null, `the node at ${where} has no valid "id"`);
    return null;
  }
  if (!budget.take(id, depth)) return null;
  let name = rec['name'];
  if (typeof name !== 'string' || name.length === 0) {
    problems.add(id, 'missing node "name"');
    name = '';
  }
  if (rec['path'] !== undefined) problems.add(id, `subtree files are not supported ("path": ${quote(rec['path'])}); copy the subtree into this tree`);
  let args = rec['args'] ?? {};
  if (!isRec(args)) {
    problems.add(id, '"args" must be an object');
    args = {};
  }
  let kids = rec['children'] ?? [];
  if (!Array.isArray(kids)) {
    problems.add(id, '"children" must be an array of nodes');
    kids = [];
  }
  const children: RawNode[] = [];
  const list = kids as readonly unknown[];
  for (let i = 0; i < list.length; i++) {
    const k = list[i];
    if (!isRec(k)) {
      problems.add(id, `child ${i} is not a node object`);
      continue;
    }
    if (k['disabled'] === true) continue;
    const child = currentNode(k, budget, problems, depth + 1, `child ${i} of node ${cutText(id)}`);
    if (child) children.push(child);
  }
  return { id, name: name as string, title: textOf(rec['desc']) || textOf(rec['title']), args: args as Rec, children };
}

function pickProjectTree(project: Rec): Rec | null {
  const trees = project['trees'] as readonly unknown[];
  const selected = idOf(project['selectedTree']);
  const found = trees.find((t) => isRec(t) && selected !== null && idOf(t['id']) === selected) ?? trees[0];
  return isRec(found) ? found : null;
}

function parseClassic(file: string, tree: Rec, projectTrees: readonly unknown[], problems: TreeProblems): RawTree | null {
  const nodes = tree['nodes'];
  if (!isRec(nodes)) return fail(problems, 'missing "nodes" object');
  const rootId = idOf(tree['root']);
  if (rootId === null) return fail(problems, 'the tree has no root node (connect a node to the root)');
  const treeIds = new Set<string>();
  for (const t of projectTrees) if (isRec(t)) treeIds.add(idOf(t['id']) ?? '');
  const root = new ClassicWalk(nodes, treeIds, problems).node(rootId, null, 0);
  return root && { file, format: 'behavior3-classic', name: textOf(tree['title']) || file, root };
}

/** Depth-first walk of a classic node table: links by id, leaving out dangling ids, cycles and shared nodes. */
class ClassicWalk {
  private readonly budget: Budget;
  private readonly onPath = new Set<string>();
  private readonly seen = new Set<string>();

  constructor(
    private readonly nodes: Rec,
    private readonly treeIds: ReadonlySet<string>,
    private readonly problems: TreeProblems,
  ) {
    this.budget = new Budget(problems);
  }

  node(id: string, parent: string | null, depth: number): RawNode | null {
    const problems = this.problems;
    const rec = Object.hasOwn(this.nodes, id) ? this.nodes[id] : undefined;
    if (!isRec(rec)) {
      if (parent === null) problems.add(id, 'the root id names no node in "nodes"');
      else problems.add(parent, `missing child: id ${quote(id)} names no node in "nodes"`);
      return null;
    }
    if (this.onPath.has(id)) {
      problems.add(id, `cycle: node ${cutText(id)} is its own ancestor (via node ${cutText(parent ?? '?')})`);
      return null;
    }
    if (this.seen.has(id)) {
      problems.add(id, `node ${cutText(id)} is the child of two parents`);
      return null;
    }
    if (!this.budget.take(id, depth)) return null;
    this.onPath.add(id);
    this.seen.add(id);
    let name = rec['name'];
    if (typeof name !== 'string' || name.length === 0) {
      problems.add(id, 'missing node "name"');
      name = '';
    } else if (this.treeIds.has(name)) {
      problems.add(id, 'subtrees (a tree used as a node) are not supported; copy the subtree into this tree');
    }
    let args = rec['properties'] ?? rec['parameters'] ?? {};
    if (!isRec(args)) {
      problems.add(id, '"properties" must be an object');
      args = {};
    }
    const children: RawNode[] = [];
    for (const cid of this.children(id, rec)) {
      const child = this.node(cid, id, depth + 1);
      if (child) children.push(child);
    }
    this.onPath.delete(id);
    return { id, name: name as string, title: textOf(rec['title']) || textOf(rec['description']), args: args as Rec, children };
  }

  private children(id: string, rec: Rec): string[] {
    const list = rec['children'];
    const one = rec['child'];
    const out: string[] = [];
    if (list !== undefined && list !== null) {
      if (!Array.isArray(list)) this.problems.add(id, '"children" must be an array of node ids');
      else {
        for (let i = 0; i < list.length; i++) {
          const cid = idOf(list[i]);
          if (cid === null) this.problems.add(id, `child ${i} is not a node id`);
          else out.push(cid);
        }
      }
    }
    if (one !== undefined && one !== null) {
      const cid = idOf(one);
      if (cid === null) this.problems.add(id, '"child" is not a node id');
      else out.push(cid);
    }
    return out;
  }
}
