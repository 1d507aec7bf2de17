/**
 * Finds the processes a test step left running, for `npm test` (scripts/test.mjs).
 * How: each step runs with `BB_TEST_RUN=<a token of its own>` in its environment, which every
 * process it starts inherits — also through setsid/detached spawns, double forks and re-parenting
 * to init, which is what a check by process group, session or parent chain misses (a detached
 * helper leaves the group; an orphan leaves the tree). After the step, the environment of every
 * process (/proc/<pid>/environ) is searched for the token. Limits: Linux only (elsewhere the check
 * says it did not run); a process started with a cleared environment is not seen.
 */
import { readdirSync, readFileSync } from 'node:fs';

export const RUN_VAR = 'BB_TEST_RUN';

/**
 * Live processes carrying `token` in variable `name` ({ pid, cmd }), or null where /proc is not
 * available. (Tests tag what they start with variables of their own the same way.)
 */
export function taggedProcesses(token, name = RUN_VAR) {
  if (process.platform !== 'linux') return null;
  const entry = `\0${name}=${token}\0`;
  const found = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    let env;
    try {
      env = readFileSync(`/proc/${pid}/environ`, 'latin1'); // empty for zombies: they are gone
    } catch {
      continue; // exited meanwhile, or another user's process (not ours)
    }
    if (!`\0${env}`.includes(entry)) continue;
    let cmd = '';
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      // exited while we looked
    }
    found.push({ pid: Number(pid), cmd });
  }
  return found;
}

/**
 * Gives the step's processes `graceMs` to finish exiting, then kills and returns those still
 * alive ([] when none, null when the check cannot run here).
 */
export async function killLeftovers(token, graceMs = 5000) {
  const end = Date.now() + graceMs;
  let left = taggedProcesses(token);
  while (left?.length && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    left = taggedProcesses(token);
  }
  for (const p of left ?? []) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return left;
}
