/**
 * `npm run host` and `npm run client` as a process manager, a test or a closing terminal tab stops
 * them: SIGTERM, SIGINT or SIGHUP to the `npm` process alone (its pid, not its group). npm 11
 * passes SIGINT and SIGTERM to its `sh -c` only, SIGHUP not at all, and the shell passes nothing
 * on — so what is checked is that no process the npm started outlives it: every process carrying
 * this test's token in its environment (leftovers.mjs), which also finds those re-parented to init.
 * (`npm start` is checked the same way in e2e/start.spec.ts: it needs the built browser shell.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, run } from '../electron/services/testing/procs';
import { until } from '../electron/services/testing/until';
import { findRepoRoot } from '../electron/services/files/paths';
import { taggedProcesses } from './leftovers.mjs';

const ROOT = findRepoRoot(import.meta.dirname);
const TAG = 'BB_LAUNCH_TEST';
const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

const tokens: string[] = [];
afterEach(async () => {
  // Whatever a failed test left: killed, so the next test (and the suite) starts clean.
  for (const t of tokens.splice(0)) for (const p of taggedProcesses(t, TAG) ?? []) process.kill(p.pid, 'SIGKILL');
  await killAll();
});

/** `npm run <script> -- <args>`, its processes tagged with a fresh token; prints JSON lines. */
function npmRun(script: string, args: string[]): { npm: ChildProcess; token: string; out: () => string } {
  const token = `${process.pid}-${randomBytes(6).toString('hex')}`;
  tokens.push(token);
  // detached: npm leads its own group, as a terminal runs it as a job (the test signals npm alone).
  const npm = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: ROOT, env: { ...process.env, [TAG]: token }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let text = '';
  npm.stdout!.on('data', (d: Buffer) => (text += d.toString('utf8')));
  npm.stderr!.on('data', (d: Buffer) => (text += d.toString('utf8')));
  return { npm, token, out: () => text };
}

/**
 * Sends `sig` to npm's pid alone and waits until nothing tagged `token` is left; what was left.
 * `script`: the entry script that must be running before (so the check cannot pass vacuously).
 */
async function signalNpm(npm: ChildProcess, token: string, script: string, sig: (typeof SIGNALS)[number]): Promise<string[]> {
  const before = taggedProcesses(token, TAG) ?? [];
  expect(before.some((p) => p.pid === npm.pid)).toBe(true);
  expect(before.some((p) => p.pid !== npm.pid && p.cmd.includes(script)), before.map((p) => p.cmd).join('\n')).toBe(true);
  process.kill(npm.pid!, sig);
  await until(() => (taggedProcesses(token, TAG) ?? []).length === 0, 15_000);
  return (taggedProcesses(token, TAG) ?? []).map((p) => `${p.pid} ${p.cmd}`);
}

describe.skipIf(process.platform !== 'linux')('a signal to npm alone ends everything it started', () => {
  for (const sig of SIGNALS) {
    it(`npm run host: ${sig}`, async () => {
      const { npm, token, out } = npmRun('host', ['--headless', '--name', 'sig', '--wait', '1', '--bots', '1', '--port', '0', '--address', '127.0.0.1']);
      expect(await until(() => out().includes('"ev":"listening"'), 60_000), out()).toBe(true);
      expect(await signalNpm(npm, token, 'scripts/host.ts', sig), out()).toEqual([]);
    }, 90_000);

    it(`npm run client: ${sig}`, async () => {
      const host = run('host', 'scripts/host.ts', ['--headless', '--name', 'sig', '--wait', '1', '--bots', '1', '--seconds', '120', '--port', '0', '--address', '127.0.0.1']);
      expect(await until(() => host.find('listening') !== undefined, 30_000), host.tail()).toBe(true);
      const { npm, token, out } = npmRun('client', ['--join', `127.0.0.1:${String(host.find('listening')?.['port'])}`, '--idle', '--address', '127.0.0.1']);
      // In the room: the host starts its match once this client has joined.
      expect(await until(() => host.find('starting') !== undefined, 60_000), `${out()}\n${host.tail()}`).toBe(true);
      expect(await signalNpm(npm, token, 'scripts/client.ts', sig), out()).toEqual([]);
    }, 120_000);
  }
});
