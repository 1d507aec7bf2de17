/**
 * Test and benchmark tool: many headless bot players in one process, so a 2-core machine can fill
 * a 50-player room with a few processes instead of 49 Node start-ups (the protocol is measured,
 * not process overhead). Each bot is a real LockstepNode (its own UDP socket on
 * 127.0.0.1) and a HeadlessPlayer steering with a behavior-tree LocalBot, as `npm run client --
 * --bot` does.
 *
 *   node --import tsx electron/services/testing/botSwarm.ts <host ip:port> <count> <name prefix> [bind ip] [difficulty 0-2]
 *
 * The sockets bind 127.0.0.1 unless a bind address is given; then (only inside a test network
 * namespace: the room bench and the group test) they also join the host's multicast group on the
 * namespace's interfaces.
 * Prints one JSON line when every bot is in the lobby ({ev:'joined'}), and one at the end
 * ({ev:'done', bots:[{name, hash, blockedMs, blocks, sent, sentBytes, received, receivedBytes}]})
 * once the host announced the end to every bot (or went away), then exits.
 */
import { performance } from 'node:perf_hooks';
import { Difficulty } from '../../../core/ai';
import { usableInterfaces } from '../discovery';
import { HeadlessPlayer } from '../lockstep/HeadlessPlayer';
import { mapLoader } from '../lockstep/loadMap';
import { loadTrees } from '../lockstep/loadTrees';
import { LockstepNode } from '../lockstep/LockstepNode';

const [host, countText, prefix = 'bot', bind = '127.0.0.1', difficultyText = '1'] = process.argv.slice(2);
const count = Number(countText);
const difficulty = Object.values(Difficulty).find((d) => String(d) === difficultyText);
if (!host || !Number.isInteger(count) || count < 1 || count > 64 || difficulty === undefined) {
  console.error('usage: botSwarm.ts <host ip:port> <count 1..64> [name prefix] [bind ip, default 127.0.0.1] [difficulty 0 easy, 1 normal (default), 2 hard]');
  process.exit(2);
}

/** This checkout's resources/ai trees, as the apps load them. */
const trees = loadTrees().trees;
const print = (o: Record<string, unknown>): void => void process.stdout.write(JSON.stringify(o) + '\n');

async function main(): Promise<void> {
  const loadMap = mapLoader();
  const bots = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const name = `${prefix}${i}`;
      const node = await LockstepNode.open({ trees, port: 0, address: bind, ...(bind !== '127.0.0.1' ? { groupInterfaces: usableInterfaces() } : {}), verifier: { loadMap } });
      const peer = node.join({ host: host as string, name });
      const player = new HeadlessPlayer({ peer, now: () => performance.now(), loadMap, input: 'bot', difficulty, name, log: () => undefined });
      node.drive(player);
      return { name, node, peer, player };
    }),
  );
  let joined = false;
  let running = false;
  // What each bot's F3 panel would say of its key frames (in the order seen) and its longest block.
  const frames = bots.map(() => [] as string[]);
  const longestBlockMs = bots.map(() => 0);
  const timer = setInterval(() => {
    const now = performance.now();
    bots.forEach((b, i) => {
      const f = b.peer.framesBy(now);
      if (f !== null && frames[i]!.at(-1) !== f) frames[i]!.push(f);
      longestBlockMs[i] = Math.max(longestBlockMs[i]!, Math.round(b.peer.stall(now).blockedMs));
    });
    const phases = bots.map((b) => b.peer.phase);
    if (!joined && phases.every((p) => p === 'lobby')) {
      joined = true;
      print({ ev: 'joined', count });
    }
    if (!running && phases.every((p) => p === 'running')) {
      running = true;
      print({ ev: 'running', count });
    }
    // Ended: the host announced the end (back in the lobby), or it is gone. A bot that leaves as
    // soon as its own loop is done would be dropped from a match the others still finish.
    const ended = bots.every((b) => (b.player.finishedHash !== null && b.peer.phase === 'lobby') || b.peer.phase === 'failed');
    if (!ended) return;
    clearInterval(timer);
    print({
      ev: 'done',
      bots: bots.map((b, i) => {
        const s = b.peer.stats;
        const r = b.player.loop?.runner.stats;
        const c = b.node.transport.counters;
        return { name: b.name, hash: b.player.finishedHash, blockedMs: Math.round(r?.blockedMs ?? 0), blocks: r?.blocks ?? 0, sent: s.sent, sentBytes: s.sentBytes, received: s.received, receivedBytes: s.receivedBytes, groupReceived: c.groupReceived, groupSkipped: s.groupSkipped, frames: frames[i], longestBlockMs: longestBlockMs[i] };
      }),
    });
    void Promise.all(bots.map((b) => b.node.close())).then(() => process.exit(0));
  }, 100);
}

main().catch((e: unknown) => {
  console.error(`botSwarm: ${(e as Error).message}`);
  process.exit(1);
});
