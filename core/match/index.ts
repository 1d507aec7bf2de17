/** Public surface of core/match: the one model every match runs on (see MatchRunner.ts). */
export { KIND_EFFECTS, MatchRunner, difficultyOf, modeOf } from './MatchRunner';
export type { ControlEffect, ControlEvent, MatchSpec } from './MatchRunner';
export { SlotEventKind } from './slotEvents';
export type { SlotEvent } from './slotEvents';
