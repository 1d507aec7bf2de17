/**
 * Rejoin with real processes on 127.0.0.1 (loopback only; the headless host has no discovery):
 * a dedicated host (scripts/host.ts, whose verifier supplies the snapshots) and three headless bot
 * clients; one client, started with --token-file, is killed (SIGKILL) at a random moment of the
 * match and started again with the same file. It rejoins with the stored token, restores the
 * verifier's snapshot, takes its ball back at an announced key, and ends with everyone's hash.
 * A headless spectator joins mid-match the same way and ends with the same hash.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findRepoRoot } from '../paths';

const ROOT = findRepoRoot(import.meta.dirname);
type Line = Record<string, unknown> & { ev?: string; at: number };

class Proc {
  readonly lines: Line[] = [];
  exitCode: number | null = null;
  private buf = '';
  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    child.stdout?.on('data', (d: Buffer) => {
      this.buf += d.toString('utf8');
      let i: number;
      while ((i = this.buf.indexOf('\n')) >= 0) {
        const raw = this.buf.slice(0, i);
        this.buf = this.buf.slice(i + 1);
        try {
          this.lines.push({ ...(JSON.parse(raw) as Record<string, unknown>), at: Date.now() });
        } catch {
          this.lines.push({ ev: 'text', raw, at: Date.now() });
        }
      }
    });
    child.stderr?.on('data', (d: Buffer) => this.lines.push({ ev: 'stderr', raw: d.toString('utf8'), at: Date.now() }));
    child.on('exit', (code) => (this.exitCode = code ?? -1));
  }
  find(ev: string): Line | undefined {
    return this.lines.find((l) => l.ev === ev);
  }
}

const procs: Proc[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const p of procs.splice(0)) if (p.exitCode === null) p.child.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function run(name: string, script: string, args: string[]): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const p = new Proc(name, child);
  procs.push(p);
  return p;
}

async function until(pred: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!pred() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return pred();
}

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
