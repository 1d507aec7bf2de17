/**
 * Dedicated headless host: `npm run host -- --headless --name <room> --bots <n>` (npm script:
 * "host": "tsx scripts/host.ts"). Hosts a room on the game port (default 47777, or a free one),
 * waits for `--wait <n>` players (default 1), fills `--bots` slots with behavior-tree bots and
 * starts. The host also runs the simulation as a spectating verifier, so its own hash takes part
 * in desync detection, and its latest key-frame snapshot is what a rejoining client (or a
 * spectator joining mid-match) restores. Prints one JSON object per line (the outcome as ev "result");
 * exits after the match unless `--stay`.
 * Options: --port <p> --address <ip> --map <id> --seconds <s> --key-interval <2-6> --delay <ms, fixed>
 *          --seed <n> (fixed match seed)
 *          --vote <s> --force-drop <s> --reports <dir> --no-verify
 *          --resources <dir> (default: the checkout's resources/): the room's bot trees are its
 *          ai/<difficulty>.json (a file that fails falls back to the built-in tree, logged as
 *          ev "trees-fallback"); clients whose trees differ are sent them.
 */
import { argValue } from '../electron/services/files/paths';
import { HeadlessPlayer } from '../electron/services/lockstep/HeadlessPlayer';
import { LockstepHostService } from '../electron/services/lockstep/LockstepHostService';
import { mapLoader } from '../electron/services/lockstep/loadMap';
import { loadTrees } from '../electron/services/lockstep/loadTrees';
import { checkName, nameProblemText, ROOM_NAME_BYTES, SlotKind } from '../core/lockstep';

const argv = process.argv.slice(2);
const num = (name: string, dflt: number): number => {
  const v = argValue(argv, name);
  return v === undefined || !Number.isFinite(Number(v)) ? dflt : Number(v);
};
const log = (entry: Record<string, unknown>): void => void process.stdout.write(JSON.stringify({ t: Math.round(performance.now()), ...entry }) + '\n');

async function main(): Promise<void> {
  if (!argv.includes('--headless')) log({ ev: 'note', text: 'only --headless hosting exists in this script; continuing headless' });
  const wait = num('wait', 1);
  const bots = num('bots', 0);
  const verify = !argv.includes('--no-verify');
  const fixed = argValue(argv, 'delay');
  const resources = argValue(argv, 'resources');
  // The one name rule (core/lockstep/names.ts) for the room's name: refused with one line, never cut.
  const room = checkName(argValue(argv, 'name') ?? 'Ball Brawl', ROOM_NAME_BYTES);
  if (!room.ok) return void (process.stderr.write(`${nameProblemText('--name', room, ROOM_NAME_BYTES)}\n`), process.exit(2));
  const trees = loadTrees(resources);
  log({ ev: 'trees-loaded', fingerprint: trees.trees.brains.fingerprint });
  for (const notice of trees.notices) log({ ev: 'trees-fallback', notice });
  const service = await LockstepHostService.start({
    trees: trees.trees,
    port: num('port', 47777),
    address: argValue(argv, 'address') ?? '0.0.0.0',
    owner: verify ? { name: 'host', spectate: true } : undefined,
    ...(fixed !== undefined ? { fixedDelay: Number(fixed) } : {}),
    ...(argValue(argv, 'seed') !== undefined ? { seed: Number(argValue(argv, 'seed')) } : {}),
    settings: {
      roomName: room.name,
      map: argValue(argv, 'map') ?? 'arena-small',
      matchSeconds: num('seconds', 600),
      keyInterval: num('key-interval', 3),
      maxSlots: Math.max(1, wait + bots),
      dropVoteSeconds: num('vote', 30),
      forceDropSeconds: num('force-drop', 60),
    },
  });
  const host = service.host;
  for (let b = 0; b < bots; b++) host.setSlot(wait + b, SlotKind.Bot, 1);
  log({ ev: 'listening', port: service.port, room: host.lobby.settings.roomName, wait, bots });
  const player = service.owner
    ? new HeadlessPlayer({ peer: service.owner, now: () => service.now(), loadMap: mapLoader(resources), input: 'none', name: 'host', log: (e) => log({ who: 'verifier', ...e }), ...(argValue(argv, 'reports') ? { reportsDir: argValue(argv, 'reports') } : {}) })
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
      log({ ev: 'result', ...host.lastResult, stallMs: Math.round(m?.stallMs ?? 0), stalls: m?.stalls ?? 0, waited: m?.players.waitedBySlot(), counters: host.counters, udp: service.transport.counters });
      if (!argv.includes('--stay')) {
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
