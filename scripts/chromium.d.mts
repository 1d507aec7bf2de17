/** Types of chromium.mjs (plain JS, run before any TypeScript tooling is installed). */
export function findChromium(opts?: { install?: boolean }): Promise<string>;
