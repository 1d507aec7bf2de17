/**
 * A desync with the real simulation, end to end: one peer's world is corrupted; the host names it
 * at the next sampled key; every peer's report is written to disk; comparing two reports names the
 * component, column and entity that differ.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DesyncReport } from '../../../core/lockstep';
import { SimGame } from '../../../core/lockstep';
import { Room } from '../../../core/lockstep/testing';
import { diffReports, writeDesyncReport } from './desyncReport';
import { mapLoader } from './loadMap';

describe('desync reports with the real simulation', () => {
  it('name the diverged peer, and two reports name the differing entity', async () => {
    const loadMap = mapLoader();
    const map = loadMap('arena-small');
    const room = new Room({ seed: 21, humans: 3, keepSnapshots: 16, settings: { matchSeconds: 20, map: 'arena-small' }, game: (start, trees) => ({ game: new SimGame(map, start, trees.brains) }) });
    room.joinAll();
    room.start();
    room.run(3000);
    const victim = room.client(2).anyGame as SimGame;
    const ball = victim.ball(1);
    // A simulated non-determinism that lasts (hashes are sampled every few keys: a state the
    // next frames would put back, such as a 1/1024-cell nudge at a wall, is no desync any more).
    victim.world.players.kills[ball] = (victim.world.players.kills[ball] ?? 0) + 1;
    room.run(1500);
    const reports = room.clients.map((c) => c.reports[0]);
    for (const r of reports) expect(r?.diverged).toEqual([2]);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bb-desync-'));
    try {
      for (const r of reports) if (r) await writeDesyncReport(dir, r);
      const files = readdirSync(dir).sort();
      expect(files).toHaveLength(3);
      const read = files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as DesyncReport);
      const bad = read.find((r) => r.iDiverged);
      const good = read.find((r) => !r.iDiverged);
      if (!bad || !good) throw new Error('reports missing');
      expect(bad.firstDifference?.component).toBe('scores');
      const d = diffReports(good, bad, loadMap);
      expect(d.firstDifference).toMatchObject({ component: 'scores', column: 'kills', kind: 'player', entity: ball });
      expect(d.where).toBe(`player ${ball}: scores.kills`);
      expect(d.botsDiffer).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
