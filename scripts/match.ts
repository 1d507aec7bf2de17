/**
 * `npm run match -- --map <id> --seed <n> --players <n> --minutes <m>`: plays one headless match
 * with scripted players (core/sim ScriptedPlayers) and prints the scoreboard and the final world
 * hash. Same arguments, same hash — on any machine.
 * Extra options: `--frames <n>` (instead of --minutes), `--record <file>` (writes the match as a
 * replay log with its final hash: this is how test/fixtures/golden-replay.json is made).
 * Bots (core/ai behavior trees): `--bots <n>` hands the last n slots to bots (players default to
 * max(8, n)), `--difficulty easy|normal|hard|mixed` (default mixed: Easy/Normal/Hard by slot),
 * `--trees <dir>` reads <difficulty>.json from there (default resources/ai/; a missing, misnamed
 * or broken file falls back to the built-in tree with a notice naming the file and the node). `--bots 8` plays a bot-only match.
 * `--help` lists every option with its range and default; a bad value is refused in one line
 * (exit 2), never clamped.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DIFFICULTY_NAMES, BotDriver, Difficulty, botDifficulty, loadBotBrains, setSlotControl, type TreeFile, type UnreadTreeFile } from '../core/ai';
import { parseTiledMap, validateMapManifest, type GameMap } from '../core/map';
import {
  FRAME_RATE,
  EventKind,
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
  type SlotInput,
} from '../core/sim';
import { readTreeFile } from '../electron/services/files/treeFile';
import { argsOrExit } from './cli/args';
import { DEFAULT_MINUTES, MATCH_TOOL, checkMatch, readMapJson } from './cli/tools';

const AI_DIR = path.resolve(import.meta.dirname, '..', 'resources', 'ai');

/** Loads a shipped map by manifest id (throws with the list of ids when unknown). */
export function loadMap(id: string): GameMap {
  const manifest = validateMapManifest(readMapJson('index.json'), 'index.json');
  const entry = manifest.find((e) => e.id === id);
  if (!entry) throw new Error(`unknown map "${id}"; shipped maps: ${manifest.map((e) => e.id).join(', ')}`);
  return parseTiledMap(readMapJson(entry.file), entry.file, (source) => readMapJson(source), entry.id);
}

/**
 * Reads `<dir>/<difficulty>.json` for each difficulty; one that is missing, a folder or too large
 * comes back unread, with why (so the match says so and plays the built-in tree).
 */
export function readTreeFiles(dir: string): (TreeFile | UnreadTreeFile)[] {
  // As the user would write it: relative inside the working folder, else the full path.
  const rel = path.relative(process.cwd(), dir);
  const shown = rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? dir : rel;
  return DIFFICULTY_NAMES.map((d) => {
    const file = path.join(shown, `${d}.json`);
    try {
      return { file, source: readTreeFile(dir, `${d}.json`) };
    } catch (e) {
      return { file, unread: (e as Error).message };
    }
  });
}

/** The bot difficulty of slot `s` for `--difficulty` (mixed: by slot). */
function difficultyOf(option: string, s: number): Difficulty {
  const i = DIFFICULTY_NAMES.indexOf(option);
  return (i >= 0 ? i : s % DIFFICULTY_NAMES.length) as Difficulty;
}

/** What the summary counts: the game's moves, each an event kind with its name in the line. */
const COUNTED: readonly (readonly [number, string])[] = [
  [EventKind.Split, 'splits'],
  [EventKind.Ejected, 'ejects'],
  [EventKind.VirusPopped, 'virus bursts'],
  [EventKind.VirusShot, 'viruses shot'],
  [EventKind.Merged, 'merges'],
  [EventKind.CellEaten, 'cells eaten'],
  [EventKind.PlayerEaten, 'players eaten'],
];

/** Merges two input lists sorted by slot into one sorted list. */
function mergeBySlot(a: readonly SlotInput[], b: readonly SlotInput[]): SlotInput[] {
  const out: SlotInput[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i]!.slot <= b[j]!.slot) ? a[i++]! : b[j++]!);
  return out;
}

function main(): void {
  const values = argsOrExit(MATCH_TOOL, process.argv.slice(2), checkMatch);
  if (values === null) return;
  const map = loadMap(values.map);
  const { seed, bots } = values;
  const players = values.players ?? Math.max(8, bots);
  const frames = values.frames ?? Math.round((values.minutes ?? DEFAULT_MINUTES) * 60 * FRAME_RATE);
  const options = { seed, players, lengthFrames: frames };
  const world = createWorld(map, options);
  const humans = world.settings.players - bots;
  const script = new ScriptedPlayers(seed, humans, mapInfoOf(map));
  let driver: BotDriver | null = null;
  if (bots > 0) {
    const loaded = loadBotBrains(readTreeFiles(values.trees !== undefined ? path.resolve(values.trees) : AI_DIR));
    for (const notice of loaded.notices) console.log(`notice: ${notice}`);
    driver = new BotDriver(loaded.brains);
    for (let s = humans; s < world.settings.players; s++) setSlotControl(world.bots, s, difficultyOf(values.difficulty, s));
    const names = loaded.brains.trees.map((t) => t.file).join(', ');
    console.log(`bots: slots ${humans}..${world.settings.players - 1} (${values.difficulty}), trees ${names}, fingerprint 0x${loaded.brains.fingerprint.toString(16).padStart(8, '0')}`);
  }
  const log: InputTuple[] = [];
  const happened = new Map<number, number>(COUNTED.map(([kind]) => [kind, 0]));
  const t0 = performance.now();
  while (!world.ended) {
    const scripted = script.next();
    const inputs = driver === null ? scripted : mergeBySlot(scripted, driver.decide(world));
    if (driver === null) for (const i of inputs) log.push(toTuple(world.frame, i));
    const ev = step(world, inputs);
    for (let i = 0; i < ev.count; i++) if (happened.has(ev.kind(i))) happened.set(ev.kind(i), happened.get(ev.kind(i))! + 1);
  }
  const ms = performance.now() - t0;
  const hash = hashWorld(world);
  console.log(`match: map ${map.id} (${map.cols}×${map.rows}), seed ${seed}, ${world.settings.players} players, ${world.frame} frames in ${ms.toFixed(0)} ms`);
  console.log(`rank  slot      mass  kills  deaths${bots > 0 ? '  player' : ''}`);
  for (const r of scoreboard(world)) {
    const d = botDifficulty(world.bots, r.slot);
    const who = bots > 0 ? `  ${d === null ? 'scripted' : `bot (${DIFFICULTY_NAMES[d]})`}` : '';
    console.log(`${String(r.rank).padStart(4)}  ${String(r.slot).padStart(4)}  ${String(r.mass).padStart(8)}  ${String(r.kills).padStart(5)}  ${String(r.deaths).padStart(6)}${who}`);
  }
  console.log(`happened: ${COUNTED.map(([kind, name]) => `${happened.get(kind)} ${name}`).join(', ')}`);
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

try {
  main();
} catch (e) {
  // The argument layer refused what a user can fix; what is left (a broken map or tree folder,
  // a disk that filled up) is still one line, not a stack.
  console.error(`match: ${(e as Error).message}`);
  process.exit(1);
}
