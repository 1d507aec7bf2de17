/** Types of launchers.mjs (plain JS: start.mjs runs before any TypeScript tooling is installed). */
export interface Launcher {
  readonly pid: number;
  /** Its start time from /proc (Linux), or null where there is none. */
  readonly start: string | null;
}
export const POLL_MS: number;
export function launchers(): Launcher[];
export function launcherGone(chain: readonly Launcher[], parent: number): boolean;
export function stopWithLaunchers(): Launcher[];
