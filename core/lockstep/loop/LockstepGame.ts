/**
 * What the lockstep layer needs from a game: one deterministic logic step, a state hash, and
 * optionally snapshots and per-component sub-hashes for desync reports. The real simulation is
 * adapted in SimGame.ts; tests use testing/ToyGame.ts.
 */
import type { PlayerInput, SlotInput } from '../../sim';
import type { SlotEvent } from '../types';

export interface LockstepGame {
  /** Advances one logic frame with this frame's input changes (sorted by slot). */
  step(inputs: readonly SlotInput[]): void;
  /** 32-bit hash of the whole state. */
  hash(): number;
  /** Slot-control changes at the start of a key frame (e.g. a dropped player's ball is now a bot). */
  applyEvents?(events: readonly SlotEvent[]): void;
  /** Opaque snapshot of the state (desync reports, and what a rejoining peer restores). */
  snapshot?(): Uint8Array;
  /** Replaces the state with a `snapshot()` of the same match; throws on a blob it cannot take. */
  restore?(bytes: Uint8Array): void;
  /** One hash per state component, in a fixed order (desync reports). */
  subHashes?(): readonly { readonly name: string; readonly hash: number }[];
}

/** Decides bot inputs from the game state; must be deterministic (it runs on every peer). */
export interface BotDriver {
  /** The bot's input for key `key`, or null to keep its intent. Called in ascending slot order. */
  decide(slot: number, difficulty: number, key: number): PlayerInput | null;
}
