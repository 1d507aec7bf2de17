/**
 * `npm start` as a new user runs it: on this machine there is no Electron binary, so it must say
 * so in one line and bring up the browser shell, whose first screen a real Chromium then shows (a
 * new user's: the first-run questions, language and name, before the menu).
 * And as a service manager stops it: a signal to the launcher alone, or its death, must not
 * leave the game server running. Each start runs in a process group of its own, which the test
 * checks and ends as a whole. The signals also go to `npm` itself (its pid alone), which passes
 * SIGHUP on to nobody: then no process it started may survive, found by a token in their
 * environment, which re-parenting to init does not lose (scripts/leftovers.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { endGroup, groupGone, processes, root, waitForLine } from './shell';
import { tempDir } from '../test/tempDir';
import { taggedProcesses } from '../scripts/leftovers.mjs';

const hasElectronBinary = existsSync(path.join(root, 'node_modules', 'electron', 'dist')) || !!process.env['ELECTRON_OVERRIDE_DIST_PATH'];
const URL_LINE = /(http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]+)/;
const SHELL_ARGS = ['--port', '0', '--no-open', '--discovery=off'];

const TAG = 'BB_START_TEST';

function launch(cmd: string, args: string[], token = ''): ChildProcess {
  const userData = tempDir('start');
  return spawn(cmd, [...args, ...SHELL_ARGS, '--user-data', userData], { cwd: root, env: { ...process.env, [TAG]: token }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
}

/** The command lines of the live processes tagged `token` (all that `npm start` started). */
const tagged = (token: string): string[] => (taggedProcesses(token, TAG) ?? []).map((p) => `${p.pid} ${p.cmd}`);

/** The pid of the browser shell that `launcher` (scripts/start.mjs) started: its child. */
function shellPid(launcher: ChildProcess): number {
  const shell = processes().find((p) => p.ppid === launcher.pid && p.cmdline.includes('browserShell.js'));
  if (!shell) throw new Error('no browser shell child found');
  return shell.pid;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test.describe('npm start', () => {
  test.skip(hasElectronBinary, 'an Electron binary is present, so npm start opens the Electron window instead (covered by electron.spec.ts)');

  test('falls back to the browser shell and serves a playable first screen', async ({ page }) => {
    const child = launch('npm', ['start', '--silent', '--']);
    try {
      const { match, output } = await waitForLine(child, URL_LINE, 90_000);
      const lines = output().split('\n').filter((l) => l.includes('Electron'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/no Electron binary found.*browser shell/);
      await page.goto(match[1]!);
      await page.waitForFunction(() => window.__bb?.screen === 'welcome');
      await expect(page.getByTestId('first-name')).toBeVisible();
      await expect(page.getByTestId('first-language')).toBeVisible();
    } finally {
      expect(await endGroup(child)).toBe(true); // npm, start.mjs and the shell all end on SIGTERM
    }
  });

  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    test(`${sig} to the launcher alone ends the shell, and the launcher exits with it`, async () => {
      const child = launch(process.execPath, ['scripts/start.mjs', '--shell=browser']);
      try {
        await waitForLine(child, URL_LINE, 90_000);
        const shell = shellPid(child);
        const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
        child.kill(sig); // what a service manager does: one pid, not the group
        expect(await exited).toBe(0); // the shell quit cleanly, and the launcher passed its code on
        expect(await groupGone(child.pid!, 10_000)).toBe(true);
        expect(alive(shell)).toBe(false);
      } finally {
        await endGroup(child);
      }
    });
  }

  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    test(`${sig} to npm alone (npm start -- --shell=browser) leaves nothing it started running`, async () => {
      const token = randomBytes(8).toString('hex');
      const npm = launch('npm', ['start', '--silent', '--', '--shell=browser'], token);
      try {
        await waitForLine(npm, URL_LINE, 90_000);
        const before = tagged(token);
        expect(before.some((l) => l.includes('scripts/start.mjs')), before.join('\n')).toBe(true);
        expect(before.some((l) => l.includes('browserShell.js')), before.join('\n')).toBe(true);
        process.kill(npm.pid!, sig); // one pid: npm's, not its group
        await expect.poll(() => tagged(token), { timeout: 15_000 }).toEqual([]);
      } finally {
        for (const p of taggedProcesses(token, TAG) ?? []) process.kill(p.pid, 'SIGKILL');
        await endGroup(npm);
      }
    });
  }

  test('a launcher killed outright (SIGKILL) does not leave the shell running', async () => {
    const child = launch(process.execPath, ['scripts/start.mjs', '--shell=browser']);
    try {
      await waitForLine(child, URL_LINE, 90_000);
      const shell = shellPid(child);
      child.kill('SIGKILL'); // no chance to pass anything on: the shell must notice by itself
      // The shell outlived the kill itself, so what ends it below is its own check of its parent.
      expect(alive(shell)).toBe(true);
      expect(await groupGone(child.pid!, 10_000)).toBe(true);
    } finally {
      await endGroup(child);
    }
  });
});
