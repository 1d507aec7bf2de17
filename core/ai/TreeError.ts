/**
 * The one error type tree loading throws.
 * Invariant: parsing and compiling an untrusted tree file throws nothing but TreeError, so the
 * match can catch one type, fall back to the built-in tree and show `message` as is. Every error
 * names the file, the node id (as written in the file; null for file-level problems) and the
 * problem, so a designer can find the node in the behavior3 editor. A message quotes at most
 * QUOTE_CHARS characters of any one piece of the file (`quote`, `cutText`): a 10 MB node name
 * makes a one-line notice.
 */

/** A tree file that cannot be used, with where the problem is. */
export class TreeError extends Error {
  /** File name as given by the caller, e.g. `hard.json`. */
  readonly file: string;
  /** Id of the offending node as written in the file, or null for a file-level problem. */
  readonly nodeId: string | null;
  /** The problem alone, without the location prefix. */
  readonly problem: string;

  constructor(file: string, nodeId: string | null, problem: string) {
    super(`${file}: ${nodeId === null ? 'tree' : `node ${cutText(nodeId)}`}: ${problem}`);
    this.name = 'TreeError';
    this.file = file;
    this.nodeId = nodeId;
    this.problem = problem;
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
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return cutText(String(v));
  if (Array.isArray(v)) return `an array of ${v.length}`;
  return typeof v === 'object' ? 'an object' : typeof v;
}
