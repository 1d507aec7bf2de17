/**
 * Player input: what one slot wants, as the lockstep layer carries it and `step` applies it.
 *
 * An input is a persistent *intent* (seed 000's traffic cut: only changes are sent). The world
 * keeps each slot's current intent; a new `PlayerInput` for a slot replaces it at the frame it is
 * applied. `split` and `eject` are edge-triggered: each fires once when that input is applied and
 * is not repeated on later frames (a held key is one press: the page sends it once).
 *
 * Wire form: exactly INPUT_BYTES bytes, little-endian:
 *   byte 0      flags: bits 0-1 move mode (0 stop, 1 direction, 2 target), bit 2 split, bit 3 eject, bits 4-7 zero
 *   byte 1      reserved, zero
 *   bytes 2-3   u16 angle in ANGLE_STEPS units (0 = +x/east, increasing towards +y/south)
 *   bytes 4-5   u16 target x in TARGET_UNITS_PER_CELL units of a grid cell
 *   bytes 6-7   u16 target y, same units
 * Decoding never throws: out-of-range fields are clamped, reserved bits ignored (untrusted input).
 */

/** Angle resolution of an input direction: a full turn. Shared with core/math's angle tables. */
export const INPUT_ANGLE_STEPS = 4096;
/** A move-to target is quantised to 1/16 of a grid cell. */
export const TARGET_UNITS_PER_CELL = 16;
export const INPUT_BYTES = 8;

export const MoveMode = { Stop: 0, Direction: 1, Target: 2 } as const;
export type MoveMode = (typeof MoveMode)[keyof typeof MoveMode];

export interface PlayerInput {
  readonly move: MoveMode;
  /** 0..INPUT_ANGLE_STEPS-1, meaningful when move = Direction. */
  readonly angle: number;
  /** Target in TARGET_UNITS_PER_CELL units, meaningful when move = Target. */
  readonly targetX: number;
  readonly targetY: number;
  /** Split every cell big enough, this frame (edge-triggered). */
  readonly split: boolean;
  /** Every cell big enough spits a blob, this frame (edge-triggered). */
  readonly eject: boolean;
}

/** Whether `input` asks for an action (split or eject) besides its intent. */
export function hasAction(input: PlayerInput): boolean {
  return input.split || input.eject;
}

/** An input for one slot, as passed to `step`; arrays of these are sorted by slot. */
export interface SlotInput {
  readonly slot: number;
  readonly input: PlayerInput;
}

export const STOP_INPUT: PlayerInput = Object.freeze({ move: MoveMode.Stop, angle: 0, targetX: 0, targetY: 0, split: false, eject: false });

const U16_MAX = 0xffff;

function clampInt(v: number, lo: number, hi: number): number {
  if (!Number.isFinite(v)) return lo;
  const i = Math.trunc(v);
  return i < lo ? lo : i > hi ? hi : i;
}

/** Returns a well-formed copy of `input`: any field out of range is clamped, a bad mode becomes Stop. */
export function sanitizeInput(input: PlayerInput): PlayerInput {
  const move = input.move === MoveMode.Direction || input.move === MoveMode.Target ? input.move : MoveMode.Stop;
  // DETERMINISM: the modulo keeps any integer angle on the table; non-integers are truncated first.
  const a = clampInt(input.angle, -0x7fffffff, 0x7fffffff) % INPUT_ANGLE_STEPS;
  return {
    move,
    angle: a < 0 ? a + INPUT_ANGLE_STEPS : a,
    targetX: clampInt(input.targetX, 0, U16_MAX),
    targetY: clampInt(input.targetY, 0, U16_MAX),
    split: input.split === true,
    eject: input.eject === true,
  };
}

export function encodeInput(input: PlayerInput, out: Uint8Array, offset: number): void {
  const s = sanitizeInput(input);
  out[offset] = s.move | (s.split ? 4 : 0) | (s.eject ? 8 : 0);
  out[offset + 1] = 0;
  out[offset + 2] = s.angle & 0xff;
  out[offset + 3] = s.angle >>> 8;
  out[offset + 4] = s.targetX & 0xff;
  out[offset + 5] = s.targetX >>> 8;
  out[offset + 6] = s.targetY & 0xff;
  out[offset + 7] = s.targetY >>> 8;
}

/** Reads INPUT_BYTES bytes at `offset`. Never throws; missing bytes read as zero. */
export function decodeInput(bytes: Uint8Array, offset: number): PlayerInput {
  const b = (i: number): number => bytes[offset + i] ?? 0;
  const mode = b(0) & 3;
  return sanitizeInput({
    move: (mode === 3 ? MoveMode.Stop : mode) as MoveMode,
    angle: b(2) | (b(3) << 8),
    targetX: b(4) | (b(5) << 8),
    targetY: b(6) | (b(7) << 8),
    split: (b(0) & 4) !== 0,
    eject: (b(0) & 8) !== 0,
  });
}

export function inputsEqual(a: PlayerInput, b: PlayerInput): boolean {
  return a.move === b.move && a.angle === b.angle && a.targetX === b.targetX && a.targetY === b.targetY && a.split === b.split && a.eject === b.eject;
}
