/**
 * Discovery probes on the game port and the broadcast beacon: PING, PONG, BEACON, BYE.
 *
 * Wire layout — FROZEN: probe frames keep this layout in every protocol version, so apps of
 * different versions can still ping each other, read each other's advert and tell the player why
 * they cannot play together. Only the header's version byte says which version sent the frame;
 * probe types never change meaning. Integers little-endian.
 *
 *   PING   0x01  header(4) | u32 nonce | u32 time                  12 bytes; longer is accepted
 *   PONG   0x02  header(4) | u32 nonce | u32 time | advert strings  nonce and time echo the PING
 *   BEACON 0x03  header(4) | u16 game port | advert strings         UDP broadcast, discovery port
 *   BYE    0x04  header(4) | u16 game port | advert strings (id=)   beacon goodbye: hosting stopped
 *
 * `time` is the pinger's own clock (ms mod 2^32), echoed untouched, so a stateless pinger can
 * still measure the round trip; core has no clock of its own. "advert strings" is DNS TXT rdata
 * (see probeAdvert.ts), the same key/value form as the mDNS TXT record.
 *
 * Version mismatch is visible without decoding the rest: header byte 2 differs from
 * PROTOCOL_VERSION. A PING of any version is answered, the PONG header carrying our version.
 * Decoding is total: never throws, returns a reason for anything malformed.
 */
import { HEADER_BYTES, MAGIC0, MAGIC1, MAX_DATAGRAM_BYTES, PROTOCOL_VERSION } from './header';
import { advertEntries, advertFromEntries, decodeTxtStrings, encodeTxtStrings, isGameId, TXT_KEYS } from './probeAdvert';
import type { AdvertDecode, GameAdvert } from './probeAdvert';
import { utf8Decode } from './probeText';

export const ProbeType = { Ping: 0x01, Pong: 0x02, Beacon: 0x03, Bye: 0x04 } as const;
export type ProbeType = (typeof ProbeType)[keyof typeof ProbeType];

export const PING_BYTES = HEADER_BYTES + 8;
/** Offset of the advert strings in a PONG / in a BEACON or BYE. */
const PONG_BODY = HEADER_BYTES + 8;
const BEACON_BODY = HEADER_BYTES + 2;

export type ProbeMessage =
  | { readonly kind: 'ping'; readonly version: number; readonly nonce: number; readonly time: number }
  | { readonly kind: 'pong'; readonly version: number; readonly nonce: number; readonly time: number; readonly advert: AdvertDecode }
  | { readonly kind: 'beacon'; readonly version: number; readonly advert: AdvertDecode }
  | { readonly kind: 'bye'; readonly version: number; readonly port: number; readonly gameId: string | null };

export type ProbeDecode =
  | { readonly ok: true; readonly message: ProbeMessage }
  | { readonly ok: false; readonly reason: 'short' | 'long' | 'magic' | 'type' };

function frame(type: ProbeType, bodyBytes: number, version: number): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(HEADER_BYTES + bodyBytes);
  bytes[0] = MAGIC0;
  bytes[1] = MAGIC1;
  bytes[2] = version & 0xff;
  bytes[3] = type;
  return { bytes, view: new DataView(bytes.buffer) };
}

/** A PING. `version` is only overridden by tests that play an app of another version. */
export function encodePing(nonce: number, time: number, version: number = PROTOCOL_VERSION): Uint8Array {
  const { bytes, view } = frame(ProbeType.Ping, 8, version);
  view.setUint32(4, nonce >>> 0, true);
  view.setUint32(8, time >>> 0, true);
  return bytes;
}

/** The PONG answering a PING with `nonce` and `time`, carrying `advert`. */
export function encodePong(nonce: number, time: number, advert: GameAdvert, version: number = PROTOCOL_VERSION): Uint8Array {
  const body = encodeTxtStrings(advertEntries(advert));
  const { bytes, view } = frame(ProbeType.Pong, 8 + body.length, version);
  view.setUint32(4, nonce >>> 0, true);
  view.setUint32(8, time >>> 0, true);
  bytes.set(body, PONG_BODY);
  return bytes;
}

/** The broadcast beacon: the advert and its game port. */
export function encodeBeacon(advert: GameAdvert, version: number = PROTOCOL_VERSION): Uint8Array {
  return portFrame(ProbeType.Beacon, advert.port, encodeTxtStrings(advertEntries(advert)), version);
}

/** The beacon goodbye sent once when hosting stops. */
export function encodeBye(advert: GameAdvert, version: number = PROTOCOL_VERSION): Uint8Array {
  return portFrame(ProbeType.Bye, advert.port, encodeTxtStrings([[TXT_KEYS.gameId, advert.gameId]]), version);
}

function portFrame(type: ProbeType, port: number, body: Uint8Array, version: number): Uint8Array {
  const { bytes, view } = frame(type, 2 + body.length, version);
  view.setUint16(4, port & 0xffff, true);
  bytes.set(body, BEACON_BODY);
  return bytes;
}

/**
 * Decodes any probe frame. `fromPort` is the UDP source port of the datagram: a PONG comes from
 * the host's game port, which is the advert's port.
 */
export function decodeProbe(bytes: Uint8Array, fromPort: number): ProbeDecode {
  if (bytes.length < HEADER_BYTES) return { ok: false, reason: 'short' };
  if (bytes.length > MAX_DATAGRAM_BYTES) return { ok: false, reason: 'long' };
  if (bytes[0] !== MAGIC0 || bytes[1] !== MAGIC1) return { ok: false, reason: 'magic' };
  const version = bytes[2] ?? 0;
  const type = bytes[3] ?? 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === ProbeType.Ping || type === ProbeType.Pong) {
    if (bytes.length < PING_BYTES) return { ok: false, reason: 'short' };
    const nonce = view.getUint32(4, true);
    const time = view.getUint32(8, true);
    if (type === ProbeType.Ping) return { ok: true, message: { kind: 'ping', version, nonce, time } };
    const advert = advertBody(bytes, PONG_BODY, fromPort, version);
    return { ok: true, message: { kind: 'pong', version, nonce, time, advert } };
  }
  if (type === ProbeType.Beacon || type === ProbeType.Bye) {
    if (bytes.length < BEACON_BODY) return { ok: false, reason: 'short' };
    const port = view.getUint16(4, true);
    if (type === ProbeType.Beacon) {
      return { ok: true, message: { kind: 'beacon', version, advert: advertBody(bytes, BEACON_BODY, port, version) } };
    }
    return { ok: true, message: { kind: 'bye', version, port, gameId: byeGameId(bytes) } };
  }
  return { ok: false, reason: 'type' };
}

/** The advert in bytes[at..]; its `pv` must agree with the header's version byte. */
function advertBody(bytes: Uint8Array, at: number, port: number, version: number): AdvertDecode {
  const txt = decodeTxtStrings(bytes, at, bytes.length);
  if (!txt.ok) return txt;
  const advert = advertFromEntries(txt.entries, port);
  if (advert.ok && advert.advert.protocolVersion !== version) return { ok: false, reason: 'pv differs from header' };
  return advert;
}

function byeGameId(bytes: Uint8Array): string | null {
  const txt = decodeTxtStrings(bytes, BEACON_BODY, bytes.length);
  const raw = txt.ok ? txt.entries.get(TXT_KEYS.gameId) : undefined;
  const id = raw === undefined ? null : utf8Decode(raw);
  return id !== null && isGameId(id) ? id : null;
}

/**
 * The host side of a probe: the reply to send back to the datagram's source, or null when the
 * datagram is not a PING (of any protocol version). Bytes in, bytes out; never throws.
 */
export function answerPing(datagram: Uint8Array, advert: GameAdvert): Uint8Array | null {
  if (datagram.length < PING_BYTES || datagram[3] !== ProbeType.Ping) return null;
  const decoded = decodeProbe(datagram, advert.port);
  if (!decoded.ok || decoded.message.kind !== 'ping') return null;
  return encodePong(decoded.message.nonce, decoded.message.time, advert);
}
