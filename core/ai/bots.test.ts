/**
 * Bots in a world of cells: what the game leaves perceive and want (visibility, fleeing around
 * walls, chasing through the path planner, giving up on unreachable goals) and input emission
 * (changes only). Split attacks, split threats and viruses: cellNodes.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { OPEN, decideSlot0, driverFor, place, placeCell, worldOn } from '../../test/fixtures/ai/botWorld';
import { FX_HALF, FX_ONE } from '../math';
import { MoveMode, radiusOf, step } from '../sim';
import { setSlotControl } from './BotDriver';
import { Difficulty } from './brains';
import { Bb } from './layout';
import { nearestCell } from './senses';

describe('perception and actions', () => {
  const fleeTree = { id: 1, name: 'Sequence', children: [{ id: 2, name: 'ThreatNear', args: { range: 10 } }, { id: 3, name: 'Flee', args: { range: 10, probe: 4 } }] };

  it('flees from a visible threat, but not from one hidden in a bush', () => {
    const picture = OPEN.replace(/^(\.{20})\.\./m, '$1**');
    const w = worldOn(picture, 2);
    const bots = w.bots;
    setSlotControl(bots, 0, Difficulty.Hard);
    place(w, 0, 10, 0, 1000);
    const threat = place(w, 1, 21, 0, 4000);
    w.cells.inBush[threat] = 1;
    const d = driverFor(fleeTree);
    expect(decideSlot0(d, w)).toEqual([]);
    w.cells.inBush[threat] = 0;
    const out = decideSlot0(d, w);
    expect(out).toHaveLength(1);
    expect(out[0]!.input.move).toBe(MoveMode.Direction);
    const a = out[0]!.input.angle;
    expect(a > 1024 && a < 3072).toBe(true); // heading west, away from the threat in the east
  });

  it('flees along a wall rather than into it', () => {
    // A wall along column 12, rows 1..8: the bot at (11, 5) has it right behind its back.
    const walled = OPEN.split('\n').map((l, r) => (r >= 1 && r <= 8 ? l.slice(0, 12) + '#' + l.slice(13) : l)).join('\n');
    const w = worldOn(walled, 2);
    const bots = w.bots;
    setSlotControl(bots, 0, Difficulty.Hard);
    place(w, 0, 11, 5);
    place(w, 1, 8, 5, 4000);
    const out = decideSlot0(driverFor(fleeTree), w);
    const a = out[0]!.input.angle;
    expect(out[0]!.input.move).toBe(MoveMode.Direction);
    expect(a === 1024 || a === 3072 || (a > 512 && a < 1536) || (a > 2560 && a < 3584)).toBe(true); // north or south, not east into the wall
  });

  it('chases a smaller cell behind a wall through the path planner, straight when clear', () => {
    const wall = OPEN.split('\n').map((l, r) => (r >= 1 && r <= 8 ? l.slice(0, 15) + '#' + l.slice(16) : l)).join('\n');
    const w = worldOn(wall, 2);
    const bots = w.bots;
    setSlotControl(bots, 0, Difficulty.Hard);
    place(w, 0, 12, 4, 4000);
    const prey = place(w, 1, 19, 4, 1000);
    const d = driverFor({ id: 1, name: 'Sequence', children: [{ id: 2, name: 'SmallerTargetNear', args: { range: 12 } }, { id: 3, name: 'Chase', args: { retarget: 3, range: 12 } }] });
    const blocked = decideSlot0(d, w);
    expect(blocked[0]!.input.move).toBe(MoveMode.Target);
    expect(bots.mem[Bb.Target]).toBe(prey + 1);
    place(w, 1, 12, 8, 1000);
    w.clock[0]! += 3;
    const clear = decideSlot0(d, w);
    expect(clear[0]!.input.move).toBe(MoveMode.Direction);
  });

  it('leaves a spawn-protected player alone: not prey, and a chase of one gives up', () => {
    const w = worldOn(OPEN, 2);
    setSlotControl(w.bots, 0, Difficulty.Hard);
    const hunter = place(w, 0, 10, 5, 4000);
    const prey = place(w, 1, 14, 5, 1000);
    expect(nearestCell(w, 0, 8 * FX_ONE, true)).toBe(prey);
    // MemSequence: the second decision resumes the running Chase without looking for prey again.
    const d = driverFor({ id: 1, name: 'MemSequence', children: [{ id: 2, name: 'SmallerTargetNear', args: { range: 8 } }, { id: 3, name: 'Chase', args: { retarget: 3, range: 12 } }] });
    expect(decideSlot0(d, w)).toHaveLength(1);
    expect(w.bots.mem[Bb.Target]).toBe(prey + 1);
    w.players.shield[1] = 30;
    expect(nearestCell(w, 0, 8 * FX_ONE, true)).toBe(-1);
    expect(nearestCell(w, 1, 8 * FX_ONE, false)).toBe(hunter); // the protected player still sees its threat
    w.clock[0]! += 3;
    decideSlot0(d, w);
    expect(w.bots.mem[Bb.Target]).toBe(0);
  });

  it('hunts the smallest cell of a split player, and fears the big one guarding it', () => {
    const w = worldOn(OPEN, 2);
    setSlotControl(w.bots, 0, Difficulty.Hard);
    place(w, 0, 10, 5, 3000);
    const big = place(w, 1, 17, 2, 9000);
    const small = placeCell(w, 1, 3, 14, 5, 1200);
    expect(nearestCell(w, 0, 8 * FX_ONE, true)).toBe(small);
    expect(nearestCell(w, 0, 8 * FX_ONE, false)).toBe(big);
    // Player 1 guards its smallest cell: 3000 threatens its 1200, not its 2600.
    expect(nearestCell(w, 1, 8 * FX_ONE, false)).toBe(0);
    placeCell(w, 1, 3, 14, 5, 2600);
    expect(nearestCell(w, 1, 8 * FX_ONE, false)).toBe(-1);
  });

  it('emits only changes: the same wanted input twice is sent once', () => {
    const w = worldOn(OPEN, 1);
    const bots = w.bots;
    setSlotControl(bots, 0, Difficulty.Hard);
    place(w, 0, 5, 5);
    const d = driverFor({ id: 1, name: 'Sequence', children: [{ id: 2, name: 'Wait', args: { frames: 0 } }] });
    expect(decideSlot0(d, w)).toEqual([]);
    const hide = driverFor({ id: 1, name: 'Flee' });
    expect(decideSlot0(hide, w)).toEqual([]);
    const wander = driverFor({ id: 1, name: 'Wander', args: { range: 6 } });
    const first = decideSlot0(wander, w).map((i) => ({ slot: i.slot, input: { ...i.input } }));
    expect(first).toHaveLength(1);
    step(w, first);
    w.clock[0]! += 2;
    expect(decideSlot0(wander, w)).toEqual([]);
  });

  it('MoveTo succeeds, and forgets the goal, once the lead cell is on it', () => {
    const w = worldOn(OPEN, 1);
    const bots = w.bots;
    setSlotControl(bots, 0, Difficulty.Hard);
    place(w, 0, 5, 5);
    bots.mem[Bb.GoalX] = 5 * FX_ONE + FX_HALF + radiusOf(1000) / 4;
    bots.mem[Bb.GoalY] = 5 * FX_ONE + FX_HALF;
    bots.mem[Bb.GoalKind] = 2;
    decideSlot0(driverFor({ id: 1, name: 'MoveTo' }), w);
    expect(bots.mem[Bb.LastStatus]).toBe(1);
    expect(bots.mem[Bb.GoalKind]).toBe(0);
  });
});

describe('unreachable goals', () => {
  it('MoveTo gives up on a point the lead cell does not fit into and remembers to avoid it', () => {
    const pocket = `
##############################
#............................#
#............................#
#............................#
#............................#
#.............#.#............#
#.............#.#............#
#.............#.#............#
#.............###............#
##############################`;
    const w = worldOn(pocket, 1);
    setSlotControl(w.bots, 0, Difficulty.Hard);
    place(w, 0, 5, 2, 8000);
    const goalCell = 7 * 30 + 15;
    w.bots.mem[Bb.GoalX] = 15 * FX_ONE + FX_HALF;
    w.bots.mem[Bb.GoalY] = 7 * FX_ONE + FX_HALF;
    w.bots.mem[Bb.GoalKind] = 2;
    const d = driverFor({ id: 1, name: 'MoveTo' });
    let failedAt = -1;
    for (let f = 0; f < 600 && failedAt < 0; f++) {
      step(w, d.decide(w));
      if (w.bots.mem[Bb.LastStatus] === 2) failedAt = f;
    }
    expect(failedAt).toBeGreaterThan(0);
    expect(w.bots.mem[Bb.Avoid]).toBe(goalCell + 1);
    expect(w.bots.mem[Bb.GoalKind]).toBe(0);
    expect(w.cells.x[0]! >> 10).not.toBe(15); // it never got into the pocket: it gave up
  });
});

describe('death', () => {
  it('an eaten bot forgets everything and starts fresh when it respawns', () => {
    const w = worldOn(OPEN, 1);
    setSlotControl(w.bots, 0, Difficulty.Hard);
    place(w, 0, 5, 5);
    const d = driverFor({ id: 1, name: 'Sequence', children: [{ id: 2, name: 'Wait', args: { frames: 100 } }] });
    decideSlot0(d, w);
    expect(w.bots.mem[Bb.Tick]).toBe(1);
    w.players.alive[0] = 0;
    d.decide(w);
    expect(w.bots.mem.every((v) => v === 0)).toBe(true);
    expect(w.bots.control[0]).toBe(Difficulty.Hard + 1);
  });
});
