/**
 * docs/RULES.md, part 2: walls (at any speed, split launches included), bushes, moving several
 * cells as one player (direction and move-to targets), inputs — on small hand-built worlds.
 */
import { describe, expect, it } from 'vitest';
import { TRIG_SHIFT, cosA, sinA } from '../math';
import { OPEN_ROOM, cellOf, dirInput, place, placeCell, targetInput, testWorld } from '../../test/fixtures/sim/scenario';
import { CELLS_PER_PLAYER, EventKind, MoveMode, PathState, RULES, cellCount, checkInvariants, firstCell, isVisibleTo, leadCell, setMass, step } from './index';
import type { World } from './World';

/** The live cells of player `p`. */
const cellsOf = (w: World, p: number): number[] => Array.from({ length: CELLS_PER_PLAYER }, (_, k) => firstCell(p) + k).filter((c) => w.cells.mass[c] !== 0);

describe('walls', () => {
  const WALL = ['##########', '#....#...#', '#....#...#', '#....#...#', '#....#...#', '##########'];

  it('stop a cell running or launched at split speed into a one-cell wall, every frame, at any mass', () => {
    for (const mass of [1000, 3000, 8000]) {
      const w = testWorld(WALL, { players: 1 });
      place(w, 0, 2.5, 2.5, mass);
      for (let f = 0; f < 200; f++) {
        const a = ((f * 7) % 200) - 100 + 4096; // east-ish
        if (f % 31 === 0) w.cells.bx[0] = RULES.splitSpeed; // a launch, as a split half gets
        step(w, [dirInput(0, a)]);
        const x = w.cells.x[0]!;
        expect(x + w.cells.radius[0]! <= 5 * 1024 + 1, `mass ${mass} frame ${f}: x ${x}`).toBe(true);
        expect(checkInvariants(w)).toBeNull();
      }
    }
  });

  it('stop every cell of a player splitting into a one-cell wall, every frame', () => {
    for (const mass of [16000, 8000]) {
      const w = testWorld(WALL, { players: 1 });
      place(w, 0, 2.5, 2.5, mass);
      let most = 1;
      for (let f = 0; f < 200; f++) {
        step(w, [dirInput(0, ((f * 7) % 200) - 100 + 4096, { split: f % 41 === 0 })]); // east-ish, splitting now and then
        most = Math.max(most, cellCount(w, 0));
        for (const c of cellsOf(w, 0)) {
          const x = w.cells.x[c]!;
          expect(x + w.cells.radius[c]! <= 5 * 1024 + 1, `mass ${mass} frame ${f} cell ${c}: x ${x}`).toBe(true);
        }
        expect(checkInvariants(w)).toBeNull();
      }
      expect(most).toBeGreaterThan(1);
    }
  });

  it('let a cell slide along a wall it runs into at an angle', () => {
    const tall = ['########', '#....#.#', '#....#.#', '#....#.#', '#....#.#', '#....#.#', '#....#.#', '#....#.#', '#....#.#', '#....#.#', '########'];
    const w = testWorld(tall, { players: 1 });
    place(w, 0, 3.5, 9.5);
    step(w, [dirInput(0, 4096 - 512)]); // north-east, into the west face of the wall
    for (let f = 0; f < 12; f++) step(w, []);
    expect(w.cells.x[0]).toBe(5 * 1024 - w.cells.radius[0]!);
    const y0 = w.cells.y[0]!;
    for (let f = 0; f < 5; f++) step(w, []);
    expect(w.cells.x[0]).toBe(5 * 1024 - w.cells.radius[0]!);
    expect(y0 - w.cells.y[0]!).toBeGreaterThan(5 * 100); // still moving north along the wall
  });

  it('keep a cell out of corners: the disc never overlaps a wall cell after a step, at split speed in any direction', () => {
    const w = testWorld(OPEN_ROOM, { players: 1 });
    place(w, 0, 3, 3, 6000);
    for (let a = 0; a < 4096; a += 97) {
      step(w, [dirInput(0, a)]);
      w.cells.bx[0] = (RULES.splitSpeed * cosA(a)) >> TRIG_SHIFT;
      w.cells.by[0] = (RULES.splitSpeed * sinA(a)) >> TRIG_SHIFT;
      for (let f = 0; f < 10; f++) {
        step(w, []);
        expect(maxOverlap(w, 0), `angle ${a}`).toBeLessThanOrEqual(2);
      }
    }
  });

  it('keep every cell of a splitting player out of corners: no disc overlaps a wall cell after a step', () => {
    // A cell that grew this frame (by a merge: nothing else feeds it here) may overlap until its next move: not checked.
    const w = testWorld(OPEN_ROOM, { players: 1 });
    place(w, 0, 3, 3, 24000);
    for (let a = 0; a < 4096; a += 97) {
      for (let f = 0; f < 11; f++) {
        step(w, f === 0 ? [dirInput(0, a, { split: true })] : []);
        const grew = new Set(w.events.toArray().filter((e) => e.kind === EventKind.Merged).map((e) => e.a));
        for (const c of cellsOf(w, 0)) if (!grew.has(c)) expect(maxOverlap(w, c), `angle ${a} frame ${f} cell ${c}`).toBeLessThanOrEqual(2);
      }
      if (cellCount(w, 0) === 1 && w.cells.mass[leadCell(w, 0)]! < RULES.minSplitMass) setMass(w, leadCell(w, 0), 24000); // feed it again
    }
  });
});

describe('bushes', () => {
  it('hide a cell from other players unless they come close; the sim still sees it', () => {
    const w = testWorld(OPEN_ROOM, { players: 3 });
    place(w, 0, 12.5, 4.5); // in the bush
    place(w, 1, 20.5, 12.5); // far away
    place(w, 2, 12.5, 7.5); // 3 cells away: edges 3 - 0.78 ≈ 2.2 cells apart
    step(w, []);
    const [a, b, c] = [cellOf(0), cellOf(1), cellOf(2)];
    expect(w.cells.inBush[a]).toBe(1);
    expect(isVisibleTo(w, 0, a)).toBe(true);
    expect(isVisibleTo(w, 1, a)).toBe(false);
    expect(isVisibleTo(w, 2, a)).toBe(false);
    expect(isVisibleTo(w, 0, b)).toBe(true);
    w.cells.y[c] = Math.round(7.0 * 1024); // edges ≈ 1.7 cells apart: revealed
    expect(isVisibleTo(w, 2, a)).toBe(true);
    expect(isVisibleTo(w, 99, a)).toBe(false);
    expect(isVisibleTo(w, 1, -1)).toBe(false);
    expect(isVisibleTo(w, 1, cellOf(1, 3))).toBe(false); // a free cell slot
    // Leaving the bush makes it visible to all.
    step(w, [dirInput(0, 1024)]);
    for (let f = 0; f < 30; f++) step(w, []);
    expect(w.cells.inBush[a]).toBe(0);
    expect(isVisibleTo(w, 1, a)).toBe(true);
  });

  it('are per cell: one cell of a player in a bush hides, its others do not; any cell of a viewer reveals', () => {
    const w = testWorld(OPEN_ROOM, { players: 2 });
    place(w, 0, 12.5, 4.5); // in the bush
    const out = placeCell(w, 0, 2, 16.5, 4.5); // beside it, on grass
    place(w, 1, 20.5, 12.5); // far away
    step(w, []);
    expect([w.cells.inBush[cellOf(0)], w.cells.inBush[out]]).toEqual([1, 0]);
    expect([isVisibleTo(w, 1, cellOf(0)), isVisibleTo(w, 1, out)]).toEqual([false, true]);
    expect(isVisibleTo(w, 0, cellOf(0))).toBe(true); // its own
    const near = placeCell(w, 1, 7, 12.5, 7); // another cell of the viewer comes close
    expect(isVisibleTo(w, 1, cellOf(0))).toBe(true);
    expect(w.cells.mass[near]).toBeGreaterThan(0);
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
    for (; f < 600 && w.players.pathState[0] !== PathState.Arrived; f++) {
      step(w, []);
      expect(checkInvariants(w)).toBeNull();
    }
    expect(w.players.pathState[0]).toBe(PathState.Arrived);
    expect(Math.abs(w.cells.x[0]! - 8.25 * 1024)).toBeLessThan(100);
    expect(Math.abs(w.cells.y[0]! - 1.75 * 1024)).toBeLessThan(100);
  });

  /** Player 0 in the U with three cells (lead 1600, two of 1000; none merging), sent round the wall. */
  function splitPlayerSent(): World {
    const w = testWorld(U, { players: 1 });
    place(w, 0, 2.5, 1.5, 1600); // the lead cell (size class 0, like the others: the corridor fits all)
    placeCell(w, 0, 3, 3.5, 3.5, 1000);
    placeCell(w, 0, 8, 1.5, 4.5, 1000);
    for (const c of cellsOf(w, 0)) w.cells.merge[c] = 600; // no merging on the way
    step(w, [targetInput(0, 8.25, 1.75)]);
    return w;
  }

  it('plan once for a split player: every cell follows the path round the wall to the target', () => {
    const w = splitPlayerSent();
    for (let f = 0; f < 200; f++) {
      step(w, []);
      expect(checkInvariants(w)).toBeNull();
    }
    expect(leadCell(w, 0)).toBe(cellOf(0));
    for (const c of cellsOf(w, 0)) {
      expect(w.cells.x[c]! >> 10, `cell ${c}`).toBeGreaterThanOrEqual(6); // past the wall
      expect(Math.hypot(w.cells.x[c]! - 8.25 * 1024, w.cells.y[c]! - 1.75 * 1024), `cell ${c}`).toBeLessThan(2 * 1024);
    }
  });

  it('bring a split player to rest at its target: the path ends and its cells stop', () => {
    const w = splitPlayerSent();
    for (let f = 0; f < 600 && w.players.pathState[0] !== PathState.Arrived; f++) step(w, []);
    expect(w.players.pathState[0]).toBe(PathState.Arrived);
    for (let f = 0; f < 60; f++) step(w, []);
    for (const c of cellsOf(w, 0)) expect(Math.abs(w.cells.vx[c]!) + Math.abs(w.cells.vy[c]!), `cell ${c} still moving`).toBeLessThanOrEqual(8);
  });

  it('go to the reachable point nearest an unreachable target', () => {
    const closed = ['##########', '#...#....#', '#...#....#', '#...#....#', '##########'];
    const w = testWorld(closed, { players: 1 });
    place(w, 0, 1.5, 2.5);
    step(w, [targetInput(0, 7.5, 2.5)]);
    for (let f = 0; f < 300; f++) step(w, []);
    expect(w.players.pathState[0]).toBe(PathState.Arrived);
    expect(w.cells.x[0]! >> 10).toBe(3); // the free column nearest the target
  });
});

describe('direction mode with several cells', () => {
  it('moves every cell along the angle and closes them up as they travel', () => {
    const w = testWorld(OPEN_ROOM, { players: 1 });
    place(w, 0, 3, 4, 1600);
    placeCell(w, 0, 1, 3, 10, 1600);
    for (const c of cellsOf(w, 0)) w.cells.merge[c] = 600;
    const gap0 = w.cells.y[cellOf(0, 1)]! - w.cells.y[cellOf(0)]!;
    step(w, [dirInput(0, 0)]); // east
    for (let f = 0; f < 40; f++) step(w, []);
    for (const c of cellsOf(w, 0)) expect(w.cells.x[c]!, `cell ${c}`).toBeGreaterThan(8 * 1024);
    const gap = w.cells.y[cellOf(0, 1)]! - w.cells.y[cellOf(0)]!;
    expect(gap).toBeLessThan(gap0 / 2);
    expect(gap).toBeGreaterThanOrEqual(2 * w.cells.radius[cellOf(0)]! - 2); // pushed apart, not merged
    expect(w.players.heading[0]).toBeLessThan(200); // the heading follows the lead cell: about east
  });
});

describe('inputs', () => {
  it('ignore slots out of range, non-objects and malformed fields without throwing', () => {
    const w = testWorld();
    place(w, 1, 10, 8, 8000);
    const garbage = [
      null, 7, { slot: -1, input: {} }, { slot: 2, input: { move: 1 } }, { slot: 0.5, input: {} }, { slot: 0 },
      { slot: 1, input: { move: 'x', angle: NaN, targetX: -5, targetY: 1e9, split: 'yes', eject: 1 } },
    ];
    expect(() => step(w, garbage as never)).not.toThrow();
    expect(w.players.mode[1]).toBe(MoveMode.Stop);
    expect([cellCount(w, 1), w.cells.mass[cellOf(1)]]).toEqual([1, 8000 - ((8000 - RULES.decayThreshold) >> RULES.decayShift)]); // 'yes' and 1 are not true
    step(w, [{ slot: 0, input: { move: MoveMode.Target, angle: 0, targetX: 1e9, targetY: 1e9, split: false, eject: false } }]);
    expect(w.players.targetX[0]).toBe(w.info.widthFx - 1);
    expect(checkInvariants(w)).toBeNull();
  });
});

/** Deepest overlap (Fx) of cell c's disc with any blocked cell. */
function maxOverlap(w: World, c: number): number {
  const x = w.cells.x[c]!;
  const y = w.cells.y[c]!;
  const r = w.cells.radius[c]!;
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
