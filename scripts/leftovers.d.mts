/** Types of leftovers.mjs (plain JS, run by `npm test` before any TypeScript tooling is installed). */
export interface Tagged {
  readonly pid: number;
  readonly cmd: string;
}
export const RUN_VAR: string;
export function taggedProcesses(token: string, name?: string): Tagged[] | null;
export function killLeftovers(token: string, graceMs?: number): Promise<Tagged[] | null>;
