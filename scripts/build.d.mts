/** Types of build.mjs (plain JS, run before any TypeScript tooling is installed). */
export function build(opts?: { quiet?: boolean }): boolean;
export function buildIfNeeded(): boolean;
