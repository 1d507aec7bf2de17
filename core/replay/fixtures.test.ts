/**
 * Fixture replays as regression tests: every file under test/fixtures/replays/ is re-simulated
 * from its header and must reproduce every hash it recorded (about one a second, at each 10 s
 * snapshot, and at the end). A failure here means the simulation, the bots or the map changed:
 * if that was on purpose, regenerate the fixtures (`npx tsx scripts/gen-replay-fixtures.ts`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { defaultBrains } from '../ai';
import { PROTOCOL_VERSION } from '../lockstep';
import { APP_VERSION } from '../version';
import { parseReplay, ReplayPlayer } from '.';

const DIR = new URL('../../test/fixtures/replays/', import.meta.url);
const files = readdirSync(DIR).filter((f) => f.endsWith('.bbr')).sort();

describe('fixture replays', () => {
  it('exist (offline and lockstep)', () => {
    expect(files).toEqual(['lockstep-6.bbr', 'offline-8.bbr']);
  });

  for (const file of files) {
    it(`${file}: every recorded hash is reproduced`, () => {
      const replay = parseReplay(readFileSync(new URL(file, DIR)), { appVersion: APP_VERSION, protocolVersion: PROTOCOL_VERSION });
      const map = loadShippedMaps().get(replay.header.mapId)!;
      const player = new ReplayPlayer(replay, map, defaultBrains());
      const ok = player.playToEnd();
      expect(player.mismatch, `first mismatch in ${file}`).toBeNull();
      expect(ok).toBe(true);
      expect(player.checked).toBeGreaterThanOrEqual(25);
      expect(player.frame).toBe(replay.footer.frames);
      // Seeking through a snapshot lands on the same state too.
      player.seek(replay.footer.frames - 7);
      player.seek(replay.footer.frames);
      player.verifyFinal();
      expect(player.mismatch).toBeNull();
    });
  }
});
