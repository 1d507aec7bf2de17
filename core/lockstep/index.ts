/**
 * Public surface of core/lockstep: the lockstep protocol (War3-style key-frame authority), its
 * wire codec, the game loop that runs a deterministic game from confirmed updates, and the pieces
 * the main side and tests need. Bytes in, bytes out, time in: nothing here owns a socket or a
 * timer. The wire layout is documented in codec.ts and control.ts, and in PROTOCOL.md.
 */
export { PROTOCOL_VERSION, LockstepType, decodeDatagram, encodeAccept, encodeJoin, encodeReject } from './codec';
export type { AcceptMsg, ClientFrame, DecodeFailure, DecodeResult, HostFrame, JoinMsg, LockstepMsg, RejectMsg } from './codec';
export { encodeClientFrame, encodeHostFrame } from './encodeFrames';
export { decodeClientControl, decodeHostControl, encodeClientControl, encodeHostControl } from './control';
export type { ClientControl, HostControl, SlotSpec } from './control';
export * from './types';
export { HostAuthority } from './HostAuthority';
export type { HostCounters, HostOptions, HostPhase, SnapshotSource } from './HostAuthority';
export { HostMatch } from './HostMatch';
export type { MatchNotice } from './HostMatch';
export type { HostSession } from './HostSession';
export { ClientPeer, JOIN_TIMEOUT_MS, WAIT_DIALOG_GRACE_MS } from './ClientPeer';
export type { ClientOptions, PeerEvent, PeerPhase, StallView } from './ClientPeer';
export type { ClientMatch } from './ClientMatch';
export { LockstepRunner, RESUME_FAST_FORWARD } from './LockstepRunner';
export type { KeySnapshot, LockstepPort, RunnerOptions, RunnerStats } from './LockstepRunner';
export { RemotePort } from './RemotePort';
export type { LoopMsg } from './RemotePort';
export type { BotDriver, LockstepGame } from './LockstepGame';
export { FramePacer, CATCH_UP_SPEED, MAX_FRAMES_PER_TICK } from './FramePacer';
export { SimGame } from './SimGame';
export { SnapshotReceiver, SnapshotSender } from './SnapshotTransfer';
export { decodeSnapAck, decodeSnapChunk, encodeSnapAck, encodeSnapChunk, MAX_SNAPSHOT_BYTES, SNAP_CHUNK_BYTES, snapChecksum } from './snapshotWire';
export { LocalBot } from './LocalBot';
export { DesyncReporter, DESYNC_REPORT_FORMAT } from './DesyncReporter';
export type { DesyncReport } from './DesyncReporter';
