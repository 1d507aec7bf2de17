/**
 * Rejoin and spectating through the app's bridge: real UDP on 127.0.0.1 only, discovery off. A
 * hosting app and a joining app play a bot match; the joiner's services are closed mid-match (its
 * app died) and a NEW app on the same user data folder sees Rejoin on the probed game, rejoins with
 * the stored token, restores the host verifier's snapshot, takes its ball back and ends on the
 * host's hash; a spectator joining mid-match ends on it too.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SlotKind } from '../../../core/lockstep';
import { createAppServices } from '../appServices';
import type { AppServices } from '../appServices';
import { findRepoRoot } from '../files/paths';
import { TOKENS_FILE } from './rejoinTokens';
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

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bb-rejoin-'));
  closers.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function app(seed: number, dir = tempDir()): { services: AppServices; loop: TestLoop; dir: string } {
  const services = createAppServices({ shell: 'browser', userDataDir: dir, resourcesDir: path.join(findRepoRoot(import.meta.dirname), 'resources'), quit: () => undefined, argv: ARGV, env: {} });
  const loop = new TestLoop(dispatcherPage(services.bridge), loadMap, seed);
  closers.push(() => services.close());
  closers.push(() => loop.stop());
  return { services, loop, dir };
}

const ended = (l: TestLoop): boolean => l.events.some((e) => e.t === 'end');

describe('LanRoom rejoin', () => {
  it('a restarted app rejoins from the stored token and a mid-match spectator follows, to the host hash', async () => {
    const a = app(31);
    const b = app(32);
    const { address } = (await a.loop.ask('net:host', { name: 'Host', colour: 1, settings: { ...DEFAULT_SETTINGS, matchSeconds: 9, maxSlots: 3 } })) as { address: string };
    await b.loop.ask('net:join', { address, name: 'Guest', spectate: false });
    expect(await until(() => (a.loop.session?.slots ?? []).filter((s) => s.kind === SlotKind.Human).length === 2, 15_000)).toBe(true);
    await a.loop.ask('net:act', { t: 'slot', slot: 2, kind: SlotKind.Bot, difficulty: 1 });
    await a.loop.ask('net:act', { t: 'start' });
    expect(await until(() => (b.loop.runner?.frame ?? 0) > 60, 8000)).toBe(true);
    expect(b.services.session.tokens.get(address)).not.toBeNull();

    // The guest's app dies: its services close (the token stays on disk), a new app starts.
    b.loop.stop();
    await b.services.close();
    const c = app(33, b.dir);
    const probed = await c.services.bridge.handle('lan:probe', { address });
    expect(probed).toMatchObject({ ok: true, value: { ok: true, game: { state: 'match', rejoin: true } } });
    expect(a.services.session.verifier?.latestSnapshot()).not.toBeNull();
    const t0 = performance.now();
    await c.loop.ask('net:join', { address, name: 'Guest', spectate: false, rejoin: true });
    const took = await until(() => c.loop.events.some((e) => e.t === 'takeover' && e.slot === 1), 5000);
    if (!took) console.log(JSON.stringify({ ev: c.loop.events, s: c.loop.session, r: c.loop.resumed && { ...c.loop.resumed, snapshot: c.loop.resumed.snapshot?.length }, frame: c.loop.runner?.frame, errs: c.loop.errors, cnt: c.services.session.counters }));
    expect(took).toBe(true);
    // In control again once the loop runs the announced takeover key.
    const takeover = c.loop.events.find((e) => e.t === 'takeover');
    const at = takeover && 'key' in takeover ? takeover.key * 3 : Infinity;
    expect(await until(() => (c.loop.runner?.frame ?? 0) > at, 5000)).toBe(true);
    const rejoinMs = performance.now() - t0;
    expect(c.loop.resumed?.fromKey ?? 0).toBeGreaterThan(0);
    expect(c.loop.resumed?.snapshot).toBeTruthy();
    expect(c.loop.start).toMatchObject({ slot: 1, player: true });

    const d = app(34);
    await d.loop.ask('net:join', { address, name: 'Watcher', spectate: true });
    expect(await until(() => d.loop.resumed !== null, 5000)).toBe(true);
    expect(d.loop.resumed?.fromKey ?? 0).toBeGreaterThan(0);
    expect(d.loop.start).toMatchObject({ slot: 255, player: false });

    expect(await until(() => ended(a.loop) && ended(c.loop) && ended(d.loop), 20_000)).toBe(true);
    expect(a.loop.events.find((e) => e.t === 'end')).toMatchObject({ agreed: true });
    expect(a.loop.finishedHash).not.toBeNull();
    expect(new Set([a.loop.finishedHash, c.loop.finishedHash, d.loop.finishedHash, a.services.session.verifier?.finishedHash]).size).toBe(1);
    const from = c.loop.resumed?.fromKey ?? 0;
    expect(c.loop.runner?.keyHashes.slice(from)).toEqual(a.loop.runner?.keyHashes.slice(from));
    expect(a.loop.errors.concat(c.loop.errors, d.loop.errors)).toEqual([]);
    expect(a.services.session.counters.verifierErrors).toBe(0);
    // The match is over: the token is gone, and the game no longer offers Rejoin.
    expect(c.services.session.tokens.get(address)).toBeNull();
    expect(await until(() => a.loop.session?.phase === 'lobby', 15_000)).toBe(true);
    expect(await c.services.bridge.handle('lan:probe', { address })).toMatchObject({ ok: true, value: { ok: true, game: { rejoin: false } } });
    console.log(`rejoin: net:join → ball controlled again (takeover key run) ${Math.round(rejoinMs)} ms`);
  });

  it('the token follows the match to the player who hosts it after the host left, where the room keeps its game id: a restarted app rejoins there from the heir verifier\'s snapshot', async () => {
    const a = app(51);
    const b = app(52);
    const c = app(53);
    const { address } = (await a.loop.ask('net:host', { name: 'Ana', colour: 1, settings: { ...DEFAULT_SETTINGS, matchSeconds: 14, maxSlots: 4 } })) as { address: string };
    // Joined by address, as a player types it: the probe tells the Join list the room's game id.
    const room = (await b.services.bridge.handle('lan:probe', { address })) as { ok: true; value: { ok: true; game: { gameId: string } } };
    await b.loop.ask('net:join', { address, name: 'Bo', spectate: false });
    await c.loop.ask('net:join', { address, name: 'Cy', spectate: false });
    expect(await until(() => (a.loop.session?.slots ?? []).filter((s) => s.kind === SlotKind.Human).length === 3, 15_000)).toBe(true);
    await a.loop.ask('net:act', { t: 'start' });
    expect(await until(() => (c.loop.runner?.frame ?? 0) > 120, 8000)).toBe(true);
    expect(c.services.session.tokens.get(address)).not.toBeNull();

    // The host leaves mid-match: Bo (the first successor) hosts it now, and Cy's token moves there.
    await a.loop.ask('net:leave', null);
    expect(await until(() => c.loop.events.some((e) => e.t === 'hosting'), 10_000)).toBe(true);
    expect(c.services.session.tokens.get(address)).toBeNull();
    const stored = (JSON.parse(readFileSync(path.join(c.dir, TOKENS_FILE), 'utf8')) as { entries: { address: string }[] }).entries.map((e) => e.address);
    expect(stored).toHaveLength(1);
    const heir = stored[0] ?? '';
    expect(heir).not.toBe(address);

    // Bo's main runs a verifier from the takeover on: it replays the match from its start, then
    // serves rejoin snapshots (a rejoin sooner replays from key 0).
    const catchUp = (): { ms: number | null; keys: number } | null => b.services.session.node?.verifierCatchUp ?? null;
    expect(await until(() => typeof catchUp()?.ms === 'number', 10_000)).toBe(true);
    console.log(`rejoin: the heir's verifier caught up in ${Math.round(catchUp()?.ms ?? -1)} ms (to key ${catchUp()?.keys})`);
    // Cy's app dies; a new app on its user data folder is offered Rejoin at Bo's, and takes its ball back.
    c.loop.stop();
    await c.services.close();
    const d = app(54, c.dir);
    // Listed once: the heir advertises the room under its game id.
    expect(await d.services.bridge.handle('lan:probe', { address: heir })).toMatchObject({ ok: true, value: { ok: true, game: { gameId: room.value.game.gameId, state: 'match', rejoin: true } } });
    await d.loop.ask('net:join', { address: heir, name: 'Cy', spectate: false, rejoin: true });
    expect(await until(() => d.loop.events.some((e) => e.t === 'takeover' && e.slot === 2), 15_000)).toBe(true);
    // The snapshot comes from the heir's verifier, as at any host.
    expect(d.loop.resumed?.snapshot).toBeTruthy();
    expect(d.loop.resumed?.fromKey ?? 0).toBeGreaterThan(0);
    expect(await until(() => ended(b.loop) && ended(d.loop), 30_000)).toBe(true);
    expect(b.loop.finishedHash).not.toBeNull();
    expect(d.loop.finishedHash).toBe(b.loop.finishedHash);
    expect(await until(() => b.services.session.verifier?.finishedHash === b.loop.finishedHash, 5000)).toBe(true);
    expect(b.loop.errors.concat(d.loop.errors)).toEqual([]);
    expect(b.services.session.counters.verifierErrors).toBe(0);
  }, 90_000);

  it('refuses a rejoin without a stored token, drops a token the host does not know, and forgets the token on a normal leave', async () => {
    const a = app(41);
    const b = app(42);
    const { address } = (await a.loop.ask('net:host', { name: 'Host', colour: 1, settings: DEFAULT_SETTINGS })) as { address: string };
    expect(await b.services.bridge.handle('net:join', { address, name: 'G', spectate: false, rejoin: true })).toMatchObject({ ok: false, error: expect.stringContaining('no stored session'), reason: { code: 'no-rejoin', params: { address } } });
    b.services.session.tokens.set(address, 12345);
    await b.loop.ask('net:join', { address, name: 'G', spectate: false, rejoin: true });
    expect(await until(() => b.loop.session?.phase === 'rejected', 15_000)).toBe(true);
    expect(b.loop.session?.message).toEqual({ code: 'reject-token' });
    expect(b.services.session.tokens.get(address)).toBeNull();
    await b.loop.ask('net:join', { address, name: 'G', spectate: false });
    expect(await until(() => b.services.session.tokens.get(address) !== null, 15_000)).toBe(true);
    await b.loop.ask('net:leave', null);
    expect(b.services.session.tokens.get(address)).toBeNull();
  });
});
