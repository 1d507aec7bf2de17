/**
 * A match's bot brains: one compiled tree per difficulty, loaded from tree files with a fallback
 * to the built-in tree of that difficulty when a file is missing or invalid (never throws for a
 * bad file: the problem comes back as a notice for the caller to show). Every peer must run the
 * same brains: compare `fingerprint` (e.g. in the lobby) like a map's fingerprint.
 */
import { HASH_SEED, hashFinish, hashMix } from '../math';
import { loadTree, type CompiledTree } from './compileTree';
import { DEFAULT_TREES } from './defaultTrees';
import { TreeError } from './TreeError';

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

/** Brains plus what went wrong while loading them. */
export interface LoadedBrains {
  readonly brains: BotBrains;
  /** One line per fallback, e.g. `hard.json: node 7: unknown node name "Chse" — using the built-in Hard tree`. */
  readonly notices: readonly string[];
  /** The errors behind the notices (file, node id, problem). */
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

/** Brains from compiled trees, indexed by Difficulty. */
export function brainsOf(trees: readonly CompiledTree[]): BotBrains {
  let h = HASH_SEED;
  for (const t of trees) h = hashMix(h, t.fingerprint);
  return { trees, fingerprint: hashFinish(h, trees.length) };
}

/**
 * Loads one tree per difficulty from `files` (indexed by Difficulty; undefined = use the built-in
 * tree silently). A file that fails to load is replaced by the built-in tree and reported.
 */
export function loadBotBrains(files: readonly (TreeFile | undefined)[]): LoadedBrains {
  const trees: CompiledTree[] = [];
  const notices: string[] = [];
  const errors: TreeError[] = [];
  for (let d = 0; d < DIFFICULTY_NAMES.length; d++) {
    const f = files[d];
    if (f === undefined) {
      trees.push(defaultTree(d as Difficulty));
      continue;
    }
    try {
      trees.push(loadTree(f.file, f.source));
    } catch (e) {
      const err = e instanceof TreeError ? e : new TreeError(f.file, null, `could not be loaded (${String(e)})`);
      errors.push(err);
      notices.push(`${err.message} — using the built-in ${title(d)} tree`);
      trees.push(defaultTree(d as Difficulty));
    }
  }
  return { brains: brainsOf(trees), notices, errors };
}
