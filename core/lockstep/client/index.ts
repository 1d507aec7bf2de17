/**
 * core/lockstep/client: a player's or spectator's side of the protocol. ClientPeer is the one
 * class callers use (the game loop's LoopPeer, the UI's requests, the wait dialog's view); it is
 * composed of parts sharing a ClientState — ClientUplink, ClientInbox, ClientResync, ClientTrees,
 * ClientSuccession — and holds a ClientMatch (confirmed updates, the input schedule) while a match
 * runs. No socket, no timer.
 */
export { ClientPeer, GROUP_QUIET_MS, WAIT_DIALOG_GRACE_MS } from './ClientPeer';
export type { FramesBy, StallView } from './ClientPeer';
export type { ClientOptions, PeerEvent, PeerPhase, PeerStats, TreeFailure, TreeSource, TreeState, TreeStatus } from './ClientState';
export { JOIN_RETRY_MS, JOIN_TIMEOUT_MS } from './ClientUplink';
export { REPORT_FRESH_MS } from './ClientSuccession';
export type { ClientMatch } from './ClientMatch';
export { HASH_EVERY_KEYS } from './ClientMatch';
export { MAX_TREE_ATTEMPTS } from './ClientTrees';
export type { HeldEvent } from './ClientTrees';
