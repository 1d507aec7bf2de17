/**
 * A match's bot brains: one compiled tree per difficulty, loaded from tree files with a fallback
 * to the built-in tree of that difficulty when a file is missing or invalid (never throws for a
 * bad file: the problem comes back as a notice for the caller to show). Every peer must run the
 * same brains: compare `fingerprint` (the lockstep match start carries the host's).
 * A TreeSet is brains plus the text each tree was compiled from (its match text, compileTree.ts:
 * minified JSON without descriptions or editor fields, at most MAX_TREE_SOURCE_BYTES each): what a
 * host sends to peers whose trees differ and what the page compiles again (`compileTreeSet`,
 * strict: no fallback, the caller checks the fingerprint).
 * A file's problems all come back, each a one-line notice naming the file and the node (at most
 * MAX_TREE_ERRORS a file, TreeError.ts).
 */
import { HASH_SEED, hashFinish, hashMix } from '../math';
import { utf8Length } from '../net';
import { loadTree, readTree, type CompiledTree } from './compileTree';
import { DEFAULT_TREES } from './defaultTrees';
import { cutText, QUOTE_CHARS, TreeError } from './TreeError';

/** Bot difficulties; the value indexes BotBrains.trees. */
export const Difficulty = { Easy: 0, Normal: 1, Hard: 2 } as const;
export type Difficulty = (typeof Difficulty)[keyof typeof Difficulty];

/** Lower-case names, indexed by Difficulty (also the tree file names: `<name>.json`). */
export const DIFFICULTY_NAMES: readonly string[] = ['easy', 'normal', 'hard'];

/** The trees of a match. */
export interface BotBrains {
  /** Indexed by Difficulty. */
  readonly trees: readonly CompiledTree[];
  /** Hash of every tree's fingerprint, in difficulty order. */
  readonly fingerprint: number;
}

/** A tree file as the caller read it: its name and its text (or parsed JSON). */
export interface TreeFile {
  readonly file: string;
  readonly source: string | unknown;
}

/**
 * A tree file the caller could not read: `unread` says why in a user's words (e.g. "a folder, not
 * a file", "no such file in resources/ai"), shown as "<file>: tree: could not be read (<why>)".
 */
export interface UnreadTreeFile {
  readonly file: string;
  readonly unread: string;
}

/**
 * Most UTF-8 bytes of one tree's match text (compileTree.ts: descriptions and editor fields left
 * out), as a match keeps and sends it.
 */
export const MAX_TREE_SOURCE_BYTES = 16_384;

/** A match's trees: compiled, and the source each was compiled from (minified JSON text). */
export interface TreeSet {
  readonly brains: BotBrains;
  /** Indexed by Difficulty; a fallback's source is the built-in tree's. */
  readonly sources: readonly string[];
}

/** Brains plus what went wrong while loading them. */
export interface LoadedBrains extends TreeSet {
  /**
   * One line per problem of a file that fell back, e.g. `hard.json: node 7: unknown node name
   * "Chse" — using the built-in Hard tree` (every problem of the file, up to MAX_TREE_ERRORS).
   */
  readonly notices: readonly string[];
  /** The errors behind the notices, one each (file, node id, problem). */
  readonly errors: readonly TreeError[];
}

const title = (d: number): string => DIFFICULTY_NAMES[d]!.charAt(0).toUpperCase() + DIFFICULTY_NAMES[d]!.slice(1);

/** The built-in tree of difficulty `d`, compiled (always valid: tested). */
export function defaultTree(d: Difficulty): CompiledTree {
  return loadTree(`built-in ${DIFFICULTY_NAMES[d]}`, DEFAULT_TREES[d]);
}

/** Brains made of the built-in trees only. */
export function defaultBrains(): BotBrains {
  return brainsOf([defaultTree(Difficulty.Easy), defaultTree(Difficulty.Normal), defaultTree(Difficulty.Hard)]);
}

/** The built-in tree of difficulty `d` as its match text (compiles to `defaultTree(d)`: tested). */
export function builtInSource(d: Difficulty): string {
  return readTree(`built-in ${DIFFICULTY_NAMES[d]}`, DEFAULT_TREES[d]).text;
}

/** The built-in trees as a TreeSet. */
export function defaultTreeSet(): TreeSet {
  return { brains: defaultBrains(), sources: DIFFICULTY_NAMES.map((_, d) => builtInSource(d as Difficulty)) };
}

/**
 * A file as a match uses it: compiled from the file, then from its match text (what a peer
 * compiles, so what the fingerprint is taken from). @throws TreeError (`all`: every problem)
 */
function matchTree(file: string, source: string | unknown): { tree: CompiledTree; text: string } {
  const { text } = readTree(file, source);
  const bytes = utf8Length(text);
  if (bytes > MAX_TREE_SOURCE_BYTES) {
    throw new TreeError(file, null, `${bytes} bytes without its descriptions (as a match sends it), more than the ${MAX_TREE_SOURCE_BYTES} a match carries: use fewer nodes, shorter ids or shorter argument values`);
  }
  return { tree: loadTree(file, text), text };
}

/**
 * Compiles a match's trees from their sources (indexed by Difficulty), with no fallback: trees
 * received from a host or handed to the page either all compile or are refused.
 * @throws TreeError naming the difficulty's file and the problem
 */
export function compileTreeSet(sources: readonly string[]): TreeSet {
  if (sources.length !== DIFFICULTY_NAMES.length) throw new TreeError('trees', null, `${sources.length} trees, expected ${DIFFICULTY_NAMES.length}`);
  const trees = sources.map((text, d) => {
    const file = `${DIFFICULTY_NAMES[d]}.json`;
    if (utf8Length(text) > MAX_TREE_SOURCE_BYTES) throw new TreeError(file, null, `larger than ${MAX_TREE_SOURCE_BYTES} bytes`);
    return loadTree(file, text);
  });
  return { brains: brainsOf(trees), sources: [...sources] };
}

/** Brains from compiled trees, indexed by Difficulty. */
export function brainsOf(trees: readonly CompiledTree[]): BotBrains {
  let h = HASH_SEED;
  for (const t of trees) h = hashMix(h, t.fingerprint);
  return { trees, fingerprint: hashFinish(h, trees.length) };
}

/**
 * Loads one tree per difficulty from `files` (indexed by Difficulty; undefined = use the built-in
 * tree silently). A file that fails to load — or that the caller could not read, e.g. refused for
 * its size — is replaced by the built-in tree and reported, in the same words either way: one
 * notice per problem.
 */
export function loadBotBrains(files: readonly (TreeFile | UnreadTreeFile | undefined)[]): LoadedBrains {
  const trees: CompiledTree[] = [];
  const sources: string[] = [];
  const notices: string[] = [];
  const errors: TreeError[] = [];
  for (let d = 0; d < DIFFICULTY_NAMES.length; d++) {
    const f = files[d];
    if (f !== undefined) {
      try {
        if ('unread' in f) throw new TreeError(f.file, null, `could not be read (${cutText(f.unread, 3 * QUOTE_CHARS)})`);
        const { tree, text } = matchTree(f.file, f.source);
        trees.push(tree);
        sources.push(text);
        continue;
      } catch (e) {
        const all = e instanceof TreeError ? e.all : [new TreeError(f.file, null, `could not be loaded (${String(e)})`)];
        for (const err of all) {
          errors.push(err);
          notices.push(`${err.message} — using the built-in ${title(d)} tree`);
        }
      }
    }
    trees.push(defaultTree(d as Difficulty));
    sources.push(builtInSource(d as Difficulty));
  }
  return { brains: brainsOf(trees), sources, notices, errors };
}
