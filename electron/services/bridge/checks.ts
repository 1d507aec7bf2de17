/**
 * Shape checks for the net:* bridge payloads (used by netRequests.ts). Each check either returns a
 * fresh copy holding only the contract's fields, or throws a CheckError naming the field path
 * ("settings.maxSlots: …"); `guarded` turns that into the validator's string result, so nothing
 * here ever throws across the bridge. Copies (not the renderer's objects) go on to the ClientPeer,
 * so an extra or getter-backed property can never reach the network code.
 * Units: string limits are UTF-8 bytes, the same limits the wire codec enforces (core/lockstep).
 */
import { MoveMode, INPUT_ANGLE_STEPS } from '../../../core/sim';
import type { PlayerInput } from '../../../core/sim';
import { checkName, MAX_KEY_INTERVAL, MAX_MAP_BYTES, MAX_NAME_BYTES, MAX_SLOTS, MAX_TEAMS, MIN_KEY_INTERVAL, nameProblemText, ROOM_NAME_BYTES, SlotKind } from '../../../core/lockstep';
import type { MatchStart, RoomSettings, SlotEvent } from '../../../core/lockstep';
/** Keys fit the wire's unwrapped counter comfortably; anything above is nonsense from a bug. */
export const MAX_KEY = 0x7fffffff;
export const U32_MAX = 0xffffffff;

export class CheckError extends Error {}

export type Obj = Readonly<Record<string, unknown>>;

export function fail(path: string, expected: string): never {
  throw new CheckError(`${path}: expected ${expected}`);
}

/** Runs a throwing check and returns its value, or the message of the first bad field. */
export function guarded<T>(check: () => T): T | string {
  try {
    return check();
  } catch (e) {
    return e instanceof CheckError ? e.message : `malformed payload (${String((e as Error)?.message ?? e).slice(0, 80)})`;
  }
}

export function obj(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(path, 'an object');
  return v as Obj;
}

export function int(v: unknown, path: string, lo: number, hi: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) fail(path, `an integer ${lo}..${hi}`);
  return v;
}

/** A 32-bit hash: either signedness is accepted (JS bit operations give int32), returned unsigned. */
export function hash32(v: unknown, path: string): number {
  return int(v, path, -0x80000000, U32_MAX) >>> 0;
}

export function bool(v: unknown, path: string): boolean {
  if (typeof v !== 'boolean') fail(path, 'true or false');
  return v;
}

export function str(v: unknown, path: string, maxBytes: number, minBytes = 0): string {
  if (typeof v !== 'string') fail(path, 'a string');
  // Cheap upper bound first: a UTF-16 unit is at most 3 UTF-8 bytes.
  const bytes = v.length > maxBytes * 3 ? maxBytes + 1 : Buffer.byteLength(v, 'utf8');
  if (bytes < minBytes || bytes > maxBytes) fail(path, `a string of ${minBytes}..${maxBytes} UTF-8 bytes`);
  return v;
}

export function arr(v: unknown, path: string, maxLength: number): readonly unknown[] {
  if (!Array.isArray(v)) fail(path, 'an array');
  if (v.length > maxLength) fail(path, `at most ${maxLength} items`);
  return v;
}

export function oneOf<T>(v: unknown, path: string, allowed: readonly T[]): T {
  if (!allowed.includes(v as T)) fail(path, `one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
  return v as T;
}

/** RoomSettings within the bounds the host's lobby and the wire codec accept. */
export function roomSettings(v: unknown, path: string): RoomSettings {
  const o = obj(v, path);
  const forceDropSeconds = int(o['forceDropSeconds'], `${path}.forceDropSeconds`, 1, 255);
  return {
    roomName: name(o['roomName'], `${path}.roomName`, ROOM_NAME_BYTES),
    map: str(o['map'], `${path}.map`, MAX_MAP_BYTES, 1),
    matchSeconds: int(o['matchSeconds'], `${path}.matchSeconds`, 1, 65535),
    keyInterval: int(o['keyInterval'], `${path}.keyInterval`, MIN_KEY_INTERVAL, MAX_KEY_INTERVAL),
    maxSlots: int(o['maxSlots'], `${path}.maxSlots`, 1, MAX_SLOTS),
    dropVoteSeconds: int(o['dropVoteSeconds'], `${path}.dropVoteSeconds`, 0, forceDropSeconds),
    forceDropSeconds,
    loadTimeoutSeconds: int(o['loadTimeoutSeconds'], `${path}.loadTimeoutSeconds`, 1, 255),
    teams: oneOf(o['teams'], `${path}.teams`, TEAM_COUNTS),
    lastStanding: bool(o['lastStanding'], `${path}.lastStanding`),
  };
}

/** A room's team counts: 0 (free-for-all) or 2..MAX_TEAMS. */
export const TEAM_COUNTS: readonly number[] = [0, ...Array.from({ length: MAX_TEAMS - 1 }, (_, i) => i + 2)];
export const team = (v: unknown, path: string): number => int(v, path, 0, MAX_TEAMS - 1);

/**
 * A PlayerInput as core/sim/input's sanitizeInput would leave it unchanged: the renderer sends
 * only well-formed inputs, so anything sanitize would have to clamp is a bug worth reporting.
 */
export function playerInput(v: unknown, path: string): PlayerInput {
  const o = obj(v, path);
  return {
    move: oneOf(o['move'], `${path}.move`, [MoveMode.Stop, MoveMode.Direction, MoveMode.Target]),
    angle: int(o['angle'], `${path}.angle`, 0, INPUT_ANGLE_STEPS - 1),
    targetX: int(o['targetX'], `${path}.targetX`, 0, 0xffff),
    targetY: int(o['targetY'], `${path}.targetY`, 0, 0xffff),
    split: bool(o['split'], `${path}.split`),
    eject: bool(o['eject'], `${path}.eject`),
  };
}

export function slotKind(v: unknown, path: string): SlotKind {
  return oneOf(v, path, [SlotKind.Open, SlotKind.Closed, SlotKind.Human, SlotKind.Bot]);
}

export const slot = (v: unknown, path: string): number => int(v, path, 0, MAX_SLOTS - 1);
export const playerName = (v: unknown, path: string): string => name(v, path, MAX_NAME_BYTES);

/** A player's or room's name under core's one name rule (core/lockstep/names.ts), trimmed; never cut. */
function name(v: unknown, path: string, maxBytes: number): string {
  if (typeof v !== 'string') fail(path, 'a string');
  const check = checkName(v, maxBytes);
  if (!check.ok) throw new CheckError(nameProblemText(path, check, maxBytes));
  return check.name;
}

export function matchStart(v: unknown, path: string): MatchStart {
  const o = obj(v, path);
  return {
    seed: hash32(o['seed'], `${path}.seed`),
    delayMs: int(o['delayMs'], `${path}.delayMs`, 0, 65535),
    settings: roomSettings(o['settings'], `${path}.settings`),
    slots: arr(o['slots'], `${path}.slots`, MAX_SLOTS).map((s, i) => {
      const so = obj(s, `${path}.slots[${i}]`);
      return { slot: slot(so['slot'], `${path}.slots[${i}].slot`), kind: slotKind(so['kind'], `${path}.slots[${i}].kind`), difficulty: int(so['difficulty'], `${path}.slots[${i}].difficulty`, 0, 255), team: team(so['team'], `${path}.slots[${i}].team`) };
    }),
    trees: hash32(o['trees'], `${path}.trees`),
  };
}

export function slotEvent(v: unknown, path: string): SlotEvent {
  const o = obj(v, path);
  return { kind: oneOf(o['kind'], `${path}.kind`, [1] as const), slot: slot(o['slot'], `${path}.slot`), difficulty: int(o['difficulty'], `${path}.difficulty`, 0, 255) };
}
