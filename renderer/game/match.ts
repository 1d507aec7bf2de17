/**
 * What the view, HUD and results read from a running match, whoever runs it: the offline session
 * now, the lockstep session in the networked phase (same interface; only `available`, `net` and
 * the input path differ). A session owns the World and is the only caller of `step`.
 */
import type { GameMap } from '../../core/map';
import type { WaitState } from './waitState';
import type { MassHistory } from './MassHistory';
import type { OwnPrediction } from './OwnPrediction';
import type { PlayerInput, World } from './simApi';

export const DIFFICULTIES = ['easy', 'normal', 'hard', 'mixed'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** One participant, as shown in labels, scoreboard, minimap and results. Names are text, never HTML. */
export interface PlayerInfo {
  readonly slot: number;
  readonly name: string;
  /** #rrggbb */
  readonly color: string;
  readonly bot: boolean;
  /** Team 0..3 in a team match (the colour is then the team's); absent in free-for-all. */
  readonly team?: number;
}

/** Network figures for the F3 panel; null offline. */
export interface NetStats {
  readonly rttMs: number;
  readonly inputDelayFrames: number;
  /** Logic frames received but not yet stepped. */
  readonly keyFrameBuffer: number;
  readonly bytesInPerSec: number;
  readonly bytesOutPerSec: number;
  readonly stalls: number;
  /** The player the room waited for longest this match, and for how long (null: nobody). */
  readonly waitedMost: { readonly name: string; readonly ms: number } | null;
  /** Own-ball prediction: logic frames re-simulated a display frame (null: not predicting). */
  readonly predictFrames: number | null;
  /** Distance (cells) between the last confirmed frame and its prediction (null: none yet). */
  readonly correctionCells: number | null;
  /** How key frames arrive (NetStatus.frames): multicast, unicast because it stopped arriving, or unicast. */
  readonly frames: 'group' | 'missed' | 'off' | null;
}

/** A line of chat (local log offline). Text is shown as text. */
export interface ChatLine {
  readonly slot: number;
  readonly text: string;
  /** A team line: said to the sender's team only. */
  readonly team: boolean;
}

export interface Match {
  readonly world: World;
  readonly map: GameMap;
  readonly players: readonly PlayerInfo[];
  /** The local player's slot, or null for a spectator. */
  readonly mySlot: number | null;
  readonly history: MassHistory;
  /** Whether this session may pause (offline only; networked pause is a vote). */
  readonly canPause: boolean;
  /** Logic frames that may be stepped now (Infinity offline). */
  available(): number;
  /** Runs exactly one logic frame. The world's events then describe it. */
  stepOnce(): void;
  /** Queues the local player's input change for the next frame. */
  submit(input: PlayerInput): void;
  /** Sends (offline: logs) a chat line, to everyone or (`team`) to my team only. */
  chat(text: string, team: boolean): void;
  readonly chatLog: readonly ChatLine[];
  net(): NetStats | null;
  dispose(): void;
  /**
   * Self-paced sessions (lockstep): runs the logic frames due at `now` itself — its pacer owns
   * blocking and bounded catch-up — calling `hooks` around each one; returns how many ran.
   * Absent: the display loop's FixedStepLoop decides and calls `stepOnce`.
   */
  drive?(now: number, hooks: StepHooks): number;
  /** Networked: what the HUD shows this display frame (wait dialog, pause banner, notices). */
  overlay?(now: number): NetOverlay;
  /** Networked: asks the host to pause or resume (P). */
  requestPause?(): void;
  /** Networked: the page was hidden (its loop stops) or shown again; main keeps my inputs closing meanwhile. */
  setAway?(hidden: boolean): void;
  /** Networked: votes to drop these lobby slots (wait dialog). */
  voteDrop?(slots: readonly number[]): void;
  /** Networked with prediction on: my ball as the view draws it this display frame (null: as confirmed). */
  ownPrediction?(): OwnPrediction | null;
  /** Replays: the world's end does not end the session (the viewer may seek back). */
  readonly holdAtEnd?: boolean;
}

/** Called around every logic frame of a self-paced session. */
export interface StepHooks {
  before(): void;
  after(): void;
}

/** The networked HUD state of one display frame. */
export interface NetOverlay {
  readonly wait: WaitState | null;
  readonly paused: boolean;
  /** A notice to show (desync, drops, the end not agreed); text, never HTML. */
  readonly notice: string | null;
}
