/**
 * An offline match: the local player (slot 0) against bots, simulated in the page. Opens no
 * socket and sends nothing: inputs go straight into `step`. The bot slots are played by core/ai's
 * behavior trees (TreeBots), which decide before each step like a human's input arrives.
 */
import type { GameMap } from '../../core/map';
import { MassHistory } from './MassHistory';
import type { ChatLine, MatchSession, NetStats, PlayerInfo } from './session';
import { createWorld, step, type PlayerInput, type SlotInput, type World } from './simApi';
import type { BotInputs } from './treeBots';

export interface OfflineOptions {
  readonly map: GameMap;
  /** Slot order: players[0] is the local player. */
  readonly players: readonly PlayerInfo[];
  readonly lengthFrames: number;
  readonly seed: number;
  /** Overrides the map's default pellet target (benchmarks). */
  readonly pelletTarget?: number;
  readonly makeBots: (world: World) => BotInputs;
}

export class OfflineMatch implements MatchSession {
  readonly world: World;
  readonly map: GameMap;
  readonly players: readonly PlayerInfo[];
  readonly mySlot = 0;
  readonly history: MassHistory;
  readonly canPause = true;
  readonly chatLog: ChatLine[] = [];
  private readonly bots: BotInputs;
  private readonly inputs: SlotInput[] = [];
  private pending: PlayerInput | null = null;

  constructor(opts: OfflineOptions) {
    this.map = opts.map;
    this.players = opts.players;
    this.world = createWorld(opts.map, {
      seed: opts.seed,
      players: opts.players.length,
      lengthFrames: opts.lengthFrames,
      ...(opts.pelletTarget !== undefined ? { pelletTarget: opts.pelletTarget } : {}),
    });
    this.history = new MassHistory(opts.players.length, this.world.settings.lengthFrames);
    this.history.maybeSample(this.world);
    this.bots = opts.makeBots(this.world);
  }

  available(): number {
    return this.world.ended ? 0 : Infinity;
  }

  stepOnce(): void {
    const inputs = this.inputs;
    inputs.length = 0;
    if (this.pending) inputs.push({ slot: this.mySlot, input: this.pending });
    this.pending = null;
    this.bots.decide(this.world, inputs); // bot slots are all above mine: stays sorted by slot
    step(this.world, inputs);
    this.history.maybeSample(this.world);
  }

  submit(input: PlayerInput): void {
    this.pending = input;
  }

  chat(text: string): void {
    const clean = text.trim().slice(0, 200);
    if (clean) this.chatLog.push({ slot: this.mySlot, text: clean });
  }

  net(): NetStats | null {
    return null;
  }

  dispose(): void {
    this.inputs.length = 0;
  }
}
