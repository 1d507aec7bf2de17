/**
 * Scripted players: a seeded, deterministic stand-in for humans in headless matches, tests and
 * benchmarks (bots with behavior trees are core/ai's). Every few seconds each player picks a new
 * intent — a random heading, a random free cell to move to, or a stop — and now and then splits
 * or ejects. Move-to targets are anywhere on the map (the worst case for path finding) or, with
 * `targetRange`, a free cell within that many cells of the player's lead cell, like a click on the
 * screen. It only issues inputs and reads cell positions, never writes the world, and keeps its own RNG
 * (separate from the world's), so its choices do not disturb the simulation's random stream.
 */
import { createRng, rngChance, rngInt, rngRange, type RngState } from '../math';
import { leadCell } from './cellOps';
import { MoveMode, STOP_INPUT, TARGET_UNITS_PER_CELL, type SlotInput } from './input';
import type { MapInfo } from './mapInfo';
import { FRAME_RATE } from './rules';
import type { World } from './World';

/** Options of ScriptedPlayers. */
export interface ScriptedPlayersOptions {
  /** Move-to targets within this many cells of the player (needs the world in `next`); 0 = anywhere. */
  readonly targetRange?: number;
}

/** Seeded input generator for `players` slots on one map. */
export class ScriptedPlayers {
  private readonly rng: RngState;
  private readonly countdown: Int32Array;
  private readonly out: SlotInput[] = [];
  private readonly last: SlotInput['input'][] = [];

  constructor(
    seed: number,
    private readonly players: number,
    private readonly info: MapInfo,
    private readonly options: ScriptedPlayersOptions = {},
  ) {
    this.rng = createRng(seed ^ 0x5eed);
    this.countdown = new Int32Array(players);
    for (let p = 0; p < players; p++) {
      this.countdown[p] = rngInt(this.rng, FRAME_RATE);
      this.last.push(STOP_INPUT);
    }
  }

  /**
   * This frame's input changes, sorted by slot (the array is reused: copy to keep it). Pass the
   * world when targetRange is set: targets are then picked around each player.
   */
  next(world?: World): readonly SlotInput[] {
    const out = this.out;
    out.length = 0;
    const r = this.rng;
    for (let p = 0; p < this.players; p++) {
      if (--this.countdown[p]! > 0) {
        // Between decisions, now and then: the same intent again with an action bit (a lone press).
        if (rngChance(r, 1, 3 * FRAME_RATE)) {
          const split = rngChance(r, 1, 2);
          out.push({ slot: p, input: { ...this.last[p]!, split, eject: !split } });
        }
        continue;
      }
      this.countdown[p] = rngRange(r, FRAME_RATE, 4 * FRAME_RATE);
      const input = this.decide(world, p);
      this.last[p] = input;
      out.push({ slot: p, input });
    }
    return out;
  }

  private decide(world: World | undefined, p: number): SlotInput['input'] {
    const r = this.rng;
    const split = rngChance(r, 1, 4);
    const eject = rngChance(r, 1, 8);
    const roll = rngInt(r, 10);
    if (roll < 5) return { move: MoveMode.Direction, angle: rngInt(r, 4096), targetX: 0, targetY: 0, split, eject };
    if (roll < 9) {
      const cell = this.pickTarget(world, p);
      const col = cell % this.info.cols;
      const row = Math.floor(cell / this.info.cols);
      const tx = col * TARGET_UNITS_PER_CELL + rngInt(r, TARGET_UNITS_PER_CELL);
      const ty = row * TARGET_UNITS_PER_CELL + rngInt(r, TARGET_UNITS_PER_CELL);
      return { move: MoveMode.Target, angle: 0, targetX: tx, targetY: ty, split, eject };
    }
    return STOP_INPUT;
  }

  /** A free map cell: anywhere, or near player `p`'s lead cell when targetRange is set (a few tries, then anywhere). */
  private pickTarget(world: World | undefined, p: number): number {
    const r = this.rng;
    const free = this.info.freeCells;
    const range = this.options.targetRange ?? 0;
    const lead = world === undefined ? -1 : leadCell(world, p);
    if (world !== undefined && range > 0 && lead >= 0) {
      const { cols, rows } = this.info;
      const bc = world.cells.x[lead]! >> 10;
      const br = world.cells.y[lead]! >> 10;
      for (let tries = 0; tries < 8; tries++) {
        const c = bc + rngRange(r, -range, range);
        const row = br + rngRange(r, -range, range);
        if (c >= 0 && row >= 0 && c < cols && row < rows && this.info.map.blocked[row * cols + c] === 0) return row * cols + c;
      }
    }
    return free[rngInt(r, free.length)]!;
  }
}
