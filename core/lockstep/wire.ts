/**
 * Small wire pieces shared by the lockstep codecs: 16-bit key/sequence numbers and the compact
 * input-change entry.
 *
 * Keys and sequence numbers travel as their low 16 bits; the receiver restores the full value as
 * the one nearest to a reference it already knows (its own position), so values up to 32767 away
 * from the reference round-trip (about 55 minutes of key frames at 10 Hz; peers are never more
 * than MAX_CLOSE_AHEAD keys apart). -1 ("none yet") travels as 0xffff.
 *
 * Input-change entry (3 or 7 bytes; 2 or 6 without the slot byte when an UPDATE lists its slots as
 * a bitmask), the compact form of core/sim/input.ts's PlayerInput:
 *   u8   slot
 *   u16  bits 0-11 angle, bit 12 dash, bits 13-14 move mode (0 stop, 1 direction, 2 target), bit 15 zero
 *   u16  target x, u16 target y      only when mode = target
 * Fields a mode does not use are not sent and decode as zero, so `normalizeInput` is applied
 * before sending: every peer (the sender included) applies the decoded form.
 */
import { INPUT_ANGLE_STEPS, MoveMode, sanitizeInput } from '../sim/input';
import type { PlayerInput } from '../sim/input';
import type { Reader, Writer } from './bytes';

/** The full value of a 16-bit key/sequence number, the one nearest `ref`. */
export function unwrap16(low: number, ref: number): number {
  let d = (low - ref) & 0xffff;
  if (d >= 0x8000) d -= 0x10000;
  return ref + d;
}

/** Serial-number distance b - a for 16-bit sequence numbers (-32768..32767). */
export function seqDiff(a: number, b: number): number {
  let d = (b - a) & 0xffff;
  if (d >= 0x8000) d -= 0x10000;
  return d;
}

/** The input as every peer will see it after a wire round trip (unused fields zeroed). */
export function normalizeInput(input: PlayerInput): PlayerInput {
  const s = sanitizeInput(input);
  return {
    move: s.move,
    angle: s.angle,
    targetX: s.move === MoveMode.Target ? s.targetX : 0,
    targetY: s.move === MoveMode.Target ? s.targetY : 0,
    dash: s.dash,
  };
}

/** Encoded size of one input-change entry. */
export function entrySize(input: PlayerInput): number {
  return input.move === MoveMode.Target ? 7 : 3;
}

export function writeEntry(w: Writer, slot: number, input: PlayerInput): void {
  w.u8(slot);
  writeEntryBody(w, input);
}

/** An entry without its slot byte (the slot comes from a bitmask). */
export function writeEntryBody(w: Writer, input: PlayerInput): void {
  const s = normalizeInput(input);
  w.u16((s.angle & (INPUT_ANGLE_STEPS - 1)) | (s.dash ? 1 << 12 : 0) | (s.move << 13));
  if (s.move === MoveMode.Target) w.u16(s.targetX).u16(s.targetY);
}

/** Reads one entry; a reserved bit or mode 3 fails the reader. */
export function readEntry(r: Reader): { slot: number; input: PlayerInput } {
  const slot = r.u8();
  return { slot, input: readEntryBody(r) };
}

/** Reads an entry's body (after the slot byte, or for a bitmask slot). */
export function readEntryBody(r: Reader): PlayerInput {
  const word = r.u16();
  const mode = (word >> 13) & 3;
  if (mode === 3 || (word & 0x8000) !== 0) r.fail();
  const move = mode === 3 ? MoveMode.Stop : (mode as MoveMode);
  const tx = move === MoveMode.Target ? r.u16() : 0;
  const ty = move === MoveMode.Target ? r.u16() : 0;
  return { move, angle: word & (INPUT_ANGLE_STEPS - 1), targetX: tx, targetY: ty, dash: (word & (1 << 12)) !== 0 };
}
