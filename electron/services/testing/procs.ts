/**
 * Test helpers for real-process tests: run a repo script (scripts/host.ts, scripts/client.ts),
 * bundled once per test process with esbuild (a tool then starts in ~0.4 s instead of ~2.3 s under
 * tsx: a 24-client room spent a minute of both cores just starting), collect its JSON-per-line log with arrival times, and end whatever is left after
 * each test (`await killAll()` in afterEach) by process group: each script leads a group of its
 * own, so anything it started goes with it. Polling is ./until.ts.
 * A process that cannot be started (EAGAIN, ENOMEM on a loaded machine) is logged as an "error"
 * line and counts as exited, so a test fails saying so instead of with an unhandled 'error' event.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { findRepoRoot } from '../files/paths';
import { until } from './until';

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
    child.on('error', (e) => {
      this.lines.push({ ev: 'error', message: `${name}: ${e.message}`, at: Date.now() });
      this.exitCode ??= -1;
    });
  }

  /** Signals the process's whole group (it may have started helpers of its own). */
  kill(signal: NodeJS.Signals): void {
    if (this.child.pid !== undefined && this.exitCode === null) process.kill(-this.child.pid, signal);
  }

  /** The last `n` lines, for a failure message that says what the process was doing. */
  tail(n = 8): string {
    return `--- ${this.name} exit=${this.exitCode}\n${this.lines.filter((l) => l.ev !== 'slots' && l.ev !== 'progress').slice(-n).map((l) => JSON.stringify(l).slice(0, 400)).join('\n')}`;
  }

  find(ev: string, pred: (l: Line) => boolean = () => true): Line | undefined {
    return this.lines.find((l) => l.ev === ev && pred(l));
  }
}

const running: Proc[] = [];

const bundles = new Map<string, string>();

/**
 * `script` as one ES module in out/tools (npm packages stay imports), built at its first use in
 * this process. Written beside and renamed into place, so a test process running at the same time
 * never starts a half-written file.
 */
function bundled(script: string): string {
  let file = bundles.get(script);
  if (file) return file;
  const dir = path.join(ROOT, 'out', 'tools');
  mkdirSync(dir, { recursive: true });
  file = path.join(dir, `${path.basename(script, '.ts')}.mjs`);
  const tmp = `${file}.${process.pid}.tmp`;
  buildSync({ entryPoints: [path.join(ROOT, script)], outfile: tmp, bundle: true, platform: 'node', format: 'esm', packages: 'external', sourcemap: 'inline', logLevel: 'warning' });
  renameSync(tmp, file);
  bundles.set(script, file);
  return file;
}

/** Starts `script` (repo-relative) with `args`, bundled (see the header); with `netns`, inside that network namespace. */
export function run(name: string, script: string, args: string[], netns?: string): Proc {
  const node = [process.execPath, '--enable-source-maps', bundled(script), ...args];
  const [cmd, ...rest] = netns ? ['ip', 'netns', 'exec', netns, ...node] : node;
  const child = spawn(cmd as string, rest, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const p = new Proc(name, child);
  running.push(p);
  return p;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Kills the process group of every process `run` started, and waits until each group is gone. */
export async function killAll(): Promise<void> {
  const pgids = running.splice(0).flatMap((p) => (p.child.pid !== undefined ? [p.child.pid] : []));
  for (const g of pgids) if (groupAlive(g)) process.kill(-g, 'SIGKILL');
  if (!(await until(() => !pgids.some(groupAlive), 10_000))) throw new Error(`process groups still alive after SIGKILL: ${pgids.filter(groupAlive).join(', ')}`);
}
