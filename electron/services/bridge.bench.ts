/**
 * The page ↔ main link, measured on what ships: two apps' services in this process (UDP on
 * 127.0.0.1, discovery off), each behind its real browser-shell server; each "page" is a Node
 * WebSocket client (testing/socketPage) running the match through core's MatchLoop, as the
 * renderer does.
 * 1. Input → execution through the bridge: the joining page changes its intent every 150-350 ms;
 *    (every 100-250 ms) the time until its own loop runs the key that carries it (every hop:
 *    page → socket → main → UDP → host → UDP → main → socket → page).
 * 2. The main side's CPU while idle in a lobby (two apps, both pages connected, nobody acting) and
 *    while a match runs, as CPU time of this process per second of wall time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchContext } from '../../bench/lib';
import { DEFAULT_SETTINGS } from '../../core/lockstep';
import type { RunnerOptions } from '../../core/lockstep';
import { MoveMode } from '../../core/sim';
import { createAppServices } from './appServices';
import type { AppServices } from './appServices';
import { startBrowserShell } from './bridge/browserShellServer';
import type { BrowserShell } from './bridge/browserShellServer';
import { findRepoRoot } from './files/paths';
import { mapLoader } from './lockstep/loadMap';
import { socketPage } from './testing/socketPage';
import type { SocketPage } from './testing/socketPage';
import { TestLoop } from './testing/TestLoop';
import { until } from './testing/until';

const ARGV = ['--discovery=off', '--game-port=0', '--game-bind=127.0.0.1'];
const MATCH_SECONDS = 30;
const IDLE_MS = 5000;

interface App {
  readonly services: AppServices;
  readonly shell: BrowserShell;
  readonly page: SocketPage;
  readonly loop: TestLoop;
  readonly dir: string;
}

async function app(onKey?: RunnerOptions['onKey']): Promise<App> {
  const root = findRepoRoot(import.meta.dirname);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bb-bridge-bench-'));
  const services = createAppServices({ shell: 'browser', userDataDir: dir, resourcesDir: path.join(root, 'resources'), quit: () => undefined, argv: ARGV, env: {} });
  const shell = await startBrowserShell({ bridge: services.bridge, rendererDir: path.join(root, 'out', 'renderer'), port: 0 });
  const page = await socketPage(shell);
  const loop = new TestLoop(page, mapLoader(), 1, { manual: true, ...(onKey ? { onKey } : {}) });
  return { services, shell, page, loop, dir };
}

async function close(a: App): Promise<void> {
  a.loop.stop();
  a.page.close();
  await a.services.close();
  await a.shell.close();
  rmSync(a.dir, { recursive: true, force: true });
}

/** CPU time of this process (ms) per second of wall time over `ms`. */
async function cpuPerSecond(ms: number): Promise<number> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000 / ((performance.now() - t0) / 1000);
}

const median = (a: number[]): number => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? 0;
const p95 = (a: number[]): number => [...a].sort((x, y) => x - y)[Math.floor(a.length * 0.95)] ?? 0;

export default async function (ctx: BenchContext): Promise<void> {
  const baseline = await cpuPerSecond(IDLE_MS);
  const pending = new Map<number, number>();
  const latencies: number[] = [];
  let mySlot = -1;
  const a = await app();
  const b = await app((_key, _hash, inputs) => {
    for (const i of inputs) {
      const sentAt = i.slot === mySlot ? pending.get(i.input.angle) : undefined;
      if (sentAt === undefined) continue;
      latencies.push(performance.now() - sentAt);
      pending.delete(i.input.angle);
    }
  });
  try {
    const { address } = (await a.loop.ask('net:host', { name: 'Host', colour: 1, settings: { ...DEFAULT_SETTINGS, matchSeconds: MATCH_SECONDS } })) as { address: string };
    await b.loop.ask('net:join', { address, name: 'Guest', spectate: false });
    if (!(await until(() => b.loop.session?.phase === 'lobby' && (a.loop.session?.slots ?? []).filter((s) => s.kind === 2).length === 2, 5000))) throw new Error('join failed');
    const idle = await cpuPerSecond(IDLE_MS);
    await a.loop.ask('net:act', { t: 'start' });
    if (!(await until(() => (b.loop.runner?.frame ?? 0) > 30, 10_000))) throw new Error('match did not start');
    mySlot = b.loop.start?.slot ?? -1;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    let angle = 1;
    while (!b.loop.match?.finished && performance.now() - t0 < (MATCH_SECONDS + 5) * 1000) {
      angle = (angle % 4000) + 7;
      pending.set(angle, performance.now());
      b.loop.port?.setIntent({ move: MoveMode.Direction, angle, targetX: 0, targetY: 0, split: false, eject: false });
      await new Promise((r) => setTimeout(r, 100 + ((angle * 37) % 150)));
    }
    const c = process.cpuUsage(c0);
    const matchCpu = (c.user + c.system) / 1000 / ((performance.now() - t0) / 1000);
    const delay = b.loop.port?.delay ?? 0;
    const blocked = b.loop.runner?.stats.blockedMs ?? 0;
    ctx.record({ group: 'bridge', name: 'input → execution through the bridge (page → main → host → page), median', value: median(latencies), unit: 'ms', notes: `${latencies.length} samples, p95 ${p95(latencies).toFixed(1)} ms; input delay ${delay} ms; key frame ${(DEFAULT_SETTINGS.keyInterval * 1000) / 30} ms` });
    ctx.record({ group: 'bridge', name: 'input delay the host chose, at the end', value: delay, unit: 'ms', notes: `the guest page's loop was blocked ${blocked.toFixed(0)} ms in ${MATCH_SECONDS} s` });
    ctx.record({ group: 'bridge', name: 'main side CPU, idle in a lobby (host + guest apps, pages connected)', value: Math.max(0, idle - baseline), unit: 'ms/s', notes: `process CPU ${idle.toFixed(1)} ms/s minus ${baseline.toFixed(1)} ms/s with nothing running` });
    ctx.record({ group: 'bridge', name: 'whole process CPU during the match (2 apps + 2 pages simulating)', value: matchCpu, unit: 'ms/s' });
  } finally {
    await close(b);
    await close(a);
  }
}
