/** Probe frames and the advert's key/value form: layout, versions, hostile input, fuzzing. */
import { describe, expect, it } from 'vitest';
import { MAX_DATAGRAM_BYTES, PROTOCOL_VERSION, readHeader } from './header';
import { answerPing, decodeProbe, encodeBeacon, encodeBye, encodePing, encodePong, ProbeType } from './probe';
import type { ProbeMessage } from './probe';
import { ADVERT_LIMITS, advertFromEntries, decodeTxtStrings, encodeTxtStrings, entriesOf } from './probeAdvert';
import type { AdvertDecode, GameAdvert } from './probeAdvert';
import { utf8Encode, utf8Length } from './probeText';
import { xorshift } from '../../test/prng';

const ADVERT: GameAdvert = {
  gameId: 'a1b2c3d4e5f6',
  room: 'Friday brawl',
  map: 'Arena',
  players: 3,
  maxPlayers: 8,
  state: 'lobby',
  protocolVersion: PROTOCOL_VERSION,
  appVersion: '0.1.0',
  port: 47777,
};

function msg(bytes: Uint8Array, fromPort = 47777): ProbeMessage {
  const d = decodeProbe(bytes, fromPort);
  if (!d.ok) throw new Error(`decode failed: ${d.reason}`);
  return d.message;
}

function advertOf(m: ProbeMessage): AdvertDecode {
  if (m.kind !== 'pong' && m.kind !== 'beacon') throw new Error(`no advert in ${m.kind}`);
  return m.advert;
}

function txt(pairs: Array<[string, string]>, port = 47777): AdvertDecode {
  const bytes = encodeTxtStrings(pairs);
  const d = decodeTxtStrings(bytes, 0, bytes.length);
  if (!d.ok) throw new Error(d.reason);
  return advertFromEntries(d.entries, port);
}

const BASE: Array<[string, string]> = [['pv', String(PROTOCOL_VERSION)], ['id', 'abcdef12'], ['r', 'Room'], ['m', 'Map'], ['p', '1'], ['mx', '4'], ['s', 'lobby'], ['av', '0.1.0']];
const withPair = (key: string, value: string): Array<[string, string]> => [[key, value], ...BASE];

describe('frozen layout', () => {
  it('PING bytes', () => {
    expect(Array.from(encodePing(0x01020304, 0xa0b0c0d0))).toEqual([0x42, 0x42, PROTOCOL_VERSION, 0x01, 4, 3, 2, 1, 0xd0, 0xc0, 0xb0, 0xa0]);
  });
  it('PONG starts with header, nonce, time, then TXT strings', () => {
    const pong = encodePong(7, 9, ADVERT);
    expect(Array.from(pong.subarray(0, 12))).toEqual([0x42, 0x42, PROTOCOL_VERSION, 0x02, 7, 0, 0, 0, 9, 0, 0, 0]);
    expect(pong[12]).toBe('txtvers=1'.length);
  });
  it('BEACON carries the game port after the header', () => {
    const beacon = encodeBeacon(ADVERT);
    expect(Array.from(beacon.subarray(0, 6))).toEqual([0x42, 0x42, PROTOCOL_VERSION, 0x03, 47777 & 0xff, 47777 >> 8]);
  });
});

describe('round trips', () => {
  it('PING', () => {
    expect(msg(encodePing(0xffffffff, 123))).toEqual({ kind: 'ping', version: PROTOCOL_VERSION, nonce: 0xffffffff, time: 123 });
  });
  it('PONG with advert', () => {
    const m = msg(encodePong(42, 1000, ADVERT));
    expect(m).toMatchObject({ kind: 'pong', nonce: 42, time: 1000 });
    expect(advertOf(m)).toEqual({ ok: true, advert: ADVERT, compatible: true });
  });
  it('BEACON and BYE', () => {
    expect(advertOf(msg(encodeBeacon({ ...ADVERT, port: 5000 }), 1))).toEqual({ ok: true, advert: { ...ADVERT, port: 5000 }, compatible: true });
    expect(msg(encodeBye(ADVERT))).toEqual({ kind: 'bye', version: PROTOCOL_VERSION, port: 47777, gameId: ADVERT.gameId });
  });
  it('answerPing echoes nonce and time and carries the advert', () => {
    const reply = answerPing(encodePing(5, 6), ADVERT);
    expect(reply).not.toBeNull();
    expect(msg(reply ?? new Uint8Array())).toMatchObject({ kind: 'pong', nonce: 5, time: 6, advert: { ok: true } });
  });
  it('answerPing ignores everything that is not a PING', () => {
    expect(answerPing(encodePong(1, 2, ADVERT), ADVERT)).toBeNull();
    expect(answerPing(encodeBeacon(ADVERT), ADVERT)).toBeNull();
    expect(answerPing(Uint8Array.from([0x42, 0x42, PROTOCOL_VERSION, 0x10, 0, 0, 0, 0, 0, 0, 0, 0]), ADVERT)).toBeNull();
    expect(answerPing(encodePing(1, 2).subarray(0, 11), ADVERT)).toBeNull();
  });
});

describe('protocol version mismatch', () => {
  const other = PROTOCOL_VERSION + 1;
  it('a PING of another version gets a PONG telling our version', () => {
    const reply = answerPing(encodePing(77, 1, other), ADVERT) ?? new Uint8Array();
    expect(readHeader(reply)).toEqual({ ok: true, type: ProbeType.Pong });
    expect(msg(reply)).toMatchObject({ kind: 'pong', version: PROTOCOL_VERSION, nonce: 77 });
  });
  it('a PONG of another version is detectable from the header alone, and its room still readable', () => {
    const pong = encodePong(1, 2, { ...ADVERT, protocolVersion: other }, other);
    expect(readHeader(pong)).toEqual({ ok: false, reason: 'version', version: other });
    const advert = advertOf(msg(pong));
    expect(advert).toMatchObject({ ok: true, compatible: false, advert: { room: ADVERT.room, protocolVersion: other } });
  });
  it('another version needs only pv and id', () => {
    expect(txt([['pv', String(other)], ['id', 'abcdef12']])).toMatchObject({ ok: true, compatible: false, advert: { players: 0, state: 'lobby', room: 'Game abcdef' } });
  });
  it('a pv that disagrees with the header is rejected', () => {
    expect(advertOf(msg(encodePong(1, 2, { ...ADVERT, protocolVersion: other })))).toEqual({ ok: false, reason: 'pv differs from header' });
  });
});

describe('malformed frames', () => {
  it.each([
    ['short', [0x42, 0x42, 1]],
    ['magic', [0x42, 0x43, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]],
    ['type', [0x42, 0x42, 1, 0x0f, 0, 0, 0, 0, 0, 0, 0, 0]],
    ['short', [0x42, 0x42, 1, 0x01, 0, 0, 0]],
    ['short', [0x42, 0x42, 1, 0x03, 0]],
  ])('%s', (reason, bytes) => {
    expect(decodeProbe(Uint8Array.from(bytes), 1)).toEqual({ ok: false, reason });
  });
  it('long', () => {
    expect(decodeProbe(new Uint8Array(MAX_DATAGRAM_BYTES + 1).fill(0x42), 1)).toEqual({ ok: false, reason: 'long' });
  });
  it('a TXT length running past the end', () => {
    const pong = encodePong(1, 2, ADVERT);
    expect(advertOf(msg(pong.subarray(0, pong.length - 1)))).toEqual({ ok: false, reason: 'txt-truncated' });
  });
  it('invalid UTF-8 in the room', () => {
    const bytes = Uint8Array.from([...encodeTxtStrings(BASE.filter(([k]) => k !== 'r')), 4, 0x72, 0x3d, 0xc0, 0x80]);
    const d = decodeTxtStrings(bytes, 0, bytes.length);
    expect(d.ok && advertFromEntries(d.entries, 1)).toEqual({ ok: false, reason: 'utf8 in r' });
  });
});

describe('advert validation', () => {
  it.each([
    ['invalid pv', withPair('pv', 'x')],
    ['invalid id', withPair('id', 'ABC!')],
    ['invalid id', withPair('id', 'abc')],
    ['invalid p', withPair('p', '9')],
    ['invalid mx', withPair('mx', '0')],
    ['invalid mx', withPair('mx', String(ADVERT_LIMITS.maxPlayers + 1))],
    ['invalid s', withPair('s', 'paused')],
    ['invalid av', withPair('av', '\u0001')],
    ['invalid p', withPair('p', '01')],
  ])('%s', (reason, pairs) => {
    expect(txt(pairs)).toEqual({ ok: false, reason });
  });
  it('rejects a port outside 1..65535', () => {
    expect(txt(BASE, 0)).toEqual({ ok: false, reason: 'invalid port' });
  });
  it('first occurrence of a key wins; keys are case-insensitive; unknown keys ignored', () => {
    const d = txt([['R', 'First'], ['zz', 'x'], ...BASE]);
    expect(d).toMatchObject({ ok: true, advert: { room: 'First' } });
  });
  it('skips keys with control characters or no name', () => {
    const entries = entriesOf([utf8Encode('=x'), utf8Encode('a\u0001=y'), utf8Encode('flag'), utf8Encode('k=v=w')]);
    expect([...entries.keys()]).toEqual(['flag', 'k']);
    expect(Buffer.from(entries.get('k') ?? []).toString()).toBe('v=w');
  });
});

describe('hostile text', () => {
  it('markup survives as literal text', () => {
    const room = '<img src=x onerror=alert(1)>';
    expect(advertOf(msg(encodePong(1, 1, { ...ADVERT, room })))).toMatchObject({ ok: true, advert: { room } });
  });
  it('control characters are stripped on the way out and on the way in', () => {
    expect(advertOf(msg(encodeBeacon({ ...ADVERT, room: 'a\u0000b\u001b[31mc\n' })))).toMatchObject({ advert: { room: 'ab[31mc' } });
    expect(txt(withPair('r', 'x\u0007y\u202ez'))).toMatchObject({ advert: { room: 'xyz' } });
  });
  it('oversize values are cut', () => {
    const d = txt(withPair('r', 'é'.repeat(100)));
    expect(d.ok && utf8Length(d.advert.room)).toBe(ADVERT_LIMITS.roomBytes);
    const cut = encodeTxtStrings([['r', 'é'.repeat(200)]]); // 402 bytes: cut to 255, not mid-character
    expect([cut[0], decodeTxtStrings(cut, 0, cut.length).ok]).toEqual([254, true]);
    expect(encodePong(1, 1, { ...ADVERT, room: 'x'.repeat(5000), map: 'y'.repeat(5000) }).length).toBeLessThan(300);
  });
});

/** Every text field of a decoded advert honours the cleaner's invariants. */
function expectClean(d: AdvertDecode): void {
  if (!d.ok) return;
  for (const text of [d.advert.room, d.advert.map, d.advert.appVersion]) {
    expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(utf8Length(text)).toBeLessThanOrEqual(ADVERT_LIMITS.roomBytes);
  }
}

describe('fuzz', () => {
  it('never throws on random or mutated frames', () => {
    const rnd = xorshift(66);
    const seeds = [encodePing(1, 2), encodePong(3, 4, ADVERT), encodeBeacon(ADVERT), encodeBye(ADVERT)];
    let decoded = 0;
    for (let n = 0; n < 30000; n++) {
      const seed = seeds[n % seeds.length] ?? new Uint8Array();
      const bytes = n % 5 === 0 ? new Uint8Array(rnd() % 64).map(() => rnd() & 0xff) : Uint8Array.from(seed);
      for (let k = rnd() % 4; k >= 0 && n % 5 !== 0; k--) bytes[rnd() % bytes.length] = rnd() & 0xff;
      const cut = n % 7 === 0 ? bytes.subarray(0, rnd() % (bytes.length + 1)) : bytes;
      const d = decodeProbe(cut, rnd() & 0xffff);
      answerPing(cut, ADVERT);
      if (d.ok && (d.message.kind === 'pong' || d.message.kind === 'beacon')) {
        expectClean(d.message.advert);
        decoded++;
      }
    }
    expect(decoded).toBeGreaterThan(1000); // the mutations still reach the advert decoder
  });
});
