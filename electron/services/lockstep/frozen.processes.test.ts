/**
 * A guest whose app stands still (SIGSTOP) long enough to be dropped, with real processes on
 * 127.0.0.1 (issue 32; loopback only, the headless host has no discovery): a dedicated host
 * (scripts/host.ts, quick drop: vote after 1 s, forced after 2 s) and two headless bot clients,
 * one started with --token-file. That one is stopped until the others see its ball dropped, then
 * runs again: it says it was dropped (not that the host stopped answering), its token file kept,
 * and rejoins its slot with that session's token and key (scripts/client.ts does what the app's
 * Rejoin does), takes its ball back and ends on the host's hash. (That a stand-still longer than the 60 s a peer waits for a silent host blames
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
    // Long enough for the stop, the drop and a restart on a loaded machine (the rejoin takes its
    // ball back about 7 s in here); the test ends with the match.
    const host = start('host', 'scripts/host.ts', ['--headless', '--name', 'frozen', '--wait', '2', '--bots', '1', '--seconds', '28', '--port', '0', '--address', '127.0.0.1', '--vote', '1', '--force-drop', '2']);
    expect(await until(() => host.find('listening') !== undefined, 60_000)).toBe(true);
    const target = `127.0.0.1:${Number(host.find('listening')?.['port'])}`;
    const other = start('other', 'scripts/client.ts', ['--join', target, '--bot', '--name', 'other', '--address', '127.0.0.1']);
    const guest = start('guest', 'scripts/client.ts', ['--join', target, '--bot', '--name', 'guest', '--address', '127.0.0.1', '--token-file', tokenFile]);
    expect(await until(() => [other, guest].every((c) => c.find('played', (l) => Number(l['frame']) >= 3 * 60) !== undefined) && tokenIn(tokenFile) > 0, 120_000)).toBe(true);
    const slot = Number(guest.find('accepted')?.['slot']);
    const token = tokenIn(tokenFile);
    /** The lines of `p` about its ball (`ev`, slot `slot`) that came after `since` (the test's clock). */
    const after = (p: Proc, ev: string, since: number): Line[] => p.lines.filter((l) => l.ev === ev && (l['slot'] === undefined || l['slot'] === slot) && l.at > since);
    // A loaded machine may drop a starved client at the start (it rejoins by itself): stop it only
    // while it plays its own ball.
    const lastDrop = (): number => other.lines.filter((l) => l.ev === 'dropped' && l['slot'] === slot).at(-1)?.at ?? -1;
    expect(await until(() => lastDrop() < 0 || after(guest, 'takeover', lastDrop()).length > 0, 60_000)).toBe(true);

    guest.kill('SIGSTOP');
    const stoppedAt = Date.now();
    try {
      // The others drop its ball (the vote, or the host's wait running out) while it stands still.
      expect(await until(() => after(other, 'dropped', stoppedAt).length > 0, 60_000)).toBe(true);
    } finally {
      guest.kill('SIGCONT');
    }
    // Told it was dropped (not that the host stopped answering), its token file kept; it rejoins its
    // slot by itself with the session's token and key, as the app's Rejoin does.
    expect(await until(() => after(guest, 'exit', stoppedAt).length > 0 || guest.exitCode !== null, 30_000)).toBe(true);
    expect(after(guest, 'failed', stoppedAt).map((l) => l['reason'])).toEqual(['dropped']);
    expect(after(guest, 'dropped', stoppedAt)).not.toEqual([]);
    expect(after(guest, 'exit', stoppedAt)[0]?.['retry']).toBe('rejoin');
    expect(tokenIn(tokenFile)).toBe(token);
    expect(await until(() => after(guest, 'takeover', stoppedAt).length > 0 || guest.exitCode !== null, 90_000)).toBe(true);
    expect(after(guest, 'accepted', stoppedAt).map((l) => l['slot'])).toEqual([slot]);
    const resumed = after(guest, 'resume', stoppedAt)[0];
    console.log(`[processes frozen] dropped ${(after(other, 'dropped', stoppedAt)[0]?.at ?? 0) - stoppedAt} ms after the stop (why ${String(after(other, 'dropped', stoppedAt)[0]?.['why'])}); rejoined from key ${String(resumed?.['key'])}, takeover at key ${String(after(guest, 'takeover', stoppedAt)[0]?.['key'])}`);
    expect(await until(() => host.find('result') !== undefined && [other, guest].every((c) => c.exitCode !== null), 150_000)).toBe(true);
    const end = host.find('result');
    expect(end?.['agreed']).toBe(true);
    for (const c of [other, guest]) {
      expect(c.exitCode).toBe(0);
      expect(c.find('finished')?.['hash']).toBe(end?.['hash']);
    }
    for (const p of [host, other, guest]) expect(errors(p)).toEqual([]);
  }, 400_000);
});
