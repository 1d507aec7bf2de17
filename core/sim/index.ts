/**
 * Public surface of core/sim: the deterministic Ball Brawl simulation.
 * Create a world (createWorld), advance it with step(world, inputs) at 30 Hz — players (slots) own
 * 1..16 cells that split, eject blobs and burst on viruses — read events and the scoreboard for the view, hash it for desync checks, snapshot/restore it for joins and rollback,
 * replay input logs. Units: Fx (1/1024 cell) positions, frames, integer mass units.
 */
export * from './input';
export {
  BLOB_CAPACITY, BLOB_RADIUS, BOT_CONTROL_MAX, BOT_MEMORY_WORDS, CELLS_PER_PLAYER, FRAME_RATE, MAX_CELLS, MAX_PLAYERS, MAX_RADIUS, PATH_CAPACITY,
  PELLET_CAPACITY, RULES, VIRUS_CAPACITY, canEatMass, mergeDelay, radiusOf, speedOf, virusRadius,
} from './rules';
export type { Blobs, Bots, Cells, MatchOptions, MatchSettings, Pellets, Players, State, Viruses, World } from './World';
export { CLOCK_WORDS, Clock, PLANNER_WORDS, PathState, Planner, matchSettings } from './World';
export { createWorld } from './createWorld';
export { step, SYSTEMS } from './step';
export type { SimEvent } from './events';
export { EVENT_STRIDE, EventKind, SimEvents } from './events';
export { isVisibleTo } from './bushes';
export { aimOf } from './actions';
export type { ScoreRow, TeamRow } from './matchClock';
export { scoreboard, teamStandings } from './matchClock';
export type { MatchMode } from './teams';
export { FREE_FOR_ALL, MAX_TEAMS, allies, modeProblem, sameMode, teamOf } from './teams';
export type { Area } from './closingArea';
export { AREA_CLOSED_SIXTHS, AREA_END_CELLS, AREA_END_RADIUS, AREA_HOLD_SIXTHS, areaAt, framesUntilClosing } from './closingArea';
export { CELL_SHIFT, cellCount, firstCell, leadCell, ownerOf, playerMass, refreshCellGrid, setMass } from './cellOps';
export { isCellShielded, isShielded } from './shield';
export { packPellet, pelletValue, pelletX, pelletY } from './pellets';
export { EXACT_TARGET, waypointX, waypointY } from './planPaths';
export type { PlanData } from './searchers';
export { PLAN_LANDMARKS, PLAN_SEARCH_OPTIONS, createPlanSearcher, planDataOf } from './searchers';
export { checkInvariants } from './invariants';
export type { Component, EntityKind } from './components';
export { COMPONENTS } from './components';
export type { Difference } from './hash';
export { componentHash, differenceWhere, firstDifference, firstStateDifference, hashWorld, subHashes } from './hash';
export type { SnapshotHeader } from './snapshot';
export { SNAPSHOT_VERSION, SnapshotError, copyWorldInto, readSnapshotHeader, restore, restoreInto, snapshot } from './snapshot';
export type { InputTuple, ReplayFrameCallback, ReplayLog } from './replay';
export { REPLAY_FORMAT, REPLAY_VERSION, fromTuple, runReplay, toTuple, validateReplayLog } from './replay';
export type { MapInfo } from './mapInfo';
export { mapInfoOf, sizeClassOf } from './mapInfo';
export { ScriptedPlayers } from './scriptedPlayers';
export type { ScriptedPlayersOptions } from './scriptedPlayers';
