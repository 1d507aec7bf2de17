/**
 * The session cryptography of the sealer (issue 17), Node's `crypto` only: X25519 identities
 * and key agreement, the per-session key and the truncated HMAC-SHA256 every sealed datagram ends
 * with. Nothing here knows the lockstep protocol (Sealer.ts does).
 * Invariants: a private key is the raw 32-byte X25519 scalar (`Identity.seed`, what a rejoin token
 * is stored with); a public key from the wire that is not a valid X25519 point gives no shared key
 * (null), never an exception; tags are compared in constant time.
 */
import { createHmac, createPrivateKey, createPublicKey, diffieHellman, generateKeyPairSync, sign, timingSafeEqual, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { MAC_BYTES } from '../../../../core/net';

export const KEY_BYTES = 32;

/** ASN.1 wrappers of a raw X25519 key (RFC 8410): Node imports keys as DER, not raw bytes. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
export const SIGNATURE_BYTES = 64;

export interface Identity {
  /** The raw private key, to store beside a rejoin token. */
  readonly seed: Uint8Array;
  readonly publicKey: Uint8Array;
  readonly privateKey: KeyObject;
}

export function newIdentity(): Identity {
  const { privateKey } = generateKeyPairSync('x25519');
  return identityFrom(privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(PKCS8_PREFIX.length));
}

/** The identity of a stored private key (32 bytes; anything else throws a RangeError). */
export function identityFrom(seed: Uint8Array): Identity {
  if (seed.length !== KEY_BYTES) throw new RangeError('an X25519 private key is 32 bytes');
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length);
  return { seed: Uint8Array.from(seed), publicKey: Uint8Array.from(publicKey), privateKey };
}

/**
 * The key of one session between `me` and the holder of `peerPublic`, bound to the cookie of the
 * join that opened it: the static X25519 secret, then HMAC(secret, label ‖ cookie), so every join
 * and rejoin gets a fresh key (datagrams of an earlier session fail its MAC). Null when the peer's
 * key is not a valid point (X25519 of a low-order point is all zeros; Node refuses it).
 */
export function sessionKey(me: Identity, peerPublic: Uint8Array, cookie: Uint8Array): Buffer | null {
  let shared: Buffer;
  try {
    const publicKey = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, peerPublic]), format: 'der', type: 'spki' });
    shared = diffieHellman({ privateKey: me.privateKey, publicKey });
  } catch {
    return null;
  }
  if (shared.every((b) => b === 0)) return null;
  return createHmac('sha256', shared).update('ball-brawl session 9').update(cookie).digest();
}

/** Who sealed a datagram: the side that joined ('c') or the side joined ('h'); a reflected datagram fails. */
export type Side = 0x63 | 0x68;
export const JOINER: Side = 0x63;
export const JOINED: Side = 0x68;

/** The first MAC_BYTES of HMAC-SHA256(key, side ‖ bytes). */
export function tag(key: Buffer, side: Side, bytes: Uint8Array): Buffer {
  return createHmac('sha256', key).update(Uint8Array.of(side)).update(bytes).digest().subarray(0, MAC_BYTES);
}

export function tagMatches(key: Buffer, side: Side, body: Uint8Array, got: Uint8Array): boolean {
  return got.length === MAC_BYTES && timingSafeEqual(tag(key, side, body), got);
}

/** A short keyed digest (cookies). */
export function digest(key: Uint8Array, ...parts: (Uint8Array | string)[]): Buffer {
  const h = createHmac('sha256', key);
  for (const p of parts) h.update(p);
  return h.digest();
}

/**
 * The host's signing key for its group frames (Ed25519, one per hosting socket): every peer can
 * check a group frame, and no peer, knowing only the public half, can forge one for the others.
 */
export interface GroupSigner {
  readonly publicKey: Uint8Array;
  readonly sign: (data: Uint8Array) => Uint8Array;
}

export function newGroupSigner(): GroupSigner {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(ED25519_SPKI_PREFIX.length);
  return { publicKey: Uint8Array.from(raw), sign: (data) => sign(null, data, privateKey) };
}

/** A checker of one host's group signatures, or null when `publicKey` is not an Ed25519 key. */
export function groupVerifier(publicKey: Uint8Array): ((data: Uint8Array, signature: Uint8Array) => boolean) | null {
  try {
    const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
    return (data, signature) => signature.length === SIGNATURE_BYTES && verify(null, data, key, signature);
  } catch {
    return null;
  }
}
