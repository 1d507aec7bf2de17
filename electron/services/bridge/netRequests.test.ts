/**
 * The net:* validators and the net channel's (page → main): good payloads come back as clean
 * copies, bad ones as a message naming the field; nothing throws, whatever arrives.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, MAX_SNAPSHOT_BYTES } from '../../../core/lockstep';
import { groupOptions, resolveGameSocket } from '../session/gameSocket';
import { MAX_DESYNC_REPORT_BYTES, NET_VALIDATORS, validateNetUp } from './netRequests';

const V = { ...NET_VALIDATORS, link: validateNetUp };
const INPUT = { move: 1, angle: 4095, targetX: 0, targetY: 65535, split: true, eject: false };

const REPORT = {
  format: 'ball-brawl-desync', version: 1, appVersion: '0.1.0', protocolVersion: 2, me: { slot: 255, name: 'Spec' },
  detectedKey: 3, agreedKey: -1, diverged: [], iDiverged: false, referenceSlot: 0, referenceHash: 1, myHash: null,
  match: { seed: 0xffffffff, delayMs: 25, settings: DEFAULT_SETTINGS, slots: [{ slot: 0, kind: 3, difficulty: 2, team: 1 }], trees: 0x80000000 },
  snapshot: null, detectedSnapshot: { key: 3, base64: 'AQID' }, updates: [{ key: 0, inputs: [], events: [{ kind: 1, slot: 0, difficulty: 1 }] }],
  myHashes: { fromKey: 0, hashes: [-1, 2] }, subHashes: null, firstDifference: { component: 'balls', index: 0 },
};

describe('net:* and net channel validators', () => {
  it('accepts well-formed requests and returns copies without extra fields', () => {
    expect(V['net:host']({ name: 'Ann', colour: 255, settings: { ...DEFAULT_SETTINGS, extra: 1 }, more: true })).toEqual({ name: 'Ann', colour: 255, settings: DEFAULT_SETTINGS });
    expect(V['net:join']({ address: ' 192.168.1.20 ', name: '小明', spectate: true })).toEqual({ address: '192.168.1.20:47777', name: '小明', spectate: true });
    expect(V['net:join']({ address: '127.0.0.1:5000', name: 'x', spectate: false })).toMatchObject({ address: '127.0.0.1:5000' });
    // The one name rule: 16 CJK characters (48 bytes) host and join; surrounding spaces are trimmed.
    expect(V['net:join']({ address: '127.0.0.1:5000', name: ' 球球大乱斗的最强玩家就是我了吧！ ', spectate: false })).toMatchObject({ name: '球球大乱斗的最强玩家就是我了吧！' });
    expect(V['net:host']({ name: 'Ann', colour: 1, settings: { ...DEFAULT_SETTINGS, roomName: '球球大乱斗的最强玩家就是我了吧！的房间' } })).toMatchObject({ settings: { roomName: '球球大乱斗的最强玩家就是我了吧！的房间' } });
    expect(V['net:join']({ address: '127.0.0.1:5000', name: 'x', spectate: false, rejoin: true })).toEqual({ address: '127.0.0.1:5000', name: 'x', spectate: false, rejoin: true });
    expect(V['net:join']({ address: '127.0.0.1:5000', name: 'x', spectate: true, rejoin: false })).toEqual({ address: '127.0.0.1:5000', name: 'x', spectate: true });
    expect(V['net:leave'](null)).toBeNull();
    expect(V['net:act']({ t: 'slot', slot: 49, kind: 3, difficulty: 2 })).toEqual({ t: 'slot', slot: 49, kind: 3, difficulty: 2 });
    expect(V['net:act']({ t: 'start', junk: 1 })).toEqual({ t: 'start' });
    expect(V['net:act']({ t: 'settings', settings: { ...DEFAULT_SETTINGS, dropVoteSeconds: 0 } })).toMatchObject({ t: 'settings' });
    expect(V.link({ t: 'intent', input: INPUT })).toEqual({ t: 'intent', input: INPUT });
    expect(V.link({ t: 'begin', key: 0, hash: -1 })).toEqual({ t: 'begin', key: 0, hash: 0xffffffff });
    expect(V.link({ t: 'begin', key: 3, hash: 1, lateMs: 12 })).toEqual({ t: 'begin', key: 3, hash: 1, lateMs: 12 });
    expect(V.link({ t: 'subhashes', key: 4, hashes: [1, 2] })).toEqual({ t: 'subhashes', key: 4, hashes: [1, 2] });
    expect(V.link({ t: 'away', hidden: true })).toEqual({ t: 'away', hidden: true });
    expect(V.link({ t: 'attach', room: 'other' })).toEqual({ t: 'attach' });
    const r = V['net:desyncReport'](REPORT);
    expect(typeof r).toBe('object');
    expect(r).toMatchObject({ myHashes: { hashes: [0xffffffff, 2] }, match: { seed: 0xffffffff } });
  });

  it('names the bad field', () => {
    const cases: [keyof typeof V, unknown, string][] = [
      ['net:host', null, 'request: expected an object'],
      ['net:host', { name: '', colour: 0, settings: DEFAULT_SETTINGS }, 'name: must not be empty'],
      ['net:host', { name: 'x'.repeat(49), colour: 0, settings: DEFAULT_SETTINGS }, 'name: 49 UTF-8 bytes, at most 48 allowed'],
      ['net:host', { name: 'é'.repeat(25), colour: 0, settings: DEFAULT_SETTINGS }, 'name: 50 UTF-8 bytes'],
      ['net:host', { name: '球'.repeat(17), colour: 0, settings: DEFAULT_SETTINGS }, 'name: 51 UTF-8 bytes'],
      ['net:host', { name: 'a\u202eb', colour: 0, settings: DEFAULT_SETTINGS }, 'name: must not contain control'],
      ['net:join', { address: '10.0.0.1', name: 7, spectate: false }, 'name: expected a string'],
      ['net:host', { name: 'a', colour: 256, settings: DEFAULT_SETTINGS }, 'colour: expected an integer 0..255'],
      ['net:host', { name: 'a', colour: 1.5, settings: DEFAULT_SETTINGS }, 'colour:'],
      ['net:host', { name: 'a', colour: 0, settings: { ...DEFAULT_SETTINGS, maxSlots: 51 } }, 'settings.maxSlots: expected an integer 1..50'],
      ['net:host', { name: 'a', colour: 0, settings: { ...DEFAULT_SETTINGS, keyInterval: 7 } }, 'settings.keyInterval'],
      ['net:host', { name: 'a', colour: 0, settings: { ...DEFAULT_SETTINGS, roomName: 'r'.repeat(65) } }, 'settings.roomName: 65 UTF-8 bytes, at most 64'],
      ['net:host', { name: 'a', colour: 0, settings: { ...DEFAULT_SETTINGS, map: 7 } }, 'settings.map: expected a string'],
      ['net:host', { name: 'a', colour: 0, settings: { ...DEFAULT_SETTINGS, dropVoteSeconds: 61 } }, 'settings.dropVoteSeconds: expected an integer 0..60'],
      ['net:host', { name: 'a', colour: 0, settings: { ...DEFAULT_SETTINGS, matchSeconds: NaN } }, 'settings.matchSeconds'],
      ['net:host', { name: 'a', colour: 0, settings: { ...DEFAULT_SETTINGS, teams: 1 } }, 'settings.teams: expected one of 0, 2, 3, 4'],
      ['net:host', { name: 'a', colour: 0, settings: { ...DEFAULT_SETTINGS, teams: undefined } }, 'settings.teams'],
      ['net:host', { name: 'a', colour: 0, settings: { ...DEFAULT_SETTINGS, lastStanding: 'yes' } }, 'settings.lastStanding'],
      ['net:act', { t: 'team', slot: 2, team: 4 }, 'team: expected an integer 0..3'],
      ['net:act', { t: 'team', slot: 50, team: 0 }, 'slot:'],
      ['net:join', { address: 'example.com:1', name: 'a', spectate: false }, 'address:'],
      ['net:join', { address: '10.0.0.1:99999', name: 'a', spectate: false }, 'address:'],
      ['net:join', { address: '10.0.0.1', name: 'a', spectate: 'no' }, 'spectate: expected true or false'],
      ['net:join', { address: '10.0.0.1', name: 'a', spectate: false, rejoin: 1 }, 'rejoin: expected true or false'],
      ['net:join', { address: '10.0.0.1', name: 'a', spectate: true, rejoin: true }, 'rejoin: expected false when spectate is true'],
      ['net:leave', { x: 1 }, 'expected no payload'],
      ['net:act', { t: 'dance' }, 't: expected one of'],
      ['net:act', { t: 'chat', text: 'x'.repeat(201) }, 'text: expected a string of 1..200'],
      ['net:act', { t: 'chat', text: '' }, 'text:'],
      ['net:act', { t: 'chat', text: 'hi', team: 1 }, 'team: expected true or false'],
      ['net:act', { t: 'chat', text: 'hi' }, 'team: expected true or false'],
      ['net:act', { t: 'progress', percent: 101 }, 'percent: expected an integer 0..100'],
      ['net:act', { t: 'kick', slot: 50 }, 'slot: expected an integer 0..49'],
      ['net:act', { t: 'slot', slot: 1, kind: 4, difficulty: 0 }, 'kind: expected one of'],
      ['net:act', { t: 'slot', slot: 1, kind: 3, difficulty: 3 }, 'difficulty:'],
      ['net:act', { t: 'ready', ready: 1 }, 'ready: expected true or false'],
      ['net:act', { t: 'pause' }, 'pause:'],
      ['link', { t: 'intent', input: { ...INPUT, angle: 4096 } }, 'input.angle: expected an integer 0..4095'],
      ['link', { t: 'intent', input: { ...INPUT, move: 3 } }, 'input.move'],
      ['link', { t: 'intent', input: { ...INPUT, targetX: -1 } }, 'input.targetX'],
      ['link', { t: 'intent', input: { ...INPUT, split: 0 } }, 'input.split'],
      ['link', { t: 'intent', input: { ...INPUT, eject: 'yes' } }, 'input.eject'],
      ['link', { t: 'begin', key: -1, hash: 0 }, 'key:'],
      ['link', { t: 'begin', key: 1, hash: 2 ** 32 }, 'hash:'],
      ['link', { t: 'begin', key: 1, hash: 2, lateMs: -1 }, 'lateMs:'],
      ['link', { t: 'begin', key: 1, hash: 2, lateMs: 1001 }, 'lateMs:'],
      ['link', { t: 'begin', key: 1, hash: 2, lateMs: 2.5 }, 'lateMs:'],
      ['link', { t: 'finish', hash: '1' }, 'hash:'],
      ['link', { t: 'subhashes', key: 1, hashes: new Array(256).fill(0) }, 'hashes: expected at most 255 items'],
      ['link', { t: 'subhashes', key: 1, hashes: [1, null] }, 'hashes[1]:'],
      ['link', { t: 'away', hidden: 'yes' }, 'hidden:'],
      ['link', { t: 'away' }, 'hidden:'],
      // Rejoin snapshots come from main's verifier whatever the app's role: the page sends none.
      ['link', { t: 'snapshot', key: 1, base64: 'QkJTTg==' }, 't: expected one of'],
      ['net:desyncReport', { ...REPORT, format: 'other' }, 'format: expected one of "ball-brawl-desync"'],
      ['net:desyncReport', { ...REPORT, version: 2 }, 'version:'],
      ['net:desyncReport', { ...REPORT, me: { slot: 1, name: 5 } }, 'me.name'],
      ['net:desyncReport', { ...REPORT, match: { ...REPORT.match, settings: { ...DEFAULT_SETTINGS, maxSlots: 0 } } }, 'match.settings.maxSlots'],
      ['net:desyncReport', { ...REPORT, match: { ...REPORT.match, trees: 'hard.json' } }, 'match.trees'],
      ['net:desyncReport', { ...REPORT, updates: [{ key: 0, inputs: [{ slot: 0, input: { ...INPUT, angle: -1 } }], events: [] }] }, 'updates[0].inputs[0].input.angle'],
      ['net:desyncReport', { ...REPORT, detectedSnapshot: { key: 1, base64: 'not base64!' } }, 'detectedSnapshot.base64'],
      ['net:desyncReport', { ...REPORT, detectedSnapshot: { key: 1, base64: 'A'.repeat(MAX_DESYNC_REPORT_BYTES) } }, 'report: expected at most'],
    ];
    for (const [channel, payload, message] of cases) {
      const r = (V[channel] as (p: unknown) => unknown)(payload);
      expect(typeof r, `${channel} ${JSON.stringify(payload).slice(0, 80)}`).toBe('string');
      expect(r).toContain(message);
    }
  });

  it('never throws, whatever arrives', () => {
    const hostile = [undefined, 0, 'x', [], { t: { toString: null } }, Object.create(null), new Proxy({}, { get: () => { throw new Error('boom'); } })];
    for (const p of hostile) for (const v of Object.values(V)) expect(() => (v as (p: unknown) => unknown)(p)).not.toThrow();
    const cyclic: Record<string, unknown> = { ...REPORT };
    cyclic['me'] = cyclic;
    expect(typeof V['net:desyncReport'](cyclic)).toBe('string');
  });

  it('reads the game socket switches, flag over environment, ignoring bad values', () => {
    expect(resolveGameSocket([], {})).toEqual({ port: 47777, bind: '0.0.0.0', warnings: [] });
    expect(resolveGameSocket(['--game-port', '0', '--game-bind=127.0.0.1'], { BB_GAME_PORT: '5000' })).toMatchObject({ port: 0, bind: '127.0.0.1' });
    expect(resolveGameSocket([], { BB_GAME_PORT: '5000', BB_GAME_BIND: '10.1.2.3' })).toMatchObject({ port: 5000, bind: '10.1.2.3' });
    const bad = resolveGameSocket(['--game-port=70000'], { BB_GAME_BIND: 'localhost' });
    expect(bad).toMatchObject({ port: 47777, bind: '0.0.0.0' });
    expect(bad.warnings).toHaveLength(2);
  });

  it('multicasts group frames only from a LAN interface the game socket is bound to', () => {
    const eth = { name: 'eth0', address: '192.168.1.5', netmask: '255.255.255.0', broadcast: '192.168.1.255' };
    const wifi = { name: 'wlan0', address: '10.0.0.7', netmask: '255.0.0.0', broadcast: '10.255.255.255' };
    expect(groupOptions('host', '0.0.0.0', [eth, wifi])).toEqual({ groupInterface: '192.168.1.5' });
    expect(groupOptions('host', '10.0.0.7', [eth, wifi])).toEqual({ groupInterface: '10.0.0.7' });
    // Bound to loopback, or discovery off (no interface): unicast only.
    expect(groupOptions('host', '127.0.0.1', [eth, wifi])).toEqual({});
    expect(groupOptions('host', '0.0.0.0', [])).toEqual({});
    expect(groupOptions('join', '0.0.0.0', [eth, wifi])).toEqual({ groupInterfaces: [eth, wifi] });
    expect(groupOptions('join', '127.0.0.1', [eth, wifi])).toEqual({ groupInterfaces: [] });
  });
});
