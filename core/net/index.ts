/**
 * Public surface of core/net: peer addresses ("ip:port", address.ts); what every datagram on the game port shares — the 4-byte header
 * ("BB", PROTOCOL_VERSION, a type byte; header.ts) — and the discovery probes that ride on it
 * (ping/pong, beacons, the game advert and its TXT form; probe.ts, probeAdvert.ts), with the
 * bounded UTF-8 text they carry (probeText.ts); join codes, a game address to read aloud (joinCode.ts).
 * The lockstep datagrams are core/lockstep's.
 */
export * from './address';
export * from './header';
export * from './probe';
export * from './probeAdvert';
export { cleanText, hasControlChars, utf8Encode, utf8Length } from './probeText';
export * from './joinCode';
