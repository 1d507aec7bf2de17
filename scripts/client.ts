/**
 * Headless client: `npm run client -- --join <ip:port> --bot` (npm script: `exec node --import
 * tsx scripts/client.ts`, see launchers.mjs). Joins a room, loads, plays its slot with a
 * behavior-tree bot (`--bot`, default), a seeded random input generator (`--random [--seed n]`)
 * or not at all (`--idle`), and prints one JSON object per line. Exits after the match ends: 0 when it finished, 1 when it was
 * refused, kicked or failed, 2 for a usage error (one line on stderr; `--help` lists every option).
 * --deterministic: inputs close at key boundaries only (with the host's --delay, --seed and --deterministic,
 * a bot client plays the same inputs on every run).
 * --token-file <path>: the session token is written there once accepted; if the file exists at
 * start, the client first rejoins the running match with it (after a crash, a pulled cable or a
 * restart), and joins afresh when the host no longer knows the token.
 * Dropped for not answering (its process stood still or starved, and the others voted it out or
 * the host stopped waiting): the session ends saying so (ev "failed", reason "dropped"), and the
 * client rejoins its slot at once with the session's token and key, as the app's Rejoin does
 * (ev "exit" with retry "rejoin"; at most MAX_REJOINS times).
 * --resources <dir> (default: the checkout's resources/): this client's bot trees and maps. The
 * match runs the host's trees: where they differ they are received (logged as ev "trees"); a file
 * of ours that fails falls back to the built-in tree, logged as ev "trees-fallback".
 * Stopping: SIGINT, SIGTERM or SIGHUP leave the room (goodbye) and exit 0; so does the end of the
 * process that launched this one (the npm of `npm run client`, which passes SIGHUP on to nobody,
 * and nothing when killed: launchers.mjs).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { HeadlessPlayer } from '../electron/services/lockstep/HeadlessPlayer';
import type { HeadlessInput } from '../electron/services/lockstep/HeadlessPlayer';
import { LockstepNode } from '../electron/services/lockstep/LockstepNode';
import { mapLoader } from '../electron/services/lockstep/loadMap';
import { loadTrees } from '../electron/services/lockstep/loadTrees';
import { RejectReason, SessionReason } from '../core/lockstep';
import { argsOrExit } from './cli/args';
import { CLIENT_TOOL, checkClient, lanInterface } from './cli/tools';
import { stopWithLaunchers } from './launchers.mjs';

/** Rejoins after being dropped for not answering, at most (a machine that starves forever stops trying). */
const MAX_REJOINS = 10;

const log = (entry: Record<string, unknown>): void => void process.stdout.write(JSON.stringify({ t: Math.round(performance.now()), ...entry }) + '\n');

/** The token file: "token base64-key" (the key the token was given to; a rejoin proves it). */
function storedToken(file: string | undefined): { token: number; key: Uint8Array } | undefined {
  if (!file) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined; // no file yet: a fresh join
  }
  const [t, k] = text.trim().split(' ');
  const token = Number(t);
  const key = Buffer.from(k ?? '', 'base64');
  return Number.isInteger(token) && token > 0 && token <= 0xffffffff && key.length === 32 ? { token, key } : undefined;
}

async function main(): Promise<void> {
  const v = argsOrExit(CLIENT_TOOL, process.argv.slice(2), checkClient);
  if (v === null) return;
  stopWithLaunchers();
  // The session in use (a stale token's fresh join replaces it); a stop closes whichever it is.
  let current: { node: LockstepNode; poll: NodeJS.Timeout } | null = null;
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    if (!current) process.exit(0);
    clearInterval(current.poll);
    void current.node.close().then(() => process.exit(0));
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, stop);
  const join = v.join!;
  const name = v.name ?? `bot-${process.pid}`;
  const input: HeadlessInput = v.random ? 'random' : v.idle || v.spectate ? 'none' : 'bot';
  const { spectate, reports, resources } = v;
  const tokenFile = v['token-file'];
  const trees = loadTrees(resources);
  log({ ev: 'trees-loaded', fingerprint: trees.trees.brains.fingerprint });
  for (const notice of trees.notices) log({ ev: 'trees-fallback', notice });
  const run = async (stored: { token: number; key: Uint8Array } | undefined, rejoins = 0): Promise<void> => {
    const rejoinToken = stored?.token;
    // Elected to succeed a host that is gone, the node hosts the match; its verifier then serves rejoins.
    const node = await LockstepNode.open({ trees: trees.trees, port: 0, address: v.address, ...(v.lan !== undefined ? { groupInterfaces: [lanInterface(v.lan, v.address)] } : {}), ...(stored ? { identity: stored.key } : {}), verifier: { loadMap: mapLoader(resources), log: (e) => log({ who: 'verifier', ...e }) } });
    const peer = node.join({ host: join, name, spectate, lockClosures: v.deterministic, ...(stored ? { rejoinToken: stored.token } : {}) });
    let rejectReason: number | null = null;
    let failReason: string | null = null;
    // HeadlessPlayer logs every peer event; a REJECT's reason decides whether to join afresh, a failure's whether to rejoin.
    const plog = (e: Record<string, unknown>): void => {
      if (e['ev'] === 'rejected') rejectReason = Number(e['reason']);
      if (e['ev'] === 'failed') failReason = String(e['reason']);
      log(e);
    };
    const player = new HeadlessPlayer({ peer, now: () => node.now(), loadMap: mapLoader(resources), input, name, seed: v.seed, log: plog, ...(reports ? { reportsDir: reports } : {}) });
    log({ ev: 'joining', host: join, port: node.port, input, ...(rejoinToken !== undefined ? { rejoin: true } : {}) });
    node.drive(player);
    let tokenWritten = false;
    const poll = setInterval(() => {
      const p = peer.phase;
      if (tokenFile && !tokenWritten && peer.sessionToken !== 0 && p !== 'joining') {
        tokenWritten = true;
        // Whole or not at all (a rename): a reader — this client restarted, a test — never sees half.
        writeFileSync(`${tokenFile}.tmp`, `${peer.sessionToken} ${Buffer.from(node.identity).toString('base64')}\n`);
        renameSync(`${tokenFile}.tmp`, tokenFile);
      }
      // Ended: back in the lobby after our match, or finished and the host gone quiet (it left).
      const hostGone = peer.stall(node.now()).hostSilentMs > 5000;
      const ended = player.finishedHash !== null && (p === 'lobby' || hostGone);
      if (ended || p === 'rejected' || p === 'kicked' || p === 'failed') {
        clearInterval(poll);
        player.tick(); // log the events still queued (the REJECT's reason among them)
        // A stale token (the match it was for is over): join like a new player instead.
        const stale = p === 'rejected' && rejoinToken !== undefined && rejectReason === RejectReason.UnknownToken;
        // Dropped for not answering: back into the slot with this session's token and key.
        const back = p === 'failed' && failReason === SessionReason.Dropped && peer.sessionToken !== 0 && rejoins < MAX_REJOINS ? { token: peer.sessionToken, key: node.identity } : null;
        log({ ev: 'exit', phase: p, hash: player.finishedHash, stats: peer.stats, udp: node.transport.counters, link: node.transport.sealer?.counters, ...(stale ? { retry: 'fresh join' } : back ? { retry: 'rejoin' } : {}) });
        // Hosting since a takeover: the others hear the end before this host says goodbye.
        const linger = ended && node.authority ? 1000 : 0;
        const next = (): void => {
          if (stale && !stopping) return void run(undefined);
          if (back && !stopping) return void run(back, ++rejoins);
          process.exit(ended ? 0 : 1);
        };
        setTimeout(() => void node.close().then(next), linger);
      }
    }, 50);
    current = { node, poll };
  };
  await run(storedToken(tokenFile));
}

main().catch((e: unknown) => {
  log({ ev: 'error', message: (e as Error).stack ?? String(e) });
  process.exit(1);
});
