/**
 * Bots in the match modes (modeSenses.ts): a teammate is neither prey nor a threat to flee from,
 * the same cells of another team are; in last ball standing a bot whose tree has no MoveInward
 * (the fallback) heads for the area's centre when outside its safe part, and inside it plays its
 * tree (modeLeaves.test.ts: trees with MoveInward, and the mode nodes).
 */
import { describe, expect, it } from 'vitest';
import { OPEN, decideSlot0, driverFor, place } from '../../test/fixtures/ai/botWorld';
import { createGameMap } from '../map';
import { MoveMode, TARGET_UNITS_PER_CELL, areaAt, createWorld, type MatchMode, type World } from '../sim';
import { setSlotControl } from './BotDriver';
import { Difficulty } from './brains';
import { nearestCell } from './senses';

const worldIn = (mode: MatchMode, players = 2, lengthFrames = 5400): World => createWorld(createGameMap({ picture: OPEN, id: 'test' }), { seed: 5, players, pelletTarget: 0, lengthFrames, mode });
const TEAMS: MatchMode = { teams: 2, team: [0, 0, 1], lastStanding: false };
const fleeTree = { id: 1, name: 'Sequence', children: [{ id: 2, name: 'ThreatNear', args: { range: 10 } }, { id: 3, name: 'Flee', args: { range: 10, probe: 4 } }] };

describe('bots in team matches', () => {
  it('a teammate is neither prey nor threat; another team’s cell is both', () => {
    const w = worldIn(TEAMS, 3);
    place(w, 0, 10, 4, 4000);
    place(w, 1, 14, 4, 1000); // teammate, smaller
    place(w, 2, 22, 4, 1000); // other team, smaller
    expect(nearestCell(w, 0, 20 * 1024, true)).toBe(2 * 16);
    place(w, 2, 27, 9, 1000);
    expect(nearestCell(w, 0, 10 * 1024, true)).toBe(-1); // only the teammate is near
    // The big teammate is no threat to player 1: nothing to flee.
    setSlotControl(w.bots, 1, Difficulty.Hard);
    expect(nearestCell(w, 1, 10 * 1024, false)).toBe(-1);
    setSlotControl(w.bots, 0, Difficulty.Hard);
    place(w, 0, 10, 4, 1000);
    place(w, 1, 14, 4, 4000);
    expect(decideSlot0(driverFor(fleeTree), w)).toEqual([]); // a bigger teammate beside it: it stays
  });
});

describe('bots in last ball standing', () => {
  it('a tree without MoveInward: outside the safe part of the area a bot heads for the centre; inside it plays its tree', () => {
    const w = worldIn({ teams: 0, team: [], lastStanding: true }, 2, 600);
    w.clock[0] = 550; // the area has closed to its end radius (4 cells) around the middle
    setSlotControl(w.bots, 0, Difficulty.Hard);
    const a = areaAt(w.info, w.settings, 552);
    place(w, 0, 1, 1, 1000); // far outside, in a corner
    place(w, 1, 28, 8, 1000);
    const idle = { id: 1, name: 'Succeeder' }; // wants no movement
    const out = decideSlot0(driverFor(idle), w);
    expect(out).toHaveLength(1);
    expect(out[0]!.input.move).toBe(MoveMode.Target);
    expect(out[0]!.input.targetX).toBe(Math.floor((a.x * TARGET_UNITS_PER_CELL) / 1024));
    expect(out[0]!.input.targetY).toBe(Math.floor((a.y * TARGET_UNITS_PER_CELL) / 1024));
    place(w, 0, Math.floor(a.x / 1024), Math.floor(a.y / 1024), 1000); // at the centre
    const inside = decideSlot0(driverFor(idle), w);
    expect(inside).toEqual([]); // its tree's (no) wish stands
  });
});
