/**
 * The command lines of the headless tools (`npm run match`, `host`, `client`): each tool's options
 * (range, default, help) and the rules between them, in one place, so a test can read a command
 * line the way the tool does without starting it.
 */
import { readFileSync } from 'node:fs';
import { isIPv4 } from 'node:net';
import path from 'node:path';
import { DIFFICULTY_NAMES } from '../../core/ai';
import { DEFAULT_SETTINGS, DELAY_UNIT_MS, MAX_DELAY_MS, MAX_KEY_INTERVAL, MAX_NAME_BYTES, MAX_SLOTS, MIN_DELAY_MS, MIN_KEY_INTERVAL, ROOM_NAME_BYTES } from '../../core/lockstep';
import { validateMapManifest } from '../../core/map';
import { FRAME_RATE, MAX_PLAYERS } from '../../core/sim';
import { findRepoRoot } from '../../electron/services/files/paths';
import { Resources } from '../../electron/services/files/resources';
import { parseAddress } from '../../core/net';
import { usableInterfaces } from '../../electron/services/discovery/interfaces';
import type { NetInterface } from '../../electron/services/discovery/interfaces';
import { refuse, UsageError, visibleText, type Values } from './args';

const MAPS_DIR = path.join(findRepoRoot(import.meta.dirname), 'resources', 'maps');

/** A file of the checkout's resources/maps, parsed. */
export function readMapJson(file: string): unknown {
  return JSON.parse(readFileSync(path.join(MAPS_DIR, file), 'utf8')) as unknown;
}

/** The longest match the tool plays: six times the game's longest, and minutes of work at most. */
const MAX_MINUTES = 60;
const MAX_FRAMES = MAX_MINUTES * 60 * FRAME_RATE;
export const DEFAULT_MINUTES = 3;

export const MATCH_TOOL = {
  name: 'match',
  summary: 'Plays one headless match with scripted players (and bots) and prints the scoreboard and the final world hash.',
  options: {
    map: { kind: 'choice', choices: validateMapManifest(readMapJson('index.json'), 'index.json').map((e) => e.id), default: 'arena-small', help: 'shipped map' },
    seed: { kind: 'int', min: 0, max: 0xffffffff, default: 1, help: 'world seed' },
    players: { kind: 'int', min: 1, max: MAX_PLAYERS, help: 'players in the match (default: 8, or --bots when more)' },
    minutes: { kind: 'decimal', min: 0.01, max: MAX_MINUTES, help: `match length in minutes (default ${DEFAULT_MINUTES})` },
    frames: { kind: 'int', min: 1, max: MAX_FRAMES, help: `match length in logic frames (${FRAME_RATE} a second), instead of --minutes` },
    record: { kind: 'file-out', help: 'write the match as a replay log with its final hash (not with --bots)' },
    bots: { kind: 'int', min: 0, max: MAX_PLAYERS, default: 0, help: 'hand the last n slots to behavior-tree bots' },
    difficulty: { kind: 'choice', choices: [...DIFFICULTY_NAMES, 'mixed'], default: 'mixed', help: 'bot difficulty (mixed: by slot)' },
    trees: { kind: 'dir-in', help: 'read <difficulty>.json bot trees from this folder (default resources/ai)' },
  },
} as const;

/** Rules between options (each option alone is checked by the argument layer). */
export function checkMatch(v: Values<typeof MATCH_TOOL.options>): void {
  if (v.players !== undefined && v.bots > v.players) throw refuse('bots', String(v.bots), `at most --players (${v.players})`);
  if (v.frames !== undefined && v.minutes !== undefined) throw new UsageError('--frames and --minutes both set the match length: give one');
  if (v.bots > 0 && v.record !== undefined) throw new UsageError('--record cannot record a bot match: a replay log carries inputs only, and bots also advance the world RNG');
}

export const HOST_TOOL = {
  name: 'host',
  summary: 'Hosts a LAN room headless, fills slots with bots, verifies every hash and prints one JSON object per line.',
  options: {
    headless: { kind: 'flag', help: 'host without a window (the only mode of this tool)' },
    name: { kind: 'text', arg: 'room', default: DEFAULT_SETTINGS.roomName, help: 'room name shown in the Join list', ...visibleText(ROOM_NAME_BYTES) },
    wait: { kind: 'int', min: 0, max: MAX_SLOTS, default: 1, help: 'players to wait for before starting' },
    bots: { kind: 'int', min: 0, max: MAX_SLOTS, default: 0, help: `slots filled with bots (--wait + --bots at most ${MAX_SLOTS})` },
    port: { kind: 'int', min: 0, max: 65535, default: 47777, help: 'UDP game port (0: a free one)' },
    address: { kind: 'text', arg: 'ipv4', default: '0.0.0.0', help: 'address to bind', allowed: 'an IPv4 address such as 0.0.0.0 or 127.0.0.1', test: isIPv4 },
    lan: { kind: 'text', arg: 'ipv4', help: 'multicast each release once to the players on this LAN interface (group frames; default: none, every player its own datagrams)', allowed: 'an IPv4 address such as 192.168.1.20', test: isIPv4 },
    map: { kind: 'text', arg: 'id', default: DEFAULT_SETTINGS.map, help: 'map id from the resources\' maps/index.json' },
    seconds: { kind: 'int', min: 1, max: 65535, default: DEFAULT_SETTINGS.matchSeconds, help: 'match length in seconds' },
    'key-interval': { kind: 'int', min: MIN_KEY_INTERVAL, max: MAX_KEY_INTERVAL, default: DEFAULT_SETTINGS.keyInterval, help: 'logic frames per key frame' },
    delay: { kind: 'int', min: MIN_DELAY_MS, max: MAX_DELAY_MS, help: `fixed input delay in ms, a multiple of ${DELAY_UNIT_MS} (default: adaptive)` },
    seed: { kind: 'int', min: 0, max: 0xffffffff, help: 'fixed match seed (default: a fresh one per match)' },
    deterministic: { kind: 'flag', help: 'every key waits for every closure, as before protocol 14 (repeatable runs, with --delay, --seed and the clients\' --deterministic)' },
    vote: { kind: 'int', min: 0, max: 255, default: DEFAULT_SETTINGS.dropVoteSeconds, help: 'seconds of stall before a drop vote (at most --force-drop)' },
    'force-drop': { kind: 'int', min: 1, max: 255, default: DEFAULT_SETTINGS.forceDropSeconds, help: 'seconds of stall before the host drops the player' },
    reports: { kind: 'dir-out', help: 'write desync reports into this folder' },
    'no-verify': { kind: 'flag', help: 'do not run the verifying simulation' },
    resources: { kind: 'dir-in', help: 'resources folder for maps and bot trees (default: the checkout\'s resources/)' },
    stay: { kind: 'flag', help: 'keep hosting after the match instead of exiting' },
  },
} as const;

/**
 * The interface `--lan` names (group frames, protocol 10): one of this machine's network
 * interfaces (not loopback), which the game socket's `--address` (all, or that one) can use.
 */
export function lanInterface(lan: string, address: string, interfaces: readonly NetInterface[] = usableInterfaces()): NetInterface {
  const iface = interfaces.find((i) => i.address === lan);
  if (!iface) throw refuse('lan', lan, `the address of one of this machine's network interfaces: ${interfaces.map((i) => `${i.address} (${i.name})`).join(', ') || 'none found'}`);
  if (address !== '0.0.0.0' && address !== lan) throw refuse('lan', lan, `the --address the game socket binds (${address}), or --address 0.0.0.0`);
  return iface;
}

/** Rules between options (each option alone is checked by the argument layer). */
export function checkHost(v: Values<typeof HOST_TOOL.options>): void {
  if (v.lan !== undefined) lanInterface(v.lan, v.address);
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

export const CLIENT_TOOL = {
  name: 'client',
  summary: 'Joins a LAN room headless and plays its slot with a bot, random inputs or nothing; prints one JSON object per line.',
  options: {
    join: { kind: 'text', arg: 'ip:port', help: 'the host to join (required)', allowed: 'an address like 127.0.0.1:47777', test: (v: string) => parseAddress(v) !== null },
    bot: { kind: 'flag', help: 'a behavior-tree bot plays the slot (the default)' },
    random: { kind: 'flag', help: 'seeded random inputs play the slot' },
    idle: { kind: 'flag', help: 'send no inputs' },
    spectate: { kind: 'flag', help: 'join as a spectator' },
    name: { kind: 'text', arg: 'name', help: 'player name (default bot-<pid>)', ...visibleText(MAX_NAME_BYTES) },
    seed: { kind: 'int', min: 0, max: 0xffffffff, default: 1, help: 'seed of --random' },
    'token-file': { kind: 'file-out', help: 'keep the session token and its key here; rejoin with them when the file exists' },
    reports: { kind: 'dir-out', help: 'write desync reports into this folder' },
    resources: { kind: 'dir-in', help: 'resources folder for maps and bot trees (default: the checkout\'s resources/)' },
    address: { kind: 'text', arg: 'ipv4', default: '0.0.0.0', help: 'address to bind', allowed: 'an IPv4 address such as 0.0.0.0 or 127.0.0.1', test: isIPv4 },
    lan: { kind: 'text', arg: 'ipv4', help: 'hear the host\'s group frames on this LAN interface (default: none, the host sends this client its own datagrams)', allowed: 'an IPv4 address such as 192.168.1.21', test: isIPv4 },
    deterministic: { kind: 'flag', help: 'close inputs at key boundaries only (repeatable runs)' },
  },
} as const;

/** Rules between options (each option alone is checked by the argument layer). */
export function checkClient(v: Values<typeof CLIENT_TOOL.options>): void {
  if (v.join === undefined) throw new UsageError('--join is required: the host as ip:port, e.g. --join 127.0.0.1:47777');
  const modes = (['bot', 'random', 'idle', 'spectate'] as const).filter((m) => v[m]);
  if (modes.length > 1) throw new UsageError(`--${modes.join(' and --')} cannot be combined: give one`);
  if (v.lan !== undefined) lanInterface(v.lan, v.address);
}
