import { describe, expect, it } from 'vitest';
import { GROUP_TRAILER_BYTES, HEADER_BYTES, MAX_DATAGRAM_BYTES, MAX_GROUP_PAYLOAD_BYTES, MAX_PAYLOAD_BYTES, PROTOCOL_VERSION } from '../../net/header';
import { MoveMode } from '../../sim/input';
import type { PlayerInput } from '../../sim/input';
import { utf8Decode, utf8Encode } from './bytes';
import { decodeDatagram, encodeAccept, encodeJoin, encodeReject } from './codec';
import { hostBound, LockstepType } from './frames';
import type { ClientFrame, HostFrame, LockstepMsg } from './frames';
import { decodeClientControl, decodeHostControl, encodeClientControl, encodeHostControl } from './control';
import type { ClientControl, HostControl } from './control';
import { encodeClientFrame, encodeHostFrame } from './encodeFrames';
import { Prng } from '../../math/Prng';
import { DEFAULT_SETTINGS, SlotKind } from '../types';
import type { KeyUpdate } from '../types';
import { normalizeInput, unwrap16 } from './wire';

const dir = (angle: number, split = false, eject = false): PlayerInput => ({ move: MoveMode.Direction, angle, targetX: 0, targetY: 0, split, eject });
const target = (x: number, y: number): PlayerInput => ({ move: MoveMode.Target, angle: 0, targetX: x, targetY: y, split: false, eject: false });
const STOP: PlayerInput = { move: MoveMode.Stop, angle: 0, targetX: 0, targetY: 0, split: false, eject: false };

function roundTrip(bytes: Uint8Array, ref = 0): LockstepMsg {
  const d = decodeDatagram(bytes, ref);
  if (!d.ok) throw new Error(`decode failed: ${d.reason}`);
  return d.msg;
}

describe('datagram codec round trips', () => {
  it('JOIN, ACCEPT and REJECT', () => {
    expect(roundTrip(encodeJoin({ nonce: 0xdeadbeef, spectate: true, name: 'Zoë 🎈', appVersion: '0.1.0' }))).toEqual({ type: 'join', nonce: 0xdeadbeef, spectate: true, name: 'Zoë 🎈', appVersion: '0.1.0' });
    expect(roundTrip(encodeJoin({ nonce: 5, spectate: false, name: 'ignored', appVersion: 'ignored', cancel: true }))).toEqual({ type: 'join', nonce: 5, spectate: false, name: '', appVersion: '', cancel: true });
    expect(encodeJoin({ nonce: 5, spectate: false, name: '', appVersion: '', cancel: true }).length).toBe(HEADER_BYTES + 5); // nonce and flags only
    expect(roundTrip(encodeAccept({ nonce: 7, slot: 49, token: 0xffffffff, owner: true }))).toEqual({ type: 'accept', nonce: 7, slot: 49, token: 0xffffffff, owner: true });
    expect(roundTrip(encodeReject({ nonce: 9, reason: 3, appVersion: '9.9.9' }))).toEqual({ type: 'reject', nonce: 9, reason: 3, appVersion: '9.9.9' });
  });

  it('a client frame with every section', () => {
    const f: Omit<ClientFrame, 'type'> = {
      token: 0x12345678,
      progress: { recvKey: 70000, closedThrough: 70002 },
      hash: { key: 69999, hash: 0xcafebabe },
      inputs: [{ key: 70001, slot: 5, input: dir(4095, true) }, { key: 70002, slot: 5, input: target(65535, 3) }],
      ctl: { firstSeq: 65535, msgs: [Uint8Array.of(1, 2, 3), Uint8Array.of(4)] },
      ctlAck: 12,
      report: { echo: { ts: 65000, holdMs: 17 }, lossPct: 12, slackMs: 84, behindMs: 120 },
    };
    const enc = encodeClientFrame(f);
    expect(enc.updates).toBe(2);
    expect(enc.ctl).toBe(2);
    expect(roundTrip(enc.bytes, 69990)).toEqual({ type: 'cframe', ...f });
  });

  it('a host frame with updates, events, a delay change, status and ping', () => {
    const updates: KeyUpdate[] = [
      { key: 10, inputs: [{ slot: 0, input: dir(1) }, { slot: 3, input: STOP }, { slot: 49, input: target(1, 2) }], events: [] },
      { key: 11, inputs: [], events: [{ kind: 1, slot: 3, difficulty: 1 }], delayMs: 35 },
    ];
    const f: Omit<HostFrame, 'type'> = {
      updates,
      inputAck: 12,
      status: { state: 1, key: 12, heldMs: 31250, votesNeeded: 4, voteInMs: 0, forceInMs: 28750, pausedBy: 0, waiting: [{ slot: 3, cause: 1, votes: 2 }, { slot: 6, cause: 2, votes: 0 }] },
      ctl: { firstSeq: 3, msgs: [encodeHostControl({ t: 'chat', from: 2, text: 'gg', team: false })] },
      ctlAck: 65535,
      ping: { ts: 4242, rttMs: 3, lossPct: 100, earlyMs: 1020 },
    };
    expect(roundTrip(encodeHostFrame(f).bytes, 9)).toEqual({ type: 'hframe', ...f });
  });

  it('an update with many inputs uses the slot-bitmask form and round-trips', () => {
    const inputs = [0, 1, 5, 8, 9, 17, 23, 24, 31, 32, 40, 48, 49].map((slot, i) => ({ slot, input: i % 3 === 0 ? target(slot, 100 + i) : dir(slot * 80, i % 2 === 0) }));
    const u: KeyUpdate = { key: 7, inputs, events: [], delayMs: 20 };
    const enc = encodeHostFrame({ updates: [u] });
    expect(roundTrip(enc.bytes, 5)).toEqual({ type: 'hframe', updates: [{ ...u, inputs: inputs.map((i) => ({ slot: i.slot, input: normalizeInput(i.input) })) }] });
    const listed = 13 * 3 + 5 * 4; // 13 slot bytes, 13 words, 5 targets
    expect(enc.bytes.length).toBeLessThan(4 + 1 + 3 + 1 + listed + 1);
  });

  it('keys unwrap around the receiver reference, -1 included', () => {
    expect(unwrap16(0xffff, 0)).toBe(-1);
    expect(unwrap16(2, 65534)).toBe(65538);
    expect(unwrap16(65534, 65538)).toBe(65534);
    expect(unwrap16(5, 100_000)).toBe(131077);
  });

  it('the compact input form round-trips the normalised input', () => {
    const weird: PlayerInput = { move: MoveMode.Direction, angle: 5000, targetX: 7, targetY: 8, split: true, eject: false };
    const enc = encodeClientFrame({ token: 1, inputs: [{ key: 1, slot: 2, input: weird }] });
    const m = roundTrip(enc.bytes) as ClientFrame;
    expect(m.inputs?.[0]?.input).toEqual(normalizeInput(weird));
    expect(normalizeInput(weird)).toEqual({ move: MoveMode.Direction, angle: 904, targetX: 0, targetY: 0, split: true, eject: false });
  });
});

describe('control messages round trip', () => {
  const host: HostControl[] = [
    { t: 'settings', settings: DEFAULT_SETTINGS },
    { t: 'slots', first: 0, slots: [{ kind: SlotKind.Human, difficulty: 0, colour: 3, ready: true, name: 'Ann', team: 0 }, { kind: SlotKind.Bot, difficulty: 2, colour: 4, ready: true, name: 'Bot 2', team: 3 }] },
    { t: 'chat', from: 254, text: 'hello', team: false },
    { t: 'loading', seed: 0xffffffff, trees: 0x80000001 },
    { t: 'progress', entries: [{ slot: 0, percent: 100 }, { slot: 1, percent: 7 }] },
    { t: 'start', seed: 1, delayMs: 40, slots: [{ slot: 0, kind: SlotKind.Human, difficulty: 0, team: 1 }, { slot: 5, kind: SlotKind.Bot, difficulty: 2, team: 0 }], trees: 7 },
    { t: 'trees', fingerprint: 0xfedcba98, total: 1030, count: 2, index: 1, bytes: Uint8Array.of(1, 2, 3, 4, 5, 6) },
    { t: 'lobby', reason: 'late' },
    { t: 'desync', key: 500, agreedKey: 499, refHash: 123, refSlot: 0, slots: [2, 255] },
    { t: 'refsub', key: 500, refSlot: 0, hashes: [1, 2, 0xffffffff] },
    { t: 'pause', paused: true, by: 3, pausesLeft: 2 },
    { t: 'dropped', slot: 4, key: 77, why: 2 },
    { t: 'kicked', reason: 'bye' },
    { t: 'end', lastKey: 5999, hash: 42, agreed: true },
    { t: 'closed', reason: 'The host closed the room.' },
  ];
  const client: ClientControl[] = [
    { t: 'ready', ready: true }, { t: 'chat', text: 'hi', team: true }, { t: 'progress', percent: 55 }, { t: 'vote', slot: 3 },
    { t: 'pause', pause: false }, { t: 'subhash', key: 9, hashes: [5, 6] }, { t: 'leave' }, { t: 'colour', colour: 9 },
    { t: 'setSettings', settings: { ...DEFAULT_SETTINGS, keyInterval: 6 } }, { t: 'setSlot', slot: 3, kind: SlotKind.Bot, difficulty: 2 },
    { t: 'kick', slot: 1 }, { t: 'start' }, { t: 'trees', prints: [1, 0xffffffff, 3] },
    { t: 'group', listening: true }, { t: 'group', listening: false },
  ];
  it.each(host.map((m) => [m.t, m] as const))('host %s', (_t, m) => {
    expect(decodeHostControl(encodeHostControl(m), 450)).toEqual(m);
  });
  it.each(client.map((m) => [m.t, m] as const))('client %s', (_t, m) => {
    expect(decodeClientControl(encodeClientControl(m), 0)).toEqual(m);
  });
  it('client group (0x4b) is one 0/1 byte; anything else is refused', () => {
    expect(encodeClientControl({ t: 'group', listening: true })).toEqual(Uint8Array.of(0x4b, 1));
    expect(encodeClientControl({ t: 'group', listening: false })).toEqual(Uint8Array.of(0x4b, 0));
    // A corrupt flag is refused, not read as "not listening".
    expect(decodeClientControl(Uint8Array.of(0x4b, 2))).toBeNull();
    expect(decodeClientControl(Uint8Array.of(0x4b, 0xff))).toBeNull();
    expect(decodeClientControl(Uint8Array.of(0x4b))).toBeNull();
    expect(decodeClientControl(Uint8Array.of(0x4b, 1, 0))).toBeNull();
  });
});

describe('version 2 compact forms', () => {
  const frameOf = (inputs: { slot: number; input: PlayerInput }[], key = 5): Uint8Array => encodeHostFrame({ updates: [{ key, inputs, events: [] }] }).bytes;
  it('input entries take 1 (stop), 2 (direction), 3 (target within 64 cells) or 5 bytes, a press one more, and round-trip', () => {
    const cases: [PlayerInput, number][] = [
      [STOP, 1], [{ ...STOP, split: true }, 2], [{ ...STOP, eject: true }, 2], [dir(0), 2], [dir(4095, true), 3], [dir(7, true, true), 3],
      [target(0, 0), 3], [target(1023, 1023), 3], [{ ...target(517, 9), split: true }, 4], [{ ...target(1, 2), eject: true }, 4],
      [target(1024, 0), 5], [target(0, 1024), 5], [target(65535, 65535), 5], [{ ...target(65535, 65535), split: true, eject: true }, 6],
    ];
    const base = frameOf([]).length;
    for (const [input, size] of cases) {
      const bytes = frameOf([{ slot: 7, input }]);
      expect(bytes.length - base - 1, JSON.stringify(input)).toBe(size); // minus the slot byte
      expect((roundTrip(bytes, 5) as HostFrame).updates?.[0]?.inputs).toEqual([{ slot: 7, input }]);
    }
  });

  it('a single update costs a 2-byte key; several add a count byte', () => {
    const one = encodeHostFrame({ updates: [{ key: 40000, inputs: [], events: [] }] }).bytes;
    const two = encodeHostFrame({ updates: [{ key: 40000, inputs: [], events: [] }, { key: 40001, inputs: [], events: [] }] }).bytes;
    expect(one.length).toBe(4 + 1 + 2 + 1);
    expect(two.length).toBe(4 + 1 + 3 + 2);
    expect((roundTrip(two, 40010) as HostFrame).updates?.map((u) => u.key)).toEqual([40000, 40001]);
  });

  it('packs small progress and hash offsets into one byte, and falls back when they are large', () => {
    const small = { token: 1, progress: { recvKey: 100, closedThrough: 102 }, hash: { key: 99, hash: 5 } };
    const large = { token: 1, progress: { recvKey: 40, closedThrough: 102 }, hash: { key: 90, hash: 5 } };
    const a = encodeClientFrame(small).bytes;
    const b = encodeClientFrame(large).bytes;
    expect(a.length).toBe(4 + 5 + 3 + 4);
    expect(b.length).toBe(4 + 5 + 3 + 5);
    expect(roundTrip(a, 101)).toEqual({ type: 'cframe', ...small });
    expect(roundTrip(b, 101)).toEqual({ type: 'cframe', ...large });
    // A far-ahead receiver under-reports (the offset is only an ack).
    const ahead = roundTrip(encodeClientFrame({ ...small, progress: { recvKey: 120, closedThrough: 102 } }).bytes, 101) as ClientFrame;
    expect(ahead.progress).toEqual({ recvKey: 109, closedThrough: 102 });
  });

  it('rejects reserved bits in entries and a packed progress without a hash', () => {
    const bytes = frameOf([{ slot: 7, input: STOP }]);
    const bad = Uint8Array.from(bytes);
    bad[bad.length - 1] = 0x08; // a stop with a payload bit
    expect(decodeDatagram(bad, 5)).toMatchObject({ ok: false, reason: 'malformed' });
    // The action byte: zero (a flag with no action) and reserved bits are refused.
    const split = frameOf([{ slot: 7, input: { ...STOP, split: true } }]);
    for (const acts of [0, 4, 0x81]) {
      const b = Uint8Array.from(split);
      b[b.length - 1] = acts;
      expect(decodeDatagram(b, 5), `actions ${acts}`).toMatchObject({ ok: false, reason: 'malformed' });
    }
    const c = Uint8Array.from(encodeClientFrame({ token: 1, progress: { recvKey: 100, closedThrough: 102 }, hash: { key: 99, hash: 5 } }).bytes);
    c[8] = 1; // progress only, but the key's flag says packed
    expect(decodeDatagram(c.subarray(0, 12), 101).ok).toBe(false);
  });
});

describe('fitting into one datagram', () => {
  it('takes the oldest updates that fit and leaves room for control messages', () => {
    const full = Array.from({ length: 50 }, (_, s) => ({ slot: s, input: target(s, s) }));
    const updates: KeyUpdate[] = Array.from({ length: 40 }, (_, k) => ({ key: k, inputs: full, events: [] }));
    const ctl = { firstSeq: 0, msgs: Array.from({ length: 5 }, () => new Uint8Array(100)) };
    const enc = encodeHostFrame({ updates, ctl, inputAck: 3 });
    expect(enc.bytes.length).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(enc.updates).toBe(4); // 4 × 158 B of updates (7-byte slot mask, 3-byte targets) in 1192 B (the tag takes 8), and the rest for control messages
    expect(enc.ctl).toBeGreaterThan(0);
    const m = roundTrip(enc.bytes) as HostFrame;
    expect(m.updates?.[0]?.key).toBe(0);
  });
});

describe('decoding is total', () => {
  const samples = (): Uint8Array[] => [
    encodeJoin({ nonce: 1, spectate: false, name: 'x', appVersion: '0.1.0' }),
    encodeAccept({ nonce: 1, slot: 2, token: 3, owner: false }),
    encodeClientFrame({ token: 5, progress: { recvKey: 3, closedThrough: 4 }, hash: { key: 3, hash: 9 }, inputs: [{ key: 4, slot: 1, input: dir(9) }], ctl: { firstSeq: 0, msgs: [encodeClientControl({ t: 'chat', text: 'yo', team: false })] }, ctlAck: 1, report: { lossPct: 0, slackMs: -1, behindMs: 0 } }).bytes,
    encodeHostFrame({ updates: [{ key: 0, inputs: [{ slot: 1, input: target(3, 4) }], events: [{ kind: 1, slot: 2, difficulty: 1 }], delayMs: 15 }], status: { state: 2, key: 1, heldMs: 0, votesNeeded: 0, voteInMs: 0, forceInMs: 0, waiting: [], pausedBy: 1 } }).bytes,
    encodeHostFrame({ updates: [{ key: 0, inputs: [{ slot: 1, input: dir(7) }], events: [] }], held: [3, 49], ping: { ts: 1, rttMs: 2, lossPct: 3, earlyMs: 4 } }).bytes,
  ];

  it('never throws on truncations of valid datagrams, and rejects them', () => {
    for (const s of samples()) {
      for (let n = 0; n < s.length; n++) {
        const d = decodeDatagram(s.subarray(0, n));
        expect(d.ok).toBe(false);
      }
      expect(decodeDatagram(Uint8Array.of(...s, 0)).ok).toBe(false); // trailing byte
    }
  });

  it('never throws on random bytes, random mutations or absurd lengths', () => {
    const rng = new Prng(1234);
    const base = samples();
    let accepted = 0;
    for (let i = 0; i < 30_000; i++) {
      let b: Uint8Array;
      if (i % 3 === 0) {
        b = new Uint8Array(rng.int(64));
        for (let j = 0; j < b.length; j++) b[j] = rng.int(256);
        if (i % 2 === 0 && b.length >= 4) b.set([0x42, 0x42, PROTOCOL_VERSION, 0x10 + rng.int(0x20)], 0);
      } else {
        b = (base[rng.int(base.length)] as Uint8Array).slice();
        const flips = 1 + rng.int(4);
        for (let f = 0; f < flips; f++) b[4 + rng.int(b.length - 4)] = rng.int(256);
      }
      const d = decodeDatagram(b, rng.int(70000));
      if (d.ok) accepted++;
      for (let j = 0; j < 4 && b.length > 4; j++) {
        decodeHostControl(b.subarray(4), 0);
        decodeClientControl(b.subarray(4), 0);
      }
    }
    expect(accepted).toBeLessThan(30_000);
  });

  it('rejects wrong magic, wrong version and probe types without decoding', () => {
    const j = encodeJoin({ nonce: 1, spectate: false, name: 'x', appVersion: '0.1.0' });
    expect(decodeDatagram(Uint8Array.of(0x41, ...j.subarray(1)))).toEqual({ ok: false, reason: 'magic' });
    expect(decodeDatagram(Uint8Array.of(0x42, 0x42, PROTOCOL_VERSION + 1, LockstepType.Join))).toEqual({ ok: false, reason: 'version', version: PROTOCOL_VERSION + 1 });
    expect(decodeDatagram(Uint8Array.of(0x42, 0x42, PROTOCOL_VERSION, 0x01))).toEqual({ ok: false, reason: 'probe' });
    expect(decodeDatagram(Uint8Array.of(0x42, 0x42, PROTOCOL_VERSION, 0x7f))).toEqual({ ok: false, reason: 'type' });
  });

  it('rejects absurd counts (more slots, inputs or control messages than allowed)', () => {
    const f = encodeHostFrame({ updates: [{ key: 0, inputs: [], events: [] }] }).bytes.slice();
    f[7] = 200; // update count
    expect(decodeDatagram(f).ok).toBe(false);
    // CFRAME: header 0-3, token 4-7, sections 8, ctl first seq 9-10, count 11, first length 12-13.
    const c = encodeClientFrame({ token: 1, ctl: { firstSeq: 0, msgs: [Uint8Array.of(0x47)] } }).bytes;
    expect(decodeDatagram(c).ok).toBe(true);
    const tooMany = c.slice();
    tooMany[11] = 33;
    expect(decodeDatagram(tooMany).ok).toBe(false);
    const tooLong = c.slice();
    tooLong[12] = 0xff;
    tooLong[13] = 0xff;
    expect(decodeDatagram(tooLong).ok).toBe(false);
  });

  it('UTF-8 helpers survive invalid sequences', () => {
    expect(utf8Decode(Uint8Array.of(0xff, 0xc3, 0x28, 0xe2, 0x82))).toBe('\ufffd\ufffd(\ufffd');
    expect(utf8Decode(utf8Encode('a\u{1F600}é'))).toBe('a\u{1F600}é');
  });
});

describe('group frames (GFRAME, v10)', () => {
  const updates: KeyUpdate[] = [
    { key: 300, inputs: [{ slot: 0, input: dir(12) }, { slot: 9, input: target(5, 6) }, { slot: 49, input: STOP }], events: [] },
    { key: 301, inputs: [{ slot: 9, input: dir(4000, true) }], events: [{ kind: 2, slot: 9, difficulty: 0 }], delayMs: 45 },
  ];
  const status = { state: 1 as const, key: 301, heldMs: 1200, votesNeeded: 2, voteInMs: 3000, forceInMs: 9000, pausedBy: 0, waiting: [{ slot: 9, cause: 1 as const, votes: 1 }] };
  /** A GFRAME with `mask` as its held bitmask bytes (length byte `n`) and the sections of `f`. */
  const withMask = (n: number, mask: readonly number[], f: Omit<HostFrame, 'type'>): Uint8Array => {
    const h = encodeHostFrame(f).bytes;
    return Uint8Array.of(...h.subarray(0, 3), LockstepType.GroupFrame, n, ...mask, ...h.subarray(HEADER_BYTES));
  };

  it('round-trips held slots with updates and status, laid out as mask then an HFRAME body', () => {
    const f: Omit<HostFrame, 'type'> = { updates, status, held: [0, 9, 49] };
    const enc = encodeHostFrame(f);
    expect(enc.updates).toBe(2);
    expect(enc.bytes[3]).toBe(LockstepType.GroupFrame);
    // Slot 49 needs 7 mask bytes: slot 0 = bit 0 of byte 0, slot 9 = bit 1 of byte 1, slot 49 = bit 1 of byte 6.
    expect([...enc.bytes.subarray(4, 12)]).toEqual([7, 1, 2, 0, 0, 0, 0, 2]);
    // After the mask, the very bytes of the same frame sent to one peer.
    const { held: _held, ...own } = f;
    expect(enc.bytes.subarray(12)).toEqual(encodeHostFrame(own).bytes.subarray(HEADER_BYTES));
    expect(roundTrip(enc.bytes, 299)).toEqual({ type: 'hframe', ...f });
  });

  it('round-trips an empty held list (one zero length byte) with updates and a ping', () => {
    const f: Omit<HostFrame, 'type'> = { updates: updates.slice(0, 1), ping: { ts: 65535, rttMs: 12, lossPct: 4, earlyMs: 8 }, held: [] };
    const enc = encodeHostFrame(f).bytes;
    expect(enc[4]).toBe(0);
    expect(enc.length).toBe(encodeHostFrame({ updates: f.updates, ping: f.ping }).bytes.length + 1);
    const m = roundTrip(enc, 300) as HostFrame;
    expect(m).toEqual({ type: 'hframe', ...f });
    expect(m.held).toEqual([]); // present though empty: it is still a group frame
    // An HFRAME has no held list at all (the client tells the two apart by it).
    expect('held' in roundTrip(encodeHostFrame({ updates: f.updates }).bytes, 300)).toBe(false);
  });

  it('is read by clients, not hosts', () => {
    expect(hostBound(LockstepType.GroupFrame)).toBe(false);
  });

  it('accepts a mask of up to 7 bytes and refuses a longer one, or a slot beyond the last', () => {
    const f = { updates: updates.slice(0, 1) };
    expect((roundTrip(withMask(7, [0, 0, 0, 0, 0, 0, 3], f), 300) as HostFrame).held).toEqual([48, 49]);
    expect(decodeDatagram(withMask(7, [0, 0, 0, 0, 0, 0, 4], f), 300)).toEqual({ ok: false, reason: 'malformed' }); // slot 50
    // Well-formed otherwise (8 mask bytes really follow), so only the length rule refuses it.
    expect(decodeDatagram(withMask(8, [1, 0, 0, 0, 0, 0, 0, 0], f), 300)).toEqual({ ok: false, reason: 'malformed' });
    expect(decodeDatagram(withMask(255, new Array<number>(255).fill(0), f), 300).ok).toBe(false);
  });

  it('refuses trailing bytes, a truncated mask and an HFRAME body cut short', () => {
    const g = encodeHostFrame({ updates, held: [0, 9, 49] }).bytes;
    expect(decodeDatagram(g, 299).ok).toBe(true);
    expect(decodeDatagram(Uint8Array.of(...g, 0), 299)).toEqual({ ok: false, reason: 'malformed' });
    expect(decodeDatagram(g.subarray(0, 8), 299).ok).toBe(false); // inside the mask
    expect(decodeDatagram(g.subarray(0, 12), 299).ok).toBe(false); // mask, but no sections byte
    expect(decodeDatagram(g.subarray(0, g.length - 1), 299).ok).toBe(false);
    // The HFRAME section rules still hold after a mask: a zero update count.
    const bad = withMask(1, [1], { updates }).slice();
    expect(decodeDatagram(bad, 299).ok).toBe(true);
    bad[HEADER_BYTES + 2 + 3] = 0; // sections byte at 6, first key 7-8, count 9
    expect(decodeDatagram(bad, 299).ok).toBe(false);
  });

  it('counts the mask in the fitting, to the byte, and leaves room for the signature, not the tag', () => {
    const ctl = (second: number) => ({ firstSeq: 0, msgs: [new Uint8Array(1000).fill(1), new Uint8Array(second).fill(2)] });
    const held = [1, 2, 49]; // 1 length byte + 7 mask bytes
    // header 4 + mask 8 + sections 1 + ctl (u16 seq, u8 n, 2 × u16 length) 7 + 1112 = 1132: the
    // sealer adds a 68-byte trailer (sequence number, signature) and the datagram is 1200.
    const exact = encodeHostFrame({ ctl: ctl(112), held });
    expect(exact.ctl).toBe(2);
    expect(exact.bytes.length).toBe(MAX_GROUP_PAYLOAD_BYTES);
    expect(MAX_GROUP_PAYLOAD_BYTES + GROUP_TRAILER_BYTES).toBe(MAX_DATAGRAM_BYTES);
    // One byte more: the second message waits for the next datagram (an HFRAME still takes both).
    const over = encodeHostFrame({ ctl: ctl(113), held });
    expect(over.ctl).toBe(1);
    expect(encodeHostFrame({ ctl: ctl(113) }).ctl).toBe(2);
    // A long backlog of full updates: the group frame takes fewer of them, within its budget.
    const ten = Array.from({ length: 10 }, (_, s) => ({ slot: s, input: target(s, s) }));
    const updates: KeyUpdate[] = Array.from({ length: 60 }, (_, k) => ({ key: k, inputs: ten, events: [] }));
    const group = encodeHostFrame({ updates, held });
    const own = encodeHostFrame({ updates });
    expect(group.bytes.length).toBeLessThanOrEqual(MAX_GROUP_PAYLOAD_BYTES);
    expect(own.bytes.length).toBeGreaterThan(MAX_GROUP_PAYLOAD_BYTES);
    expect(group.updates).toBeLessThan(own.updates);
    expect(roundTrip(over.bytes)).toEqual({ type: 'hframe', held, ctl: { firstSeq: 0, msgs: [ctl(113).msgs[0]] } });
  });
});
