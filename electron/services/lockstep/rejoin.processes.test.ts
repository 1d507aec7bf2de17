/**
 * Rejoin with real processes on 127.0.0.1 (loopback only; the headless host has no discovery):
 * a dedicated host (scripts/host.ts, whose verifier supplies the snapshots) and three headless bot
 * clients; one client, started with --token-file, is killed (SIGKILL) at a random moment of the
 * match and started again with the same file. It rejoins with the stored token, restores the
 * verifier's snapshot, takes its ball back at an announced key, and ends with everyone's hash.
 * A headless spectator joins mid-match the same way and ends with the same hash.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, run, type Proc, type Line } from '../testing/procs';
import { until } from '../testing/until';


const dirs: string[] = [];
afterEach(() => {
  killAll();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const errors = (p: Proc): Line[] => p.lines.filter((l) => l.ev === 'error' || (l.ev === 'stderr' && !String(l['raw']).includes('npm warn')));

describe('rejoin with real processes on loopback', () => {
  it('a killed client restarted with its token file rejoins and ends with everyone’s hash', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bb-rejoin-'));
    dirs.push(dir);
    const tokenFile = path.join(dir, 'token');
    const host = run('host', 'scripts/host.ts', ['--headless', '--name', 'rejoin', '--wait', '3', '--bots', '1', '--seconds', '16', '--port', '0', '--address', '127.0.0.1', '--force-drop', '2', '--vote', '1']);
    expect(await until(() => host.find('listening') !== undefined, 20_000)).toBe(true);
    const target = `127.0.0.1:${Number(host.find('listening')?.['port'])}`;
    const client = (name: string, extra: string[] = []) => run(name, 'scripts/client.ts', ['--join', target, '--bot', '--name', name, '--address', '127.0.0.1', ...extra]);
    const others = [client('c0'), client('c1')];
    const victim = client('victim', ['--token-file', tokenFile]);
    expect(await until(() => [...others, victim].every((c) => c.find('start') !== undefined), 30_000)).toBe(true);
    const token = Number(readFileSync(tokenFile, 'utf8'));
    expect(token).toBeGreaterThan(0);
    const slot = Number(victim.find('accepted')?.['slot']);
    // A random moment of the match (it lasts 16 s), and a random time until the restart.
    const killAfter = 1500 + Math.floor(Math.random() * 4000);
    const restartAfter = 500 + Math.floor(Math.random() * 2500);
    await new Promise((r) => setTimeout(r, killAfter));
    victim.child.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, restartAfter));
    const startedAt = Date.now();
    const again = client('victim-again', ['--token-file', tokenFile]);
    const spec = run('spec', 'scripts/client.ts', ['--join', target, '--spectate', '--name', 'spec', '--address', '127.0.0.1']);
    expect(await until(() => again.find('takeover') !== undefined || again.exitCode !== null, 20_000)).toBe(true);
    const resume = again.find('resume');
    const take = again.find('takeover');
    expect(again.find('accepted')?.['slot']).toBe(slot);
    expect(Number(resume?.['key'])).toBeGreaterThan(0);
    expect(Number(resume?.['bytes'])).toBeGreaterThan(1000);
    expect(take?.['slot']).toBe(slot);
    console.log(`[processes rejoin] killed ${killAfter} ms after the start, restarted ${restartAfter} ms later; restart → resume ${(resume?.at ?? 0) - startedAt} ms (process start included), snapshot ${String(resume?.['bytes'])} B at key ${String(resume?.['key'])}, takeover at key ${String(take?.['key'])}`);
    expect(await until(() => host.find('result') !== undefined && [...others, again, spec].every((c) => c.exitCode !== null), 60_000)).toBe(true);
    const end = host.find('result');
    expect(end?.['agreed']).toBe(true);
    expect(Number(spec.find('resume')?.['key'])).toBeGreaterThan(0);
    for (const c of [...others, again, spec]) {
      expect(c.exitCode).toBe(0);
      expect(c.find('finished')?.['hash']).toBe(end?.['hash']);
    }
    for (const p of [host, ...others, again, spec]) expect(errors(p)).toEqual([]);
  }, 120_000);
});
