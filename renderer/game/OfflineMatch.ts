/**
 * An offline match: the local player (slot 0) against bots, simulated in the page. Opens no
 * socket and sends nothing: inputs go straight into the match. It runs on core/replay's
 * RecordingMatch — the same "roster + human inputs + bots inside" adapter the replay player uses —
 * so every offline match records itself; when the session ends (match over, or the player left)
 * the replay file goes to `onReplay` (a partial one is still a valid replay).
 */
import { DIFFICULTY_NAMES, type BotBrains } from '../../core/ai';
import type { GameMap } from '../../core/map';
import { PROTOCOL_VERSION } from '../../core/lockstep';
import { RecordingMatch, type RosterEntry } from '../../core/replay';
import { APP_VERSION } from '../../core/version';
import { MassHistory } from './MassHistory';
import type { ChatLine, Match, NetStats, PlayerInfo } from './match';
import type { PlayerInput, SlotInput, World } from './simApi';

/** A bot's slot and difficulty. */
export interface BotSeat {
  readonly slot: number;
  readonly level: 'easy' | 'normal' | 'hard';
}

export interface OfflineOptions {
  readonly map: GameMap;
  /** Slot order: players[0] is the local player. */
  readonly players: readonly PlayerInfo[];
  readonly lengthFrames: number;
  readonly seed: number;
  /** Overrides the map's default pellet target (benchmarks). */
  readonly pelletTarget?: number;
  /** The bot trees, and which slots they play at what level. */
  readonly brains: BotBrains;
  readonly bots: readonly BotSeat[];
  /** Receives the replay file once, when the session is disposed after at least one frame. */
  readonly onReplay?: (bytes: Uint8Array) => void;
  /** ISO date of the match for the replay (core reads no clock). */
  readonly date?: string;
}

export class OfflineMatch implements Match {
  readonly world: World;
  readonly map: GameMap;
  readonly players: readonly PlayerInfo[];
  readonly mySlot = 0;
  readonly history: MassHistory;
  readonly canPause = true;
  readonly chatLog: ChatLine[] = [];
  readonly match: RecordingMatch;
  private readonly inputs: SlotInput[] = [];
  private pending: PlayerInput | null = null;
  private done = false;

  constructor(private readonly opts: OfflineOptions) {
    this.map = opts.map;
    this.players = opts.players;
    const levels = new Map(opts.bots.map((b) => [b.slot, Math.max(0, DIFFICULTY_NAMES.indexOf(b.level))]));
    const roster: RosterEntry[] = opts.players.map((p, i) => ({ slot: i, name: p.name, colour: p.color, bot: levels.has(i), difficulty: levels.get(i) ?? 0 }));
    this.match = new RecordingMatch(
      { appVersion: APP_VERSION, protocolVersion: PROTOCOL_VERSION, date: opts.date ?? '1970-01-01T00:00:00.000Z', map: opts.map, brains: opts.brains },
      { seed: opts.seed, lengthFrames: opts.lengthFrames, pelletTarget: opts.pelletTarget ?? null, roster },
    );
    this.world = this.match.world;
    this.history = new MassHistory(opts.players.length, this.world.settings.lengthFrames);
    this.history.maybeSample(this.world);
  }

  available(): number {
    return this.world.ended ? 0 : Infinity;
  }

  stepOnce(): void {
    const inputs = this.inputs;
    inputs.length = 0;
    if (this.pending) inputs.push({ slot: this.mySlot, input: this.pending });
    this.pending = null;
    this.match.step(inputs);
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
    if (this.done) return;
    this.done = true;
    if (this.world.frame > 0 && this.opts.onReplay) this.opts.onReplay(this.match.finish());
  }
}
