/**
 * The networked session on the real map and simulation, with the bridge faked: the display loop's
 * drive() runs frames only as updates arrive, in equal lockstep on two peers; a 2 s backlog drains
 * within 1 s without any animation frame running more than a few logic frames; a desync notice
 * names who diverged and the report goes to main. The bots play the trees the start hands over
 * (a host's edited tree included), and trees of another fingerprint are refused.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NetAction, NetUp, NetStart } from '../../electron/contract';
import { builtInSource, compileTreeSet, defaultBrains, defaultTreeSet, Difficulty } from '../../core/ai';
import type { TreeSet } from '../../core/ai';
import { parseTiledMap } from '../../core/map';
import { parseReplay, ReplayPlayer } from '../../core/replay';
import { PROTOCOL_VERSION } from '../../core/lockstep';
import { DESYNC_NOTICE_MS, LockstepMatch } from './LockstepMatch';
import type { ResumeFrom } from './LockstepMatch';
import { NetPort } from './netPort';
import { t } from '../i18n';
import { DEFAULT_SETTINGS, SlotKind, firstCell, type KeyUpdate, type LobbySlot } from './simApi';

const dir = path.resolve(import.meta.dirname, '..', '..', 'resources', 'maps');
const map = parseTiledMap(JSON.parse(readFileSync(path.join(dir, 'arena-small.tmj'), 'utf8')), 'arena-small.tmj', (s) => JSON.parse(readFileSync(path.join(dir, s), 'utf8')), 'arena-small');
const TICK = 1000 / 60;
const slots: LobbySlot[] = [
  { kind: SlotKind.Human, difficulty: 0, colour: 0, ready: true, name: 'Ann', team: 0 },
  { kind: SlotKind.Open, difficulty: 0, colour: 0, ready: false, name: '', team: 0 },
  { kind: SlotKind.Human, difficulty: 0, colour: 1, ready: true, name: '<b>Bob</b>', team: 0 },
  { kind: SlotKind.Bot, difficulty: 1, colour: 2, ready: true, name: 'Bot 4', team: 0 },
];

function netStart(mySlot: number, trees: TreeSet = defaultTreeSet(), print = trees.brains.fingerprint): NetStart {
  return {
    start: { seed: 42, delayMs: 100, settings: { ...DEFAULT_SETTINGS, matchSeconds: 10 }, slots: [0, 2, 3].map((s) => ({ slot: s, kind: slots[s]!.kind, difficulty: 2, team: 0 })), trees: print },
    slot: mySlot,
    player: true,
    lastKey: 99,
    trees: trees.sources,
  };
}

function peer(mySlot: number, onReplay?: (bytes: Uint8Array) => void, resume?: ResumeFrom, trees?: TreeSet): { match: LockstepMatch; port: NetPort; loop: NetUp[]; acts: NetAction[]; reports: unknown[] } {
  const start = netStart(mySlot, trees);
  const loop: NetUp[] = [];
  const acts: NetAction[] = [];
  const reports: unknown[] = [];
  const port = new NetPort(start, (m) => loop.push(m), resume?.fromKey ?? 0);
  const match = new LockstepMatch({ map, start, port, slots, appVersion: 'test', myName: 'me', resume: resume ?? null, ...(onReplay ? { onReplay } : {}), calls: { act: (a) => acts.push(a), report: (r) => (reports.push(r), Promise.resolve('/tmp/r.json')) } });
  return { match, port, loop, acts, reports };
}

const updates = (from: number, to: number): KeyUpdate[] => Array.from({ length: to - from + 1 }, (_, i) => ({ key: from + i, inputs: i === 2 ? [{ slot: 0, input: { move: 1, angle: 512, targetX: 0, targetY: 0, split: false, eject: false } }] : [], events: [] }));
const hooks = { before: (): void => undefined, after: (): void => undefined };

describe('LockstepMatch', () => {
  it('names and colours players by ball id from the lobby, and maps my lobby slot to my ball', () => {
    const { match } = peer(2);
    expect(match.players.map((p) => [p.slot, p.name, p.bot])).toEqual([[0, 'Ann', false], [1, '<b>Bob</b>', false], [2, 'Bot 4', true]]);
    expect(match.mySlot).toBe(1);
    expect(match.players[1]!.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('runs only confirmed frames, with equal key hashes on two peers, and calls the hooks around each', () => {
    const a = peer(0);
    const b = peer(2);
    let steps = 0;
    const counting = { before: (): void => void steps++, after: (): void => undefined };
    for (const p of [a, b]) p.port.push(updates(0, 9));
    for (let now = 0; now < 3000; now += TICK) {
      a.match.drive(now, counting);
      b.match.drive(now, hooks);
    }
    expect(a.match.runner.frame).toBe(10 * DEFAULT_SETTINGS.keyInterval);
    expect(steps).toBe(a.match.runner.frame);
    expect(a.match.available()).toBe(0);
    expect(b.match.runner.keyHashes).toEqual(a.match.runner.keyHashes);
    expect(a.loop.filter((m) => m.t === 'blocked')).toHaveLength(1);
  });

  it('drains a 2 s backlog within 1 s, never more than 8 frames per animation frame', () => {
    const { match, port } = peer(0);
    port.push(updates(0, 19)); // 2 s of keys at once
    let now = 0;
    let most = 0;
    while (match.available() > (1 + 1) * DEFAULT_SETTINGS.keyInterval && now < 5000) {
      most = Math.max(most, match.drive(now, hooks));
      now += TICK;
    }
    expect(now).toBeLessThanOrEqual(1000);
    expect(most).toBeLessThanOrEqual(8);
  });

  it('shows the wait dialog state only after the grace, and a desync notice naming who diverged', async () => {
    const { match, port, reports } = peer(0);
    port.push(updates(0, 0));
    let now = 0;
    for (; now < 1000; now += TICK) match.drive(now, hooks);
    port.setStatus({ status: { state: 1, key: 1, heldMs: 900, votesNeeded: 1, voteInMs: 5000, forceInMs: 9000, waiting: [{ slot: 2, cause: 2, votes: 0 }], pausedBy: 0 }, hostSilentMs: 0, pace: 1, rttMs: 1, delayMs: 100, bytesInPerSec: 0, bytesOutPerSec: 0, frames: 'off' });
    const wait = match.overlay(now).wait;
    expect(wait?.awaited.map((w) => [w.name, w.cause])).toEqual([['<b>Bob</b>', 'slow']]);
    match.onEvent({ t: 'desync', key: 0, agreedKey: -1, refHash: 1, refSlot: 0, slots: [2] });
    expect(match.overlay(now).notice).toContain('<b>Bob</b>');
    match.onEvent({ t: 'refsub', key: 0, refSlot: 0, hashes: [1, 2, 3] });
    expect(reports).toHaveLength(1);
    await Promise.resolve();
    expect(match.overlay(now).notice).toContain('/tmp/r.json');
    expect(match.overlay(performance.now() + DESYNC_NOTICE_MS - 1000).notice).toContain('/tmp/r.json');
    expect(match.overlay(performance.now() + DESYNC_NOTICE_MS + 1).notice).toBeNull(); // it does not stay for good
  });

  it('a new host is one line: who left and who hosts now (a dedicated host is "the host"); the old host\'s drop says nothing more', () => {
    const { match } = peer(3);
    match.onEvent({ t: 'dropped', slot: 0, key: 40, why: 6 });
    expect(match.overlay(0).notice).toBeNull();
    match.onEvent({ t: 'hosting', slot: 2, left: 0, me: false });
    expect(match.overlay(0).notice).toBe(t('net.hosting', { left: 'Ann', host: '<b>Bob</b>' }));
    match.onEvent({ t: 'hosting', slot: 3, left: 255, me: true });
    expect(match.overlay(0).notice).toBe(t('net.hostingMe', { left: t('net.theHost') }));
  });

  it('a report main could not write is told in player words, not main\'s message', async () => {
    const start = netStart(0);
    const port = new NetPort(start, () => undefined, 0);
    const failing = { act: () => undefined, report: () => Promise.reject(Object.assign(new Error('net:desyncReport: EACCES'), { reason: { code: 'unexpected', params: { detail: 'EACCES' } } })) };
    const match = new LockstepMatch({ map, start, port, slots, appVersion: 'test', myName: 'me', resume: null, calls: failing });
    port.push(updates(0, 0));
    for (let now = 0; now < 200; now += TICK) match.drive(now, hooks);
    match.onEvent({ t: 'desync', key: 0, agreedKey: -1, refHash: 1, refSlot: 0, slots: [2] });
    match.onEvent({ t: 'refsub', key: 0, refSlot: 0, hashes: [1, 2, 3] });
    await new Promise((r) => setTimeout(r, 0));
    const notice = match.overlay(0).notice ?? '';
    expect(notice).toContain('<b>Bob</b>');
    expect(notice).toBe(t('net.desyncReportFailed', { key: 0, names: '<b>Bob</b>', reason: t('reason.unexpected', { detail: 'EACCES' }) }));
    expect(notice).not.toContain('net:desyncReport'); // main's log message is not player words
  });

  it('records the match: its replay, played back, reproduces every key hash and the final state', () => {
    let file: Uint8Array | null = null;
    const { match, port } = peer(0, (bytes) => (file = bytes));
    const withEvent = updates(0, 59);
    withEvent[20] = { ...withEvent[20]!, events: [{ kind: 1, slot: 2, difficulty: 2 }] }; // Bob drops to a bot
    port.push(withEvent);
    for (let now = 0; now < 8000 && match.available() > 0; now += TICK) match.drive(now, hooks);
    const frames = match.runner.frame;
    const hash = match.sim.hash();
    match.dispose();
    expect(file).not.toBeNull();
    const replay = parseReplay(file!, { appVersion: 'test', protocolVersion: PROTOCOL_VERSION });
    expect(replay.footer.frames).toBe(frames);
    const player = new ReplayPlayer(replay, map, defaultBrains());
    expect(player.playToEnd()).toBe(true);
    expect(player.checked).toBeGreaterThan(3);
    expect(player.runner.hash()).toBe(hash);
  });

  it('resumes from a snapshot mid-match (rejoin): fast-forwards the backlog to the same key hashes, records no replay', () => {
    const a = peer(0);
    const I = DEFAULT_SETTINGS.keyInterval;
    a.port.push(updates(0, 19));
    for (let now = 0; now < 5000 && a.match.runner.frame < 20 * I; now += TICK) a.match.drive(now, hooks);
    expect(a.match.runner.frame).toBe(20 * I);
    const snapshot = a.match.sim.snapshot();
    let file: Uint8Array | null = null;
    const b = peer(2, (bytes) => (file = bytes), { fromKey: 20, snapshot });
    expect(b.match.runner.frame).toBe(20 * I);
    expect(b.match.sim.hash()).toBe(a.match.sim.hash());
    expect(b.match.sim.brains.fingerprint).toBe(defaultBrains().fingerprint);
    a.port.push(updates(20, 39));
    b.port.push(updates(20, 39));
    // The whole backlog runs on the first animation frame: the loop is at the live edge at once.
    b.match.drive(0, hooks);
    expect(b.match.runner.frame).toBe(40 * I);
    for (let now = 5000; now < 10_000 && a.match.available() > 0; now += TICK) a.match.drive(now, hooks);
    expect(b.match.runner.keyHashes.slice(20)).toEqual(a.match.runner.keyHashes.slice(20));
    expect(b.loop.filter((m) => m.t === 'begin').map((m) => (m as { key: number }).key)).toEqual([...Array(20).keys()].map((k) => k + 20));
    b.match.dispose();
    expect(file).toBeNull();
  });

  it('builds its bots from the trees the start hands over, records them, and refuses trees of another fingerprint', () => {
    const edited = compileTreeSet([builtInSource(Difficulty.Easy), builtInSource(Difficulty.Normal), builtInSource(Difficulty.Hard).replace('"range":32', '"range":6')]);
    expect(edited.brains.fingerprint).not.toBe(defaultBrains().fingerprint);
    let file: Uint8Array | null = null;
    const run = (trees: TreeSet, onReplay?: (b: Uint8Array) => void): LockstepMatch => {
      const { match, port } = peer(0, onReplay, undefined, trees);
      port.push(updates(0, 59));
      for (let now = 0; now < 8000 && match.available() > 0; now += TICK) match.drive(now, hooks);
      return match;
    };
    const a = run(edited, (bytes) => (file = bytes));
    expect(a.sim.brains.fingerprint).toBe(edited.brains.fingerprint);
    // The Hard bot (slot 3) plays the edited tree: the same inputs end elsewhere than with the built-in one.
    expect(run(defaultTreeSet()).sim.hash()).not.toBe(a.sim.hash());
    a.dispose();
    const replay = parseReplay(file!, { appVersion: 'test', protocolVersion: PROTOCOL_VERSION });
    expect(replay.header.brains).toBe(edited.brains.fingerprint);
    // Another fingerprint than the start's, or sources that do not load: refused, never run.
    const map2 = { map, port: new NetPort(netStart(0), () => undefined), slots, appVersion: 't', myName: 'me', calls: { act: () => undefined, report: () => Promise.resolve('') } };
    expect(() => new LockstepMatch({ ...map2, start: netStart(0, edited, defaultBrains().fingerprint) })).toThrow(/not the ones the host named/);
    expect(() => new LockstepMatch({ ...map2, start: { ...netStart(0), trees: ['{}', '{}', '{}'] } })).toThrow(/do not load/);
  });

  it('draws my cells ahead of the confirmed ones after a key press only with "Predict my ball" on, and never for a spectator', () => {
    const build = (start: NetStart, predict: boolean): { match: LockstepMatch; port: NetPort } => {
      const port = new NetPort(start, () => undefined);
      const match = new LockstepMatch({ map, start, port, slots, appVersion: 't', myName: 'me', predict, calls: { act: () => undefined, report: () => Promise.resolve('') } });
      // Keys 0-2 confirmed and run; key 3's update is not here yet: the loop waits at frame 9.
      port.push(updates(0, 2).map((u) => ({ ...u, inputs: [] })));
      for (let now = 0; now < 1000; now += TICK) match.drive(now, hooks);
      match.submit({ move: 1, angle: 0, targetX: 0, targetY: 0, split: false, eject: false });
      return { match, port };
    };
    const on = build(netStart(0), true).match;
    const own = on.ownPrediction();
    const first = firstCell(on.mySlot!);
    expect(own?.first).toBe(first);
    expect(own!.world.cells.x[first]).toBeGreaterThan(on.world.cells.x[first]!);
    expect(on.net().predictFrames).toBeGreaterThan(0);
    const off = build(netStart(0), false).match;
    expect(off.ownPrediction()).toBeNull();
    expect(off.net().predictFrames).toBeNull();
    const spectator = build({ ...netStart(0), player: false }, true).match;
    expect(spectator.mySlot).toBeNull();
    expect(spectator.ownPrediction()).toBeNull();
  });
});
