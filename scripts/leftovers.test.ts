/**
 * The leftover check of `npm test` (scripts/leftovers.mjs) on real processes: an orphan that left
 * its parent's tree (double fork, re-parented to init) and its process group is still found by the
 * token its environment inherited, and killed; a process of another run is not touched.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../electron/services/testing/until';

interface Left {
  readonly pid: number;
  readonly cmd: string;
}
const { RUN_VAR, taggedProcesses, killLeftovers } = (await import(pathToFileURL(path.join(import.meta.dirname, 'leftovers.mjs')).href)) as {
  RUN_VAR: string;
  taggedProcesses(token: string): Left[] | null;
  killLeftovers(token: string, graceMs?: number): Promise<Left[] | null>;
};

/** State and parent of `pid` from /proc, or null when it is gone. */
function stat(pid: number): { state: string; ppid: number } | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { state: state ?? '', ppid: Number(ppid) };
  } catch {
    return null;
  }
}
// A killed orphan stays a zombie until init reaps it: it no longer runs.
const alive = (pid: number): boolean => (stat(pid)?.state ?? 'Z') !== 'Z';

/** Starts an orphan in a new session (setsid) whose parent exits at once; its pid. */
function orphan(token: string): number {
  const script = `${JSON.stringify(process.execPath)} -e 'setInterval(() => {}, 1e6)' </dev/null >/dev/null 2>&1 & echo $!`;
  const out = execFileSync('setsid', ['sh', '-c', script], { env: { ...process.env, [RUN_VAR]: token }, encoding: 'utf8' });
  return Number(out.trim());
}

const started: number[] = [];
afterAll(() => {
  for (const pid of started) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

describe.skipIf(process.platform !== 'linux')('leftover processes of a test step', () => {
  it('finds an orphan by the token it inherited, kills it, and leaves other runs alone', async () => {
    const mine = `leftover-test-${process.pid}-a`;
    const other = `leftover-test-${process.pid}-b`;
    const pid = orphan(mine);
    const bystander = orphan(other);
    started.push(pid, bystander);
    expect(alive(pid)).toBe(true);
    // Outside our tree and group: a check by parent or process group could not see it.
    expect(stat(pid)?.ppid).not.toBe(process.pid);
    expect(taggedProcesses(mine)?.map((p) => p.pid)).toEqual([pid]);
    const left = await killLeftovers(mine, 200);
    expect(left?.map((p) => p.pid)).toEqual([pid]);
    expect(left?.[0]?.cmd).toContain('setInterval');
    expect(await until(() => !alive(pid), 5000)).toBe(true);
    expect(alive(bystander)).toBe(true);
    expect(await killLeftovers(mine, 0)).toEqual([]);
  });
});
