/** Cryptographic random numbers for session tokens, nonces and match seeds (main side). */
import { randomBytes } from 'node:crypto';

/** A uniformly random uint32. */
export function randomU32(): number {
  return randomBytes(4).readUInt32LE(0);
}
