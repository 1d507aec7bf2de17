/**
 * Who controls a slot, and its changes: a slot event switches a ball between its human and a bot
 * at the start of a key frame, on every peer alike (lockstep carries them in its updates, replays
 * record them). Defined here, below core/lockstep and core/replay, because the match model
 * (MatchRunner) applies them.
 */

export const SlotEventKind = {
  /** The slot is driven by a bot from this key on (a dropped or departed player). */
  Bot: 1,
  /** The slot's human takes control back from this key on (a rejoin or a late loader). */
  Human: 2,
} as const;
export type SlotEventKind = (typeof SlotEventKind)[keyof typeof SlotEventKind];

/** A change of who controls a slot, applied by every peer at the same key frame. */
export interface SlotEvent {
  readonly kind: SlotEventKind;
  readonly slot: number;
  readonly difficulty: number;
}
