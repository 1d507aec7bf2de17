/**
 * A behavior-tree bot that plays *this peer's own* slot by producing inputs that go over the
 * network like a human's (headless clients, `npm run client -- --bot`). It must not touch the
 * shared world (deciding can draw from the world RNG), so it decides on a scratch copy of the real
 * world (copyWorldInto: block copies, no blob, no checksum), only on the frames its difficulty thinks on.
 * Deterministic: the same world state gives the same input, so runs with a fixed input delay repeat.
 * It thinks with the match's trees (the game's brains), like every bot in the match.
 */
import { allocBotState, BotDriver, setSlotControl, THINK_FRAMES } from '../../ai';
import type { BotState, Difficulty } from '../../ai';
import { copyWorldInto, createWorld } from '../../sim';
import type { PlayerInput, World } from '../../sim';
import type { SimGame } from './SimGame';

export class LocalBot {
  private readonly scratch: World;
  private readonly state: BotState;
  private readonly driver: BotDriver;
  private readonly ball: number;

  constructor(
    private readonly game: SimGame,
    slot: number,
    private readonly difficulty: Difficulty = 1,
  ) {
    const w = game.world;
    this.driver = new BotDriver(game.brains);
    this.ball = game.ball(slot);
    this.scratch = createWorld(w.map, { seed: w.settings.seed, players: w.settings.players, lengthFrames: w.settings.lengthFrames, pelletTarget: w.settings.pelletTarget, mode: w.settings.mode });
    this.state = allocBotState();
    if (this.ball >= 0) setSlotControl(this.state, this.ball, difficulty);
  }

  /** Call after each logic frame: the bot's new intent when it thinks now and wants a change. */
  afterStep(): PlayerInput | null {
    const w = this.game.world;
    if (this.ball < 0 || w.ended || (w.frame + this.ball) % (THINK_FRAMES[this.difficulty] ?? 5) !== 0) return null;
    copyWorldInto(this.scratch, w);
    const out = this.driver.decide(this.scratch, this.state);
    const mine = out.find((i) => i.slot === this.ball);
    return mine ? { ...mine.input } : null;
  }
}
