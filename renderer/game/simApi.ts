/**
 * The renderer's one doorway into the simulation: everything the view, HUD and match sessions use
 * from core/sim is re-exported here from its public surface (core/sim/index.ts), so a change of
 * that surface is absorbed in one place.
 * The renderer only *reads* World; `step` is called by a session (renderer/game/*Match.ts), never
 * by the view — and by own-ball prediction (OwnPrediction.ts), on a scratch copy only.
 */
export {
  createWorld,
  step,
  isVisibleTo,
  scoreboard,
  EventKind,
  EVENT_STRIDE,
  MoveMode,
  STOP_INPUT,
  TARGET_UNITS_PER_CELL,
  INPUT_ANGLE_STEPS,
  inputsEqual,
  FRAME_RATE,
  MAX_PLAYERS,
  MAX_CELLS,
  CELLS_PER_PLAYER,
  BLOB_CAPACITY,
  BLOB_RADIUS,
  VIRUS_CAPACITY,
  virusRadius,
  radiusOf,
  firstCell,
  ownerOf,
  leadCell,
  cellCount,
  playerMass,
  hasAction,
  PATH_CAPACITY,
  PELLET_CAPACITY,
  RULES,
  PathState,
  pelletX,
  pelletY,
  pelletValue,
  waypointX,
  waypointY,
  snapshot,
  restore,
  copyWorldInto,
  teamStandings,
  teamOf,
  areaAt,
  framesUntilClosing,
  FREE_FOR_ALL,
  MAX_TEAMS,
  AREA_HOLD_SIXTHS,
  AREA_CLOSED_SIXTHS,
  AREA_END_CELLS,
} from '../../core/sim';
export type { ScoreRow, SimEvents, PlayerInput, SlotInput, MatchOptions, MatchMode, TeamRow, World } from '../../core/sim';

// The lockstep game loop and its vocabulary, for networked matches (renderer/game/LockstepMatch.ts).
export { LockstepRunner, MatchLoop, RemotePort, SimGame, SlotKind, StallCause, DEFAULT_SETTINGS, DEFAULT_KEY_INTERVAL, LOGIC_HZ, MIN_KEY_INTERVAL, MAX_KEY_INTERVAL, MAX_SLOTS, ROOM_NAME_BYTES, SPECTATOR_SLOT, SYSTEM_SLOT, WAIT_DIALOG_GRACE_MS, lastKeyOf, normalizeInput } from '../../core/lockstep';
export type { DesyncReport, HostStatus, KeyUpdate, LobbySlot, MatchStart, PeerEvent, ResumePoint, RoomSettings, SlotEvent } from '../../core/lockstep';
