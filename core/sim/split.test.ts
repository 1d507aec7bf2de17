/**
 * docs/RULES.md, split: which cells halve, where the new half goes and how it is launched, the
 * 16-cell limit, and edge-triggered presses — on small hand-built worlds.
 */
import { describe, expect, it } from 'vitest';
import { OPEN_ROOM, cellOf, dirInput, input, place, placeCell, targetInput, testWorld, unplace } from '../../test/fixtures/sim/scenario';
import { TRIG_SHIFT, cosA, sinA } from '../math';
import { CELLS_PER_PLAYER, EventKind, MoveMode, RULES, cellCount, checkInvariants, firstCell, mergeDelay, playerMass, radiusOf, step } from './index';
import type { World } from './World';

/** [parent, new cell, aim] of this frame's Split events. */
const splits = (w: World): [number, number, number][] =>
  w.events.toArray().filter((e) => e.kind === EventKind.Split).map((e) => [e.a, e.b, e.c]);
/** Masses of player p's cell slots 0..15 (0 = free). */
const masses = (w: World, p: number): number[] => Array.from(w.cells.mass.subarray(firstCell(p), firstCell(p) + CELLS_PER_PLAYER));
/** The launch along `aim` a split half starts with (Fx/frame per axis). */
const launch = (aim: number): [number, number] => [(RULES.splitSpeed * cosA(aim)) >> TRIG_SHIFT, (RULES.splitSpeed * sinA(aim)) >> TRIG_SHIFT];

describe('split', () => {
  it('halves a cell: the new half takes the lowest free slot and leaves along the direction at split speed', () => {
    for (const angle of [0, 700, 1024, 2048, 3500]) {
      const w = testWorld();
      place(w, 0, 12, 8, 8000);
      const [x0, y0] = [w.cells.x[0]!, w.cells.y[0]!];
      step(w, [dirInput(0, angle, { split: true })]);
      expect(splits(w), `angle ${angle}`).toEqual([[0, 1, angle]]);
      expect(masses(w, 0).slice(0, 3)).toEqual([4000, 4000, 0]);
      expect([w.cells.radius[0], w.cells.radius[1]]).toEqual([radiusOf(4000), radiusOf(4000)]);
      // Both steer alike (same place, same mass), so what parts them is the launch alone.
      const [lx, ly] = launch(angle);
      expect([w.cells.x[1]! - w.cells.x[0]!, w.cells.y[1]! - w.cells.y[0]!], `angle ${angle}`).toEqual([lx, ly]);
      expect(Math.abs(w.cells.x[0]! - x0) + Math.abs(w.cells.y[0]! - y0)).toBeLessThan(RULES.baseSpeed * 2); // the parent only steers
      // The launch is a boost that fades by 1/8 a frame; the parent has none.
      expect([w.cells.bx[1], w.cells.by[1]]).toEqual([lx - (lx >> RULES.boostShift), ly - (ly >> RULES.boostShift)]);
      expect([w.cells.bx[0], w.cells.by[0]]).toEqual([0, 0]);
      expect(checkInvariants(w)).toBeNull();
    }
  });

  it('keeps the heavier half in the parent on an odd mass; the new half keeps the parent’s velocity', () => {
    const w = testWorld();
    place(w, 0, 12, 8, 8001);
    w.cells.vx[0] = 120;
    w.cells.vy[0] = -40;
    step(w, [{ slot: 0, input: input({ split: true }) }]); // stop: both keep their velocity, easing to rest alike
    expect(masses(w, 0).slice(0, 2)).toEqual([4001, 4000]);
    expect([w.cells.vx[1], w.cells.vy[1]]).toEqual([w.cells.vx[0], w.cells.vy[0]]);
  });

  it('aims each cell at the target from where it stands (target mode)', () => {
    const w = testWorld();
    place(w, 0, 6, 8, 8000); // west of the target
    placeCell(w, 0, 1, 18, 8, 8000); // east of it
    placeCell(w, 0, 2, 12, 12, 8000); // south of it
    step(w, [targetInput(0, 12, 8, { split: true })]);
    const aims = new Map(splits(w).map(([c, , aim]) => [c, aim]));
    expect(aims.get(0)).toBe(0); // east
    expect(aims.get(1)).toBe(2048); // west
    expect(aims.get(2)).toBe(3072); // north
    // The new halves (slots 3, 4, 5, in parent order) went that way.
    expect(splits(w).map(([c, n]) => [c, n])).toEqual([[0, 3], [1, 4], [2, 5]]);
    expect(w.cells.x[3]! - w.cells.x[0]!).toBeGreaterThan(500);
    expect(w.cells.x[4]! - w.cells.x[1]!).toBeLessThan(-500);
    expect(w.cells.y[5]! - w.cells.y[2]!).toBeLessThan(-500);
  });

  it('aims along the player’s heading when it stands still', () => {
    const w = testWorld();
    place(w, 0, 12, 8, 8000);
    step(w, [dirInput(0, 1024)]); // south: the heading follows
    expect(w.players.heading[0]).toBe(1024);
    step(w, [{ slot: 0, input: input({ move: MoveMode.Stop, split: true }) }]);
    expect(splits(w)).toEqual([[0, 1, 1024]]);
    expect(w.cells.y[1]! - w.cells.y[0]!).toBeGreaterThan(500);
  });

  it('needs at least the minimum split mass', () => {
    for (const [mass, n] of [[RULES.minSplitMass - 1, 1], [RULES.minSplitMass, 2]] as const) {
      const w = testWorld();
      place(w, 0, 12, 8, mass);
      step(w, [dirInput(0, 0, { split: true })]);
      expect(cellCount(w, 0), `mass ${mass}`).toBe(n);
      expect(playerMass(w, 0)).toBe(mass);
    }
    expect(RULES.minSplitMass / 2).toBeGreaterThanOrEqual(RULES.minMass); // a half is always a legal cell
  });

  it('splits every big-enough cell that was there before the press, in ascending id, and only those', () => {
    const w = testWorld();
    place(w, 0, 4, 4, 16000);
    placeCell(w, 0, 2, 12, 8, 3000); // too small
    placeCell(w, 0, 5, 18, 12, 6400);
    step(w, [dirInput(0, 0, { split: true })]);
    // Cell 0 → 0 + 1; cell 5 → 5 + 3: the halves are not split again by the same press.
    expect(splits(w).map(([c, n]) => [c, n])).toEqual([[0, 1], [5, 3]]);
    expect(masses(w, 0).slice(0, 6)).toEqual([8000, 8000, 3000, 3200, 0, 3200].map((m) => m - Math.max(0, (m - RULES.decayThreshold) >> RULES.decayShift)));
  });

  it('never makes more than 16 cells: the lower ids split first', () => {
    const w = testWorld(OPEN_ROOM, { players: 1 });
    for (let k = 0; k < 9; k++) placeCell(w, 0, k, 2 + 2 * k, 4, 4000);
    step(w, [dirInput(0, 1024, { split: true })]);
    expect(cellCount(w, 0)).toBe(CELLS_PER_PLAYER);
    expect(splits(w).map(([c]) => c)).toEqual([0, 1, 2, 3, 4, 5, 6]); // 9 + 7 = 16
    expect(masses(w, 0).slice(7, 9)).toEqual([4000, 4000]);
    step(w, [dirInput(0, 1024, { split: true })]);
    expect(splits(w)).toEqual([]);
    expect(cellCount(w, 0)).toBe(CELLS_PER_PLAYER);
    expect(checkInvariants(w)).toBeNull();
  });

  it('sets both halves passing through each other, and their merge timers by their mass', () => {
    const w = testWorld();
    place(w, 0, 12, 8, 12000);
    step(w, [dirInput(0, 0, { split: true })]);
    // Set by the split, then counted down once at the end of the frame.
    expect([w.cells.noCollide[0], w.cells.noCollide[1]]).toEqual([RULES.noCollideFrames - 1, RULES.noCollideFrames - 1]);
    expect([w.cells.merge[0], w.cells.merge[1]]).toEqual([mergeDelay(6000) - 1, mergeDelay(6000) - 1]);
  });

  it('does nothing for a dead player', () => {
    const w = testWorld();
    place(w, 0, 12, 8, 8000);
    unplace(w, 1, 30);
    step(w, [dirInput(1, 0, { split: true })]);
    expect(cellCount(w, 1)).toBe(0);
    expect(cellCount(w, 0)).toBe(1);
  });
});

describe('a press is one split', () => {
  it('a press held (the input not sent again) splits once', () => {
    const w = testWorld();
    place(w, 0, 12, 8, 32000);
    step(w, [dirInput(0, 0, { split: true })]);
    for (let f = 0; f < 20; f++) {
      step(w, []);
      expect(splits(w), `frame ${f}`).toEqual([]);
    }
    expect(cellCount(w, 0)).toBe(2);
  });

  it('the same input several times in one frame splits once', () => {
    const w = testWorld();
    place(w, 0, 12, 8, 32000);
    const press = dirInput(0, 0, { split: true });
    step(w, [press, press, press]);
    expect(splits(w)).toHaveLength(1);
    expect(cellCount(w, 0)).toBe(2);
  });

  it('a press a frame splits every frame: each press halves the cells there were', () => {
    const w = testWorld();
    place(w, 0, 12, 8, 32000);
    const counts: number[] = [];
    for (let f = 0; f < 5; f++) {
      step(w, [dirInput(0, 0, { split: true })]);
      counts.push(cellCount(w, 0));
    }
    expect(counts).toEqual([2, 4, 8, 16, 16]); // 32000 → 16 × 2000; none of 2000 splits
    expect(checkInvariants(w)).toBeNull();
  });

  it('an input without the bit after a press does not split', () => {
    const w = testWorld();
    place(w, 0, 12, 8, 32000);
    step(w, [dirInput(0, 0, { split: true })]);
    step(w, [dirInput(0, 512)]);
    expect(splits(w)).toEqual([]);
    expect(cellCount(w, 0)).toBe(2);
  });
});
