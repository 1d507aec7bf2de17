/**
 * The fields several control messages share (control.ts): room settings, slot kinds and numbers,
 * hash lists, and the roster of a start or a resync. Readers fail the Reader on a bad value; none
 * throws.
 */
import type { Reader, Writer } from './bytes';
import { DELAY_UNIT_MS, MAX_KEY_INTERVAL, MAX_MAP_BYTES, MAX_DIFFICULTY, MAX_SLOTS, MAX_TEAMS, MIN_KEY_INTERVAL } from '../types';
import type { RoomSettings, SlotKind } from '../types';
import { ROOM_NAME_BYTES } from '../names';

/** One slot of a match's roster. */
export type SlotSpec = { readonly slot: number; readonly kind: SlotKind; readonly difficulty: number; readonly team: number };

/** Subhashes a message carries at most. */
export const MAX_SUBHASHES = 255;

export function writeSettings(w: Writer, s: RoomSettings): void {
  w.str(s.roomName, ROOM_NAME_BYTES).str(s.map, MAX_MAP_BYTES).u16(s.matchSeconds).u8(s.keyInterval).u8(s.maxSlots);
  w.u8(s.dropVoteSeconds).u8(s.forceDropSeconds).u8(s.loadTimeoutSeconds).u8(s.teams).u8(s.lastStanding ? 1 : 0);
}

export function readSettings(r: Reader): RoomSettings {
  const s = { roomName: r.str(ROOM_NAME_BYTES), map: r.str(MAX_MAP_BYTES), matchSeconds: r.u16(), keyInterval: r.u8(), maxSlots: r.u8(), dropVoteSeconds: r.u8(), forceDropSeconds: r.u8(), loadTimeoutSeconds: r.u8() };
  const teams = r.u8();
  const lbs = r.u8();
  if (s.keyInterval < MIN_KEY_INTERVAL || s.keyInterval > MAX_KEY_INTERVAL || s.maxSlots < 1 || s.maxSlots > MAX_SLOTS || s.matchSeconds < 1) r.fail();
  if (!validTeams(teams) || lbs > 1) r.fail();
  return { ...s, teams, lastStanding: lbs === 1 };
}

/** A room's team count: 0 (free-for-all) or 2..MAX_TEAMS. */
export function validTeams(n: number): boolean {
  return Number.isInteger(n) && (n === 0 || (n >= 2 && n <= MAX_TEAMS));
}

/** A u8 of at most `max`; a larger one fails the read. */
function upTo(r: Reader, max: number): number {
  const v = r.u8();
  if (v > max) r.fail();
  return v;
}

/** A slot's team byte: 0..MAX_TEAMS-1. */
export const readTeam = (r: Reader): number => upTo(r, MAX_TEAMS - 1);
/** A bot difficulty: 0 easy, 1 normal, 2 hard. */
export const readDifficulty = (r: Reader): number => upTo(r, MAX_DIFFICULTY);
/** A loading percentage, 0..100. */
export const readPercent = (r: Reader): number => upTo(r, 100);
export const readSlot = (r: Reader): number => upTo(r, MAX_SLOTS - 1);
/** A chat line's scope: 0 everyone, 1 the sender's team (true). */
export const readScope = (r: Reader): boolean => upTo(r, 1) === 1;

export const readKind = (r: Reader): SlotKind => (upTo(r, 3) & 3) as SlotKind;

export function readU32s(r: Reader): number[] {
  const n = r.count(MAX_SUBHASHES);
  const out: number[] = [];
  for (let i = 0; i < n && !r.failed; i++) out.push(r.u32());
  return out;
}

/** What start and resync share: u32 seed, u8 delay/5ms, u8 n, n × (u8 slot, u8 kind, u8 diff, u8 team (v13)). */
export interface Roster {
  readonly seed: number;
  readonly delayMs: number;
  readonly slots: readonly SlotSpec[];
}

export function writeRoster(w: Writer, m: Roster): void {
  w.u32(m.seed).u8(Math.min(255, Math.max(1, Math.round(m.delayMs / DELAY_UNIT_MS)))).u8(m.slots.length);
  for (const s of m.slots) w.u8(s.slot).u8(s.kind).u8(s.difficulty).u8(s.team);
}

export function readRoster(r: Reader): Roster {
  const seed = r.u32();
  const delay = r.u8();
  const n = r.count(MAX_SLOTS);
  const slots: SlotSpec[] = [];
  for (let i = 0; i < n && !r.failed; i++) slots.push({ slot: readSlot(r), kind: readKind(r), difficulty: readDifficulty(r), team: readTeam(r) });
  if (delay < 1) r.fail();
  return { seed, delayMs: delay * DELAY_UNIT_MS, slots };
}
