/**
 * docs/RULES.md, own cells together: passing through each other after a split, then pushed apart
 * (rigid, mass-weighted, never into a wall) until they may merge (merge delay, both timers at 0,
 * d ≤ R − r/3, never past the maximum mass) — on small hand-built worlds.
 */
import { describe, expect, it } from 'vitest';
import { dirInput, input, place, placeCell, targetInput, testWorld } from '../../test/fixtures/sim/scenario';
import { isqrt } from '../math';
import { EventKind, RULES, cellCount, checkInvariants, mergeDelay, playerMass, radiusOf, step } from './index';
import { ownCells } from './ownCells';
import type { SlotInput } from './input';
import type { World } from './World';

const merged = (w: World): [number, number][] =>
  w.events.toArray().filter((e) => e.kind === EventKind.Merged).map((e) => [e.a, e.b]);
const dist = (w: World, a: number, b: number): number => isqrt((w.cells.x[a]! - w.cells.x[b]!) ** 2 + (w.cells.y[a]! - w.cells.y[b]!) ** 2);
const STOP = { slot: 0, input: input({}) };

/** Player 0 with cell 0 of `ma` at (10, 8) and cell 1 of `mb` `gap` Fx east of it, both at rest, neither may merge yet. */
function pairWorld(ma: number, mb: number, gap: number, mergeTimer = 100): World {
  const w = testWorld();
  place(w, 0, 10, 8, ma);
  placeCell(w, 0, 1, 10 + gap / 1024, 8, mb);
  w.cells.merge[0] = mergeTimer;
  w.cells.merge[1] = mergeTimer;
  return w;
}

describe('own cells pushed apart', () => {
  it('pass through each other while either has no-collide frames left', () => {
    const w = pairWorld(4000, 1000, 300);
    w.cells.noCollide[1] = 3;
    const [x0, x1] = [w.cells.x[0], w.cells.x[1]];
    for (let f = 0; f < 3; f++) {
      step(w, [STOP]);
      expect([w.cells.x[0], w.cells.x[1]], `frame ${f}`).toEqual([x0, x1]);
    }
    step(w, [STOP]); // no-collide is over: pushed apart now
    expect(dist(w, 0, 1)).toBe(radiusOf(4000) + radiusOf(1000));
  });

  it('push by exactly the overlap, each by the other’s share of the mass (rigid, mass-weighted)', () => {
    // 4000 (r 800) and 1000 (r 400) 600 Fx apart: overlap 600; the light one moves 4/5 of it.
    const w = pairWorld(4000, 1000, 600);
    const [x0, x1] = [w.cells.x[0]!, w.cells.x[1]!];
    step(w, [STOP]);
    expect([w.cells.x[0]! - x0, w.cells.x[1]! - x1]).toEqual([-120, 480]);
    expect(dist(w, 0, 1)).toBe(1200);
    expect(merged(w)).toEqual([]);
  });

  it('push along the line between the centres, and part coincident centres along x', () => {
    const w = testWorld();
    place(w, 0, 10, 8, 1600);
    placeCell(w, 0, 1, 10.3, 8.4, 1600);
    for (const c of [0, 1]) w.cells.merge[c] = 100;
    const [dx0, dy0] = [w.cells.x[1]! - w.cells.x[0]!, w.cells.y[1]! - w.cells.y[0]!];
    step(w, [STOP]);
    const [dx, dy] = [w.cells.x[1]! - w.cells.x[0]!, w.cells.y[1]! - w.cells.y[0]!];
    expect(Math.abs(dx * dy0 - dy * dx0)).toBeLessThan(2 * (Math.abs(dx0) + Math.abs(dy0))); // same direction (to rounding)
    expect(dist(w, 0, 1)).toBeGreaterThanOrEqual(2 * radiusOf(1600) - 2);
    const v = pairWorld(1600, 1600, 0);
    step(v, [STOP]);
    expect(v.cells.y[0]).toBe(v.cells.y[1]);
    expect(v.cells.x[1]! - v.cells.x[0]!).toBeGreaterThan(0);
  });

  it('leave cells that do not overlap alone', () => {
    const w = pairWorld(4000, 1000, 1200); // exactly touching
    const [x0, x1] = [w.cells.x[0], w.cells.x[1]];
    step(w, [STOP]);
    expect([w.cells.x[0], w.cells.x[1]]).toEqual([x0, x1]);
  });

  it('never pushes a centre into a wall: the cell against the wall stays, the other takes its own share', () => {
    // A small cell against the west wall (x = 1 cell + r), a heavy one overlapping it from the east by 700.
    const w = testWorld();
    const r = radiusOf(1000);
    place(w, 0, (1024 + r) / 1024, 8, 1000);
    placeCell(w, 0, 1, (1024 + r + r + radiusOf(20000) - 700) / 1024, 8, 20000);
    for (const c of [0, 1]) w.cells.merge[c] = 100;
    const [x0, x1] = [w.cells.x[0]!, w.cells.x[1]!];
    step(w, [STOP]);
    expect(w.cells.x[0]).toBe(x0); // its 667 Fx push would put the centre in the wall: not made
    expect(w.cells.x[1]! - x1).toBe(Math.trunc((700 * 1000) / 21000)); // the heavy one's own share
    expect(checkInvariants(w)).toBeNull();
  });

  it('never leaves a disc overlapping a wall after pushing two stacked cells into a corner', () => {
    // Two cells of 4000 in the south-east corner of a 4 × 4 room, the upper one overlapping the
    // lower by `over`: the lower is pushed into the south wall, then out of it.
    const WALL = ['##########', '#....#...#', '#....#...#', '#....#...#', '#....#...#', '##########'];
    for (const over of [800, 1000, 1200, 1400]) {
      const w = testWorld(WALL, { players: 1 });
      const r = radiusOf(4000);
      place(w, 0, (5120 - r) / 1024, (5120 - r) / 1024, 4000);
      placeCell(w, 0, 1, (5120 - r) / 1024, (5120 - r - 2 * r + over) / 1024, 4000);
      for (const c of [0, 1]) w.cells.merge[c] = 100;
      step(w, [STOP]);
      for (const c of [0, 1]) {
        expect(w.cells.x[c]! + w.cells.radius[c]!, `overlap ${over}: cell ${c} into the east wall`).toBeLessThanOrEqual(5120);
        expect(w.cells.y[c]! + w.cells.radius[c]!, `overlap ${over}: cell ${c} into the south wall`).toBeLessThanOrEqual(5120);
      }
    }
  });

  it('separate a split player’s cells once they stop passing through each other', () => {
    const w = testWorld();
    place(w, 0, 12, 8, 16000);
    step(w, [{ slot: 0, input: input({ split: true }) }]); // standing still: the half leaves along the heading (east)
    step(w, [{ slot: 0, input: input({ split: true }) }]);
    expect(cellCount(w, 0)).toBe(4);
    for (let f = 0; f < RULES.noCollideFrames + 30; f++) step(w, [STOP]);
    const ids = [0, 1, 2, 3];
    for (const a of ids) for (const b of ids) if (a < b) expect(dist(w, a, b), `cells ${a}, ${b}`).toBeGreaterThanOrEqual(w.cells.radius[a]! + w.cells.radius[b]! - 16);
    expect(checkInvariants(w)).toBeNull();
  });
});

describe('own cells merging', () => {
  it('merge when both timers are 0 and the bigger covers the smaller by R − r/3', () => {
    // R 800, r 400: 3d ≤ 3·800 − 400 → d ≤ 666. The system alone: in a step, cells that may merge
    // also pull together (steer.ts) before it runs.
    for (const [d, merges] of [[666, true], [667, false]] as const) {
      const w = pairWorld(4000, 1000, d, 0);
      const [x0, x1] = [w.cells.x[0], w.cells.x[1]];
      w.events.clear();
      ownCells(w);
      expect(merged(w), `d ${d}`).toEqual(merges ? [[0, 1]] : []);
      expect(cellCount(w, 0)).toBe(merges ? 1 : 2);
      expect(playerMass(w, 0)).toBe(5000);
      if (merges) expect([w.cells.mass[0], w.cells.radius[0], w.cells.mass[1]]).toEqual([5000, radiusOf(5000), 0]);
      else expect([w.cells.x[0], w.cells.x[1]]).toEqual([x0, x1]); // both may merge: they glide together, no push
      expect(checkInvariants(w)).toBeNull();
    }
  });

  it('keep the bigger cell whatever its id; on equal masses the lower id', () => {
    const w = pairWorld(1000, 4000, 300, 0);
    step(w, [STOP]);
    expect(merged(w)).toEqual([[1, 0]]);
    expect(w.cells.mass[1]).toBe(5000);
    const v = pairWorld(2000, 2000, 100, 0);
    step(v, [STOP]);
    expect(merged(v)).toEqual([[0, 1]]);
  });

  it('wait for both timers: one frame left on either means a push instead', () => {
    for (const c of [0, 1]) {
      const w = pairWorld(4000, 1000, 300, 0);
      w.cells.merge[c] = 1;
      w.events.clear();
      ownCells(w);
      expect(merged(w), `cell ${c} waiting`).toEqual([]);
      expect(dist(w, 0, 1)).toBe(1200);
    }
  });

  it('never merge past the maximum mass: such cells stay apart', () => {
    const w = pairWorld(30000, 15000, 200, 0);
    step(w, [STOP]);
    expect(merged(w)).toEqual([]);
    expect(cellCount(w, 0)).toBe(2);
    expect(dist(w, 0, 1)).toBeGreaterThan(200); // pushed apart instead
  });

  it('merge the halves of a split exactly mergeDelay frames after it, not before', () => {
    const w = testWorld();
    place(w, 0, 12, 8, 8000);
    step(w, [{ slot: 0, input: input({ split: true }) }]); // frame 0: 4000 + 4000
    const delay = mergeDelay(4000);
    for (let f = 1; f <= delay; f++) {
      w.cells.x[1] = w.cells.x[0]!; // held together by hand
      w.cells.y[1] = w.cells.y[0]!;
      step(w, [STOP]);
      if (f < delay) expect(merged(w), `frame ${f}`).toEqual([]);
    }
    expect(merged(w)).toEqual([[0, 1]]);
    expect(w.cells.mass[0]).toBe(8000 - ((8000 - RULES.decayThreshold) >> RULES.decayShift));
  });

  it('brings a split player’s cells back together after the merge delay, whether it travels or goes to a point', () => {
    // 16000 split three times: 8 cells of 2000 in a line along x. After mergeDelay(2000) frames
    // they may merge; the player's own steering must bring them within R − r/3 of each other.
    const ways: [string, (f: number) => SlotInput[]][] = [
      ['travelling north and south', (f) => [dirInput(0, f % 60 < 30 ? 1024 : 3072)]],
      ['travelling east and west', (f) => [dirInput(0, f % 60 < 30 ? 0 : 2048)]],
      ['sent to a point', (f) => (f === 0 ? [targetInput(0, 12, 8)] : [])],
    ];
    for (const [how, inputs] of ways) {
      const w = testWorld();
      place(w, 0, 12, 8, 16000);
      for (let f = 0; f < 3; f++) step(w, [dirInput(0, 0, { split: true })]);
      expect(cellCount(w, 0)).toBe(8);
      let merges = 0;
      for (let f = 0; f < mergeDelay(2000) + 300; f++) {
        step(w, inputs(f));
        merges += merged(w).length;
      }
      expect(merges, how).toBeGreaterThan(0);
      expect(checkInvariants(w)).toBeNull();
    }
  });
});
