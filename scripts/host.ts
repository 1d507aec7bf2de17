/**
 * Dedicated headless host: `npm run host -- --headless --name <room> --bots <n>` (npm script:
 * "host": "tsx scripts/host.ts"). Hosts a room on the game port (default 47777, or a free one),
 * waits for `--wait <n>` players (default 1), fills `--bots` slots with behavior-tree bots and
 * starts. The host also runs the simulation as a spectating verifier, so its own hash takes part
 * in desync detection, and its latest key-frame snapshot is what a rejoining client (or a
 * spectator joining mid-match) restores. Prints one JSON object per line (the outcome as ev "result");
 * exits after the match unless `--stay`.
 * `--help` lists every option with its range and default (and hosts nothing); a bad value is
 * refused in one line on stderr with exit code 2, before any socket is opened.
 * --resources <dir> (default: the checkout's resources/): the room's bot trees are its
 * ai/<difficulty>.json (a file that fails falls back to the built-in tree, logged as
 * ev "trees-fallback"); clients whose trees differ are sent them.
 */
import { isIPv4 } from 'node:net';
import path from 'node:path';
import { findRepoRoot } from '../electron/services/files/paths';
import { Resources } from '../electron/services/files/resources';
import { HeadlessPlayer } from '../electron/services/lockstep/HeadlessPlayer';
import { LockstepHostService } from '../electron/services/lockstep/LockstepHostService';
import { mapLoader } from '../electron/services/lockstep/loadMap';
import { loadTrees } from '../electron/services/lockstep/loadTrees';
import { DEFAULT_SETTINGS, DELAY_UNIT_MS, MAX_DELAY_MS, MAX_KEY_INTERVAL, MAX_SLOTS, MIN_DELAY_MS, MIN_KEY_INTERVAL, ROOM_NAME_BYTES, SlotKind } from '../core/lockstep';
import { argsOrExit, refuse, visibleText, type Values } from './cli/args';

const TOOL = {
  name: 'host',
  summary: 'Hosts a LAN room headless, fills slots with bots, verifies every hash and prints one JSON object per line.',
  options: {
    headless: { kind: 'flag', help: 'host without a window (the only mode of this tool)' },
    name: { kind: 'text', arg: 'room', default: DEFAULT_SETTINGS.roomName, help: 'room name shown in the Join list', ...visibleText(ROOM_NAME_BYTES) },
    wait: { kind: 'int', min: 0, max: MAX_SLOTS, default: 1, help: 'players to wait for before starting' },
    bots: { kind: 'int', min: 0, max: MAX_SLOTS, default: 0, help: `slots filled with bots (--wait + --bots at most ${MAX_SLOTS})` },
    port: { kind: 'int', min: 0, max: 65535, default: 47777, help: 'UDP game port (0: a free one)' },
    address: { kind: 'text', arg: 'ipv4', default: '0.0.0.0', help: 'address to bind', allowed: 'an IPv4 address such as 0.0.0.0 or 127.0.0.1', test: isIPv4 },
    map: { kind: 'text', arg: 'id', default: DEFAULT_SETTINGS.map, help: 'map id from the resources\' maps/index.json' },
    seconds: { kind: 'int', min: 1, max: 65535, default: DEFAULT_SETTINGS.matchSeconds, help: 'match length in seconds' },
    'key-interval': { kind: 'int', min: MIN_KEY_INTERVAL, max: MAX_KEY_INTERVAL, default: DEFAULT_SETTINGS.keyInterval, help: 'logic frames per key frame' },
    delay: { kind: 'int', min: MIN_DELAY_MS, max: MAX_DELAY_MS, help: `fixed input delay in ms, a multiple of ${DELAY_UNIT_MS} (default: adaptive)` },
    seed: { kind: 'int', min: 0, max: 0xffffffff, help: 'fixed match seed (default: a fresh one per match)' },
    vote: { kind: 'int', min: 0, max: 255, default: DEFAULT_SETTINGS.dropVoteSeconds, help: 'seconds of stall before a drop vote (at most --force-drop)' },
    'force-drop': { kind: 'int', min: 1, max: 255, default: DEFAULT_SETTINGS.forceDropSeconds, help: 'seconds of stall before the host drops the player' },
    reports: { kind: 'dir-out', help: 'write desync reports into this folder' },
    'no-verify': { kind: 'flag', help: 'do not run the verifying simulation' },
    resources: { kind: 'dir-in', help: 'resources folder for maps and bot trees (default: the checkout\'s resources/)' },
    stay: { kind: 'flag', help: 'keep hosting after the match instead of exiting' },
  },
} as const;

/** Rules between options (each option alone is checked by the argument layer). */
function checkCombination(v: Values<typeof TOOL.options>): void {
  if (v.wait + v.bots < 1 || v.wait + v.bots > MAX_SLOTS) throw refuse('bots', String(v.bots), `--wait + --bots in 1..${MAX_SLOTS} (--wait is ${v.wait})`);
  if (v.vote > v['force-drop']) throw refuse('vote', String(v.vote), `at most --force-drop (${v['force-drop']})`);
  if (v.delay !== undefined && v.delay % DELAY_UNIT_MS !== 0) throw refuse('delay', String(v.delay), `a multiple of ${DELAY_UNIT_MS} in ${MIN_DELAY_MS}..${MAX_DELAY_MS}`);
  const dir = v.resources ?? path.join(findRepoRoot(import.meta.dirname), 'resources');
  let ids: string[];
  try {
    ids = new Resources(dir).listMaps().map((m) => m.id);
  } catch (e) {
    throw refuse('resources', dir, `a resources folder with a readable maps/index.json (${(e as Error).message.slice(0, 80)})`);
  }
  if (!ids.includes(v.map)) throw refuse('map', v.map, `a map id of the resources: ${ids.join(', ')}`);
}

const log = (entry: Record<string, unknown>): void => void process.stdout.write(JSON.stringify({ t: Math.round(performance.now()), ...entry }) + '\n');

async function main(): Promise<void> {
  const v = argsOrExit(TOOL, process.argv.slice(2), checkCombination);
  if (v === null) return;
  if (!v.headless) log({ ev: 'note', text: 'only --headless hosting exists in this script; continuing headless' });
  const { wait, bots, resources } = v;
  const verify = !v['no-verify'];
  const trees = loadTrees(resources);
  log({ ev: 'trees-loaded', fingerprint: trees.trees.brains.fingerprint });
  for (const notice of trees.notices) log({ ev: 'trees-fallback', notice });
  const service = await LockstepHostService.start({
    trees: trees.trees,
    port: v.port,
    address: v.address,
    owner: verify ? { name: 'host', spectate: true } : undefined,
    ...(v.delay !== undefined ? { fixedDelay: v.delay } : {}),
    ...(v.seed !== undefined ? { seed: v.seed } : {}),
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
  const host = service.host;
  for (let b = 0; b < bots; b++) host.setSlot(wait + b, SlotKind.Bot, 1);
  log({ ev: 'listening', port: service.port, room: host.lobby.settings.roomName, wait, bots });
  const player = service.owner
    ? new HeadlessPlayer({ peer: service.owner, now: () => service.now(), loadMap: mapLoader(resources), input: 'none', name: 'host', log: (e) => log({ who: 'verifier', ...e }), ...(v.reports !== undefined ? { reportsDir: v.reports } : {}) })
    : null;
  player?.start();
  if (player) service.setSnapshotSource(() => player.latestSnapshot());
  let started = false;
  const poll = setInterval(() => {
    const humans = host.sessionList().filter((s) => !s.spectator).length;
    if (!started && host.phase === 'lobby' && humans >= wait) {
      started = true;
      log({ ev: 'starting', humans });
      host.start(service.now());
    }
    if (started && host.phase === 'lobby' && host.lastResult) {
      const m = host.lastMatch;
      log({ ev: 'result', ...host.lastResult, stallMs: Math.round(m?.stallMs ?? 0), stalls: m?.stalls ?? 0, hashConflicts: m?.hashes.conflicts ?? 0, waited: m?.players.waitedBySlot(), counters: host.counters, udp: service.transport.counters });
      if (!v.stay) {
        clearInterval(poll);
        // Linger so the end notice (reliable control stream) reaches everyone, then leave.
        setTimeout(() => {
          player?.stop();
          void service.close().then(() => process.exit(0));
        }, 2000);
      }
      started = false;
    }
  }, 50);
  process.on('SIGTERM', () => void service.close().then(() => process.exit(0)));
}

main().catch((e: unknown) => {
  log({ ev: 'error', message: (e as Error).stack ?? String(e) });
  process.exit(1);
});
