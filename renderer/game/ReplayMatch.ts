/**
 * A replay on screen: the match view, HUD and controller run it like any Match (mySlot
 * null, as for a spectator), while core/replay's ReplayPlayer re-simulates the recording. Adds
 * seeking (nearest snapshot, then steps) and keeps the view consistent after a jump. The session
 * holds at the end of the recording instead of ending, so the viewer can seek back.
 */
import type { GameMap } from '../../core/map';
import type { ReplayPlayer } from '../../core/replay';
import { teamColored } from './colors';
import { MassHistory } from './MassHistory';
import type { ChatLine, Match, NetStats, PlayerInfo } from './match';
import type { PlayerInput, World } from './simApi';

export class ReplayMatch implements Match {
  readonly world: World;
  readonly players: readonly PlayerInfo[];
  readonly mySlot = null;
  readonly history: MassHistory;
  readonly canPause = true;
  readonly holdAtEnd = true;
  readonly chatLog: readonly ChatLine[] = [];

  constructor(
    readonly player: ReplayPlayer,
    readonly map: GameMap,
  ) {
    this.world = player.runner.world;
    // Ball i is roster entry i: the view and HUD index players by ball.
    this.players = teamColored(player.replay.header.roster.map((r, i) => ({ slot: i, name: r.name, color: r.colour, bot: r.bot })), this.world.settings.mode);
    this.history = new MassHistory(this.players.length, this.world.settings.lengthFrames);
    this.history.maybeSample(this.world);
  }

  get endFrames(): number {
    return this.player.endFrames;
  }

  available(): number {
    return this.player.endFrames - this.player.frame;
  }

  stepOnce(): void {
    this.player.stepFrame();
    if (this.player.atEnd) this.player.verifyFinal();
    this.history.maybeSample(this.world);
  }

  /** Jumps to `frame` (the caller re-syncs the view: pellets, interpolation). */
  seek(frame: number): void {
    this.player.seek(frame);
    if (this.player.atEnd) this.player.verifyFinal();
  }

  submit(_input: PlayerInput): void {
    // A replay has no local player.
  }

  chat(_text: string, _team: boolean): void {
    // Nobody to talk to in a recording.
  }

  net(): NetStats | null {
    return null;
  }

  dispose(): void {
    // The player and its world are garbage once the view lets go.
  }
}
