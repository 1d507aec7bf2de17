/**
 * Headless client: `npm run client -- --join <ip:port> --bot` (npm script: "client": "tsx
 * scripts/client.ts"). Joins a room, loads, plays its slot with a behavior-tree bot (`--bot`,
 * default), a seeded random input generator (`--random [--seed n]`) or not at all (`--idle`), and
 * prints one JSON object per line. Exits after the match ends. Options: --name <n> --spectate
 * --reports <dir> --deterministic (inputs close at key boundaries only: with the host's --delay and
 * --seed pinned, a bot client plays the same inputs on every run).
 */
import { argValue } from '../electron/services/paths';
import { HeadlessPlayer } from '../electron/services/net/HeadlessPlayer';
import type { HeadlessInput } from '../electron/services/net/HeadlessPlayer';
import { LockstepClientService } from '../electron/services/net/LockstepClientService';
import { mapLoader } from '../electron/services/net/loadMap';

const argv = process.argv.slice(2);
const log = (entry: Record<string, unknown>): void => void process.stdout.write(JSON.stringify({ t: Math.round(performance.now()), ...entry }) + '\n');

async function main(): Promise<void> {
  const join = argValue(argv, 'join');
  if (!join) throw new Error('usage: client --join <ip:port> [--bot | --random | --idle] [--name <n>]');
  const name = argValue(argv, 'name') ?? `bot-${process.pid}`;
  const input: HeadlessInput = argv.includes('--random') ? 'random' : argv.includes('--idle') || argv.includes('--spectate') ? 'none' : 'bot';
  const service = await LockstepClientService.connect({ host: join, name, spectate: argv.includes('--spectate'), address: argValue(argv, 'address') ?? '0.0.0.0', lockClosures: argv.includes('--deterministic') });
  const reports = argValue(argv, 'reports');
  const player = new HeadlessPlayer({ peer: service.peer, now: () => service.now(), loadMap: mapLoader(), input, name, seed: Number(argValue(argv, 'seed') ?? 1), log, ...(reports ? { reportsDir: reports } : {}) });
  log({ ev: 'joining', host: join, port: service.transport.port, input });
  player.start();
  const poll = setInterval(() => {
    const p = service.peer.phase;
    // Ended: back in the lobby after our match, or finished and the host gone quiet (it left).
    const hostGone = service.peer.stall(service.now()).hostSilentMs > 5000;
    const ended = player.finishedHash !== null && (p === 'lobby' || hostGone);
    if (ended || p === 'rejected' || p === 'kicked' || p === 'failed') {
      clearInterval(poll);
      player.stop();
      log({ ev: 'exit', phase: p, hash: player.finishedHash, stats: service.peer.stats, udp: service.transport.counters });
      void service.close().then(() => process.exit(ended ? 0 : 2));
    }
  }, 50);
}

main().catch((e: unknown) => {
  log({ ev: 'error', message: (e as Error).stack ?? String(e) });
  process.exit(1);
});
