/**
 * docs/RULES.md, newcomers: spawn protection (3 s, per player, ended by eating a cell, splitting or
 * ejecting) and the spawn rule that keeps a fresh player away from cells able to eat it — on small
 * hand-built worlds.
 */
import { describe, expect, it } from 'vitest';
import { OPEN_ROOM, cellOf, dirInput, place, placeBlob, placeCell, testWorld, unplace } from '../../test/fixtures/sim/scenario';
import { FX_ONE, isqrt } from '../math';
import { EventKind, RULES, canEatMass, cellCount, checkInvariants, pelletX, pelletY, radiusOf, step } from './index';
import { chooseSpawn } from './cellOps';
import type { World } from './World';

/** [eater cell, victim cell] of this frame's CellEaten events. */
const eaten = (w: World): [number, number][] =>
  w.events.toArray().filter((e) => e.kind === EventKind.CellEaten).map((e) => [e.a, e.b]);

/** Edge distance (cells) from the centre of map cell `cell` to the first cell of player `p`. */
function edgeCells(w: World, cell: number, p: number): number {
  const cols = w.info.cols;
  const c = cellOf(p);
  const dx = (cell % cols) * FX_ONE + FX_ONE / 2 - w.cells.x[c]!;
  const dy = Math.floor(cell / cols) * FX_ONE + FX_ONE / 2 - w.cells.y[c]!;
  return (isqrt(dx * dx + dy * dy) - w.cells.radius[c]!) / FX_ONE;
}

const A = cellOf(0);
const B = cellOf(1);

describe('spawn protection', () => {
  it('a fresh player under a giant survives 3 s, then is eaten', () => {
    const w = testWorld(); // both players spawned, protected, one cell each
    expect(w.players.shield[1]).toBe(RULES.spawnShieldFrames);
    expect(cellCount(w, 1)).toBe(1);
    expect(w.cells.mass[B]).toBe(RULES.startMass);
    place(w, 0, 10, 6, 8000);
    w.cells.x[B] = w.cells.x[A]! + 100;
    w.cells.y[B] = w.cells.y[A]!;
    for (let f = 0; f < RULES.spawnShieldFrames; f++) {
      step(w, []);
      expect(w.players.alive[1], `frame ${f}`).toBe(1);
    }
    step(w, []);
    expect(eaten(w)).toEqual([[A, B]]);
    expect(checkInvariants(w)).toBeNull();
  });

  it('covers every cell of the protected player', () => {
    const w = testWorld();
    place(w, 0, 10, 6, 8000);
    place(w, 1, 10.1, 6, 1600);
    placeCell(w, 1, 4, 9.9, 6, 1600);
    placeCell(w, 1, 9, 10, 6.1, 1000);
    for (const k of [0, 4, 9]) w.cells.noCollide[B + k] = RULES.noCollideFrames; // just split: they overlap
    w.players.shield[1] = 5;
    for (let f = 0; f < 5; f++) {
      step(w, []);
      expect(eaten(w), `frame ${f}`).toEqual([]);
    }
    step(w, []);
    expect(eaten(w).map(([, v]) => v)).toEqual([B, B + 4, B + 9]);
    expect(w.players.alive[1]).toBe(0);
  });

  it('eating a cell ends it at once: a bigger cell later in the same frame eats the eater', () => {
    const setup = (withPrey: boolean): World => {
      const w = testWorld(OPEN_ROOM, { players: 4 });
      place(w, 0, 3, 12);
      place(w, 1, 10.5, 5, 2000);
      w.players.shield[1] = 60;
      if (withPrey) place(w, 2, 10.7, 5, 1000);
      else place(w, 2, 20, 12);
      place(w, 3, 10, 5, 5000);
      return w;
    };
    const guarded = setup(false);
    step(guarded, []);
    expect(eaten(guarded)).toEqual([]); // 3 covers 1 and could eat it: only the protection saves it
    expect(canEatMass(5000, 2000)).toBe(true);
    const w = setup(true);
    step(w, []);
    expect(eaten(w)).toEqual([[B, cellOf(2)], [cellOf(3), B]]);
    expect(w.events.toArray().find((e) => e.kind === EventKind.CellEaten && e.a === cellOf(3))?.c).toBe(2000 + 1000);
    expect(checkInvariants(w)).toBeNull();
  });

  it('eating with one cell ends it for all the player’s cells', () => {
    const w = testWorld(OPEN_ROOM, { players: 3 });
    place(w, 1, 4, 12, 2000); // its cell 0 eats player 2 far from the giant...
    place(w, 2, 4.2, 12, 1000);
    const exposed = placeCell(w, 1, 6, 10.2, 5, 1600); // ...and its cell 6 sits under the giant
    w.players.shield[1] = 60;
    place(w, 0, 10, 5, 5000);
    step(w, []);
    // The giant (cell 0) looks first and finds cell 6 protected; then cell 0 of player 1 eats.
    expect(eaten(w)).toEqual([[B, cellOf(2)]]);
    expect(w.players.shield[1]).toBe(0);
    step(w, []);
    expect(eaten(w)).toEqual([[A, exposed]]);
  });

  it('eating pellets or blobs keeps it', () => {
    const w = testWorld(OPEN_ROOM, { seed: 5, players: 2, pelletTarget: 40 });
    const p = w.pellets.word.findIndex((v) => v !== 0);
    const word = w.pellets.word[p]!;
    place(w, 1, pelletX(word) / FX_ONE + 0.1, pelletY(word) / FX_ONE, RULES.startMass);
    w.players.shield[1] = 60;
    step(w, []);
    expect(w.events.toArray().filter((e) => e.kind === EventKind.PelletEaten && e.b === B).map((e) => e.a)).toContain(p);
    expect(w.players.shield[1]).toBe(59);
    placeBlob(w, 0, w.cells.x[B]! / FX_ONE, w.cells.y[B]! / FX_ONE, 0, 0, 0);
    step(w, []);
    expect(w.events.toArray().filter((e) => e.kind === EventKind.BlobEaten).map((e) => [e.a, e.b])).toEqual([[0, B]]);
    expect(w.players.shield[1]).toBe(58);
  });

  it('splitting or ejecting ends it: a protected player that does either beside a giant is eaten in that frame', () => {
    for (const act of ['none', 'split', 'eject'] as const) {
      const w = testWorld();
      place(w, 0, 10, 5, 5000);
      place(w, 1, 10.3, 5, 4000); // 4000 × 1.25 = 5000: edible, but protected
      w.players.shield[1] = 60;
      step(w, [dirInput(1, 2048, { split: act === 'split', eject: act === 'eject' })]); // west, towards the giant's centre
      if (act === 'none') {
        expect(eaten(w)).toEqual([]);
        expect(w.players.shield[1]).toBe(59);
      } else {
        expect(w.events.toArray().some((e) => e.kind === (act === 'split' ? EventKind.Split : EventKind.Ejected)), act).toBe(true);
        expect(w.players.shield[1], act).toBe(0);
        expect(eaten(w).map(([a]) => a), act).toContain(A);
      }
    }
  });

  it('a split or an eject that does nothing keeps it', () => {
    const w = testWorld();
    place(w, 1, 10, 5, RULES.startMass); // too light to split (3200) or eject (2000)
    w.players.shield[1] = 60;
    step(w, [dirInput(1, 0, { split: true, eject: true })]);
    expect(w.events.toArray().filter((e) => e.kind === EventKind.Split || e.kind === EventKind.Ejected)).toEqual([]);
    expect(w.players.shield[1]).toBe(59);
  });
});

describe('spawn rule', () => {
  it('never picks the spawn next to a cell that can eat a fresh one while another is clear', () => {
    const w = testWorld(OPEN_ROOM, { players: 5 });
    // Spawns (1,1), (22,1), (1,14), (22,14). Small cells sit on three of them; a giant stands
    // 3 cells from the fourth — the old rule ("nearest cell farthest away") picked that one.
    place(w, 0, 1.5, 1.5, RULES.startMass);
    place(w, 1, 22.5, 1.5, RULES.startMass);
    place(w, 2, 1.5, 14.5, RULES.startMass);
    place(w, 3, 19.5, 14.5, 20000);
    unplace(w, 4);
    const cell = chooseSpawn(w);
    expect(cell).not.toBe(w.info.spawnCells[3]);
    expect(edgeCells(w, cell, 3)).toBeGreaterThanOrEqual(RULES.spawnSafeDistance / FX_ONE);
    // A big cell that cannot eat a fresh one is no threat: the old rule holds.
    place(w, 3, 19.5, 14.5, 1999);
    expect(canEatMass(1999, RULES.startMass)).toBe(false);
    expect(chooseSpawn(w)).toBe(w.info.spawnCells[3]);
  });

  it('leaves the spawn points for a free cell away from threats when every spawn is near one', () => {
    const w = testWorld(OPEN_ROOM, { players: 5 });
    const giants: [number, number][] = [[3.5, 3.5], [20.5, 3.5], [3.5, 12.5], [20.5, 12.5]];
    giants.forEach(([x, y], b) => place(w, b, x, y, 5000));
    unplace(w, 4);
    for (const s of w.info.spawnCells) expect(Math.min(...giants.map((_, b) => edgeCells(w, s, b)))).toBeLessThan(3);
    const cell = chooseSpawn(w);
    expect(Array.from(w.info.spawnCells)).not.toContain(cell);
    expect(w.map.blocked[cell]).toBe(0);
    expect(Math.min(...giants.map((_, b) => edgeCells(w, cell, b)))).toBeGreaterThanOrEqual(RULES.spawnSafeDistance / FX_ONE);
    // And respawning puts the player there, one cell, protected, with the start mass.
    step(w, []);
    const c = cellOf(4);
    expect(w.players.alive[4]).toBe(1);
    expect(cellCount(w, 4)).toBe(1);
    expect((w.cells.y[c]! >> 10) * w.info.cols + (w.cells.x[c]! >> 10)).toBe(cell);
    expect(w.cells.radius[c]).toBe(radiusOf(RULES.startMass));
    expect(w.players.shield[4]).toBe(RULES.spawnShieldFrames - 1);
    expect(checkInvariants(w)).toBeNull();
  });

  it('a fresh cell reads as a player: clearly bigger than a pellet, yet fits a one-cell corridor', () => {
    const r = radiusOf(RULES.startMass);
    expect(r).toBeGreaterThanOrEqual(radiusOf(1000) * 1.25);
    expect(r).toBeLessThanOrEqual(FX_ONE / 2);
  });
});
