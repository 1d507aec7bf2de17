/**
 * Small wire pieces shared by the lockstep codecs: 16-bit key/sequence numbers and the compact
 * input-change entry.
 *
 * Keys and sequence numbers travel as their low 16 bits; the receiver restores the full value as
 * the one nearest to a reference it already knows (its own position), so values up to 32767 away
 * from the reference round-trip (about 55 minutes of key frames at 10 Hz; peers are never more
 * than MAX_CLOSE_AHEAD keys apart). -1 ("none yet") travels as 0xffff. Version 2's k15 fields
 * (a host's first update key, a client's closure) keep 15 bits and restore within 16383 keys
 * (`unwrap15`; -1 travels as 0x7fff).
 *
 * Input-change entry (PROTOCOL_VERSION 2), the compact self-contained form of core/sim/input.ts's
 * PlayerInput (1-5 bytes; list-form UPDATEs and client frames put a u8 slot before it, bitmask-form
 * UPDATEs do not). Self-contained on purpose: it depends on no earlier intent, so any repeat or
 * reordering of a datagram decodes to the same value. Its first byte says how long it is:
 *   u8   bits 0-1 move mode (0 stop, 1 direction, 2 target; 3 invalid), bit 2 actions, bits 3-7 below
 *   stop       1 byte: bits 3-7 zero
 *   direction  2 bytes: bits 3-7 = angle bits 0-4; then u8 angle bits 5-11 (bit 7 zero)
 *   target     bit 3 clear (x, y < 1024, i.e. within 64 cells): 3 bytes; the 20-bit value
 *              x | y << 10 is split as bits 4-7 = its bits 0-3, then u16 = its bits 4-19
 *              bit 3 set (any target): 5 bytes; bits 4-7 zero, then u16 x, u16 y
 *   actions    (PROTOCOL_VERSION 12) bit 2 set: one more byte after the above, bit 0 split,
 *              bit 1 eject, bits 2-7 zero — so an entry without a press costs what it did
 * (Version 1 spent 2 bytes on every entry and 6 on a target.) Fields a mode does not use are not
 * sent and decode as zero, so `normalizeInput` is applied before sending: every peer (the sender
 * included) applies the decoded form.
 */
import { INPUT_ANGLE_STEPS, MoveMode, sanitizeInput } from '../../sim';
import type { PlayerInput } from '../../sim';
import type { Reader, Writer } from './bytes';

/** The full value of a 16-bit key/sequence number, the one nearest `ref`. */
export function unwrap16(low: number, ref: number): number {
  let d = (low - ref) & 0xffff;
  if (d >= 0x8000) d -= 0x10000;
  return ref + d;
}

/**
 * The full value of a 15-bit key (version 2's compact key fields, whose top bit is a flag), the
 * one nearest `ref`: values up to 16383 keys away round-trip (27 minutes at 10 Hz).
 */
export function unwrap15(low: number, ref: number): number {
  let d = (low - ref) & 0x7fff;
  if (d >= 0x4000) d -= 0x8000;
  return ref + d;
}

/** A signed 4-bit value (-8..7) from the low nibble of `v`. */
export function nibble(v: number): number {
  const n = v & 15;
  return n >= 8 ? n - 16 : n;
}

/** The input as every peer will see it after a wire round trip (unused fields zeroed). */
export function normalizeInput(input: PlayerInput): PlayerInput {
  const s = sanitizeInput(input);
  return {
    move: s.move,
    angle: s.angle,
    targetX: s.move === MoveMode.Target ? s.targetX : 0,
    targetY: s.move === MoveMode.Target ? s.targetY : 0,
    split: s.split,
    eject: s.eject,
  };
}

/** Largest target coordinate of the 3-byte target entry. */
const NARROW_TARGET = 1024;

function narrowTarget(x: number, y: number): boolean {
  return x < NARROW_TARGET && y < NARROW_TARGET;
}

/** Encoded size of one input-change entry (without a slot byte). */
export function entrySize(input: PlayerInput): number {
  const s = normalizeInput(input);
  const actions = s.split || s.eject ? 1 : 0;
  if (s.move === MoveMode.Stop) return 1 + actions;
  if (s.move === MoveMode.Direction) return 2 + actions;
  return (narrowTarget(s.targetX, s.targetY) ? 3 : 5) + actions;
}

export function writeEntry(w: Writer, slot: number, input: PlayerInput): void {
  w.u8(slot);
  writeEntryBody(w, input);
}

/** An entry without its slot byte (the slot comes from a bitmask). */
export function writeEntryBody(w: Writer, input: PlayerInput): void {
  const s = normalizeInput(input);
  const acts = (s.split ? 1 : 0) | (s.eject ? 2 : 0);
  const b0 = s.move | (acts !== 0 ? 4 : 0);
  if (s.move === MoveMode.Stop) {
    w.u8(b0);
  } else if (s.move === MoveMode.Direction) {
    const a = s.angle & (INPUT_ANGLE_STEPS - 1);
    w.u8(b0 | ((a & 31) << 3)).u8(a >> 5);
  } else if (narrowTarget(s.targetX, s.targetY)) {
    const v = s.targetX | (s.targetY << 10);
    w.u8(b0 | ((v & 15) << 4)).u16(v >>> 4);
  } else {
    w.u8(b0 | 8).u16(s.targetX).u16(s.targetY);
  }
  if (acts !== 0) w.u8(acts);
}

/** Reads one entry (u8 slot, body); a reserved bit or mode 3 fails the reader. */
export function readEntry(r: Reader): { slot: number; input: PlayerInput } {
  const slot = r.u8();
  return { slot, input: readEntryBody(r) };
}

/** Reads an entry's body (after the slot byte, or for a bitmask slot). */
export function readEntryBody(r: Reader): PlayerInput {
  const b0 = r.u8();
  const move = readMove(r, b0);
  if ((b0 & 4) === 0) return { ...move, split: false, eject: false };
  const acts = r.u8();
  if (acts === 0 || (acts & ~3) !== 0) r.fail();
  return { ...move, split: (acts & 1) !== 0, eject: (acts & 2) !== 0 };
}

/** The movement part of an entry whose first byte is `b0`. */
function readMove(r: Reader, b0: number): Pick<PlayerInput, 'move' | 'angle' | 'targetX' | 'targetY'> {
  const mode = b0 & 3;
  if (mode === MoveMode.Direction) {
    const b1 = r.u8();
    if (b1 & 0x80) r.fail();
    return { move: MoveMode.Direction, angle: ((b0 >> 3) | (b1 << 5)) & (INPUT_ANGLE_STEPS - 1), targetX: 0, targetY: 0 };
  }
  if (mode === MoveMode.Target) {
    if (b0 & 8) {
      if (b0 & 0xf0) r.fail();
      const x = r.u16();
      return { move: MoveMode.Target, angle: 0, targetX: x, targetY: r.u16() };
    }
    const v = (b0 >> 4) | (r.u16() << 4);
    return { move: MoveMode.Target, angle: 0, targetX: v & (NARROW_TARGET - 1), targetY: v >> 10 };
  }
  if (mode === 3 || (b0 & 0xf8) !== 0) r.fail();
  return { move: MoveMode.Stop, angle: 0, targetX: 0, targetY: 0 };
}
