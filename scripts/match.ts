/**
 * `npm run match -- --map <id> --seed <n> --players <n> --minutes <m>`: plays one headless match
 * with scripted players (core/sim ScriptedPlayers) and prints the scoreboard and the final world
 * hash. Same arguments, same hash — on any machine.
 * Extra options: `--frames <n>` (instead of --minutes), `--record <file>` (writes the match as a
 * replay log with its final hash: this is how test/fixtures/golden-replay.json is made).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseTiledMap, validateMapManifest, type GameMap } from '../core/map';
import {
  FRAME_RATE,
  REPLAY_FORMAT,
  REPLAY_VERSION,
  ScriptedPlayers,
  createWorld,
  hashWorld,
  mapInfoOf,
  scoreboard,
  step,
  toTuple,
  type InputTuple,
  type ReplayLog,
} from '../core/sim';

const MAPS_DIR = path.resolve(import.meta.dirname, '..', 'resources', 'maps');

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(path.join(MAPS_DIR, file), 'utf8')) as unknown;
}

/** Loads a shipped map by manifest id (throws with the list of ids when unknown). */
export function loadMap(id: string): GameMap {
  const manifest = validateMapManifest(readJson('index.json'), 'index.json');
  const entry = manifest.find((e) => e.id === id);
  if (!entry) throw new Error(`unknown map "${id}"; shipped maps: ${manifest.map((e) => e.id).join(', ')}`);
  return parseTiledMap(readJson(entry.file), entry.file, (source) => readJson(source), entry.id);
}

function intArg(v: string | undefined, name: string, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`--${name} needs a number, got "${v}"`);
  return n;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      map: { type: 'string', default: 'arena-small' },
      seed: { type: 'string' },
      players: { type: 'string' },
      minutes: { type: 'string' },
      frames: { type: 'string' },
      record: { type: 'string' },
    },
  });
  const map = loadMap(values.map);
  const seed = intArg(values.seed, 'seed', 1) >>> 0;
  const players = intArg(values.players, 'players', 8);
  const frames = Math.round(values.frames !== undefined ? intArg(values.frames, 'frames', 0) : intArg(values.minutes, 'minutes', 3) * 60 * FRAME_RATE);
  const options = { seed, players, lengthFrames: frames };
  const world = createWorld(map, options);
  const script = new ScriptedPlayers(seed, world.settings.players, mapInfoOf(map));
  const log: InputTuple[] = [];
  const t0 = performance.now();
  while (!world.ended) {
    const inputs = script.next();
    for (const i of inputs) log.push(toTuple(world.frame, i));
    step(world, inputs);
  }
  const ms = performance.now() - t0;
  const hash = hashWorld(world);
  console.log(`match: map ${map.id} (${map.cols}×${map.rows}), seed ${seed}, ${world.settings.players} players, ${world.frame} frames in ${ms.toFixed(0)} ms`);
  console.log('rank  slot      mass  kills  deaths');
  for (const r of scoreboard(world)) {
    console.log(`${String(r.rank).padStart(4)}  ${String(r.slot).padStart(4)}  ${String(r.mass).padStart(8)}  ${String(r.kills).padStart(5)}  ${String(r.deaths).padStart(6)}`);
  }
  console.log(`final hash: ${hash} (0x${hash.toString(16).padStart(8, '0')})`);
  if (values.record !== undefined) {
    const replay: ReplayLog = {
      format: REPLAY_FORMAT,
      version: REPLAY_VERSION,
      mapId: map.id,
      mapFingerprint: mapInfoOf(map).fingerprint,
      options,
      frames: world.frame,
      inputs: log,
      finalHash: hash,
    };
    const json = JSON.stringify(replay).replace(/\],\[/g, '],\n[');
    writeFileSync(values.record, json + '\n');
    console.log(`recorded ${log.length} input changes to ${values.record}`);
  }
}

main();
