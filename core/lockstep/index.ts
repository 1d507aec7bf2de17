/**
 * Public surface of core/lockstep: the lockstep protocol (War3-style key-frame authority). Rooms:
 * wire/ (byte layouts; codec.ts documents them next to PROTOCOL_VERSION, and PROTOCOL.md how it
 * all works together), link/ (per-peer link state: reliable control stream, RTT, loss, snapshot
 * transfer), host/ (HostAuthority), client/ (ClientPeer), loop/ (MatchLoop: running a match from
 * confirmed updates), testing/ (simulated networks and rooms; tests only). Bytes in, bytes out,
 * time in: nothing here owns a socket or a timer. Code outside core/lockstep imports it from here,
 * and only what is named below (a name leaves a room on purpose, not by `export *`).
 */
// The shared vocabulary: limits, slots, settings, updates, the stall status.
export { DEFAULT_KEY_INTERVAL, DEFAULT_SETTINGS, DELAY_UNIT_MS, lastKeyOf, LOGIC_HZ, MAX_CHAT_BYTES, MAX_DELAY_MS, MAX_KEY_INTERVAL, MAX_MAP_BYTES, MAX_SLOTS, MAX_TEAMS, MIN_DELAY_MS, MIN_KEY_INTERVAL, RejectReason, SlotEventKind, SlotKind, SPECTATOR_SLOT, StallCause, SYSTEM_SLOT } from './types';
export type { HostStatus, KeyUpdate, LobbySlot, MatchStart, RoomSettings, SlotEvent, TakeoverState } from './types';
export { checkName, checkPlayerName, MAX_NAME_BYTES, nameProblemText, ROOM_NAME_BYTES } from './names';
export type { NameCheck } from './names';
export { parseReason, SessionReason } from './reasons';
// The key-frame authority and a peer's side.
export { HOST_CLOSED_REASON, HostAuthority } from './host';
export type { HostOptions, Refusal, RejoinProof } from './host';
export { ClientPeer, WAIT_DIALOG_GRACE_MS } from './client';
export type { ClientMatch, FramesBy, PeerEvent, PeerPhase, StallView, TreeStatus } from './client';
// The match loop every peer runs, and what a headless peer plays with.
export { DESYNC_REPORT_FORMAT, InputScript, LocalBot, LockstepRunner, MatchLoop, MAX_LATE_MS, RemotePort, SimGame, matchSpecOf } from './loop';
export type { DesyncReport, LoopMsg, ResumePoint, RunnerOptions, StepHooks } from './loop';
// Byte layouts the main side and its tests read or forge.
export { decodeDatagram, decodeHostControl, encodeAccept, encodeClientFrame, encodeHostControl, encodeHostFrame, encodeJoin, encodeReject, hostBound, LockstepType, MAX_SNAPSHOT_BYTES, MAX_SUBHASHES, normalizeInput, PROTOCOL_VERSION, toBase64 } from './wire';
export type { HostFrame } from './wire';
