/**
 * The replay header: everything needed to rebuild the match's start (map, seed, roster, length,
 * key interval) and to refuse a replay this build cannot play (versions, map and bot-tree
 * fingerprints). Stored as JSON escaped to pure ASCII, so core needs no UTF-8 codec and a damaged
 * byte can never decode to a plausible name. Validated field by field: a bad one is named.
 */
import { MAX_PLAYERS, modeProblem } from '../sim';
import { ReplayError } from './ReplayError';

/** One participant, in ascending slot order; its ball is its index in the roster. */
export interface RosterEntry {
  /** Lobby slot (offline: the ball). Names events and inputs. */
  readonly slot: number;
  readonly name: string;
  /** #rrggbb */
  readonly colour: string;
  /** Controller at the start: a bot (run inside the simulation) or a human (recorded inputs). */
  readonly bot: boolean;
  /** Bot difficulty 0 easy, 1 normal, 2 hard (ignored for humans). */
  readonly difficulty: number;
  /** Team 0..teams-1 in a team match; absent in free-for-all. */
  readonly team?: number;
}

export type ReplaySource = 'offline' | 'lockstep';

export interface ReplayHeader {
  readonly appVersion: string;
  readonly protocolVersion: number;
  /** ISO date of the match start (passed in: core reads no clock). */
  readonly date: string;
  readonly source: ReplaySource;
  readonly mapId: string;
  readonly mapName: string;
  /** mapInfoOf(map).fingerprint: the map file may change under the same id. */
  readonly mapFingerprint: number;
  readonly seed: number;
  /** The world's match length (createWorld's lengthFrames). */
  readonly lengthFrames: number;
  /** createWorld's pelletTarget override, or null for the map's default. */
  readonly pelletTarget: number | null;
  /** Logic frames per key frame (1 offline: a human input may land on any frame). */
  readonly keyInterval: number;
  /** A state hash is recorded before every key that is a multiple of this. */
  readonly hashEvery: number;
  /** A snapshot is recorded before every key that is a multiple of this (≈ 10 s). */
  readonly snapshotEvery: number;
  /** BotBrains.fingerprint of the trees the bots ran. */
  readonly brains: number;
  readonly roster: readonly RosterEntry[];
  /** 2..4 in a team match; absent in free-for-all (so a free-for-all file is as before modes). */
  readonly teams?: number;
  /** true in last ball standing; absent otherwise. */
  readonly lastStanding?: boolean;
}

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
/** Longest text field (names, map name) in UTF-16 units. */
export const MAX_HEADER_TEXT = 128;

/** The header as bytes (ASCII JSON). */
export function encodeHeader(h: ReplayHeader): Uint8Array {
  // DETERMINISM: key order is the literal's; non-ASCII is escaped so every byte is < 0x80.
  const json = JSON.stringify(h).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const out = new Uint8Array(json.length);
  for (let i = 0; i < json.length; i++) out[i] = json.charCodeAt(i);
  return out;
}

const bad = (field: string, why = ''): ReplayError => new ReplayError('invalid-field', `invalid field ${field}${why ? ` (${why})` : ''}`, field);

function int(o: Record<string, unknown>, k: string, lo: number, hi: number, prefix = ''): number {
  const v = o[k];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) throw bad(prefix + k, `expected an integer ${lo}..${hi}`);
  return v;
}

function text(o: Record<string, unknown>, k: string, re?: RegExp, prefix = ''): string {
  const v = o[k];
  if (typeof v !== 'string' || v.length > MAX_HEADER_TEXT || (re !== undefined && !re.test(v))) throw bad(prefix + k);
  return v;
}

function rosterOf(raw: unknown): RosterEntry[] {
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > MAX_PLAYERS) throw bad('roster', `expected 1..${MAX_PLAYERS} players`);
  let prev = -1;
  return raw.map((e: unknown, i) => {
    if (typeof e !== 'object' || e === null) throw bad(`roster[${i}]`);
    const o = e as Record<string, unknown>;
    const at = `roster[${i}].`;
    const slot = int(o, 'slot', 0, 255, at);
    if (slot <= prev) throw bad(`${at}slot`, 'slots must ascend');
    prev = slot;
    if (typeof o['bot'] !== 'boolean') throw bad(`${at}bot`);
    const entry = { slot, name: text(o, 'name', undefined, at), colour: text(o, 'colour', HEX_COLOUR, at), bot: o['bot'], difficulty: int(o, 'difficulty', 0, 3, at) };
    return o['team'] === undefined ? entry : { ...entry, team: int(o, 'team', 0, 255, at) };
  });
}

/** Parses and validates header bytes. @throws ReplayError('invalid-field') naming the field */
export function decodeHeader(bytes: Uint8Array): ReplayHeader {
  let json = '';
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! >= 0x80) throw bad('header', 'not ASCII');
    json += String.fromCharCode(bytes[i]!);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw bad('header', 'not JSON');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw bad('header');
  const o = raw as Record<string, unknown>;
  const source = o['source'];
  if (source !== 'offline' && source !== 'lockstep') throw bad('source');
  const pellets = o['pelletTarget'];
  if (pellets !== null && (typeof pellets !== 'number' || !Number.isInteger(pellets) || pellets < 0 || pellets > 1_000_000)) throw bad('pelletTarget');
  return {
    appVersion: text(o, 'appVersion'),
    protocolVersion: int(o, 'protocolVersion', 0, 0xffff),
    date: text(o, 'date', ISO_DATE),
    source,
    mapId: text(o, 'mapId', /^[A-Za-z0-9_.-]{1,64}$/),
    mapName: text(o, 'mapName'),
    mapFingerprint: int(o, 'mapFingerprint', 0, 0xffffffff),
    seed: int(o, 'seed', 0, 0xffffffff),
    lengthFrames: int(o, 'lengthFrames', 1, 60 * 60 * 30 * 4),
    pelletTarget: pellets,
    keyInterval: int(o, 'keyInterval', 1, 16),
    hashEvery: int(o, 'hashEvery', 1, 100_000),
    snapshotEvery: int(o, 'snapshotEvery', 1, 100_000),
    brains: int(o, 'brains', 0, 0xffffffff),
    roster: rosterOf(o['roster']),
    ...modeOfHeader(o, rosterOf(o['roster'])),
  };
}

/** The header's mode fields (absent: free-for-all with respawn), checked against the roster. */
function modeOfHeader(o: Record<string, unknown>, roster: readonly RosterEntry[]): Pick<ReplayHeader, 'teams' | 'lastStanding'> {
  const teams = o['teams'] === undefined ? 0 : int(o, 'teams', 2, 4);
  const lbs = o['lastStanding'];
  if (lbs !== undefined && lbs !== true) throw bad('lastStanding', 'expected true or absent');
  const problem = modeProblem({ teams, team: teams === 0 ? roster.filter((r) => r.team !== undefined).map((r) => r.team) : roster.map((r) => r.team), lastStanding: lbs === true }, roster.length);
  if (problem !== null) throw bad(teams === 0 ? 'roster' : 'teams', problem);
  return { ...(teams !== 0 ? { teams } : {}), ...(lbs === true ? { lastStanding: true } : {}) };
}
