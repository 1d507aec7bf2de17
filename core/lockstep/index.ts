/**
 * Public surface of core/lockstep: the lockstep protocol (War3-style key-frame authority), its
 * wire codec, the game loop that runs a deterministic game from confirmed updates, and the pieces
 * the main side and tests need. Bytes in, bytes out, time in: nothing here owns a socket or a
 * timer. The wire layout is documented in codec.ts and control.ts, and in PROTOCOL.md.
 */
export { PROTOCOL_VERSION, LockstepType, decodeDatagram, encodeAccept, encodeJoin, encodeReject } from './wire/codec';
export type { AcceptMsg, ClientFrame, DecodeFailure, DecodeResult, HostFrame, JoinMsg, LockstepMsg, RejectMsg } from './wire/codec';
export { encodeClientFrame, encodeHostFrame } from './wire/encodeFrames';
export { decodeClientControl, decodeHostControl, encodeClientControl, encodeHostControl } from './wire/control';
export type { ClientControl, HostControl, SlotSpec } from './wire/control';
export * from './types';
export { HostAuthority } from './host/HostAuthority';
export type { HostCounters, HostOptions, HostPhase, SnapshotSource } from './host/HostAuthority';
export { HostMatch } from './host/HostMatch';
export type { MatchNotice } from './host/HostMatch';
export type { HostSession } from './host/HostSession';
export { ClientPeer, JOIN_TIMEOUT_MS, WAIT_DIALOG_GRACE_MS } from './client/ClientPeer';
export type { ClientOptions, PeerEvent, PeerPhase, StallView } from './client/ClientPeer';
export type { ClientMatch } from './client/ClientMatch';
export { LockstepRunner, RESUME_FAST_FORWARD } from './loop/LockstepRunner';
export type { KeySnapshot, LockstepPort, RunnerOptions, RunnerStats } from './loop/LockstepRunner';
export { RemotePort } from './loop/RemotePort';
export type { LoopMsg } from './loop/RemotePort';
export type { BotDriver, LockstepGame } from './loop/LockstepGame';
export { FramePacer, CATCH_UP_SPEED, MAX_FRAMES_PER_TICK } from './loop/FramePacer';
export { SimGame } from './loop/SimGame';
export { SnapshotReceiver, SnapshotSender } from './link/SnapshotTransfer';
export { decodeSnapAck, decodeSnapChunk, encodeSnapAck, encodeSnapChunk, MAX_SNAPSHOT_BYTES, SNAP_CHUNK_BYTES, snapChecksum } from './wire/snapshotWire';
export { LocalBot } from './loop/LocalBot';
export { DesyncReporter, DESYNC_REPORT_FORMAT } from './loop/DesyncReporter';
export type { DesyncReport } from './loop/DesyncReporter';
