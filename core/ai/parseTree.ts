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
 * compileTree. Untrusted input: never throws anything but TreeError.
 */
import { cutText, quote, QUOTE_CHARS, TreeError } from './TreeError';

/** Most nodes a tree may hold (bounds per-agent memory, see layout.ts). */
export const MAX_TREE_NODES = 64;
/** Deepest nesting allowed (bounds the runtime's recursion). */
export const MAX_TREE_DEPTH = 24;

/** A node as read from either format. */
export interface RawNode {
  /** Id as written in the file (numbers become decimal strings). */
  readonly id: string;
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
 * @throws TreeError naming the file, the node id and the problem
 */
export function parseTree(file: string, source: string | unknown): RawTree {
  let json: unknown = source;
  if (typeof source === 'string') {
    try {
      json = JSON.parse(source);
    } catch (e) {
      throw new TreeError(file, null, notJson(e));
    }
  }
  if (!isRec(json)) throw new TreeError(file, null, 'expected a JSON object with a "root"');
  if (Array.isArray(json['trees'])) return parseClassic(file, pickProjectTree(file, json), json['trees'] as readonly unknown[]);
  if (isRec(json['root'])) return parseCurrent(file, json);
  if (json['root'] !== undefined && isRec(json['nodes'])) return parseClassic(file, json, []);
  throw new TreeError(file, null, 'no tree found: expected "root" (an object, or a node id with "nodes") or a project with "trees"');
}

/** JSON.parse's complaint, cut: the engine's message quotes a piece of the file around the fault. */
export function notJson(e: unknown): string {
  return `not valid JSON (${cutText((e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' '), 3 * QUOTE_CHARS)})`;
}

/** Counts nodes and depth while parsing, so a huge or deep file fails early; ids must be unique. */
class Budget {
  count = 0;
  private readonly ids = new Set<string>();
  constructor(private readonly file: string) {}
  take(id: string, depth: number): void {
    if (++this.count > MAX_TREE_NODES) throw new TreeError(this.file, id, `the tree has more than ${MAX_TREE_NODES} nodes`);
    if (depth > MAX_TREE_DEPTH) throw new TreeError(this.file, id, `nested deeper than ${MAX_TREE_DEPTH} levels`);
    if (this.ids.has(id)) throw new TreeError(this.file, id, `duplicate node id: another node of this tree has id ${quote(id)}; give every node its own id`);
    this.ids.add(id);
  }
}

function parseCurrent(file: string, json: Rec): RawTree {
  const budget = new Budget(file);
  const rootRec = json['root'] as Rec;
  if (rootRec['disabled'] === true) throw new TreeError(file, idOf(rootRec['id']), 'the root node is disabled');
  const root = currentNode(file, rootRec, budget, 0, '(root)');
  return { file, format: 'behavior3', name: textOf(json['name']) || file, root };
}

function currentNode(file: string, rec: Rec, budget: Budget, depth: number, where: string): RawNode {
  const id = idOf(rec['id']);
  if (id === null) throw new TreeError(file, null, `the node at ${where} has no valid "id"`);
  budget.take(id, depth);
  const name = rec['name'];
  if (typeof name !== 'string' || name.length === 0) throw new TreeError(file, id, 'missing node "name"');
  if (rec['path'] !== undefined) throw new TreeError(file, id, `subtree files are not supported ("path": ${quote(rec['path'])}); copy the subtree into this tree`);
  const args = rec['args'] ?? {};
  if (!isRec(args)) throw new TreeError(file, id, '"args" must be an object');
  const kids = rec['children'] ?? [];
  if (!Array.isArray(kids)) throw new TreeError(file, id, '"children" must be an array of nodes');
  const children: RawNode[] = [];
  for (let i = 0; i < kids.length; i++) {
    const k: unknown = kids[i];
    if (!isRec(k)) throw new TreeError(file, id, `child ${i} is not a node object`);
    if (k['disabled'] === true) continue;
    children.push(currentNode(file, k, budget, depth + 1, `child ${i} of node ${cutText(id)}`));
  }
  return { id, name, title: textOf(rec['desc']) || textOf(rec['title']), args, children };
}

function pickProjectTree(file: string, project: Rec): Rec {
  const trees = project['trees'] as readonly unknown[];
  const selected = idOf(project['selectedTree']);
  const found = trees.find((t) => isRec(t) && selected !== null && idOf(t['id']) === selected) ?? trees[0];
  if (!isRec(found)) throw new TreeError(file, null, 'the project holds no tree');
  return found;
}

function parseClassic(file: string, tree: Rec, projectTrees: readonly unknown[]): RawTree {
  const nodes = tree['nodes'];
  if (!isRec(nodes)) throw new TreeError(file, null, 'missing "nodes" object');
  const rootId = idOf(tree['root']);
  if (rootId === null) throw new TreeError(file, null, 'the tree has no root node (connect a node to the root)');
  const treeIds = new Set<string>();
  for (const t of projectTrees) if (isRec(t)) treeIds.add(idOf(t['id']) ?? '');
  const walk = new ClassicWalk(file, nodes, treeIds);
  const root = walk.node(rootId, null, 0);
  return { file, format: 'behavior3-classic', name: textOf(tree['title']) || file, root };
}

/** Depth-first walk of a classic node table: links by id, refusing dangling ids, cycles and shared nodes. */
class ClassicWalk {
  private readonly budget: Budget;
  private readonly onPath = new Set<string>();
  private readonly seen = new Set<string>();

  constructor(
    private readonly file: string,
    private readonly nodes: Rec,
    private readonly treeIds: ReadonlySet<string>,
  ) {
    this.budget = new Budget(file);
  }

  node(id: string, parent: string | null, depth: number): RawNode {
    const rec = Object.hasOwn(this.nodes, id) ? this.nodes[id] : undefined;
    if (!isRec(rec)) {
      throw parent === null
        ? new TreeError(this.file, id, 'the root id names no node in "nodes"')
        : new TreeError(this.file, parent, `missing child: id ${quote(id)} names no node in "nodes"`);
    }
    if (this.onPath.has(id)) throw new TreeError(this.file, id, `cycle: node ${cutText(id)} is its own ancestor (via node ${cutText(parent ?? '?')})`);
    if (this.seen.has(id)) throw new TreeError(this.file, id, `node ${cutText(id)} is the child of two parents`);
    this.budget.take(id, depth);
    this.onPath.add(id);
    this.seen.add(id);
    const name = rec['name'];
    if (typeof name !== 'string' || name.length === 0) throw new TreeError(this.file, id, 'missing node "name"');
    if (this.treeIds.has(name)) throw new TreeError(this.file, id, 'subtrees (a tree used as a node) are not supported; copy the subtree into this tree');
    const args = rec['properties'] ?? rec['parameters'] ?? {};
    if (!isRec(args)) throw new TreeError(this.file, id, '"properties" must be an object');
    const children = this.children(id, rec).map((cid) => this.node(cid, id, depth + 1));
    this.onPath.delete(id);
    return { id, name, title: textOf(rec['title']) || textOf(rec['description']), args, children };
  }

  private children(id: string, rec: Rec): string[] {
    const list = rec['children'];
    const one = rec['child'];
    const out: string[] = [];
    if (list !== undefined && list !== null) {
      if (!Array.isArray(list)) throw new TreeError(this.file, id, '"children" must be an array of node ids');
      for (let i = 0; i < list.length; i++) {
        const cid = idOf(list[i]);
        if (cid === null) throw new TreeError(this.file, id, `child ${i} is not a node id`);
        out.push(cid);
      }
    }
    if (one !== undefined && one !== null) {
      const cid = idOf(one);
      if (cid === null) throw new TreeError(this.file, id, '"child" is not a node id');
      out.push(cid);
    }
    return out;
  }
}
