/**
 * The game advert on the main side: TXT record encode/decode for bonjour-service, the mDNS
 * instance name, game ids, and the text helpers the Join screen uses.
 *
 * Invariants: everything that came off the network goes through `advertFromTxt` (validated,
 * cleaned, length-limited) before it reaches a row; the UI shows those strings as text only —
 * `displayText` makes any value safe to put in `textContent`, never in `innerHTML`.
 */
import { randomBytes } from 'node:crypto';
import { ADVERT_LIMITS, advertEntries, advertFromEntries, entriesOf, GAME_STATES } from '../../../core/net';
import type { AdvertDecode, GameAdvert, GameState, TxtEntries } from '../../../core/net';
import { cleanText, utf8Encode, utf8Length } from '../../../core/net';

export type { AdvertDecode, GameAdvert, GameState };
export { ADVERT_LIMITS, GAME_STATES };

/** DNS-SD service type (RFC 6763 form `_ballbrawl._udp`). */
export const SERVICE_TYPE = 'ballbrawl';
export const SERVICE_PROTOCOL = 'udp';
/** Default game port: PING, PONG and JOIN go there. */
export { DEFAULT_GAME_PORT } from '../../../core/net';

/** A fresh random game id: 12 lower-case hex characters (48 bits). */
export function newGameId(): string {
  return randomBytes(6).toString('hex');
}

/** The advert as bonjour-service's `txt` option: compact keys, cleaned string values. */
export function advertToTxt(advert: GameAdvert): Record<string, string> {
  return Object.fromEntries(advertEntries(advert));
}

/**
 * Validates a TXT record as bonjour-service hands it over: the raw strings (`rawTxt`, an array of
 * Buffers — preferred, it keeps duplicate keys and bytes intact) or the decoded `txt` object
 * (values as strings or Buffers). Anything else is rejected with a reason, never thrown.
 */
export function advertFromTxt(txt: unknown, port: number): AdvertDecode {
  const entries = txtEntries(txt);
  return entries === null ? { ok: false, reason: 'no txt' } : advertFromEntries(entries, port);
}

function txtEntries(txt: unknown): TxtEntries | null {
  if (Array.isArray(txt)) {
    return entriesOf(txt.filter((s): s is Uint8Array => s instanceof Uint8Array));
  }
  if (typeof txt !== 'object' || txt === null) return null;
  const strings: Uint8Array[] = [];
  for (const [key, value] of Object.entries(txt)) {
    if (typeof value === 'string') strings.push(utf8Encode(`${key}=${value}`));
    else if (value instanceof Uint8Array) strings.push(Uint8Array.from([...utf8Encode(`${key}=`), ...value]));
  }
  return entriesOf(strings);
}

/** DNS labels are at most 63 bytes. */
const LABEL_BYTES = 63;

/**
 * The mDNS service instance name: "<room> [<gameId>]". The game id makes it unique per host, so we
 * never depend on the library's name-conflict probing (which only logs). Dots become dashes as
 * bonjour-service would do, and the room is cut so the label stays within 63 bytes.
 */
export function serviceNameFor(advert: Pick<GameAdvert, 'room' | 'gameId'>): string {
  const suffix = ` [${advert.gameId}]`;
  const room = cleanText(advert.room.replaceAll('.', '-'), LABEL_BYTES - utf8Length(suffix)) || 'Ball Brawl';
  return `${room}${suffix}`;
}

/**
 * Any value made fit for a text label: strings are cleaned (control characters removed, cut to
 * `maxBytes`), other values become ''. Set the result as text (`textContent`), never as HTML.
 */
export function displayText(value: unknown, maxBytes: number = ADVERT_LIMITS.roomBytes): string {
  return typeof value === 'string' ? cleanText(value, maxBytes) : '';
}
