/**
 * Test helpers for real-process tests: run a repo script (scripts/host.ts, scripts/client.ts)
 * under tsx, collect its JSON-per-line log with arrival times, and
 * kill whatever is left after each test (`killAll` in afterEach). Polling is ./until.ts.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { findRepoRoot } from '../files/paths';

const ROOT = findRepoRoot(import.meta.dirname);

export type Line = Record<string, unknown> & { ev?: string; at: number };

export class Proc {
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

  find(ev: string, pred: (l: Line) => boolean = () => true): Line | undefined {
    return this.lines.find((l) => l.ev === ev && pred(l));
  }
}

const running: Proc[] = [];

/** Starts `script` (repo-relative) with `args` under tsx. */
export function run(name: string, script: string, args: string[]): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const p = new Proc(name, child);
  running.push(p);
  return p;
}

/** Kills every process `run` started that is still alive. */
export function killAll(): void {
  for (const p of running.splice(0)) if (p.exitCode === null) p.child.kill('SIGKILL');
}
