/**
 * The one error type tree loading throws.
 * Invariant: parsing and compiling an untrusted tree file throws nothing but TreeError, so the
 * match can catch one type, fall back to the built-in tree and show `message` as is. Every error
 * names the file, the node id (as written in the file; null for file-level problems) and the
 * problem, so a designer can find the node in the behavior3 editor.
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
    super(`${file}: ${nodeId === null ? 'tree' : `node ${nodeId}`}: ${problem}`);
    this.name = 'TreeError';
    this.file = file;
    this.nodeId = nodeId;
    this.problem = problem;
  }
}
