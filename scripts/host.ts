/**
 * Dedicated headless host: `npm run host -- --headless --name <room> --bots <n>` (npm script:
 * `exec node --import tsx scripts/host.ts`, see launchers.mjs). Hosts a room on the game port
 * (default 47777, or a free one), waits for `--wait <n>` players (default 1), fills `--bots` slots
 * with behavior-tree bots and starts. The host also runs the simulation as a spectating verifier, so its own hash takes part
 * in desync detection, and its latest key-frame snapshot is what a rejoining client (or a
 * spectator joining mid-match) restores. Prints one JSON object per line (the outcome as ev "result",
 * or ev "replaced" when the clients elected another host while this one stood still: it then exits;
 * ev "delay" each time the input delay changes);
 * exits after the match unless `--stay`.
 * `--help` lists every option with its range and default (and hosts nothing); a bad value is
 * refused in one line on stderr with exit code 2, before any socket is opened.
 * --resources <dir> (default: the checkout's resources/): the room's bot trees are its
 * ai/<difficulty>.json (a file that fails falls back to the built-in tree, logged as
 * ev "trees-fallback"); clients whose trees differ are sent them.
 * Stopping: SIGINT, SIGTERM or SIGHUP close the room and exit 0; so does the end of the process
 * that launched this one (the npm of `npm run host`, which passes SIGHUP on to nobody, and
 * nothing when killed: launchers.mjs).
 */
import { LockstepNode } from '../electron/services/lockstep/LockstepNode';
import { mapLoader } from '../electron/services/lockstep/loadMap';
import { loadTrees } from '../electron/services/lockstep/loadTrees';
import { SlotKind } from '../core/lockstep';
import { argsOrExit } from './cli/args';
import { HOST_TOOL, checkHost } from './cli/tools';
import { stopWithLaunchers } from './launchers.mjs';

const log = (entry: Record<string, unknown>): void => void process.stdout.write(JSON.stringify({ t: Math.round(performance.now()), ...entry }) + '\n');

async function main(): Promise<void> {
  const v = argsOrExit(HOST_TOOL, process.argv.slice(2), checkHost);
  if (v === null) return;
  stopWithLaunchers();
  if (!v.headless) log({ ev: 'note', text: 'only --headless hosting exists in this script; continuing headless' });
  const { wait, bots, resources } = v;
  const verify = !v['no-verify'];
  const trees = loadTrees(resources);
  log({ ev: 'trees-loaded', fingerprint: trees.trees.brains.fingerprint });
  for (const notice of trees.notices) log({ ev: 'trees-fallback', notice });
  // The verifier is the room's owner here (no player): its hash takes part in desync detection.
  const node = await LockstepNode.open({
    trees: trees.trees,
    port: v.port,
    address: v.address,
    ...(v.lan !== undefined ? { groupInterface: v.lan } : {}),
    verifier: verify ? { loadMap: mapLoader(resources), name: 'host', log: (e) => log({ who: 'verifier', ...e }), ...(v.reports !== undefined ? { reportsDir: v.reports } : {}) } : null,
  });
  const host = node.host({
    ...(v.delay !== undefined ? { fixedDelay: v.delay } : {}),
    ...(v.seed !== undefined ? { seed: v.seed } : {}),
    ...(v.deterministic ? { waitForLate: true } : {}),
    settings: {
      roomName: v.name,
      map: v.map,
      matchSeconds: v.seconds,
      keyInterval: v['key-interval'],
      maxSlots: wait + bots,
      dropVoteSeconds: v.vote,
      forceDropSeconds: v['force-drop'],
    },
  });
  for (let b = 0; b < bots; b++) host.setSlot(wait + b, SlotKind.Bot, 1);
  log({ ev: 'listening', port: node.port, room: host.lobby.settings.roomName, wait, bots });
  let started = false;
  let delay = -1;
  const poll = setInterval(() => {
    // The input delay the room runs with, each time it changes (ev "delay", ms, the key released then).
    const m = host.match;
    if (m && m.delay !== delay) {
      delay = m.delay;
      log({ ev: 'delay', ms: delay, key: m.released });
    }
    const humans = host.sessionList().filter((s) => !s.spectator).length;
    if (!started && host.phase === 'lobby' && humans >= wait) {
      started = true;
      log({ ev: 'starting', humans });
      host.start(node.now());
    }
    if (started && host.closed) {
      // The peers elected another host while this one stood still (issue 13): the match goes on there.
      clearInterval(poll);
      log({ ev: 'replaced', released: host.match?.released ?? -1, counters: host.counters });
      void node.close().then(() => process.exit(0));
      return;
    }
    if (started && host.phase === 'lobby' && host.lastResult) {
      const m = host.lastMatch;
      log({ ev: 'result', ...host.lastResult, stallMs: Math.round(m?.stallMs ?? 0), stalls: m?.stalls ?? 0, hashConflicts: m?.hashes.conflicts ?? 0, waited: m?.players.waitedBySlot(), counters: host.counters, udp: node.transport.counters, link: node.transport.sealer?.counters });
      if (!v.stay) {
        clearInterval(poll);
        // Linger so the end notice (reliable control stream) reaches everyone, then leave.
        setTimeout(() => void node.close().then(() => process.exit(0)), 2000);
      }
      started = false;
    }
  }, 50);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return; // Ctrl-C reaches us from the terminal and again from a launcher
    stopping = true;
    clearInterval(poll);
    void node.close().then(() => process.exit(0));
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, stop);
}

main().catch((e: unknown) => {
  log({ ev: 'error', message: (e as Error).stack ?? String(e) });
  process.exit(1);
});
