/**
 * LAN discovery — public surface. The main side imports from here only.
 *
 * Host side: `DiscoveryService.host(advert)` advertises over mDNS and the broadcast beacon; the
 * game's UDP socket hands every datagram of a probe type (header byte 3 in 0x01-0x0f) to
 * `answerProbe` and sends back the reply, if any, to the datagram's source.
 * Join side: `startBrowsing()` + `onRows()` for the list, `manualJoin()` for typed addresses,
 * `status()` / `onStatus()` for the "which discovery works" line.
 * Nothing here imports `electron`.
 */
export { DiscoveryService } from './discoveryService';
export type { DiscoveryDeps, DiscoveryOptions } from './discoveryService';
export { answerProbe, startProbeResponder } from './responder';
export type { ProbeResponder } from './responder';
export { manualJoin, parseJoinAddress } from './manualJoin';
export type { ManualJoinOptions, ManualJoinResult, ParsedAddress } from './manualJoin';
export { DISCOVERY_ENV, DISCOVERY_FLAG, describeMode, hostReach, inSubnet, lanAddresses, parseDiscoveryMode, resolveDiscoveryMode, selectInterfaces, usableInterfaces } from './interfaces';
export type { DiscoveryMode, HostReach, NetInterface, ResolvedMode } from './interfaces';
export { advertFromTxt, advertToTxt, DEFAULT_GAME_PORT, displayText, GAME_STATES, newGameId, serviceNameFor } from './advert';
export type { GameAdvert, GameState } from './advert';
export { BEACON_PORT } from './beacon';
export type { GameRow, Via } from './gameList';
export type { DiscoveryStatus, MechanismStatus } from './status';
export { AppDiscovery } from './AppDiscovery';
export { JoinList } from './JoinList';
export type { HasToken } from './JoinList';
