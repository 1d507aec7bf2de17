/**
 * The one error type tree loading throws.
 * Invariant: parsing and compiling an untrusted tree file throws nothing but TreeError, so the
 * match can catch one type, fall back to the built-in tree and show `message` as is. Every error
 * names the file, the node id (as written in the file; null for file-level problems) and the
 * problem, so a designer can find the node in the behavior3 editor. A message quotes at most
 * QUOTE_CHARS characters of any one piece of the file (`quote`, `cutText`): a 10 MB node name
 * makes a one-line notice.
 * A file's problems are reported together (TreeProblems): the error thrown is the first, and its
 * `all` lists every problem found, at most MAX_TREE_ERRORS of them, so a designer fixes them in
 * one pass rather than one a run.
 */

/** A tree file that cannot be used, with where the problem is. */
export class TreeError extends Error {
  /** File name as given by the caller, e.g. `hard.json`. */
  readonly file: string;
  /** Id of the offending node as written in the file, or null for a file-level problem. */
  readonly nodeId: string | null;
  /** The problem alone, without the location prefix. */
  readonly problem: string;
  /** Every problem found in the file, this one first (see the header); [this] when alone. */
  readonly all: readonly TreeError[];

  constructor(file: string, nodeId: string | null, problem: string, others: readonly TreeError[] = []) {
    super(`${file}: ${nodeId === null ? 'tree' : `node ${cutText(nodeId)}`}: ${problem}`);
    this.name = 'TreeError';
    this.file = file;
    this.nodeId = nodeId;
    this.problem = problem;
    this.all = [this, ...others];
  }
}

/** Most problems of one file that are reported; further ones are only counted. */
export const MAX_TREE_ERRORS = 10;

/**
 * The problems found in one file while it is read, so that the walk goes on after one and a
 * designer sees them all (up to MAX_TREE_ERRORS, then a count of the rest).
 */
export class TreeProblems {
  private readonly list: { nodeId: string | null; problem: string }[] = [];
  private unlisted = 0;

  constructor(readonly file: string) {}

  /** Records a problem of node `nodeId` (null: the file). */
  add(nodeId: string | null, problem: string): void {
    if (this.list.length < MAX_TREE_ERRORS) this.list.push({ nodeId, problem });
    else this.unlisted++;
  }

  get count(): number {
    return this.list.length + this.unlisted;
  }

  /** Throws the problems recorded, if any: the first as a TreeError whose `all` lists every one. */
  throwIfAny(): void {
    if (this.count === 0) return;
    const rest = this.list.slice(1).map((p) => new TreeError(this.file, p.nodeId, p.problem));
    if (this.unlisted > 0) rest.push(new TreeError(this.file, null, `${this.unlisted} more problem${this.unlisted > 1 ? 's' : ''} not listed (fix these first)`));
    const first = this.list[0]!;
    throw new TreeError(this.file, first.nodeId, first.problem, rest);
  }
}

/** Most characters of one piece of a file's own data that a message quotes. */
export const QUOTE_CHARS = 40;

/** `text` cut to `max` code points, with "…" when it was longer. */
export function cutText(text: string, max = QUOTE_CHARS): string {
  const points = Array.from(text.slice(0, max * 2 + 2));
  return points.length > max ? `${points.slice(0, max).join('')}…` : points.join('');
}

/**
 * A value from the file, for a message: a string quoted (JSON escapes, so the message stays one
 * line) and cut to QUOTE_CHARS; a number or boolean as written; an array or object by its kind
 * only. Never throws and never walks into the value (a 10 000-deep array is just "an array").
 */
export function quote(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(cutText(v));
  // JSON reads a number beyond a double's range (e.g. 1e999) as Infinity.
  if (typeof v === 'number' && !Number.isFinite(v)) return Number.isNaN(v) ? 'NaN' : `${v < 0 ? '-' : ''}a number too large to hold (e.g. 1e999)`;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return cutText(String(v));
  if (Array.isArray(v)) return `an array of ${v.length}`;
  return typeof v === 'object' ? 'an object' : typeof v;
}
