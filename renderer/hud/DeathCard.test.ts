/**
 * The death card's facts and words (the card itself is DOM, drawn in e2e/match.spec.ts): who ate
 * your last cell, read from the frame's events, and "Eaten by Bo (8 400)" in both catalogs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultBrains } from '../../core/ai';
import { parseTiledMap } from '../../core/map';
import { EventKind, SimEvents, ownerOf } from '../../core/sim';
import { OfflineMatch } from '../game/OfflineMatch';
import { massText } from '../game/ranking';
import { en } from '../i18n/en';
import { fill } from '../i18n/spacing';
import { zhCN } from '../i18n/zh-CN';
import { eaterOf } from './DeathCard';

describe('death card', () => {
  it('names the player that ate your last cell, not one you ate, nor a cell of yours eaten while others live', () => {
    const ev = new SimEvents();
    ev.push(EventKind.CellEaten, 32, 1, 1600); // slot 2 eats one of your cells…
    ev.push(EventKind.PlayerEaten, 0, 3, 5000, 0); // …you eat slot 3's last cell
    expect(eaterOf(ev, 0)).toBe(-1);
    expect(eaterOf(ev, 3)).toBe(0);
    ev.push(EventKind.CellEaten, 32, 0, 1600);
    ev.push(EventKind.PlayerEaten, 2, 0, 8400, 32);
    expect(eaterOf(ev, 0)).toBe(2);
  });

  it('in an offline match, is the owner of the cell that ate yours, at the frame you go out', () => {
    const dir = path.resolve(import.meta.dirname, '../../resources/maps');
    const map = parseTiledMap(JSON.parse(readFileSync(path.join(dir, 'arena-small.tmj'), 'utf8')), 'arena-small.tmj', (s) => JSON.parse(readFileSync(path.join(dir, s), 'utf8')), 'arena-small');
    const players = Array.from({ length: 16 }, (_, i) => ({ slot: i, name: `P${i}`, color: '#808080', bot: i > 0 }));
    const m = new OfflineMatch({ map, players, lengthFrames: 3 * 60 * 30, seed: 4, brains: defaultBrains(), bots: players.slice(1).map((p) => ({ slot: p.slot, level: 'hard' as const })) });
    let eater = -1;
    while (eater < 0 && !m.world.ended) {
      m.stepOnce();
      eater = eaterOf(m.world.events, 0);
    }
    expect(eater, 'standing still among 15 Hard bots, you are eaten within 3 minutes').toBeGreaterThan(0);
    expect(m.world.players.alive[0]).toBe(0);
    const last = m.world.events.toArray().filter((e) => e.kind === EventKind.CellEaten && ownerOf(e.b) === 0).at(-1)!;
    expect(ownerOf(last.a)).toBe(eater);
  });

  it('reads "Eaten by Bo (8 400)" and "被 Bo 吃掉（8 400）"; a Chinese name needs no space', () => {
    expect(fill(en['death.eatenBy'], { eater: 'Bo', mass: massText(8400) })).toBe('Eaten by Bo (8\u202f400)');
    expect(fill(zhCN['death.eatenBy'], { eater: 'Bo', mass: massText(8400) })).toBe('被 Bo 吃掉（8\u202f400）');
    expect(fill(zhCN['death.eatenBy'], { eater: '小明', mass: massText(950) })).toBe('被小明吃掉（950）');
  });
});
