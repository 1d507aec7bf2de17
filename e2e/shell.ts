/**
 * Starts the browser shell as its own process (the way `npm start` does), with LAN discovery
 * off and a throw-away user data folder, and returns the URL it printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export interface RunningShell {
  readonly url: string;
  readonly userDataDir: string;
  readonly output: () => string;
  /** Sends the game process a signal (SIGSTOP/SIGCONT: a host that hangs and comes back). */
  signal(sig: NodeJS.Signals): void;
  stop(): Promise<void>;
}

/** Waits until `child` prints a line matching `re` (or exits, or `timeoutMs` passes). */
export function waitForLine(child: ChildProcess, re: RegExp, timeoutMs: number): Promise<{ match: RegExpMatchArray; output: () => string }> {
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no line matching ${re} within ${timeoutMs} ms; output:\n${out}`)), timeoutMs);
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = out.match(re);
      if (m) {
        clearTimeout(timer);
        resolve({ match: m, output: () => out });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`process exited (${code}) before printing ${re}; output:\n${out}`));
    });
  });
}

export async function startShell(extraArgs: string[] = [], userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bb-e2e-'))): Promise<RunningShell> {
  const child = spawn(process.execPath, [path.join(root, 'out', 'main', 'browserShell.js'), '--port', '0', '--no-open', '--discovery=off', '--user-data', userDataDir, ...extraArgs], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { match, output } = await waitForLine(child, /(http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)/, 20_000);
  return {
    url: match[1]!,
    userDataDir,
    output,
    signal: (sig) => void child.kill(sig),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
