/**
 * Validators for the bridge's LAN-session requests (net:*) and for the page's messages on the
 * net channel (NetUp). Every validator checks the full shape — each field's type and range,
 * strings bounded in UTF-8 bytes as the wire codec bounds them — and returns a fresh copy with only
 * the contract's fields, or a message naming the first bad field. Validators never throw.
 */
import { DESYNC_REPORT_FORMAT, MAX_CHAT_BYTES, MAX_LATE_MS, MAX_NAME_BYTES, MAX_SNAPSHOT_BYTES, MAX_SUBHASHES, SPECTATOR_SLOT } from '../../../core/lockstep';
import type { DesyncReport, KeyUpdate } from '../../../core/lockstep';
import type { BridgeRequests, NetUp, NetAction } from '../../contract';
import type { Validator } from './validator';
import { parseJoinAddress } from '../discovery';
import { arr, bool, fail, guarded, hash32, int, matchStart, MAX_KEY, obj, oneOf, playerInput, playerName, roomSettings, slot, slotEvent, slotKind, str, team } from './checks';

type NetChannel = Extract<keyof BridgeRequests, `net:${string}`>;

/** A message from the page's match loop on the net channel, or why it is refused. */
export const validateNetUp = (p: unknown): NetUp | string => guarded(() => linkUp(p));

/** A desync report is large (snapshots, every update since the agreed key) but bounded. */
export const MAX_DESYNC_REPORT_BYTES = 16 * 1024 * 1024;
/** Longest array inside a report: a whole 65535 s match at 2 frames a key is under 2^20 keys. */
const MAX_REPORT_ITEMS = 1 << 20;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function act(p: unknown): NetAction {
  const o = obj(p, 'action');
  switch (oneOf(o['t'], 't', ['ready', 'colour', 'chat', 'settings', 'slot', 'kick', 'team', 'start', 'progress', 'vote', 'pause'] as const)) {
    case 'ready': return { t: 'ready', ready: bool(o['ready'], 'ready') };
    case 'colour': return { t: 'colour', colour: int(o['colour'], 'colour', 0, 255) };
    case 'chat': return { t: 'chat', text: str(o['text'], 'text', MAX_CHAT_BYTES, 1), team: bool(o['team'], 'team') };
    case 'settings': return { t: 'settings', settings: roomSettings(o['settings'], 'settings') };
    case 'slot': return { t: 'slot', slot: slot(o['slot'], 'slot'), kind: slotKind(o['kind'], 'kind'), difficulty: int(o['difficulty'], 'difficulty', 0, 2) };
    case 'kick': return { t: 'kick', slot: slot(o['slot'], 'slot') };
    case 'team': return { t: 'team', slot: slot(o['slot'], 'slot'), team: team(o['team'], 'team') };
    case 'start': return { t: 'start' };
    case 'progress': return { t: 'progress', percent: int(o['percent'], 'percent', 0, 100) };
    case 'vote': return { t: 'vote', slot: slot(o['slot'], 'slot') };
    case 'pause': return { t: 'pause', pause: bool(o['pause'], 'pause') };
  }
}

function linkUp(p: unknown): NetUp {
  const o = obj(p, 'message');
  switch (oneOf(o['t'], 't', ['intent', 'begin', 'finish', 'blocked', 'subhashes', 'away', 'attach'] as const)) {
    case 'intent': return { t: 'intent', input: playerInput(o['input'], 'input') };
    case 'begin': return { t: 'begin', key: int(o['key'], 'key', 0, MAX_KEY), hash: hash32(o['hash'], 'hash'), ...(o['lateMs'] === undefined ? {} : { lateMs: int(o['lateMs'], 'lateMs', 0, MAX_LATE_MS) }) };
    case 'finish': return { t: 'finish', hash: hash32(o['hash'], 'hash') };
    case 'blocked': return { t: 'blocked' };
    case 'subhashes': return { t: 'subhashes', key: int(o['key'], 'key', 0, MAX_KEY), hashes: arr(o['hashes'], 'hashes', MAX_SUBHASHES).map((h, i) => hash32(h, `hashes[${i}]`)) };
    case 'away': return { t: 'away', hidden: bool(o['hidden'], 'hidden') };
    case 'attach': return { t: 'attach' };
  }
}

/** Standard base64 of 1 to `maxBytes` bytes. */
function base64(v: unknown, path: string, maxBytes: number): string {
  const s = str(v, path, Math.ceil(maxBytes / 3) * 4, 4);
  if (s.length % 4 !== 0 || !BASE64.test(s)) fail(path, 'base64 text');
  return s;
}

function keyUpdate(v: unknown, path: string): KeyUpdate {
  const o = obj(v, path);
  const delay = o['delayMs'];
  return {
    key: int(o['key'], `${path}.key`, 0, MAX_KEY),
    inputs: arr(o['inputs'], `${path}.inputs`, 256).map((x, i) => {
      const xo = obj(x, `${path}.inputs[${i}]`);
      return { slot: slot(xo['slot'], `${path}.inputs[${i}].slot`), input: playerInput(xo['input'], `${path}.inputs[${i}].input`) };
    }),
    events: arr(o['events'], `${path}.events`, 256).map((e, i) => slotEvent(e, `${path}.events[${i}]`)),
    ...(delay !== undefined ? { delayMs: int(delay, `${path}.delayMs`, 0, 65535) } : {}),
  };
}

function snapshotRef(v: unknown, path: string): { key: number; base64: string } | null {
  if (v === null) return null;
  const o = obj(v, path);
  const base64 = str(o['base64'], `${path}.base64`, MAX_DESYNC_REPORT_BYTES);
  if (!BASE64.test(base64)) fail(`${path}.base64`, 'base64 text');
  return { key: int(o['key'], `${path}.key`, 0, MAX_KEY), base64 };
}

const hashes = (v: unknown, path: string): number[] => arr(v, path, MAX_REPORT_ITEMS).map((h, i) => hash32(h, `${path}[${i}]`));
const nullable = <T>(v: unknown, check: (v: unknown) => T): T | null => (v === null ? null : check(v));

function desyncReport(p: unknown): DesyncReport {
  const o = obj(p, 'report');
  const me = obj(o['me'], 'me');
  const my = obj(o['myHashes'], 'myHashes');
  const r: DesyncReport = {
    format: oneOf(o['format'], 'format', [DESYNC_REPORT_FORMAT] as const),
    version: oneOf(o['version'], 'version', [1] as const),
    appVersion: str(o['appVersion'], 'appVersion', 64),
    protocolVersion: int(o['protocolVersion'], 'protocolVersion', 0, 255),
    me: { slot: int(me['slot'], 'me.slot', 0, SPECTATOR_SLOT), name: str(me['name'], 'me.name', MAX_NAME_BYTES) },
    detectedKey: int(o['detectedKey'], 'detectedKey', 0, MAX_KEY),
    agreedKey: int(o['agreedKey'], 'agreedKey', -1, MAX_KEY),
    diverged: arr(o['diverged'], 'diverged', 256).map((s, i) => int(s, `diverged[${i}]`, 0, 255)),
    iDiverged: bool(o['iDiverged'], 'iDiverged'),
    referenceSlot: int(o['referenceSlot'], 'referenceSlot', 0, 255),
    referenceHash: hash32(o['referenceHash'], 'referenceHash'),
    myHash: nullable(o['myHash'], (h) => hash32(h, 'myHash')),
    match: matchStart(o['match'], 'match'),
    snapshot: snapshotRef(o['snapshot'], 'snapshot'),
    detectedSnapshot: snapshotRef(o['detectedSnapshot'], 'detectedSnapshot'),
    updates: arr(o['updates'], 'updates', MAX_REPORT_ITEMS).map((u, i) => keyUpdate(u, `updates[${i}]`)),
    myHashes: { fromKey: int(my['fromKey'], 'myHashes.fromKey', 0, MAX_KEY), hashes: hashes(my['hashes'], 'myHashes.hashes') },
    subHashes: nullable(o['subHashes'], (v) => {
      const s = obj(v, 'subHashes');
      return {
        key: int(s['key'], 'subHashes.key', 0, MAX_KEY),
        mine: arr(s['mine'], 'subHashes.mine', 1024).map((m, i) => {
          const mo = obj(m, `subHashes.mine[${i}]`);
          return { name: str(mo['name'], `subHashes.mine[${i}].name`, 64), hash: hash32(mo['hash'], `subHashes.mine[${i}].hash`) };
        }),
        reference: nullable(s['reference'], (h) => hashes(h, 'subHashes.reference')),
      };
    }),
    firstDifference: nullable(o['firstDifference'], (v) => {
      const f = obj(v, 'firstDifference');
      return { component: str(f['component'], 'firstDifference.component', 64), index: int(f['index'], 'firstDifference.index', 0, 1023) };
    }),
  };
  // The copy holds only checked fields, so its JSON size is what the file will (about) take.
  if (Buffer.byteLength(JSON.stringify(r), 'utf8') > MAX_DESYNC_REPORT_BYTES) fail('report', `at most ${MAX_DESYNC_REPORT_BYTES} bytes of JSON`);
  return r;
}

export const NET_VALIDATORS: { [C in NetChannel]: Validator<C> } = {
  'net:host': (p) =>
    guarded(() => {
      const o = obj(p, 'request');
      return { name: playerName(o['name'], 'name'), colour: int(o['colour'], 'colour', 0, 255), settings: roomSettings(o['settings'], 'settings') };
    }),
  'net:join': (p) =>
    guarded(() => {
      const o = obj(p, 'request');
      const a = parseJoinAddress(str(o['address'], 'address', 64, 1));
      if (!a.ok) fail('address', `"ip:port" (${a.error})`);
      const rejoin = o['rejoin'] === undefined ? false : bool(o['rejoin'], 'rejoin');
      const spectate = bool(o['spectate'], 'spectate');
      // A token names a player's slot: spectators have none to take back.
      if (rejoin && spectate) fail('rejoin', 'false when spectate is true');
      return { address: `${a.address}:${a.port}`, name: playerName(o['name'], 'name'), spectate, ...(rejoin ? { rejoin } : {}) };
    }),
  'net:leave': (p) => (p === null || p === undefined ? null : 'expected no payload'),
  'net:act': (p) => guarded(() => act(p)),
  'net:desyncReport': (p) => guarded(() => desyncReport(p)),
};
