/**
 * ReplayStore on a real temp folder: save validates and stores, list shows valid, damaged and
 * incompatible files (with their messages, never throwing), read round-trips, prune keeps the
 * newest N, and no id can reach outside the folder (store and bridge validators both refuse).
 */
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../core/net/header';
import { loadShippedMaps } from '../../../test/fixtures/maps/shipped';
import { recordOffline } from '../../../test/fixtures/replays/record';
import { ReplayStore } from './replays';
import { REPLAY_VALIDATORS } from '../bridge/replayRequests';
import { tempDir } from '../../../test/tempDir';

let replay: Buffer;

beforeAll(() => {
  replay = Buffer.from(recordOffline(loadShippedMaps().get('arena-small')!, { seconds: 6, players: 3, humans: [0], seed: 4 }).bytes);
});

function store(keep = 20): { s: ReplayStore; dir: string } {
  const userData = tempDir('replays');
  return { s: new ReplayStore(userData, () => keep), dir: path.join(userData, 'replays') };
}

describe('ReplayStore', () => {
  it('saves, lists and reads back a replay', async () => {
    const { s } = store();
    expect(await s.list()).toEqual([]);
    const { id } = await s.save(replay.toString('base64'));
    expect(id).toMatch(/^\d{8}-\d{6}-\d{3}-[0-9a-f]{6}$/);
    const list = await s.list();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id, date: '2026-01-02T03:04:05.000Z', mapId: 'arena-small', map: 'Arena', players: ['P0', 'P1', 'P2'], seconds: 6, bytes: replay.length, error: null });
    expect(list[0]!.winner).toMatch(/^P[012]$/);
    expect((await s.read(id)).base64).toBe(replay.toString('base64'));
  });

  it('refuses to save a damaged or foreign file, saying why', async () => {
    const { s, dir } = store();
    const bad = Buffer.from(replay);
    bad[30]! ^= 4;
    await expect(s.save(bad.toString('base64'))).rejects.toThrow(/checksum mismatch in chunk 0/);
    await expect(s.save(Buffer.from('hello world!').toString('base64'))).rejects.toThrow(/not a Ball Brawl replay/);
    await expect(s.save(replay.subarray(0, replay.length - 3).toString('base64'))).rejects.toThrow(/truncated/);
    expect(() => readdirSync(dir)).toThrow(); // nothing was written, not even the folder
  });

  it('lists damaged and incompatible files with their message', async () => {
    const { s, dir } = store();
    await s.save(replay.toString('base64'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'cut.bbr'), replay.subarray(0, 200));
    writeFileSync(path.join(dir, 'junk.bbr'), 'not a replay at all');
    writeFileSync(path.join(dir, 'ignored.txt'), 'x');
    writeFileSync(path.join(dir, '..bbr'), 'x');
    const other = new ReplayStore(path.dirname(dir), () => 20, { appVersion: '9.0.0', protocolVersion: PROTOCOL_VERSION - 1 });
    const list = await s.list();
    expect(list.map((e) => e.id).sort()).toEqual([expect.stringMatching(/^\d{8}/), 'cut', 'junk'].sort());
    expect(list.find((e) => e.id === 'cut')!.error).toEqual({ code: 'truncated' });
    expect(list.find((e) => e.id === 'junk')!.error).toEqual({ code: 'not-replay' });
    const foreign = (await other.list()).find((e) => e.error?.code === 'incompatible');
    expect(foreign).toMatchObject({ mapId: 'arena-small', map: 'Arena', error: { code: 'incompatible' } });
  });

  it('prunes to the newest keepReplays files', async () => {
    const { s, dir } = store(3);
    mkdirSync(dir, { recursive: true });
    const t0 = Date.now() / 1000 - 1000;
    for (let i = 0; i < 4; i++) {
      writeFileSync(path.join(dir, `old${i}.bbr`), replay);
      utimesSync(path.join(dir, `old${i}.bbr`), t0 + i, t0 + i);
    }
    const { id } = await s.save(replay.toString('base64'));
    const left = readdirSync(dir).sort();
    expect(left).toEqual([`${id}.bbr`, 'old2.bbr', 'old3.bbr'].sort());
  });

  it('refuses ids that could leave the folder', async () => {
    const { s } = store();
    for (const id of ['../settings', '..', 'a/b', 'a\\b', '.hidden', '', 'x'.repeat(65), 'a.bbr', '/etc/passwd', 'C:evil']) {
      await expect(s.read(id), id).rejects.toThrow(/invalid replay id/);
      expect(REPLAY_VALIDATORS['replays:read']({ id }), id).toEqual(expect.any(String));
    }
    expect(REPLAY_VALIDATORS['replays:read']({ id: '20260102-030405-123-9f3a1c' })).toEqual({ id: '20260102-030405-123-9f3a1c' });
  });

  it('validates save payloads: size cap and base64 alphabet', () => {
    const v = REPLAY_VALIDATORS['replays:save'];
    expect(v({ base64: 'QkJSUA==' })).toEqual({ base64: 'QkJSUA==' });
    expect(v({ base64: 'QkJ SUA==' })).toMatch(/base64/);
    expect(v({ base64: 'QkJSUA=' })).toMatch(/base64/);
    expect(v({ base64: '' })).toMatch(/expected/);
    expect(v({ base64: 42 })).toMatch(/expected/);
    expect(v(null)).toMatch(/expected/);
    expect(v({ base64: 'A'.repeat((64 << 20) + 4) })).toMatch(/too large/);
    expect(REPLAY_VALIDATORS['replays:list'](null)).toBeNull();
    expect(REPLAY_VALIDATORS['replays:list']({})).toMatch(/no payload/);
  });
});
