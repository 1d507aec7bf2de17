/**
 * LanRoom end to end: two apps' services in one process, real UDP on 127.0.0.1 only, discovery
 * off (no multicast or broadcast socket is ever opened). One hosts, one joins by address; both
 * "renderers" (TestLoop) play a short match through the bridge and must agree on every hash —
 * also when the host's resources hold a designer's edited bot tree and the joiner's do not.
 */
import dgram from 'node:dgram';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HOST_CLOSED_REASON } from '../../../core/lockstep';
import { defaultBrains } from '../../../core/ai';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../core/lockstep';
import { createAppServices } from '../appServices';
import type { AppServices } from '../appServices';
import { findRepoRoot } from '../files/paths';
import { mapLoader } from '../lockstep/loadMap';
import { until } from '../testing/until';
import { TestLoop } from '../testing/TestLoop';
import { dispatcherPage } from '../testing/socketPage';

const ARGV = ['--discovery=off', '--game-port=0', '--game-bind=127.0.0.1'];
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

const loadMap = mapLoader();

const RESOURCES = path.join(findRepoRoot(import.meta.dirname), 'resources');

function app(seed: number, resourcesDir = RESOURCES): { services: AppServices; loop: TestLoop } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bb-net-'));
  const services = createAppServices({ shell: 'browser', userDataDir: dir, resourcesDir, quit: () => undefined, argv: ARGV, env: {} });
  const loop = new TestLoop(dispatcherPage(services.bridge), loadMap, seed);
  closers.push(() => rmSync(dir, { recursive: true, force: true }));
  closers.push(() => services.close());
  closers.push(() => loop.stop());
  return { services, loop };
}

/** A resources folder like the shipped one whose ai/hard.json a designer edited (hunts and eats closer). */
function editedResources(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bb-res-'));
  closers.push(() => rmSync(dir, { recursive: true, force: true }));
  symlinkSync(path.join(RESOURCES, 'maps'), path.join(dir, 'maps'));
  mkdirSync(path.join(dir, 'ai'));
  for (const f of ['easy.json', 'normal.json']) copyFileSync(path.join(RESOURCES, 'ai', f), path.join(dir, 'ai', f));
  const hard = readFileSync(path.join(RESOURCES, 'ai', 'hard.json'), 'utf8');
  const edited = hard.replace('"range": 32', '"range": 6').replace('"range": 10', '"range": 3');
  expect(edited).not.toBe(hard);
  writeFileSync(path.join(dir, 'ai', 'hard.json'), edited);
  return dir;
}

const humans = (l: TestLoop): string[] => (l.session?.slots ?? []).filter((s) => s.kind === 2).map((s) => s.name);

describe('LanRoom', () => {
  it('hosts, joins by address and plays a match to equal hashes through the bridge', async () => {
    const a = app(11);
    const b = app(12);
    const { address } = (await a.loop.ask('net:host', { name: 'Alice', colour: 7, settings: { ...DEFAULT_SETTINGS, roomName: 'Test room', matchSeconds: 3 } })) as { address: string };
    expect(address).toMatch(/^127\.0\.0\.1:\d+$/);
    await b.loop.ask('net:join', { address, name: 'Bob', spectate: false });
    expect(await until(() => humans(a.loop).length === 2 && humans(b.loop).length === 2, 15_000)).toBe(true);
    expect(humans(b.loop)).toEqual(['Alice', 'Bob']);
    expect(a.loop.session).toMatchObject({ phase: 'lobby', owner: true, slot: 0, address, settings: { roomName: 'Test room' } });
    expect(b.loop.session).toMatchObject({ phase: 'lobby', owner: false, slot: 1, address });
    expect(await until(() => b.loop.session?.slots[0]?.colour === 7, 15_000)).toBe(true);
    expect(a.loop.events.some((e) => e.t === 'accepted')).toBe(true);

    // Join by address needs no discovery: the game port answers probes with the live advert.
    const probe = await b.services.bridge.handle('lan:probe', { address });
    expect(probe).toMatchObject({ ok: true, value: { ok: true, game: { room: 'Test room', players: 2, state: 'lobby' } } });

    await b.loop.ask('net:act', { t: 'chat', text: 'hi', team: false });
    expect(await until(() => a.loop.events.some((e) => e.t === 'chat' && e.text === 'hi'), 15_000)).toBe(true);
    await b.loop.ask('net:act', { t: 'ready', ready: true });
    await a.loop.ask('net:act', { t: 'ready', ready: true });
    expect(await until(() => (a.loop.session?.slots ?? []).filter((s) => s.ready).length === 2, 15_000)).toBe(true);
    await a.loop.ask('net:act', { t: 'start' });

    const ended = (l: TestLoop): boolean => l.events.some((e) => e.t === 'end');
    expect(await until(() => ended(a.loop) && ended(b.loop), 15_000)).toBe(true);
    const end = a.loop.events.find((e) => e.t === 'end');
    expect(end).toMatchObject({ agreed: true });
    expect(a.loop.finishedHash).not.toBeNull();
    expect(a.loop.finishedHash).toBe(b.loop.finishedHash);
    expect(end && 'hash' in end ? end.hash : -1).toBe(a.loop.finishedHash);
    expect(a.loop.runner?.keyHashes).toEqual(b.loop.runner?.keyHashes);
    expect(a.loop.start).toMatchObject({ slot: 0, player: true });
    expect(b.loop.start).toMatchObject({ slot: 1, player: true, lastKey: a.loop.start?.lastKey });
    expect(a.loop.statuses).toBeGreaterThan(5);
    expect(a.loop.errors.concat(b.loop.errors)).toEqual([]);
    expect(a.services.session.counters.ignoredLoop + b.services.session.counters.ignoredLoop).toBe(0);
    // Each update exactly once, in key order.
    expect(a.loop.port?.updates.map((u) => u.key)).toEqual([...Array((a.loop.start?.lastKey ?? 0) + 1).keys()]);
    expect(await until(() => a.loop.session?.phase === 'lobby' && b.loop.session?.phase === 'lobby', 15_000)).toBe(true);
    const probed = await b.services.bridge.handle('lan:probe', { address });
    expect(probed).toMatchObject({ ok: true, value: { ok: true, game: { state: 'lobby' } } });
  });

  it('a host with an edited hard.json and a joiner with the shipped one play the host\'s trees to equal hashes', async () => {
    const a = app(31, editedResources());
    const b = app(32);
    const { address } = (await a.loop.ask('net:host', { name: 'Designer', colour: 1, settings: { ...DEFAULT_SETTINGS, matchSeconds: 4 } })) as { address: string };
    await b.loop.ask('net:join', { address, name: 'Guest', spectate: false });
    // The joiner has the host's hard tree before anyone starts: received in the lobby.
    expect(await until(() => b.loop.session?.trees.state === 'ready', 15_000)).toBe(true);
    expect(b.loop.session?.trees).toMatchObject({ source: 'host', failure: null, fallbacks: [] });
    await a.loop.ask('net:act', { t: 'slot', slot: 2, kind: 3, difficulty: 2 });
    await a.loop.ask('net:act', { t: 'slot', slot: 3, kind: 3, difficulty: 2 });
    expect(await until(() => (b.loop.session?.slots ?? []).filter((s) => s.kind === 3).length === 2, 15_000)).toBe(true);
    await a.loop.ask('net:act', { t: 'start' });
    const ended = (l: TestLoop): boolean => l.events.some((e) => e.t === 'end');
    expect(await until(() => ended(a.loop) && ended(b.loop), 15_000)).toBe(true);
    expect(a.loop.events.find((e) => e.t === 'end')).toMatchObject({ agreed: true });
    expect(a.loop.finishedHash).toBe(b.loop.finishedHash);
    expect(a.loop.runner?.keyHashes).toEqual(b.loop.runner?.keyHashes);
    // Both pages built their bots from the host's edited trees, the start's fingerprint.
    expect(a.loop.brains).not.toBe(defaultBrains().fingerprint);
    expect(b.loop.brains).toBe(a.loop.brains);
    expect(a.loop.start?.start.trees).toBe(a.loop.brains);
    expect(b.loop.start?.trees).toEqual(a.loop.start?.trees);
    expect(b.loop.start?.trees[2]).toContain('"range":6');
    expect(a.services.session.verifier?.finishedHash).toBe(a.loop.finishedHash);
    expect(a.loop.session?.trees).toMatchObject({ state: 'ready', source: 'own', fallbacks: [] });
    expect(a.loop.errors.concat(b.loop.errors)).toEqual([]);
  });

  it('a spectator follows the match to the same hash; a frozen renderer is reported as slow, a hidden one holds nobody', async () => {
    const a = app(21);
    const b = app(22);
    const c = app(23);
    const { address } = (await a.loop.ask('net:host', { name: 'A', colour: 1, settings: { ...DEFAULT_SETTINGS, matchSeconds: 2 } })) as { address: string };
    await b.loop.ask('net:join', { address, name: 'B', spectate: false });
    await c.loop.ask('net:join', { address, name: 'C', spectate: true });
    expect(await until(() => humans(a.loop).length === 2 && c.loop.session?.phase === 'lobby', 15_000)).toBe(true);
    expect(c.loop.session?.slot).toBe(255);
    await a.loop.ask('net:act', { t: 'start' });
    const ended = (l: TestLoop): boolean => l.events.some((e) => e.t === 'end');
    expect(await until(() => ended(a.loop) && ended(b.loop) && ended(c.loop), 15_000)).toBe(true);
    expect(c.loop.start).toMatchObject({ slot: 255, player: false });
    expect(a.loop.events.find((e) => e.t === 'end')).toMatchObject({ agreed: true });
    expect(new Set([a.loop.finishedHash, b.loop.finishedHash, c.loop.finishedHash]).size).toBe(1);

    // Second match: B's renderer stops; the host holds the clock and says B is slow.
    await a.loop.ask('net:act', { t: 'settings', settings: { ...DEFAULT_SETTINGS, matchSeconds: 30 } });
    expect(await until(() => a.loop.session?.phase === 'lobby' && a.loop.session.settings.matchSeconds === 30, 15_000)).toBe(true);
    await a.loop.ask('net:act', { t: 'start' });
    expect(await until(() => b.loop.session?.phase === 'running' && (b.loop.runner?.frame ?? 0) > 10, 5000)).toBe(true);
    b.loop.frozen = true;
    const slow = (l: TestLoop): boolean => l.lastStatus?.status?.state === 1 && l.lastStatus.status.waiting.some((w) => w.slot === 1 && w.cause === 2);
    expect(await until(() => slow(a.loop) && slow(c.loop), 5000)).toBe(true);
    b.loop.frozen = false;
    expect(await until(() => a.loop.lastStatus?.status === null, 5000)).toBe(true);

    // B's page is hidden (it says so, then its loop stops): main closes B's keys, nobody waits.
    b.loop.port!.setAway(true);
    b.loop.frozen = true;
    const frameAt = a.loop.runner!.frame;
    let held = false;
    await until(() => {
      held ||= a.loop.lastStatus?.status?.state === 1;
      return false;
    }, 1500);
    expect(held).toBe(false);
    expect(a.loop.runner!.frame - frameAt).toBeGreaterThan(30); // ~45 frames in 1.5 s at 30 Hz
    b.loop.port!.setAway(false);
    b.loop.frozen = false;
    const backlog = (): number => b.loop.port!.recvKey - Math.floor(b.loop.runner!.frame / b.loop.runner!.keyInterval);
    expect(backlog()).toBeGreaterThan(10); // 1.5 s of keys to drain
    expect(await until(() => backlog() < 4, 5000)).toBe(true);
  });

  it('a spectator who joins mid-match: host, guest and spectator each finish the match before the end reaches their page (issue 32)', async () => {
    const a = app(41);
    const b = app(42);
    const c = app(43);
    // Whether each page's loop had finished when the room went back to the lobby: a page told
    // 'lobby' first leaves the match screen without its results (PageRoom.route).
    const finishedAtLobby = (x: { services: AppServices; loop: TestLoop }): boolean[] => {
      const seen: boolean[] = [];
      let phase = '';
      x.services.bridge.onLink((m) => {
        if (m.t !== 'session') return;
        if (phase === 'running' && m.session.phase === 'lobby') seen.push(x.loop.finishedHash !== null);
        phase = m.session.phase;
      });
      return seen;
    };
    const seen = [a, b, c].map(finishedAtLobby);
    const { address } = (await a.loop.ask('net:host', { name: 'A', colour: 1, settings: { ...DEFAULT_SETTINGS, matchSeconds: 5 } })) as { address: string };
    await b.loop.ask('net:join', { address, name: 'B', spectate: false });
    expect(await until(() => humans(a.loop).length === 2, 15_000)).toBe(true);
    await a.loop.ask('net:act', { t: 'start' });
    expect(await until(() => (a.loop.runner?.frame ?? 0) >= 90, 15_000)).toBe(true); // 3 s of 5
    await c.loop.ask('net:join', { address, name: 'C', spectate: true });
    const ended = (l: TestLoop): boolean => l.events.some((e) => e.t === 'end');
    expect(await until(() => ended(a.loop) && ended(b.loop) && ended(c.loop), 20_000)).toBe(true);
    expect(await until(() => seen.every((x) => x.length === 1), 5000)).toBe(true);
    expect(seen).toEqual([[true], [true], [true]]);
    expect((c.loop.resumed?.fromKey ?? 0)).toBeGreaterThan(0);
    expect(a.loop.events.find((e) => e.t === 'end')).toMatchObject({ agreed: true });
    expect(new Set([a.loop.finishedHash, b.loop.finishedHash, c.loop.finishedHash]).size).toBe(1);
    expect(a.loop.errors.concat(b.loop.errors, c.loop.errors)).toEqual([]);
  });

  it('frees the game port on leave and on close, and tells the other side', async () => {
    const a = app(1);
    const b = app(2);
    const { address } = (await a.loop.ask('net:host', { name: 'Host', colour: 0, settings: DEFAULT_SETTINGS })) as { address: string };
    await b.loop.ask('net:join', { address, name: 'Guest', spectate: false });
    expect(await until(() => humans(a.loop).length === 2, 15_000)).toBe(true);
    await b.loop.ask('net:leave', null);
    expect(b.loop.session?.phase).toBe('left');
    expect(await until(() => humans(a.loop).length === 1, 15_000)).toBe(true);
    await a.loop.ask('net:leave', null);
    const port = Number(address.split(':')[1]);
    const s = dgram.createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.bind(port, '127.0.0.1', () => resolve());
    });
    await new Promise<void>((resolve) => s.close(() => resolve()));
    const again = (await a.loop.ask('net:host', { name: 'Host', colour: 0, settings: DEFAULT_SETTINGS })) as { address: string };
    await a.services.close();
    expect(await until(() => a.loop.session?.phase === 'left', 5000)).toBe(true);
    const t = dgram.createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      t.once('error', reject);
      t.bind(Number(again.address.split(':')[1]), '127.0.0.1', () => resolve());
    });
    await new Promise<void>((resolve) => t.close(() => resolve()));
  });

  it('a joiner learns at once that the host closed the room, with the reason', async () => {
    const a = app(1);
    const b = app(2);
    const { address } = (await a.loop.ask('net:host', { name: 'Host', colour: 0, settings: DEFAULT_SETTINGS })) as { address: string };
    await b.loop.ask('net:join', { address, name: 'Guest', spectate: false });
    expect(await until(() => b.loop.session?.phase === 'lobby', 15_000)).toBe(true);
    await a.loop.ask('net:leave', null);
    // The silence timeout would take 15 s; the goodbye burst arrives in milliseconds.
    expect(await until(() => b.loop.session?.phase === 'failed', 5000)).toBe(true);
    expect(b.loop.session?.message).toEqual({ code: HOST_CLOSED_REASON });
  });

  it('ignores loop messages outside a match, drops malformed ones, and refuses actions outside a room', async () => {
    const a = app(3);
    a.services.bridge.linkIn({ t: 'begin', key: 0, hash: 1 });
    expect(a.services.session.counters.ignoredLoop).toBe(1);
    for (const bad of [null, 'begin', { t: 'begin', key: -1, hash: 1 }, { t: 'intent' }, { t: 'launch' }]) a.services.bridge.linkIn(bad);
    expect(a.services.bridge.badLink).toBe(5);
    expect(a.services.session.counters.ignoredLoop).toBe(1);
    expect(await a.services.bridge.handle('net:act', { t: 'ready', ready: true })).toMatchObject({ ok: false, error: expect.stringContaining('not in a room') });
  });

  it('writes desync reports into the user data folder', async () => {
    const a = app(4);
    const report = {
      format: 'ball-brawl-desync', version: 1, appVersion: '0.1.0', protocolVersion: 2, me: { slot: 1, name: 'Bob' },
      detectedKey: 12, agreedKey: 11, diverged: [1], iDiverged: true, referenceSlot: 0, referenceHash: 5, myHash: 6,
      match: { seed: 1, delayMs: 30, settings: DEFAULT_SETTINGS, slots: [{ slot: 0, kind: 2, difficulty: 0, team: 0 }, { slot: 1, kind: 2, difficulty: 0, team: 0 }], trees: 1 },
      snapshot: { key: 11, base64: 'AAAA' }, detectedSnapshot: null,
      updates: [{ key: 11, inputs: [{ slot: 0, input: { move: 1, angle: 5, targetX: 0, targetY: 0, split: false, eject: false } }], events: [], delayMs: 35 }],
      myHashes: { fromKey: 11, hashes: [3, 6] }, subHashes: { key: 12, mine: [{ name: 'balls', hash: 9 }], reference: null }, firstDifference: null,
    };
    const r = await a.services.bridge.handle('net:desyncReport', report);
    if (!r.ok) throw new Error(r.error);
    const file = (r.value as { file: string }).file;
    expect(file.startsWith(path.join(a.services.bridge.appInfo().userDataDir, 'desync-reports'))).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ detectedKey: 12, me: { slot: 1 } });
  });
});
