/**
 * How every launcher here runs a long-lived child (`npm start`'s shell, `npm test`'s steps):
 * SIGINT, SIGTERM and SIGHUP that reach the launcher are passed on to the child, and the launcher
 * ends only when the child has. Why: a service manager, a test or a closing terminal signals one
 * pid — the launcher's — and a launcher that died alone would leave its child running, orphaned.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

export const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Spawns `cmd` and resolves once it has exited: `code` is its exit code (128 + n when signal n
 * ended it, 1 when it could not start); `signal` is the first signal passed on to it, or null.
 */
export function runForwarding(cmd, args, options) {
  return new Promise((resolve) => {
    let received = null;
    let done = false;
    const child = spawn(cmd, args, options);
    const forward = (sig) => {
      received ??= sig;
      child.kill(sig);
    };
    for (const sig of FORWARDED_SIGNALS) process.on(sig, forward);
    const finish = (code) => {
      if (done) return;
      done = true;
      for (const sig of FORWARDED_SIGNALS) process.off(sig, forward);
      resolve({ code, signal: received });
    };
    child.on('error', (e) => {
      console.error(`${path.basename(cmd)}: could not start (${e.message})`);
      finish(1);
    });
    child.on('exit', (code, signal) => finish(code ?? 128 + (os.constants.signals[signal] ?? 0)));
  });
}
