/**
 * The control messages' declarations (control.ts): every message's bytes are the ones protocol 11
 * put on the wire before the messages were declared once (captured from that encoder), with the
 * team bytes protocol 13 added (settings: teams, last ball standing; a slot's and a roster entry's
 * team, after its other fields; the client's `team`) and the chat scope protocol 15 added (after
 * the text, both ways), every
 * message reads back as it was written, and no kind byte is declared twice.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../types';
import { CLIENT_MESSAGES, decodeClientControl, decodeHostControl, encodeClientControl, encodeHostControl, HOST_MESSAGES, isHostEvent } from './control';
import type { ClientControl, HostControl } from './control';

const SETTINGS = { ...DEFAULT_SETTINGS, roomName: 'Ana’s room 房间', map: 'arena-small', teams: 3, lastStanding: true };
const HOST_SAMPLES = [
  { t: 'settings', settings: SETTINGS },
  { t: 'slots', first: 2, slots: [{ kind: 2, difficulty: 1, colour: 5, ready: true, name: 'Bo', team: 1 }, { kind: 1, difficulty: 2, colour: 0, ready: false, name: '', team: 0 }] },
  { t: 'chat', from: 3, text: 'gg 好', team: true },
  { t: 'loading', seed: 0xdeadbeef, trees: 0x01020304 },
  { t: 'progress', entries: [{ slot: 0, percent: 40 }, { slot: 7, percent: 100 }] },
  { t: 'start', seed: 12345, delayMs: 60, slots: [{ slot: 0, kind: 2, difficulty: 0, team: 1 }, { slot: 4, kind: 1, difficulty: 2, team: 3 }], trees: 99 },
  { t: 'lobby', reason: 'host-closed' },
  { t: 'desync', key: 300, agreedKey: 296, refHash: 0xabcdef01, refSlot: 1, slots: [2, 3] },
  { t: 'refsub', key: 300, refSlot: 1, hashes: [1, 2, 0xffffffff] },
  { t: 'pause', paused: true, by: 2, pausesLeft: 1 },
  { t: 'dropped', slot: 5, key: 1000, why: 6 },
  { t: 'kicked', reason: 'kicked' },
  { t: 'end', lastKey: 899, hash: 0x7f00ff00, agreed: false },
  { t: 'resync', seed: 77, delayMs: 45, slots: [{ slot: 1, kind: 2, difficulty: 1, team: 2 }], key: 420, size: 65536, checksum: 0x11223344, trees: 5 },
  { t: 'takeover', slot: 3, key: 500 },
  { t: 'closed', reason: 'handed-over:2' },
  { t: 'trees', fingerprint: 0x55667788, total: 5, count: 1, index: 0, bytes: new Uint8Array([1, 2, 3, 4, 5]) },
  { t: 'succession', host: 0, hostTag: 0x1234, order: [{ slot: 1, addr: '198.18.0.2:47777', tag: 9 }, { slot: 255, addr: '[fe80::1]:5000', tag: 10 }], voters: [] },
  { t: 'rejoiners', rejoiners: [{ slot: 2, tag: 0xabcd }] },
  { t: 'keys', keys: [{ addr: '198.18.0.3:47777', key: new Uint8Array(32).fill(7) }] },
  { t: 'landed', key: 500, at: 503 },
] as const satisfies readonly unknown[];
const CLIENT_SAMPLES = [
  { t: 'ready', ready: true },
  { t: 'chat', text: 'hello', team: false },
  { t: 'progress', percent: 55 },
  { t: 'vote', slot: 4 },
  { t: 'pause', pause: false },
  { t: 'subhash', key: 301, hashes: [9, 8, 7] },
  { t: 'leave' },
  { t: 'colour', colour: 6 },
  { t: 'setSettings', settings: SETTINGS },
  { t: 'setSlot', slot: 3, kind: 1, difficulty: 2 },
  { t: 'kick', slot: 2 },
  { t: 'team', slot: 3, team: 2 },
  { t: 'start' },
  { t: 'live', key: 777 },
  { t: 'trees', prints: [1, 2, 3] },
  { t: 'group', listening: true },
] as const satisfies readonly unknown[];

/** Hex of each sample, as the protocol 11 encoder wrote it (before the tables). */
const HOST_BYTES: Record<keyof typeof HOST_MESSAGES, string> = {
  settings: '0113416e61e280997320726f6f6d20e688bfe997b40b6172656e612d736d616c6c580203081e3c1e0301',
  slots: '0202020201050102426f01010200000000',
  chat: '030306676720e5a5bd01',
  loading: '04efbeadde04030201',
  progress: '050200280764',
  start: '06393000000c02000200010401020363000000',
  lobby: '070b686f73742d636c6f736564',
  desync: '082c01280101efcdab01020203',
  refsub: '092c0101030100000002000000ffffffff',
  pause: '0a010201',
  dropped: '0b05e80306',
  kicked: '0c066b69636b6564',
  end: '0d830300ff007f00',
  resync: '0e4d000000090101020102a4010000000001004433221105000000',
  takeover: '0f03f401',
  closed: '100d68616e6465642d6f7665723a32',
  trees: '1188776655050001000102030405',
  succession: '1200341200000201103139382e31382e302e323a343737373709000000ff0e5b666538303a3a315d3a353030300a00000000',
  rejoiners: '130102cdab0000',
  keys: '1401103139382e31382e302e333a34373737370707070707070707070707070707070707070707070707070707070707070707',
  landed: '15f401f701',
};
const CLIENT_BYTES: Record<keyof typeof CLIENT_MESSAGES, string> = {
  ready: '4101',
  chat: '420568656c6c6f00',
  progress: '4337',
  vote: '4404',
  pause: '4500',
  subhash: '462d0103090000000800000007000000',
  leave: '47',
  colour: '4806',
  setSettings: '5013416e61e280997320726f6f6d20e688bfe997b40b6172656e612d736d616c6c580203081e3c1e0301',
  setSlot: '51030102',
  kick: '5202',
  team: '540302',
  start: '53',
  live: '490903',
  trees: '4a03010000000200000003000000',
  group: '4b01',
};

const hex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

describe('control messages, declared once', () => {
  it('every host message has its protocol 11 bytes and reads back as written', () => {
    expect(HOST_SAMPLES.map((m) => m.t).sort()).toEqual(Object.keys(HOST_MESSAGES).sort());
    for (const m of HOST_SAMPLES as readonly HostControl[]) {
      const bytes = encodeHostControl(m);
      expect(hex(bytes), m.t).toBe(HOST_BYTES[m.t]);
      expect(decodeHostControl(bytes, 0)).toEqual(m);
    }
  });

  it('every client message has its protocol 11 bytes and reads back as written', () => {
    expect(CLIENT_SAMPLES.map((m) => m.t).sort()).toEqual(Object.keys(CLIENT_MESSAGES).sort());
    for (const m of CLIENT_SAMPLES as readonly ClientControl[]) {
      const bytes = encodeClientControl(m);
      expect(hex(bytes), m.t).toBe(CLIENT_BYTES[m.t]);
      expect(decodeClientControl(bytes, 0)).toEqual(m);
    }
  });

  it('no kind byte is declared twice, and host and client kinds do not overlap', () => {
    const kinds = [...Object.values(HOST_MESSAGES), ...Object.values(CLIENT_MESSAGES)].map((d) => d.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  it('an unknown kind, a truncated body and trailing bytes are refused, never thrown', () => {
    expect(decodeHostControl(new Uint8Array([0x3f]))).toBeNull();
    expect(decodeClientControl(new Uint8Array([0x01]))).toBeNull();
    expect(decodeHostControl(new Uint8Array([0x0d, 0x01]))).toBeNull();
    expect(decodeClientControl(new Uint8Array([0x47, 0x00]))).toBeNull();
    expect(decodeHostControl(new Uint8Array(0))).toBeNull();
  });

  it('refuses a team count, last-ball-standing flag or team byte out of range (v13)', () => {
    const settings = encodeHostControl({ t: 'settings', settings: SETTINGS });
    const at = settings.length - 2;
    for (const [teams, lbs, ok] of [[0, 0, true], [2, 1, true], [4, 0, true], [1, 0, false], [5, 0, false], [3, 2, false]] as const) {
      const b = Uint8Array.from(settings);
      b[at] = teams;
      b[at + 1] = lbs;
      expect(decodeHostControl(b) !== null, `teams ${teams} lbs ${lbs}`).toBe(ok);
    }
    expect(decodeClientControl(Uint8Array.of(0x54, 3, 3))).toEqual({ t: 'team', slot: 3, team: 3 });
    expect(decodeClientControl(Uint8Array.of(0x54, 3, 4))).toBeNull();
    expect(decodeClientControl(Uint8Array.of(0x54, 50, 0))).toBeNull();
    const start = encodeHostControl({ t: 'start', seed: 1, delayMs: 30, slots: [{ slot: 0, kind: 2, difficulty: 0, team: 3 }], trees: 1 });
    const bad = Uint8Array.from(start);
    bad[start.length - 5] = 4; // the entry's team byte, before the u32 trees
    expect(decodeHostControl(start)).not.toBeNull();
    expect(decodeHostControl(bad)).toBeNull();
  });

  it('refuses a chat scope other than everyone (0) or the team (1), both ways (v15)', () => {
    expect(decodeClientControl(Uint8Array.of(0x42, 2, 0x67, 0x67, 1))).toEqual({ t: 'chat', text: 'gg', team: true });
    expect(decodeClientControl(Uint8Array.of(0x42, 2, 0x67, 0x67, 2))).toBeNull();
    expect(decodeClientControl(Uint8Array.of(0x42, 2, 0x67, 0x67))).toBeNull();
    expect(decodeHostControl(Uint8Array.of(0x03, 1, 2, 0x67, 0x67, 0))).toEqual({ t: 'chat', from: 1, text: 'gg', team: false });
    expect(decodeHostControl(Uint8Array.of(0x03, 1, 2, 0x67, 0x67, 0xff))).toBeNull();
  });

  it('refuses a percentage over 100 and a difficulty over hard, rather than clamping them', () => {
    expect(decodeClientControl(Uint8Array.of(0x43, 100))).toEqual({ t: 'progress', percent: 100 });
    expect(decodeClientControl(Uint8Array.of(0x43, 101))).toBeNull();
    expect(decodeHostControl(Uint8Array.of(0x05, 1, 0, 101))).toBeNull();
    expect(decodeClientControl(Uint8Array.of(0x51, 4, 2, 2))).toEqual({ t: 'setSlot', slot: 4, kind: 2, difficulty: 2 });
    expect(decodeClientControl(Uint8Array.of(0x51, 4, 2, 3))).toBeNull();
    const start = encodeHostControl({ t: 'start', seed: 1, delayMs: 30, slots: [{ slot: 0, kind: 2, difficulty: 2, team: 0 }], trees: 1 });
    const bad = Uint8Array.from(start);
    bad[start.length - 6] = 3; // the entry's difficulty byte, before its team and the u32 trees
    expect(decodeHostControl(start)).not.toBeNull();
    expect(decodeHostControl(bad)).toBeNull();
  });

  it('peers hand on as events exactly the host messages declared so', () => {
    const events = (HOST_SAMPLES as readonly HostControl[]).filter(isHostEvent).map((m) => m.t);
    expect(events).toEqual(['settings', 'slots', 'chat', 'loading', 'progress', 'lobby', 'desync', 'refsub', 'pause', 'dropped', 'kicked', 'end', 'takeover', 'closed']);
  });
});
