/** docs/RULES.md, part 2: dash, walls, bushes, move-to targets, inputs — on small hand-built worlds. */
import { describe, expect, it } from 'vitest';
import { OPEN_ROOM, dirInput, place, targetInput, testWorld } from '../../test/fixtures/sim/scenario';
import { EventKind, MoveMode, PathState, RULES, checkInvariants, dashCost, isVisibleTo, step } from './index';
import type { World } from './World';

const kinds = (w: World): number[] => w.events.toArray().map((e) => e.kind);

describe('dash', () => {
  it('bursts at dash speed, costs 1/16 of the mass and waits out its cooldown', () => {
    const w = testWorld();
    place(w, 0, 3, 8, 4000);
    step(w, [dirInput(0, 0, true)]);
    expect(kinds(w)).toContain(EventKind.Dashed);
    expect(w.balls.mass[0]).toBe(4000 - dashCost(4000));
    expect(dashCost(4000)).toBe(250);
    expect(w.balls.vx[0]).toBe(RULES.dashSpeed);
    // Held for dashFrames frames in all, then steering slows it again.
    for (let f = 1; f < RULES.dashFrames; f++) {
      step(w, []);
      expect(w.balls.vx[0]).toBe(RULES.dashSpeed);
    }
    step(w, []);
    expect(w.balls.vx[0]).toBeLessThan(RULES.dashSpeed);
    // Requests inside the cooldown are dropped (the dash fired in frame 0).
    const massBefore = w.balls.mass[0]!;
    for (let f = RULES.dashFrames + 1; f < RULES.dashCooldown; f++) {
      step(w, [dirInput(0, 0, true)]);
      expect(kinds(w), `frame ${f}`).not.toContain(EventKind.Dashed);
    }
    expect(w.balls.mass[0]).toBe(massBefore);
    expect(w.frame).toBe(RULES.dashCooldown); // the next step runs frame dashCooldown
    step(w, [dirInput(0, 2048, true)]);
    expect(kinds(w)).toContain(EventKind.Dashed);
    expect(w.balls.vx[0]).toBe(-RULES.dashSpeed);
  });

  it('never takes mass below the minimum', () => {
    expect(dashCost(RULES.minMass)).toBe(0);
    expect(dashCost(RULES.minMass + 10)).toBe(10);
    expect(dashCost(2000)).toBe(125);
    const w = testWorld();
    place(w, 0, 3, 8, RULES.minMass + 20);
    step(w, [dirInput(0, 0, true)]);
    expect(w.balls.mass[0]).toBe(RULES.minMass);
    expect(kinds(w)).toContain(EventKind.Dashed);
  });

  it('is dropped when the ball has no heading', () => {
    const w = testWorld();
    place(w, 0, 3, 8, 4000);
    step(w, [{ slot: 0, input: { move: MoveMode.Stop, angle: 0, targetX: 0, targetY: 0, dash: true } }]);
    expect(kinds(w)).not.toContain(EventKind.Dashed);
    expect(w.balls.mass[0]).toBe(4000);
  });
});

describe('walls', () => {
  const WALL = ['##########', '#....#...#', '#....#...#', '#....#...#', '#....#...#', '##########'];

  it('stop a ball dashing into a one-cell wall, every frame, at any mass', () => {
    for (const mass of [1000, 3000, 8000]) {
      const w = testWorld(WALL, { players: 1 });
      place(w, 0, 2.5, 2.5, mass);
      for (let f = 0; f < 300; f++) {
        step(w, [dirInput(0, (f * 7) % 200 - 100 + 4096, f % 61 === 0)]); // east-ish, dashing when allowed
        const x = w.balls.x[0]!;
        expect(x + w.balls.radius[0]! <= 5 * 1024 + 1, `mass ${mass} frame ${f}: x ${x}`).toBe(true);
        expect(checkInvariants(w)).toBeNull();
      }
    }
  });

  it('let a ball slide along a wall it runs into at an angle', () => {
    const tall = ['########', '#....#.#', '#....#.#', '#....#.#', '#....#.#', '#....#.#', '#....#.#', '#....#.#', '#....#.#', '#....#.#', '########'];
    const w = testWorld(tall, { players: 1 });
    place(w, 0, 3.5, 9.5);
    step(w, [dirInput(0, 4096 - 512)]); // north-east, into the west face of the wall
    for (let f = 0; f < 12; f++) step(w, []);
    expect(w.balls.x[0]).toBe(5 * 1024 - w.balls.radius[0]!);
    const y0 = w.balls.y[0]!;
    for (let f = 0; f < 5; f++) step(w, []);
    expect(w.balls.x[0]).toBe(5 * 1024 - w.balls.radius[0]!);
    expect(y0 - w.balls.y[0]!).toBeGreaterThan(5 * 100); // still moving north along the wall
  });

  it('keep the ball out of corners: the disc never overlaps a wall cell after a step', () => {
    const w = testWorld(OPEN_ROOM, { players: 1 });
    place(w, 0, 3, 3, 6000);
    for (let a = 0; a < 4096; a += 97) {
      step(w, [dirInput(0, a, true)]);
      for (let f = 0; f < 10; f++) step(w, []);
      expect(maxOverlap(w, 0)).toBeLessThanOrEqual(2);
    }
  });
});

describe('bushes', () => {
  it('hide a ball from other players unless they come close; the sim still sees it', () => {
    const w = testWorld(OPEN_ROOM, { players: 3 });
    place(w, 0, 12.5, 4.5); // in the bush
    place(w, 1, 20.5, 12.5); // far away
    place(w, 2, 12.5, 7.5); // 3 cells away: edges 3 - 0.78 ≈ 2.2 cells apart
    step(w, []);
    expect(w.balls.inBush[0]).toBe(1);
    expect(isVisibleTo(w, 0, 0)).toBe(true);
    expect(isVisibleTo(w, 1, 0)).toBe(false);
    expect(isVisibleTo(w, 2, 0)).toBe(false);
    expect(isVisibleTo(w, 0, 1)).toBe(true);
    w.balls.y[2] = Math.round(7.0 * 1024); // edges ≈ 1.7 cells apart: revealed
    expect(isVisibleTo(w, 2, 0)).toBe(true);
    expect(isVisibleTo(w, 99, 0)).toBe(false);
    expect(isVisibleTo(w, 1, -1)).toBe(false);
    // Leaving the bush makes it visible to all.
    step(w, [dirInput(0, 1024)]);
    for (let f = 0; f < 30; f++) step(w, []);
    expect(w.balls.inBush[0]).toBe(0);
    expect(isVisibleTo(w, 1, 0)).toBe(true);
  });
});

describe('move-to targets', () => {
  const U = [
    '############',
    '#....#.....#',
    '#....#.....#',
    '#....#.....#',
    '#....#.....#',
    '#....#.....#',
    '#..........#',
    '############',
  ];

  it('plan around walls and stop on the target', () => {
    const w = testWorld(U, { players: 1 });
    place(w, 0, 2.5, 1.5);
    step(w, [targetInput(0, 8.25, 1.75)]);
    let f = 0;
    for (; f < 600 && w.balls.pathState[0] !== PathState.Arrived; f++) {
      step(w, []);
      expect(checkInvariants(w)).toBeNull();
    }
    expect(w.balls.pathState[0]).toBe(PathState.Arrived);
    expect(Math.abs(w.balls.x[0]! - 8.25 * 1024)).toBeLessThan(100);
    expect(Math.abs(w.balls.y[0]! - 1.75 * 1024)).toBeLessThan(100);
  });

  it('go to the reachable point nearest an unreachable target', () => {
    const closed = ['##########', '#...#....#', '#...#....#', '#...#....#', '##########'];
    const w = testWorld(closed, { players: 1 });
    place(w, 0, 1.5, 2.5);
    step(w, [targetInput(0, 7.5, 2.5)]);
    for (let f = 0; f < 300; f++) step(w, []);
    expect(w.balls.pathState[0]).toBe(PathState.Arrived);
    expect(w.balls.x[0]! >> 10).toBe(3); // the free column nearest the target
  });
});

describe('inputs', () => {
  it('ignore slots out of range, non-objects and malformed fields without throwing', () => {
    const w = testWorld();
    const garbage = [null, 7, { slot: -1, input: {} }, { slot: 2, input: { move: 1 } }, { slot: 0.5, input: {} }, { slot: 0 }, { slot: 1, input: { move: 'x', angle: NaN, targetX: -5, targetY: 1e9, dash: 'yes' } }];
    expect(() => step(w, garbage as never)).not.toThrow();
    expect(w.balls.mode[1]).toBe(MoveMode.Stop);
    step(w, [{ slot: 0, input: { move: MoveMode.Target, angle: 0, targetX: 1e9, targetY: 1e9, dash: false } }]);
    expect(w.balls.targetX[0]).toBe(w.info.widthFx - 1);
    expect(checkInvariants(w)).toBeNull();
  });
});

/** Deepest overlap (Fx) of ball b's disc with any blocked cell. */
function maxOverlap(w: World, b: number): number {
  const x = w.balls.x[b]!;
  const y = w.balls.y[b]!;
  const r = w.balls.radius[b]!;
  let worst = 0;
  for (let row = 0; row < w.map.rows; row++) {
    for (let col = 0; col < w.map.cols; col++) {
      if (!w.map.blocked[row * w.map.cols + col]) continue;
      const nx = Math.min(Math.max(x, col * 1024), col * 1024 + 1024);
      const ny = Math.min(Math.max(y, row * 1024), row * 1024 + 1024);
      worst = Math.max(worst, r - Math.hypot(x - nx, y - ny));
    }
  }
  return worst;
}
