/**
 * core/lockstep/host: the room host, the lockstep key-frame authority (War3-style). HostAuthority
 * is the one class callers use; it is composed of parts sharing a HostState — HostSender,
 * HostRoom, HostResync, HostTrees, HostInbox — and runs a HostMatch (release, stalls, votes, pause, delay,
 * desync judging) while a match is on. Bytes in, bytes out, time in: no socket, no timer.
 */
export { HostAuthority } from './HostAuthority';
export type { HostCounters, HostOptions, HostPhase, MatchEnd, RejoinProof, SnapshotSource } from './HostState';
export { DROP_BOT_DIFFICULTY, HostMatch, SILENT_MS, SLOW_BEHIND_MS, STALL_REPORT_MS, STUCK_BEHIND_MS } from './HostMatch';
export type { MatchNotice } from './HostMatch';
export type { HostSession } from './HostSession';
export type { Refusal } from './HostRefusals';
export { END_WAIT_MS, HASH_WAIT_KEYS, SPECTATOR_BASE } from './HashJudge';
export { DELAY_MARGIN_MS, DelayController } from './DelayController';
export { GOODBYE_COPIES, HOST_CLOSED_REASON } from './goodbye';
export { sanitizeSettings } from './HostLobby';
export { MAX_TREE_SENDS } from './HostTrees';
