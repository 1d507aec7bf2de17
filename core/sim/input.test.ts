/**
 * input.ts and replay.ts carry split and eject: the wire byte's action bits, sanitising, and the
 * replay tuple's actions field (version 2; a version 1 log, with its dash, is refused by name).
 */
import { describe, expect, it } from 'vitest';
import {
  INPUT_BYTES, MoveMode, REPLAY_FORMAT, REPLAY_VERSION, STOP_INPUT, decodeInput, encodeInput, fromTuple, hasAction, inputsEqual, sanitizeInput, toTuple,
  validateReplayLog, type PlayerInput,
} from './index';

const base: PlayerInput = { move: MoveMode.Direction, angle: 1234, targetX: 0, targetY: 0, split: false, eject: false };

describe('inputs with actions', () => {
  it('put split in bit 2 and eject in bit 3 of the first byte, and read them back', () => {
    const out = new Uint8Array(INPUT_BYTES);
    for (const [split, eject, bits] of [[false, false, 0], [true, false, 4], [false, true, 8], [true, true, 12]] as const) {
      encodeInput({ ...base, split, eject }, out, 0);
      expect(out[0]! & 12, `split ${split} eject ${eject}`).toBe(bits);
      expect(out[0]! & 3).toBe(MoveMode.Direction);
      expect(decodeInput(out, 0)).toEqual({ ...base, split, eject });
    }
  });

  it('ignore the reserved bits, and decode a short buffer as no action', () => {
    const out = new Uint8Array(INPUT_BYTES);
    encodeInput(base, out, 0);
    out[0]! |= 0xf0;
    out[1] = 0xff;
    expect(decodeInput(out, 0)).toEqual(base);
    expect(decodeInput(new Uint8Array([4 | 8]), 0)).toMatchObject({ move: MoveMode.Stop, split: true, eject: true });
    expect(decodeInput(new Uint8Array(0), 0)).toEqual(STOP_INPUT);
  });

  it('take only true as a press when sanitising untrusted input', () => {
    for (const v of [1, 'yes', {}, [], null, undefined, NaN]) {
      expect(sanitizeInput({ ...base, split: v as never, eject: v as never }), String(v)).toMatchObject({ split: false, eject: false });
    }
    expect(sanitizeInput({ ...base, split: true })).toMatchObject({ split: true, eject: false });
  });

  it('count the actions in equality and in hasAction', () => {
    expect(inputsEqual(base, { ...base, split: true })).toBe(false);
    expect(inputsEqual(base, { ...base, eject: true })).toBe(false);
    expect(inputsEqual({ ...base, eject: true }, { ...base, eject: true })).toBe(true);
    expect([hasAction(base), hasAction({ ...base, split: true }), hasAction({ ...base, eject: true })]).toEqual([false, true, true]);
  });
});

describe('replay tuples with actions', () => {
  it('carry split as 1 and eject as 2 in the last field, both ways', () => {
    for (const [split, eject, actions] of [[false, false, 0], [true, false, 1], [false, true, 2], [true, true, 3]] as const) {
      const s = { slot: 4, input: { ...base, split, eject } };
      const t = toTuple(17, s);
      expect(t).toEqual([17, 4, MoveMode.Direction, 1234, 0, 0, actions]);
      expect(fromTuple(t)).toEqual(s);
    }
  });

  it('refuse a version 1 log (its last field was the dash) with the versions named, and malformed tuples', () => {
    const log = { format: REPLAY_FORMAT, version: 1, mapId: 'arena-small', options: { seed: 1, players: 2 }, frames: 10, inputs: [] };
    expect(REPLAY_VERSION).toBe(2);
    expect(() => validateReplayLog(log)).toThrow('replay: version 1, this build plays version 2');
    expect(validateReplayLog({ ...log, version: 2 }).frames).toBe(10);
    expect(() => validateReplayLog({ ...log, version: 2, inputs: [[0, 0, 1, 0, 0, 0]] })).toThrow(/bad input tuple/); // six fields
    expect(() => validateReplayLog({ ...log, version: 2, inputs: [[0, 0, 1, 0, 0, 0, 0.5]] })).toThrow(/bad input tuple/);
  });
});
