/**
 * How `npm start` (start.mjs), `npm run host` (host.ts) and `npm run client` (client.ts) end when
 * the npm that runs them is stopped, whatever signal it got (measured with npm 11.19, dash 0.5.12):
 *
 * - npm runs a script as `sh -c "<script> <args>"`. On SIGINT or SIGTERM it passes the signal to
 *   that shell only (@npmcli/run-script's signal-manager), on SIGHUP to nobody: it just exits.
 * - A shell passes nothing on to the command it waits for: dash dies of SIGTERM, leaving node
 *   running, re-parented to init; on SIGINT it waits for the command to end first, so nothing
 *   ends at all (npm waits for the shell). Hence the three scripts run as `exec node …`: the
 *   shell becomes node, npm's child, and SIGINT and SIGTERM reach it. (cmd.exe, npm's shell on
 *   Windows, has no `exec`: exec.cmd in the package folder stands in for it.)
 * - SIGHUP to npm alone, or npm killed outright, still leaves node behind, so each script also
 *   watches its launchers (`stopWithLaunchers`): its parent and, when npm ran the script, every
 *   process above it up to and including that npm — the nearest ancestor whose environment lacks
 *   the `npm_lifecycle_script` npm gave its script (a shell or tsx between them is watched too).
 *   Every POLL_MS each is checked by pid and, on Linux, by its start time in /proc (a reused pid
 *   is not mistaken for it); when one is gone, or our parent changed, this process sends itself
 *   SIGTERM, which each script handles as "stop cleanly" (start.mjs passes it on to the shell).
 * Limits: beyond Linux only the parent is watched (there is no /proc to walk).
 */
import { readFileSync } from 'node:fs';

/** How often the launchers are looked at: a read of a /proc file each. */
export const POLL_MS = 250;
/** Most ancestors walked looking for npm (npm → sh → tsx → node is three). */
const MAX_DEPTH = 6;

/** `pid`'s parent and start time (clock ticks since boot) from /proc, or null when gone or a zombie. */
function procStat(pid) {
  let s;
  try {
    s = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // After "pid (comm) ": state, ppid, … field 22, the start time, is the 20th (comm may hold spaces).
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  return f[0] === 'Z' || f[0] === 'X' ? null : { ppid: Number(f[1]), start: f[19] ?? '' };
}

/** Whether `pid` was started with `entry` ("NAME=value") in its environment. */
function hasEnv(pid, entry) {
  try {
    return `\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(`\0${entry}\0`);
  } catch {
    return false; // not ours to read: treat as the end of the chain
  }
}

/**
 * The launchers of this process (see the header), nearest first: `start` is its /proc start time,
 * or null where there is no /proc.
 */
export function launchers() {
  const parent = process.ppid;
  const script = process.env['npm_lifecycle_script'];
  if (process.platform !== 'linux' || script === undefined) return [{ pid: parent, start: procStat(parent)?.start ?? null }];
  const entry = `npm_lifecycle_script=${script}`;
  const chain = [];
  for (let pid = parent, depth = 0; depth < MAX_DEPTH && pid > 1; depth++) {
    const st = procStat(pid);
    if (st === null) break;
    chain.push({ pid, start: st.start });
    if (!hasEnv(pid, entry)) return chain; // the npm that set it for its script
    pid = st.ppid;
  }
  // npm not found within reach: the parent alone.
  return chain.length ? [chain[0]] : [{ pid: parent, start: null }];
}

function gone(l) {
  if (l.start !== null) return procStat(l.pid)?.start !== l.start;
  try {
    process.kill(l.pid, 0);
    return false;
  } catch (e) {
    return e.code !== 'EPERM';
  }
}

/** True when a launcher of `chain` has gone, or this process's parent is no longer `parent`. */
export function launcherGone(chain, parent) {
  return process.ppid !== parent || chain.some(gone);
}

/**
 * Watches this process's launchers and sends this process SIGTERM, once, when one has gone. The
 * timer does not keep the process alive. Returns the chain watched.
 */
export function stopWithLaunchers() {
  const parent = process.ppid;
  const chain = launchers();
  const timer = setInterval(() => {
    if (!launcherGone(chain, parent)) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }, POLL_MS);
  timer.unref();
  return chain;
}
