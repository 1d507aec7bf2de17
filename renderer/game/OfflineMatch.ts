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
import { teamColored } from './colors';
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
  /** 0 / absent = free-for-all; 2..4 teams, player i on team i mod teams. */
  readonly teams?: number;
  /** Last ball standing (no respawn, the area closes in). */
  readonly lastStanding?: boolean;
}

/** Offline teams: slot i plays for team i mod `teams` (you, slot 0, for the first). */
export function offlineTeam(slot: number, teams: number): number {
  return teams === 0 ? 0 : slot % teams;
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
    const levels = new Map(opts.bots.map((b) => [b.slot, Math.max(0, DIFFICULTY_NAMES.indexOf(b.level))]));
    const teams = opts.teams ?? 0;
    const roster: RosterEntry[] = opts.players.map((p, i) => ({
      slot: i, name: p.name, colour: p.color, bot: levels.has(i), difficulty: levels.get(i) ?? 0, ...(teams !== 0 ? { team: offlineTeam(i, teams) } : {}),
    }));
    this.match = new RecordingMatch(
      { appVersion: APP_VERSION, protocolVersion: PROTOCOL_VERSION, date: opts.date ?? '1970-01-01T00:00:00.000Z', map: opts.map, brains: opts.brains },
      { seed: opts.seed, lengthFrames: opts.lengthFrames, pelletTarget: opts.pelletTarget ?? null, roster, ...(teams !== 0 ? { teams } : {}), ...(opts.lastStanding ? { lastStanding: true } : {}) },
    );
    this.world = this.match.world;
    this.players = teamColored(opts.players, this.world.settings.mode);
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

  chat(text: string, team: boolean): void {
    const clean = text.trim().slice(0, 200);
    if (clean) this.chatLog.push({ slot: this.mySlot, text: clean, team });
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
