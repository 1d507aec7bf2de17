/**
 * The 4-byte header every UDP datagram on the game port starts with, so one socket serves
 * lockstep traffic and discovery probes alike:
 *   byte 0-1  magic 0x42 0x42 ("BB")
 *   byte 2    PROTOCOL_VERSION
 *   byte 3    message type: 0x01-0x0f discovery probes, 0x10-0x7f lockstep
 * A datagram whose magic is wrong is not ours; one whose version differs is answered (where the
 * message allows) with a version-mismatch reply, never decoded further.
 */

/** Bumped whenever any byte layout, or what a field means, changes on the wire. Documented layouts: core/net, core/lockstep. */
export const PROTOCOL_VERSION = 15;
export const HEADER_BYTES = 4;
export const MAGIC0 = 0x42;
export const MAGIC1 = 0x42;

/** Largest datagram we send: stays under common path MTUs without IP fragmentation. */
export const MAX_DATAGRAM_BYTES = 1200;
/** The tag the sealer (electron/services/lockstep/secure) ends every datagram of a session with. */
export const MAC_BYTES = 8;
/** Largest lockstep datagram core encodes: the link's tag must still fit in MAX_DATAGRAM_BYTES. */
export const MAX_PAYLOAD_BYTES = MAX_DATAGRAM_BYTES - MAC_BYTES;
/**
 * What the sealer ends a group frame with instead of the tag: a u32 sequence number and a
 * 64-byte Ed25519 signature (electron/services/lockstep/secure/groupSeal.ts).
 */
export const GROUP_TRAILER_BYTES = 4 + 64;
/** Largest group frame core encodes: the link's trailer must still fit in MAX_DATAGRAM_BYTES. */
export const MAX_GROUP_PAYLOAD_BYTES = MAX_DATAGRAM_BYTES - GROUP_TRAILER_BYTES;

export const MessageRange = {
  ProbeFirst: 0x01,
  ProbeLast: 0x0f,
  LockstepFirst: 0x10,
  LockstepLast: 0x7f,
} as const;

export type HeaderCheck =
  | { readonly ok: true; readonly type: number }
  | { readonly ok: false; readonly reason: 'short' | 'magic' | 'version'; readonly version?: number };

export function writeHeader(out: Uint8Array, type: number): void {
  out[0] = MAGIC0;
  out[1] = MAGIC1;
  out[2] = PROTOCOL_VERSION;
  out[3] = type & 0xff;
}

/** Classifies a datagram's header without trusting anything after it. */
export function readHeader(bytes: Uint8Array): HeaderCheck {
  if (bytes.length < HEADER_BYTES) return { ok: false, reason: 'short' };
  if (bytes[0] !== MAGIC0 || bytes[1] !== MAGIC1) return { ok: false, reason: 'magic' };
  if (bytes[2] !== PROTOCOL_VERSION) return { ok: false, reason: 'version', version: bytes[2] ?? 0 };
  return { ok: true, type: bytes[3] ?? 0 };
}
