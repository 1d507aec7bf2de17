/**
 * `npm test`: the whole suite, on a fresh clone with nothing else done.
 *   1. npm dependencies (installed when missing or stale)   2. a Chromium for end-to-end tests and,
 *      where the machine allows, the Debian tools of the network-namespace tests (system-deps.mjs)
 *   3. type-check every layer (core, renderer, main side + tests)   4. the layering check
 *   5. build (electron-vite) — 3 to 5 side by side   6. unit + integration tests (vitest), then the real-process suites one
 *      at a time   7. end-to-end tests (Playwright)
 * Every step runs even when an earlier test step failed, so one run reports everything; the exit
 * code is non-zero if any step failed. The last line is "test: N passed, N failed, N skipped".
 * Nothing may outlive its step: whatever a step started and left running (a server, a browser, a
 * detached helper) is named, killed, and fails the suite (leftovers.mjs says how it is found).
 * A signal to this process goes to the running step, and the suite stops after it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runForwarding } from './children.mjs';
import { findChromium } from './chromium.mjs';
import { ensureDeps, root } from './ensure-deps.mjs';
import { RUN_VAR, killLeftovers } from './leftovers.mjs';
import { OPTIONAL_PACKAGES, aptAvailable, aptInstall, missingPackages } from './system-deps.mjs';

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const reports = path.join(root, 'test-results');
const started = Date.now();
const failedSteps = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

async function step(name, cmd, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n── test: ${name} ──`);
  const token = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const { code, signal } = await runForwarding(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env, [RUN_VAR]: token } });
  const ok = code === 0;
  console.log(`── test: ${name} ${ok ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (!ok) failedSteps.push(name);
  const left = await killLeftovers(token);
  if (left === null) console.log(`── test: ${name}: leftover processes not checked (needs Linux /proc)`);
  else if (left.length) {
    for (const p of left) console.log(`── test: ${name} left process ${p.pid} running (killed now): ${p.cmd.slice(0, 200)}`);
    failedSteps.push(`${name} (left ${left.length} process${left.length > 1 ? 'es' : ''} running)`);
  }
  if (signal) {
    console.log(`test: stopped by ${signal}`);
    process.exit(1);
  }
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function countVitest(file) {
  const r = readJson(file);
  if (!r) return;
  counts.passed += r.numPassedTests ?? 0;
  counts.failed += r.numFailedTests ?? 0;
  counts.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

function countPlaywright(file) {
  const s = readJson(file)?.stats;
  if (!s) return;
  counts.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  counts.failed += s.unexpected ?? 0;
  counts.skipped += s.skipped ?? 0;
}

async function main() {
  ensureDeps();
  let chromium = await findChromium({ install: false }).catch(() => undefined);
  if (aptAvailable()) {
    const want = [...(chromium ? [] : ['chromium']), ...missingPackages(OPTIONAL_PACKAGES)];
    if (want.length && !aptInstall(want)) console.log('system: apt-get failed; tests that need these packages will skip or fail with their reason');
  }
  try {
    chromium ??= await findChromium();
    console.log(`test: Chromium at ${chromium}`);
  } catch (e) {
    console.error(`test: ${e.message}`);
    process.exit(1);
  }
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  const env = { CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  // The checks and the build read the tree and write nothing another reads: side by side they take
  // as long as the slowest type-check instead of the sum (about a minute less on 2 cores).
  const checks = ['tsconfig.core.json', 'tsconfig.web.json', 'tsconfig.node.json'].map((p) => step(`type-check ${p}`, bin('tsc'), ['-p', p]));
  checks.push(step('layering check', bin('tsx'), ['scripts/check-layers.ts']));
  const build = step('build', process.execPath, ['scripts/build.mjs']);
  await Promise.all(checks);
  const built = await build;
  // The real-process suites (dozens of Node processes each) run after the rest and one file at a
  // time: beside each other or beside the timing tests they starve a 2-core machine's CPU. (The
  // exclusion is a glob; vitest's positional argument is a substring filter of file paths.)
  await step('unit + integration (vitest)', bin('vitest'), ['run', '--exclude=**/*processes.test.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'vitest.json')}`], env);
  countVitest(path.join(reports, 'vitest.json'));
  await step('real processes (vitest, one file at a time)', bin('vitest'), ['run', 'processes.test.ts', '--no-file-parallelism', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'vitest-processes.json')}`], env);
  countVitest(path.join(reports, 'vitest-processes.json'));
  if (built) {
    await step('end-to-end (playwright)', bin('playwright'), ['test'], { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json') });
    countPlaywright(path.join(reports, 'playwright.json'));
  } else {
    failedSteps.push('end-to-end (not run: the build failed)');
  }
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  if (failedSteps.length) console.log(`\ntest: failed steps: ${failedSteps.join(', ')}`);
  console.log(`\ntest: whole suite in ${minutes} min`);
  // A failed step that is not counted as failed tests (type errors, layering, build, a crashed
  // runner) still counts once, so the closing line never reads "0 failed" on a red run.
  const uncounted = failedSteps.length && !counts.failed ? failedSteps.length : 0;
  console.log(`test: ${counts.passed} passed, ${counts.failed + uncounted} failed, ${counts.skipped} skipped`);
  process.exit(failedSteps.length ? 1 : 0);
}

if (!existsSync(path.join(root, 'package.json'))) throw new Error('run from the repository');
await main();
