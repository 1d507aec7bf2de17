/**
 * A name's limit in characters, as a player counts them. The rule itself is in UTF-8 bytes
 * (core/lockstep/names.ts: what the wire carries), where a Latin letter takes 1 byte and a Chinese
 * character 3; the page tells it in characters instead: how many are typed, and how many the name
 * can hold in the widest script typed so far (48 letters, or 16 Chinese characters, or a mix).
 * DOM-free, so it is unit-tested in Node.
 */
import { utf8Length } from '../../../core/net';

export interface NameLimit {
  /** Characters (code points) of the trimmed name. */
  readonly chars: number;
  /** Characters the name could hold: those typed plus what the bytes left take in the widest character typed. */
  readonly limit: number;
}

export function nameLimit(raw: string, maxBytes: number): NameLimit {
  const points = Array.from(raw.trim());
  let bytes = 0;
  let widest = 1;
  for (const p of points) {
    const b = utf8Length(p);
    bytes += b;
    if (b > widest) widest = b;
  }
  return { chars: points.length, limit: points.length + Math.floor((maxBytes - bytes) / widest) };
}
