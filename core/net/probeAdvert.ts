/**
 * The game advert — what a hosting app tells the LAN about its game — and its key/value form.
 *
 * One key/value form serves every carrier: the mDNS TXT record, and the body of PONG and BEACON
 * datagrams (as DNS TXT rdata: repeated `u8 length, "key=value"`). Keys are short and text-only so
 * an app of another protocol version can still read the room name and show the game greyed out.
 *
 * Invariants: decoding never throws and never trusts a field: keys are matched case-insensitively,
 * the first occurrence of a key wins (RFC 6763 §6.4), unknown keys are ignored, text values must be
 * well-formed UTF-8 and come back cleaned (`cleanText`) and length-limited. An advert of our own
 * protocol version is validated strictly; one of another version leniently (only `pv` and `id`
 * are required) so the row can still be shown, marked incompatible.
 */
import { PROTOCOL_VERSION } from './header';
import { cleanText, utf8Decode, utf8Encode } from './probeText';

export const GAME_STATES = ['lobby', 'loading', 'match'] as const;
export type GameState = (typeof GAME_STATES)[number];

/** A hosted game as discovery shows it. Text fields are plain text, never markup. */
export interface GameAdvert {
  /** Random per hosting session; the list's de-duplication key (also in the mDNS instance name). */
  readonly gameId: string;
  readonly room: string;
  readonly map: string;
  readonly players: number;
  readonly maxPlayers: number;
  readonly state: GameState;
  readonly protocolVersion: number;
  readonly appVersion: string;
  /** The host's game (UDP) port: PING and JOIN go there. Carried by SRV / beacon, not by TXT. */
  readonly port: number;
}

/** Size limits, in UTF-8 bytes unless named otherwise. TXT strings are at most 255 bytes anyway. */
export const ADVERT_LIMITS = {
  /** Equals core/lockstep's ROOM_NAME_BYTES (tested there), so an advert shows a room's whole name. */
  roomBytes: 64,
  mapBytes: 48,
  appVersionBytes: 24,
  gameIdMinChars: 6,
  gameIdMaxChars: 32,
  maxPlayers: 64,
  keyChars: 32,
  txtStrings: 64,
} as const;

/** TXT keys: compact, because the whole advert must fit in one small datagram. */
export const TXT_KEYS = {
  txtVersion: 'txtvers',
  protocol: 'pv',
  app: 'av',
  gameId: 'id',
  room: 'r',
  map: 'm',
  players: 'p',
  maxPlayers: 'mx',
  state: 's',
} as const;

/** Key/value pairs as received: keys lower-cased, values still raw bytes. */
export type TxtEntries = ReadonlyMap<string, Uint8Array>;

export type AdvertDecode =
  | { readonly ok: true; readonly advert: GameAdvert; readonly compatible: boolean }
  | { readonly ok: false; readonly reason: string };

export type TxtDecode =
  | { readonly ok: true; readonly entries: TxtEntries }
  | { readonly ok: false; readonly reason: string };

const GAME_ID = /^[0-9a-z]+$/;
const UINT = /^(0|[1-9][0-9]{0,4})$/;

/** True when `id` is a well-formed game id (lower-case letters and digits, 6-32 chars). */
export function isGameId(id: string): boolean {
  return id.length >= ADVERT_LIMITS.gameIdMinChars && id.length <= ADVERT_LIMITS.gameIdMaxChars && GAME_ID.test(id);
}

/** The advert's TXT pairs, text values cleaned and cut to the limits. `port` is not included. */
export function advertEntries(advert: GameAdvert): Array<readonly [string, string]> {
  return [
    [TXT_KEYS.txtVersion, '1'],
    [TXT_KEYS.protocol, String(advert.protocolVersion)],
    [TXT_KEYS.gameId, advert.gameId],
    [TXT_KEYS.room, cleanText(advert.room, ADVERT_LIMITS.roomBytes)],
    [TXT_KEYS.map, cleanText(advert.map, ADVERT_LIMITS.mapBytes)],
    [TXT_KEYS.players, String(advert.players)],
    [TXT_KEYS.maxPlayers, String(advert.maxPlayers)],
    [TXT_KEYS.state, advert.state],
    [TXT_KEYS.app, cleanText(advert.appVersion, ADVERT_LIMITS.appVersionBytes)],
  ];
}

/** DNS TXT rdata: each pair as `u8 length, "key=value"` (values over 255 bytes are cut). */
export function encodeTxtStrings(pairs: ReadonlyArray<readonly [string, string]>): Uint8Array {
  const parts = pairs.map(([k, v]) => cutUtf8(utf8Encode(`${k}=${v}`), 255));
  const out = new Uint8Array(parts.reduce((n, p) => n + 1 + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out[at] = p.length;
    out.set(p, at + 1);
    at += 1 + p.length;
  }
  return out;
}

/** The first `max` bytes of UTF-8 `bytes`, backed off so no sequence is split. */
function cutUtf8(bytes: Uint8Array, max: number): Uint8Array {
  if (bytes.length <= max) return bytes;
  let end = max;
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--; // bytes[end] continues a sequence
  return bytes.subarray(0, end);
}

/** Splits TXT rdata (bytes[start, end)) into strings; fails on a length running past the end. */
export function splitTxtStrings(bytes: Uint8Array, start: number, end: number): Uint8Array[] | string {
  const strings: Uint8Array[] = [];
  let at = start;
  while (at < end) {
    const len = bytes[at] ?? 0;
    if (at + 1 + len > end) return 'txt-truncated';
    if (strings.length >= ADVERT_LIMITS.txtStrings) return 'txt-too-many-strings';
    strings.push(bytes.subarray(at + 1, at + 1 + len));
    at += 1 + len;
  }
  return strings;
}

/** Key/value entries of TXT strings: first occurrence wins, bad or empty keys skipped. */
export function entriesOf(strings: readonly Uint8Array[]): TxtEntries {
  const entries = new Map<string, Uint8Array>();
  for (const s of strings.slice(0, ADVERT_LIMITS.txtStrings)) {
    let eq = s.indexOf(0x3d); // '='
    if (eq < 0) eq = s.length; // boolean attribute: key only
    if (eq === 0 || eq > ADVERT_LIMITS.keyChars) continue;
    let key = '';
    for (let i = 0; i < eq; i++) {
      const c = s[i] ?? 0;
      if (c < 0x20 || c > 0x7e) { key = ''; break; }
      key += String.fromCharCode(c >= 0x41 && c <= 0x5a ? c + 0x20 : c);
    }
    if (key === '' || entries.has(key)) continue;
    entries.set(key, s.subarray(Math.min(eq + 1, s.length)));
  }
  return entries;
}

/** TXT rdata bytes[start, end) as entries, or the reason it is malformed. */
export function decodeTxtStrings(bytes: Uint8Array, start: number, end: number): TxtDecode {
  const strings = splitTxtStrings(bytes, start, end);
  return typeof strings === 'string' ? { ok: false, reason: strings } : { ok: true, entries: entriesOf(strings) };
}

/** A value as text: undefined when absent, null when not well-formed UTF-8. */
function textOf(entries: TxtEntries, key: string): string | undefined | null {
  const raw = entries.get(key);
  return raw === undefined ? undefined : utf8Decode(raw);
}

function uintOf(entries: TxtEntries, key: string, max: number): number | null {
  const text = textOf(entries, key);
  if (typeof text !== 'string' || !UINT.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

/**
 * Validates an advert from TXT entries plus the port its carrier gave (SRV, beacon, or the address
 * pinged). `compatible` is false when the advert's protocol version is not ours.
 */
export function advertFromEntries(entries: TxtEntries, port: number): AdvertDecode {
  const protocolVersion = uintOf(entries, TXT_KEYS.protocol, 255);
  if (protocolVersion === null) return { ok: false, reason: 'invalid pv' };
  const gameId = textOf(entries, TXT_KEYS.gameId);
  if (typeof gameId !== 'string' || !isGameId(gameId)) return { ok: false, reason: 'invalid id' };
  if (!Number.isInteger(port) || port < 1 || port > 65535) return { ok: false, reason: 'invalid port' };
  const texts: string[] = [];
  for (const key of [TXT_KEYS.room, TXT_KEYS.map, TXT_KEYS.app, TXT_KEYS.state]) {
    const text = textOf(entries, key);
    if (text === null) return { ok: false, reason: `utf8 in ${key}` };
    texts.push(text ?? '');
  }
  const [room = '', map = '', app = '', stateText = ''] = texts;
  const maxPlayers = uintOf(entries, TXT_KEYS.maxPlayers, ADVERT_LIMITS.maxPlayers);
  const players = uintOf(entries, TXT_KEYS.players, ADVERT_LIMITS.maxPlayers);
  const state = GAME_STATES.find((s) => s === stateText);
  const advert: GameAdvert = {
    gameId,
    room: cleanText(room, ADVERT_LIMITS.roomBytes) || `Game ${gameId.slice(0, 6)}`,
    map: cleanText(map, ADVERT_LIMITS.mapBytes),
    players: players ?? 0,
    maxPlayers: maxPlayers ?? 0,
    state: state ?? 'lobby',
    protocolVersion,
    appVersion: cleanText(app, ADVERT_LIMITS.appVersionBytes),
    port,
  };
  const compatible = protocolVersion === PROTOCOL_VERSION;
  if (compatible) {
    const reason = strictProblem(advert, players, maxPlayers, state);
    if (reason !== null) return { ok: false, reason };
  }
  return { ok: true, advert, compatible };
}

/** Extra checks for an advert of our own version: every field present and consistent. */
function strictProblem(a: GameAdvert, players: number | null, max: number | null, state: GameState | undefined): string | null {
  if (max === null || max < 1) return 'invalid mx';
  if (players === null || players > max) return 'invalid p';
  if (state === undefined) return 'invalid s';
  if (a.appVersion === '') return 'invalid av';
  return null;
}
