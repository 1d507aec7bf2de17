/**
 * Bot slots in the page's matches, played by core/ai's behavior trees: the trees of the three
 * difficulties are read through the bridge (resources/ai/<difficulty>.json, read-only) and
 * compiled by core/ai, which falls back to its built-in tree for a file that fails to validate
 * (with a notice, never an exception). Bots only issue inputs; `step` alone moves the world.
 */
import type { Bridge, BotDifficulty } from '../../electron/contract';
import { BotDriver, DIFFICULTY_NAMES, Difficulty, defaultBrains, loadBotBrains, setSlotControl, type BotBrains } from '../../core/ai';
import type { SlotInput, World } from './simApi';

/** What drives bot slots: appends this frame's input changes of its slots to `out`, by slot. */
export interface BotInputs {
  decide(world: World, out: SlotInput[]): void;
}

/** A bot's slot and difficulty. */
export interface BotSeat {
  readonly slot: number;
  readonly level: BotDifficulty;
}

const LEVEL: Record<BotDifficulty, Difficulty> = { easy: Difficulty.Easy, normal: Difficulty.Normal, hard: Difficulty.Hard };

/** The bots of one world: hands their slots to the trees and asks the driver each frame. */
export class TreeBots implements BotInputs {
  private readonly driver: BotDriver;

  constructor(world: World, brains: BotBrains, seats: readonly BotSeat[]) {
    this.driver = new BotDriver(brains);
    for (const s of seats) setSlotControl(world.bots, s.slot, LEVEL[s.level]);
  }

  decide(world: World, out: SlotInput[]): void {
    const inputs = this.driver.decide(world);
    for (let i = 0; i < inputs.length; i++) out.push(inputs[i]!);
  }
}

let loaded: Promise<{ brains: BotBrains; notices: readonly string[] }> | null = null;

/**
 * The page's bot brains (read once): the shipped tree files, or core/ai's built-in trees where a
 * file cannot be read or does not validate (each such case is a notice).
 */
export function loadBrains(bridge: Bridge): Promise<{ brains: BotBrains; notices: readonly string[] }> {
  loaded ??= Promise.all(
    DIFFICULTY_NAMES.map((name) =>
      bridge.request('resources:botTree', { difficulty: name as BotDifficulty }).then(
        (f) => ({ file: f.file, source: f.text }),
        () => undefined,
      ),
    ),
  ).then(
    (files) => loadBotBrains(files),
    () => ({ brains: defaultBrains(), notices: ['bot trees could not be read — using the built-in trees'] }),
  );
  return loaded;
}
