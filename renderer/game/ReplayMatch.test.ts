/**
 * The page's side of replays without a browser: an offline match records itself and hands the
 * file over when disposed (finished, or left early), and a ReplayMatch built from that file
 * re-simulates the same world, seeks, and holds at the end instead of ending.
 */
import { describe, expect, it } from 'vitest';
import { defaultBrains } from '../../core/ai';
import { PROTOCOL_VERSION } from '../../core/lockstep';
import { parseReplay, ReplayPlayer } from '../../core/replay';
import { APP_VERSION } from '../../core/version';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { OfflineMatch } from './OfflineMatch';
import { ReplayMatch } from './ReplayMatch';
import { MoveMode } from './simApi';

const map = loadShippedMaps().get('arena-small')!;
const ENV = { appVersion: APP_VERSION, protocolVersion: PROTOCOL_VERSION };

function offline(onReplay: (b: Uint8Array) => void, lengthFrames = 600): OfflineMatch {
  const players = Array.from({ length: 6 }, (_, i) => ({ slot: i, name: i === 0 ? 'Me "<b>"' : `Bot ${i}`, color: '#3fa7ff', bot: i > 0 }));
  return new OfflineMatch({ map, players, lengthFrames, seed: 12, brains: defaultBrains(), bots: players.slice(1).map((p, i) => ({ slot: p.slot, level: (['easy', 'normal', 'hard'] as const)[i % 3]! })), date: '2026-03-04T05:06:07.000Z', onReplay });
}

describe('offline recording and the replay session', () => {
  it('a finished offline match replays to the same world, and the session seeks and holds at the end', () => {
    let file: Uint8Array | null = null;
    const m = offline((b) => (file = b));
    const hashes: number[] = [];
    for (let f = 0; !m.world.ended; f++) {
      if (f % 45 === 0) m.submit({ move: MoveMode.Direction, angle: (f * 37) % 4096, targetX: 0, targetY: 0, split: f % 90 === 0, eject: f % 135 === 0 });
      if (f === 200) m.submit({ move: MoveMode.Target, angle: 0, targetX: 300, targetY: 200, split: false, eject: false });
      hashes.push(m.match.hash());
      m.stepOnce();
    }
    hashes.push(m.match.hash());
    m.dispose();
    m.dispose(); // once only
    expect(file).not.toBeNull();
    const replay = parseReplay(file!, ENV);
    expect(replay.header.roster[0]!.name).toBe('Me "<b>"');
    expect(replay.footer.complete).toBe(true);
    const s = new ReplayMatch(new ReplayPlayer(replay, map, defaultBrains()), map);
    expect(s.mySlot).toBeNull();
    expect(s.holdAtEnd).toBe(true);
    while (s.available() > 0) s.stepOnce();
    expect(s.world.ended).toBe(true);
    expect(s.player.runner.hash()).toBe(hashes[600]);
    expect(s.player.mismatch).toBeNull();
    s.seek(333);
    expect(s.player.runner.hash()).toBe(hashes[333]);
    expect(s.world.ended).toBe(false);
    expect(s.available()).toBe(267);
  });

  it('leaving mid-match still hands over a valid, partial replay', () => {
    let file: Uint8Array | null = null;
    const m = offline((b) => (file = b), 3000);
    for (let f = 0; f < 100; f++) m.stepOnce();
    m.dispose();
    const replay = parseReplay(file!, ENV);
    expect(replay.footer).toMatchObject({ frames: 100, complete: false, winner: null });
    expect(new ReplayPlayer(replay, map, defaultBrains()).playToEnd()).toBe(true);
  });
});
