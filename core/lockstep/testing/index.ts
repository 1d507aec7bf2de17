/**
 * core/lockstep/testing: test and benchmark harnesses only (the layering check keeps product code
 * out): a seeded network simulator with impaired links (NetSim), whole rooms on it with every
 * client running a match loop (Room), and a toy deterministic game with toy bots (ToyGame).
 */
export { NetSim, PERFECT_LINK, WIFI_LINK, WIRED_LINK } from './NetSim';
export type { DropRule, LinkCounters, LinkSpec, Receive, WifiSpec } from './NetSim';
export { extraPeer, FAST_FORWARD_FRAMES, HOST, NET_TICK_MS, OWNER, Room, RoomClient } from './Room';
export type { RoomOptions } from './Room';
export { ToyBots, ToyGame } from './ToyGame';
