/**
 * Public surface of core/lockstep: the lockstep protocol (War3-style key-frame authority). Rooms:
 * wire/ (byte layouts; codec.ts documents them next to PROTOCOL_VERSION, and PROTOCOL.md how it
 * all works together), link/ (per-peer link state: reliable control stream, RTT, loss, snapshot
 * transfer), host/ (HostAuthority), client/ (ClientPeer), loop/ (MatchLoop: running a match from
 * confirmed updates), testing/ (simulated networks and rooms; tests only). Bytes in, bytes out,
 * time in: nothing here owns a socket or a timer. Code outside core/lockstep imports it from here.
 */
export * from './types';
export * from './names';
export * from './reasons';
export * from './host';
export * from './client';
export * from './loop';
export { decodeDatagram, hostBound, encodeAccept, encodeClientControl, encodeClientFrame, encodeHostControl, encodeHostFrame, encodeJoin, encodeReject, decodeClientControl, decodeHostControl, LockstepType, MAX_SUBHASHES, normalizeInput, PROTOCOL_VERSION, toBase64 } from './wire';
export type { AcceptMsg, ClientControl, ClientFrame, DecodeFailure, DecodeResult, HostControl, HostFrame, JoinMsg, LockstepMsg, RejectMsg, SlotSpec } from './wire';
export { decodeSnapAck, decodeSnapChunk, encodeSnapAck, encodeSnapChunk, MAX_SNAPSHOT_BYTES, SNAP_CHUNK_BYTES, snapChecksum } from './wire';
