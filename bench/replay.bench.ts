/**
 * Replay benchmarks (`npx tsx bench/run.ts replay`): file size per minute of game time for 8 and
 * 50 players, and the cost of a seek. Lockstep recordings (key interval 3, as LAN matches run):
 *   "humans": every slot human, its input changes those a behavior-tree bot makes on a shadow
 *   world (a realistic rate, ~1–3 changes a second), quantised to key frames as the network does;
 *   "bots": every slot a bot inside the simulation (nothing but hashes, snapshots and the header).
 * Each recording is played back (every hash must match) before it is measured.
 */
import { allocBotState, BotDriver, defaultBrains, Difficulty, setSlotControl } from '../core/ai';
import { DEFAULT_SETTINGS, PROTOCOL_VERSION, SimGame, SlotKind, type MatchStart } from '../core/lockstep';
import type { GameMap } from '../core/map';
import { LockstepRecorder, parseReplay, ReplayPlayer } from '../core/replay';
import { createWorld, FRAME_RATE, step, type PlayerInput, type SlotInput } from '../core/sim';
import { APP_VERSION } from '../core/version';
import { loadShippedMaps } from '../test/fixtures/maps/shipped';
import type { BenchContext } from './lib';
import { measure } from './lib';

const GROUP = 'core/replay';
const MINUTES = 2;
const ENV = { appVersion: APP_VERSION, protocolVersion: PROTOCOL_VERSION };

/** A lockstep recording of `players` slots for MINUTES minutes; humans' inputs come from shadow bots. */
function record(map: GameMap, players: number, humans: boolean): { bytes: Uint8Array; changes: number } {
  const I = 3;
  const settings = { ...DEFAULT_SETTINGS, map: map.id, matchSeconds: MINUTES * 60, keyInterval: I, maxSlots: 50 };
  const brains = defaultBrains();
  const start: MatchStart = { seed: 77, delayMs: 30, settings, slots: Array.from({ length: players }, (_, s) => ({ slot: s, kind: humans ? SlotKind.Human : SlotKind.Bot, difficulty: s % 3, team: 0 })), trees: brains.fingerprint };
  const game = new SimGame(map, start, brains);
  const rec = new LockstepRecorder({ appVersion: APP_VERSION, protocolVersion: PROTOCOL_VERSION, date: '2026-01-01T00:00:00.000Z', map, brains }, start, start.slots.map((s) => ({ slot: s.slot, name: `Player ${s.slot}`, colour: '#3fa7ff' })), game);
  // The shadow world: bots play it, and what they decide is what the "humans" send.
  const shadow = createWorld(map, { seed: 78, players, lengthFrames: game.world.settings.lengthFrames });
  const shadowBots = allocBotState();
  for (let s = 0; s < players; s++) setSlotControl(shadowBots, s, (s % 3) as Difficulty);
  const driver = new BotDriver(brains);
  const pending = new Map<number, PlayerInput>();
  let changes = 0;
  const total = game.world.settings.lengthFrames;
  for (let key = 0; key * I < total; key++) {
    const inputs: SlotInput[] = humans ? [...pending].sort((a, b) => a[0] - b[0]).map(([slot, input]) => ({ slot, input })) : [];
    pending.clear();
    changes += inputs.length;
    const hash = game.hash();
    rec.key(key, { key, inputs, events: [] }, hash);
    for (let f = 0; f < I; f++) {
      game.step(f === 0 ? inputs : []);
      if (!humans) continue;
      const out = driver.decide(shadow, shadowBots);
      for (const i of out) pending.set(i.slot, { ...i.input });
      step(shadow, out);
    }
  }
  return { bytes: rec.finish(total, game.hash(), game.world, game.world.ended), changes };
}

export default function replayBench(ctx: BenchContext): void {
  const maps = loadShippedMaps();
  for (const [players, mapId] of [
    [8, 'arena-small'],
    [50, 'labyrinth-large'],
  ] as const) {
    const map = maps.get(mapId)!;
    for (const humans of [true, false]) {
      const { bytes, changes } = record(map, players, humans);
      const replay = parseReplay(bytes, ENV);
      const player = new ReplayPlayer(replay, map, defaultBrains());
      if (!player.playToEnd()) throw new Error(`replay of ${players} players diverged at key ${player.mismatch?.key}`);
      const snapBytes = replay.snapshots.length;
      const who = humans ? 'humans' : 'bots';
      const notes = `${mapId}, ${MINUTES} min, key interval 3; ${humans ? `${(changes / (MINUTES * 60) / players).toFixed(2)} input changes/s a player; ` : ''}${snapBytes} snapshots, ${replay.records.length} key records; playback verified (${player.checked} hashes)`;
      ctx.record({ group: GROUP, name: `file size per minute, ${players} players (${who})`, value: bytes.length / MINUTES / 1024, unit: 'KiB/min', notes });
      if (!humans) continue;
      // Seek: to a frame in the middle of a snapshot interval, from elsewhere in the file.
      const frames = player.endFrames;
      let flip = false;
      const seek = measure(() => player.seek((flip = !flip) ? Math.floor(frames * 0.31) + 149 : Math.floor(frames * 0.77) + 149), { iterations: 20, warmup: 2 });
      ctx.record({ group: GROUP, name: `seek (snapshot + ≤ 10 s of steps), ${players} players, median`, value: seek.medianMs, unit: 'ms', notes: `≤ ${10 * FRAME_RATE} frames re-simulated per seek` });
    }
  }
}
