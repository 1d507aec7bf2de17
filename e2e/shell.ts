/**
 * Starts the browser shell as its own process (the way `npm start` does), with LAN discovery
 * off and a throw-away user data folder, and returns the URL it printed. The folder holds saved
 * settings (the defaults: a player named "Player"), so the page opens on the menu as it does from
 * the second run on; `{ firstRun: true }` leaves it empty, and the page asks for a language and a
 * name first (the welcome screen). Everything a test starts
 * runs in a process group of its own and is ended by that group (`endGroup`), so a child's child
 * cannot outlive the test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Settings } from '../electron/contract';
import { DEFAULT_SETTINGS } from '../electron/services/files/settings';
import { tempDir } from '../test/tempDir';

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

/** True while any process of group `pgid` exists (a zombie not yet reaped counts). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Polls until group `pgid` is empty or `ms` passes; whether it emptied. */
export async function groupGone(pgid: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (groupAlive(pgid) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return !groupAlive(pgid);
}

/**
 * Ends the group of `child` (spawned with `detached: true`, so it leads its own group): SIGTERM to
 * every member, then SIGKILL for whatever is still there after `ms`. Whether SIGTERM sufficed.
 */
export async function endGroup(child: ChildProcess, ms = 10_000): Promise<boolean> {
  const pgid = child.pid;
  if (pgid === undefined || !groupAlive(pgid)) return true;
  process.kill(-pgid, 'SIGTERM');
  if (await groupGone(pgid, ms)) return true;
  console.log(`[shell] still running ${ms} ms after SIGTERM:\n${groupMembers(pgid).join('\n')}`);
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
  return false;
}

/** A process as Linux /proc shows it. */
export interface ProcInfo {
  readonly pid: number;
  readonly state: string;
  readonly ppid: number;
  readonly pgid: number;
  readonly cmdline: string;
}

/** Every process this user can see (Linux /proc); one that ends while being read is left out. */
export function processes(): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const p of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      // After "pid (comm) ": state, ppid, pgrp, … (comm may hold spaces and parentheses).
      const [state = '', ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.push({ pid: Number(p), state, ppid: Number(ppid), pgid: Number(pgid), cmdline: readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' ').trim() });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** The members of group `pgid` as "pid state command line" lines, for a failure's log. */
function groupMembers(pgid: number): string[] {
  return processes()
    .filter((p) => p.pgid === pgid)
    .map((p) => `${p.pid} ${p.state} ${p.cmdline}`);
}

export interface ShellOptions {
  /** No saved settings: the page starts with the first-run questions. */
  readonly firstRun?: boolean;
  /** Settings saved before the start (over the defaults), when the folder has none yet. */
  readonly settings?: Partial<Settings>;
  /** A network namespace (made by the test) to run the shell in, with the interfaces the test gave it. */
  readonly netns?: string;
}

export async function startShell(extraArgs: string[] = [], userDataDir = tempDir('e2e'), opts: ShellOptions = {}): Promise<RunningShell> {
  const file = path.join(userDataDir, 'settings.json');
  if (!opts.firstRun && !existsSync(file)) writeFileSync(file, JSON.stringify({ ...DEFAULT_SETTINGS, ...opts.settings }));
  const argv = [process.execPath, path.join(root, 'out', 'main', 'browserShell.js'), '--port', '0', '--no-open', '--discovery=off', '--user-data', userDataDir, ...extraArgs];
  const [cmd, ...args] = opts.netns ? ['ip', 'netns', 'exec', opts.netns, ...argv] : argv;
  const child = spawn(cmd!, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const { match, output } = await waitForLine(child, /(http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)/, 20_000).catch(async (e: unknown) => {
    await endGroup(child);
    throw e;
  });
  return {
    url: match[1]!,
    userDataDir,
    output,
    signal: (sig) => void child.kill(sig),
    stop: async () => {
      await endGroup(child);
    },
  };
}
