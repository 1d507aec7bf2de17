/**
 * A guest whose app stands still (SIGSTOP) long enough to be dropped, with real processes on
 * 127.0.0.1 (issue 32; loopback only, the headless host has no discovery): a dedicated host
 * (scripts/host.ts, quick drop: vote after 1 s, forced after 2 s) and two headless bot clients,
 * one started with --token-file. That one is stopped until the others see its ball dropped, then
 * runs again: it says it was dropped (not that the host stopped answering) and exits, its token
 * file kept; started again with the file it rejoins its slot, takes its ball back and ends on the
 * host's hash. (That a stand-still longer than the 60 s a peer waits for a silent host blames
 * nobody is the simulator's case, core/lockstep/scenarios/rejoin.netsim.test.ts.)
 * On a failure, what each process said last is printed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { killAll, run, type Proc, type Line } from '../testing/procs';
import { until } from '../testing/until';

const dirs: string[] = [];
afterEach(async () => {
  await killAll();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The token the client wrote ("token key"), or 0 while there is none. */
const tokenIn = (file: string): number => (existsSync(file) ? Number(readFileSync(file, 'utf8').split(' ')[0]) : 0);

const errors = (p: Proc): Line[] => p.lines.filter((l) => l.ev === 'error' || (l.ev === 'stderr' && !String(l['raw']).includes('npm warn')));

describe('a guest that stood still with real processes on loopback', () => {
  it('a guest stopped (SIGSTOP) until it was dropped is told so when it runs again, keeps its token and rejoins its slot', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bb-frozen-'));
    dirs.push(dir);
    const tokenFile = path.join(dir, 'token');
    const procs: Proc[] = [];
    onTestFailed(() => console.log(`[processes frozen] failed; last lines:\n${procs.map((p) => p.tail()).join('\n')}`));
    const start = (name: string, script: string, args: string[]): Proc => {
      const p = run(name, script, args);
      procs.push(p);
      return p;
    };
    // Long enough for a restart on a loaded machine; the test ends with the match.
    const host = start('host', 'scripts/host.ts', ['--headless', '--name', 'frozen', '--wait', '2', '--bots', '1', '--seconds', '60', '--port', '0', '--address', '127.0.0.1', '--vote', '1', '--force-drop', '2']);
    expect(await until(() => host.find('listening') !== undefined, 60_000)).toBe(true);
    const target = `127.0.0.1:${Number(host.find('listening')?.['port'])}`;
    const other = start('other', 'scripts/client.ts', ['--join', target, '--bot', '--name', 'other', '--address', '127.0.0.1']);
    const guest = start('guest', 'scripts/client.ts', ['--join', target, '--bot', '--name', 'guest', '--address', '127.0.0.1', '--token-file', tokenFile]);
    expect(await until(() => [other, guest].every((c) => c.find('played', (l) => Number(l['frame']) >= 3 * 60) !== undefined) && tokenIn(tokenFile) > 0, 120_000)).toBe(true);
    const slot = Number(guest.find('accepted')?.['slot']);
    const token = tokenIn(tokenFile);

    guest.kill('SIGSTOP');
    const stoppedAt = Date.now();
    try {
      // The others drop its ball (the vote, or the host's wait running out) while it stands still.
      expect(await until(() => other.find('dropped', (l) => l['slot'] === slot) !== undefined, 60_000)).toBe(true);
    } finally {
      guest.kill('SIGCONT');
    }
    expect(await until(() => guest.exitCode !== null, 30_000)).toBe(true);
    expect(guest.find('failed')?.['reason']).toBe('dropped');
    expect(guest.find('dropped', (l) => l['slot'] === slot)).toBeDefined();
    expect(guest.exitCode).toBe(1);
    expect(tokenIn(tokenFile)).toBe(token);

    // Started again with its token file: its own slot, its ball back, the room's hash.
    const again = start('guest-again', 'scripts/client.ts', ['--join', target, '--bot', '--name', 'guest', '--address', '127.0.0.1', '--token-file', tokenFile]);
    expect(await until(() => again.find('takeover') !== undefined || again.exitCode !== null, 90_000)).toBe(true);
    expect(again.find('accepted')?.['slot']).toBe(slot);
    expect(again.find('takeover')?.['slot']).toBe(slot);
    console.log(`[processes frozen] dropped ${(other.find('dropped')?.at ?? 0) - stoppedAt} ms after the stop (why ${String(other.find('dropped')?.['why'])}); rejoined from key ${String(again.find('resume')?.['key'])}, takeover at key ${String(again.find('takeover')?.['key'])}`);
    expect(await until(() => host.find('result') !== undefined && [other, again].every((c) => c.exitCode !== null), 150_000)).toBe(true);
    const end = host.find('result');
    expect(end?.['agreed']).toBe(true);
    for (const c of [other, again]) {
      expect(c.exitCode).toBe(0);
      expect(c.find('finished')?.['hash']).toBe(end?.['hash']);
    }
    for (const p of [host, other, again]) expect(errors(p)).toEqual([]);
  }, 400_000);
});
