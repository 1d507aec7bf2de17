import { describe, expect, it } from 'vitest';
import { ADVERT_LIMITS, PROTOCOL_VERSION, utf8Length } from '../net';
import { checkName, checkPlayerName, distinctName, MAX_NAME_BYTES, nameProblemText, ROOM_NAME_BYTES } from './names';
import { SLOTS_PER_CHUNK, slotChunks } from './host/hostMessages';
import { DEFAULT_SETTINGS, SlotKind } from './types';
import type { LobbySlot } from './types';
import { decodeDatagram, decodeHostControl, encodeHostControl, encodeJoin, MAX_CTL_BYTES } from './wire';

/** 16 CJK characters: 48 UTF-8 bytes, the longest name the rule takes in that script. */
const CJK16 = '球球大乱斗的最强玩家就是我了吧！';

describe('the name rule', () => {
  it('takes 16 CJK characters (48 bytes) and 48 Latin letters, and refuses one byte more', () => {
    expect(Array.from(CJK16)).toHaveLength(16);
    expect(checkPlayerName(CJK16)).toEqual({ ok: true, name: CJK16, bytes: 48 });
    expect(checkPlayerName('a'.repeat(48))).toMatchObject({ ok: true, bytes: 48 });
    expect(checkPlayerName('a'.repeat(49))).toEqual({ ok: false, problem: 'tooLong', bytes: 49 });
    // 17 CJK characters are refused, never cut to 16 (or to 8, as the old 24-byte wire did).
    expect(checkPlayerName(CJK16 + '吗')).toEqual({ ok: false, problem: 'tooLong', bytes: 51 });
    // Emoji count their 4 bytes: 12 fit, 13 do not.
    expect(checkPlayerName('🎈'.repeat(12)).ok).toBe(true);
    expect(checkPlayerName('🎈'.repeat(13))).toMatchObject({ ok: false, problem: 'tooLong', bytes: 52 });
  });

  it('trims surrounding spaces, refuses empty names and control or text-direction characters', () => {
    expect(checkPlayerName('  Ana \u3000')).toEqual({ ok: true, name: 'Ana', bytes: 3 });
    expect(checkPlayerName('   ')).toEqual({ ok: false, problem: 'empty', bytes: 0 });
    expect(checkPlayerName('')).toMatchObject({ ok: false, problem: 'empty' });
    for (const bad of ['Bo\u0007b', 'Line\nbreak', 'a\u202eevil', 'tab\there', 'x\u2028y', 'lone\ud800']) {
      expect(checkPlayerName(bad), JSON.stringify(bad)).toMatchObject({ ok: false, problem: 'control' });
    }
    // Spaces inside the name stay: the trimmed text is what is kept.
    expect(checkPlayerName(' Ana Li ')).toMatchObject({ ok: true, name: 'Ana Li' });
  });

  it('gives a one-line reason naming the field and the limit', () => {
    expect(nameProblemText('--name', checkPlayerName(CJK16 + '吗'), MAX_NAME_BYTES)).toBe('--name: 51 UTF-8 bytes, at most 48 allowed (16 Chinese characters or 48 Latin letters)');
    expect(nameProblemText('name', checkPlayerName(''), MAX_NAME_BYTES)).toBe('name: must not be empty');
    expect(nameProblemText('name', checkPlayerName('ok'), MAX_NAME_BYTES)).toBe('');
  });

  it('room names: a longest player name plus "的房间" or "\'s room" fits, and adverts carry it whole', () => {
    expect(checkName(`${CJK16}的房间`, ROOM_NAME_BYTES).ok).toBe(true);
    expect(checkName(`${'a'.repeat(48)}'s room`, ROOM_NAME_BYTES).ok).toBe(true);
    expect(ADVERT_LIMITS.roomBytes).toBe(ROOM_NAME_BYTES);
  });
});

describe('distinctName', () => {
  it('numbers duplicates from (2), the same way every time', () => {
    const taken = new Set(['Ana', 'Ana (2)', 'Bo']);
    expect(distinctName('Ana', (n) => taken.has(n))).toBe('Ana (3)');
    expect(distinctName('Bo', (n) => taken.has(n))).toBe('Bo (2)');
    expect(distinctName('Cy', (n) => taken.has(n))).toBe('Cy');
    expect(distinctName('Ana', (n) => taken.has(n))).toBe('Ana (3)');
  });

  it('keeps a numbered longest name within the limit by dropping whole characters', () => {
    const taken = new Set([CJK16]);
    const second = distinctName(CJK16, (n) => taken.has(n));
    expect(second).toBe(`${Array.from(CJK16).slice(0, 14).join('')} (2)`);
    expect(utf8Length(second)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(checkPlayerName(second).ok).toBe(true);
    const latin = 'b'.repeat(48);
    expect(distinctName(latin, (n) => n === latin)).toBe(`${'b'.repeat(44)} (2)`);
  });
});

describe('names on the wire (protocol 6)', () => {
  it('is protocol version 6 or later: the name limits changed in 6', () => {
    expect(PROTOCOL_VERSION).toBeGreaterThanOrEqual(6);
  });

  it('a JOIN carries a 16-CJK-character name whole', () => {
    const d = decodeDatagram(encodeJoin({ nonce: 3, spectate: false, name: CJK16, appVersion: '0.1.0' }));
    expect(d).toEqual({ ok: true, msg: { type: 'join', nonce: 3, spectate: false, name: CJK16, appVersion: '0.1.0' } });
  });

  it('a JOIN whose name is over the limit is malformed, not cut', () => {
    const join = encodeJoin({ nonce: 3, spectate: false, name: 'n', appVersion: '0.1.0' });
    // Hand-made: length byte 49 followed by 49 bytes (an encoder never writes this).
    const at = 4 + 4 + 1;
    const forged = new Uint8Array(join.length + 48);
    forged.set(join.subarray(0, at));
    forged[at] = 49;
    forged.fill(0x61, at + 1, at + 50);
    forged.set(join.subarray(at + 2), at + 50);
    expect(decodeDatagram(forged)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('a full chunk of slots with longest names fits a control message and round-trips', () => {
    const slots: LobbySlot[] = Array.from({ length: 50 }, (_, i) => ({ kind: SlotKind.Human, difficulty: 0, colour: i, ready: i % 2 === 0, name: i % 2 ? CJK16 : `${'x'.repeat(46)}${String(i).padStart(2, '0')}`, team: i % 4 }));
    const chunks = slotChunks(slots);
    expect(chunks).toHaveLength(Math.ceil(50 / SLOTS_PER_CHUNK));
    const back: LobbySlot[] = [];
    for (const c of chunks) {
      const bytes = encodeHostControl(c);
      expect(bytes.length).toBeLessThanOrEqual(MAX_CTL_BYTES);
      const d = decodeHostControl(bytes);
      expect(d?.t).toBe('slots');
      if (d?.t === 'slots') back.push(...d.slots);
    }
    expect(back).toEqual(slots);
  });

  it('room settings carry a 64-byte room name whole', () => {
    const roomName = `${CJK16}的房间`;
    const d = decodeHostControl(encodeHostControl({ t: 'settings', settings: { ...DEFAULT_SETTINGS, roomName } }));
    expect(d).toEqual({ t: 'settings', settings: { ...DEFAULT_SETTINGS, roomName } });
  });
});
