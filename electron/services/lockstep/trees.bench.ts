/**
 * What one source of bot trees (protocol v5) costs, on real loopback sockets: a hosting node with
 * its owner (no verifier: the match never runs), one joined node, the shipped trees on the client and either the same trees on the
 * host or a designer's edit of hard.json (or of all three files).
 * 1. Bytes: tree chunk bytes the host queued (HostCounters.treeBytes) and everything the host sent
 *    the client in the first LOBBY_MS from JOIN (IP/UDP headers not counted).
 * 2. Time: from the client's JOIN to its trees matching the host's (ClientPeer.trees ready), and
 *    the worst case for loading — the owner starts the moment the client is in the lobby, so the
 *    transfer overlaps loading: from start to both peers running the match, against equal trees.
 */
import type { BenchContext } from '../../../bench/lib';
import { DIFFICULTY_NAMES, builtInSource, Difficulty, loadBotBrains } from '../../../core/ai';
import type { TreeSet } from '../../../core/ai';
import type { ClientPeer } from '../../../core/lockstep';
import { LockstepNode } from './LockstepNode';
import { loadTrees } from './loadTrees';

const RUNS = 9;
/** Host → client bytes are counted over this long from JOIN (the lobby settled, trees or not). */
const LOBBY_MS = 500;
const shipped = loadTrees().trees;

/** The shipped trees with `which` difficulties edited (a range changed: a different tree). */
function edited(which: readonly number[]): TreeSet {
  return loadBotBrains(DIFFICULTY_NAMES.map((d, i) => {
    const text = builtInSource(i as Difficulty);
    return { file: `${d}.json`, source: which.includes(i) ? text.replace(/"range":(\d+)/, (_m, n: string) => `"range":${Number(n) + 1}`) : text };
  }));
}

const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function until(cond: () => boolean, limitMs: number): Promise<boolean> {
  const end = performance.now() + limitMs;
  while (!cond() && performance.now() < end) await wait(1);
  return cond();
}

/** Takes the peers' events as a game loop would: 100 % on loading, "running" on start. */
function drain(peers: readonly ClientPeer[], started: Set<ClientPeer>): void {
  for (const p of peers) {
    for (const e of p.events.splice(0)) {
      if (e.t === 'loading') p.loadProgress(100);
      if (e.t === 'start') started.add(p);
    }
  }
}

async function once(hostTrees: TreeSet, startAtOnce: boolean): Promise<{ treeBytes: number; hostToClient: number; readyMs: number; loadMs: number }> {
  const host = await LockstepNode.open({ trees: hostTrees, port: 0, address: '127.0.0.1', verifier: null });
  const authority = host.host({ owner: { name: 'owner' }, settings: { matchSeconds: 2 } });
  const owner = host.player!;
  const t0 = performance.now();
  const node = await LockstepNode.open({ trees: shipped, port: 0, address: '127.0.0.1' });
  const c = { peer: node.join({ host: `127.0.0.1:${host.port}`, name: 'c' }), close: () => node.close() };
  const started = new Set<ClientPeer>();
  const timer = setInterval(() => drain([owner, c.peer], started), 1);
  await until(() => c.peer.phase === 'lobby', 3000);
  let loadMs = 0;
  if (startAtOnce) {
    const s0 = performance.now();
    authority.start(host.now());
    await until(() => started.size === 2, 5000);
    loadMs = performance.now() - s0;
  }
  const equal = hostTrees.brains.fingerprint === shipped.brains.fingerprint;
  // Equal trees: the client learns the host's fingerprint only at loading; nothing to wait for.
  if (!equal || startAtOnce) await until(() => c.peer.trees.state === 'ready', 5000);
  const readyMs = performance.now() - t0;
  await wait(Math.max(0, LOBBY_MS - (performance.now() - t0)));
  clearInterval(timer);
  const treeBytes = authority.counters.treeBytes;
  const hostToClient = host.transport.counters.sentBytes;
  await Promise.all([host.close(), c.close()]);
  return { treeBytes, hostToClient, readyMs, loadMs };
}

const median = (a: number[]): number => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? 0;

export default async function (ctx: BenchContext): Promise<void> {
  const cases: [string, TreeSet][] = [['equal trees', shipped], ['hard.json edited', edited([Difficulty.Hard])], ['all three edited', edited([0, 1, 2])]];
  for (const [name, trees] of cases) {
    const lobby = [];
    const load = [];
    for (let i = 0; i < RUNS; i++) lobby.push(await once(trees, false));
    for (let i = 0; i < RUNS; i++) load.push(await once(trees, true));
    const l0 = lobby[0]!;
    ctx.record({ group: 'net/trees', name: `${name}: tree chunk bytes sent`, value: l0.treeBytes, unit: 'B' });
    ctx.record({ group: 'net/trees', name: `${name}: host → client bytes, first ${LOBBY_MS} ms from JOIN`, value: median(lobby.map((r) => r.hostToClient)), unit: 'B' });
    if (trees !== shipped) ctx.record({ group: 'net/trees', name: `${name}: JOIN → trees ready (median of ${RUNS})`, value: Math.round(median(lobby.map((r) => r.readyMs)) * 10) / 10, unit: 'ms' });
    ctx.record({ group: 'net/trees', name: `${name}: start at once → both running (median of ${RUNS})`, value: Math.round(median(load.map((r) => r.loadMs)) * 10) / 10, unit: 'ms' });
  }
  ctx.note('Trees travel right after ACCEPT, in the lobby: a match started later than "JOIN → trees ready" pays nothing for them while loading.');
}
