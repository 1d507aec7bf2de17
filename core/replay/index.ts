/**
 * Public surface of core/replay: recorded matches. A versioned, checksummed binary file
 * (format.ts) written as the match runs (ReplayWriter, RecordingMatch for offline matches,
 * LockstepRecorder for lockstep ones), read with specific errors (ReplayReader, ReplayError) and
 * played back by re-simulation with hash checks and seeking (ReplayPlayer). MatchRunner is the one
 * "roster + human inputs + slot events + bots inside" adapter, equal to core/lockstep's SimGame.
 * Deterministic and free of I/O: the caller reads and writes the bytes, and passes the date.
 */
export { ReplayError, ReplayErrorCode } from './ReplayError';
export { REPLAY_FORMAT_VERSION, REPLAY_MAGIC, normalizeInputForReplay } from './format';
export { decodeHeader, encodeHeader } from './header';
export type { ReplayHeader, ReplaySource, RosterEntry } from './header';
export { KIND_EFFECTS, MatchRunner, difficultyOf } from '../match';
export type { ControlEffect, ControlEvent, MatchSpec } from '../match';
export { ReplayWriter } from './ReplayWriter';
export type { ReplayEnd } from './ReplayWriter';
export { parseReplay, summarizeReplay } from './ReplayReader';
export type { KeyRecord, ParsedReplay, ReplayEnv, ReplayFooter, ReplaySummary, SnapshotRecord } from './ReplayReader';
export { ReplayPlayer, checkReplayInputs } from './ReplayPlayer';
export type { HashMismatch } from './ReplayPlayer';
export { HASH_SECONDS, LockstepRecorder, RecordingMatch, SNAPSHOT_SECONDS, lockstepRoster, replayHeader } from './recorders';
export type { RecordingInfo } from './recorders';
