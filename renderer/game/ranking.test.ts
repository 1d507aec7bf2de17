import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTiledMap } from '../../core/map';
import { OfflineMatch } from './OfflineMatch';
import { clockText, massText, rankOf } from './ranking';
import { RULES, scoreboard } from './simApi';
import { defaultBrains } from '../../core/ai';

const dir = path.resolve(import.meta.dirname, '../../resources/maps');
const map = parseTiledMap(JSON.parse(readFileSync(path.join(dir, 'arena-small.tmj'), 'utf8')), 'arena-small.tmj', (s) => JSON.parse(readFileSync(path.join(dir, s), 'utf8')), 'arena-small');

function match(players: number, lengthFrames: number): OfflineMatch {
  const list = Array.from({ length: players }, (_, i) => ({ slot: i, name: `P${i}`, color: '#808080', bot: i > 0 }));
  const bots = list.slice(1);
  return new OfflineMatch({ map, players: list, lengthFrames, seed: 9, brains: defaultBrains(), bots: bots.map((p) => ({ slot: p.slot, level: 'hard' as const })) });
}

describe('HUD ranking and mass history', () => {
  it('ranks every player exactly as core’s scoreboard does, without allocating a board', () => {
    const m = match(12, 3000);
    for (let f = 0; f < 900; f++) {
      m.stepOnce();
      if (f % 150 !== 0) continue;
      for (const row of scoreboard(m.world)) expect(rankOf(m.world, row.slot)).toBe(row.rank);
    }
  });

  it('samples mass once a second of game time until the end, for every player', () => {
    const m = match(4, 95);
    while (!m.world.ended) m.stepOnce();
    expect(m.history.length).toBe(5); // frames 0, 30, 60, 90 and the last (95)
    for (let k = 0; k < m.history.length; k++) expect(m.history.at(0, k)).toBeGreaterThanOrEqual(0);
    expect(m.history.at(0, 0)).toBe(RULES.startMass);
    expect(m.available()).toBe(0);
  });

  it('formats the match clock', () => {
    expect(clockText(5400, 30)).toBe('3:00');
    expect(clockText(31, 30)).toBe('0:02');
    expect(clockText(-5, 30)).toBe('0:00');
  });

  it('writes masses in groups of three digits split by a narrow no-break space', () => {
    expect(massText(8400)).toBe('8\u202f400');
    expect(massText(RULES.startMass)).toBe('1\u202f600');
    expect(massText(40000)).toBe('40\u202f000');
    expect(massText(1234567)).toBe('1\u202f234\u202f567');
    expect(massText(950)).toBe('950');
    expect(massText(0)).toBe('0');
  });
});
