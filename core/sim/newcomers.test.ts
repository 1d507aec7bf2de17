/**
 * docs/RULES.md, newcomers: spawn protection (3 s, per player, ended by eating a cell, splitting or
 * ejecting) and the spawn rule that keeps a fresh player out of reach of every cell able to eat it
 * when the protection ends — on small hand-built worlds.
 */
import { describe, expect, it } from 'vitest';
import { OPEN_ROOM, cellOf, dirInput, place, placeBlob, placeCell, testWorld, unplace } from '../../test/fixtures/sim/scenario';
import { FX_ONE, isqrt } from '../math';
import { EventKind, RULES, canEatMass, cellCount, checkInvariants, pelletX, pelletY, radiusOf, restore, snapshot, speedOf, step } from './index';
import { chooseSpawn } from './cellOps';
import type { World } from './World';

/** [eater cell, victim cell] of this frame's CellEaten events. */
const eaten = (w: World): [number, number][] =>
  w.events.toArray().filter((e) => e.kind === EventKind.CellEaten).map((e) => [e.a, e.b]);

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

/** A walled open room `cols` wide and 11 high with spawn points at the given columns of row 5. */
function longRoom(cols: number, spawnCols: readonly number[]): string[] {
  return Array.from({ length: 11 }, (_, r) =>
    Array.from({ length: cols }, (_, c) => (r === 0 || r === 10 || c === 0 || c === cols - 1 ? '#' : r === 5 && spawnCols.includes(c) ? 'S' : '.')).join(''),
  );
}

/** How far (Fx) the centre of a threat of `mass` may be from a point and still cover it when a fresh player's protection ends. */
const reachOf = (mass: number): number => radiusOf(mass) + speedOf(radiusOf(mass)) * (RULES.spawnShieldFrames + 1);

/** Centre (Fx) of map cell `cell`. */
const centre = (w: World, cell: number): [number, number] => [(cell % w.info.cols) * FX_ONE + FX_ONE / 2, Math.floor(cell / w.info.cols) * FX_ONE + FX_ONE / 2];

/** The least, over the cells able to eat a fresh player, of centre distance − reach (Fx) from the centre of `cell`. */
function clearanceOf(w: World, cell: number): number {
  const [x, y] = centre(w, cell);
  let clear = Infinity;
  for (let c = 0; c < w.cells.mass.length; c++) {
    const m = w.cells.mass[c]!;
    if (m !== 0 && canEatMass(m, RULES.startMass)) clear = Math.min(clear, isqrt((w.cells.x[c]! - x) ** 2 + (w.cells.y[c]! - y) ** 2) - reachOf(m));
  }
  return clear;
}

describe('spawn rule (looking ahead to the end of protection)', () => {
  // Two spawns, (5, 5) and (50, 5). A small player (no threat) stands by spawn 1, so a spawn
  // free of threats on both sides goes to spawn 0, the one farther from everyone.
  const room = longRoom(56, [5, 50]);
  const setup = (threatMass: number, threatX: number): World => {
    const w = testWorld(room, { players: 3 });
    place(w, 0, 48.5, 5.5, RULES.startMass);
    place(w, 1, threatX / FX_ONE, 5.5, threatMass);
    unplace(w, 2);
    return w;
  };
  const spawn0X = 5 * FX_ONE + FX_ONE / 2;

  it('refuses a spawn a threat could reach by the time the protection ends, however far by edge distance', () => {
    const reach = reachOf(2000); // 565 + 189 × 91 = 17 764 Fx, 17.3 cells
    expect(reach).toBe(17764);
    // Exactly at its reach east of spawn 0 (16.8 cells of edge clearance: the old rule's 8 cells
    // called it safe): refused, the newcomer goes by the small player at spawn 1.
    const w = setup(2000, spawn0X + reach);
    expect(chooseSpawn(w)).toBe(w.info.spawnCells[1]);
    // 1 Fx farther it could not cover spawn 0's centre in time: spawn 0 again.
    expect(chooseSpawn(setup(2000, spawn0X + reach + 1))).toBe(setup(0, 0).info.spawnCells[0]);
  });

  it('measures reach by the threat’s speed: a slow giant is no threat where a fast small eater is', () => {
    const far = spawn0X + 12 * FX_ONE;
    expect(reachOf(30000)).toBeLessThan(12 * FX_ONE); // 2190 + 93 × 91: 10.4 cells
    const giant = setup(30000, far);
    expect(chooseSpawn(giant)).toBe(giant.info.spawnCells[0]);
    const small = setup(2000, far);
    expect(chooseSpawn(small)).toBe(small.info.spawnCells[1]);
    // A big cell that cannot eat a fresh one is no threat at all, however close (3 cells from
    // spawn 0, farther than the small player is from spawn 1).
    expect(canEatMass(1999, RULES.startMass)).toBe(false);
    const harmless = setup(1999, spawn0X + 3 * FX_ONE);
    expect(chooseSpawn(harmless)).toBe(harmless.info.spawnCells[0]);
  });

  it('is the sim’s own timing: a threat at full speed from just inside its reach eats a player spawned there in the first frame it is exposed', () => {
    const w = testWorld(room, { players: 2 });
    const [sx, sy] = centre(w, w.info.spawnCells[0]!);
    place(w, 1, sx / FX_ONE, sy / FX_ONE, RULES.startMass);
    w.players.shield[1] = RULES.spawnShieldFrames; // as spawned in the frame stepped next
    const speed = speedOf(radiusOf(2000));
    place(w, 0, (sx + reachOf(2000) - 64) / FX_ONE, sy / FX_ONE, 2000);
    w.cells.vx[A] = -speed; // already at full speed, heading west at it
    for (let f = 0; f < RULES.spawnShieldFrames; f++) {
      step(w, f === 0 ? [dirInput(0, 2048)] : []);
      expect(w.players.alive[1], `frame ${f}`).toBe(1);
    }
    step(w, []);
    expect(eaten(w)).toEqual([[A, B]]);
  });

  it('with no safe place takes the safest: the spawn farthest beyond the reaches, or a free cell safer than every spawn', () => {
    // The room is 24 × 16: no point is out of reach of a 2000 at its middle; the far corner is the safest.
    const w = testWorld(OPEN_ROOM, { players: 3 });
    place(w, 0, 11.8, 8.2, 2000);
    place(w, 1, 20.5, 14.5, RULES.startMass);
    unplace(w, 2);
    const spawns = Array.from(w.info.spawnCells);
    expect(Math.max(...Array.from(w.info.freeCells, (c) => clearanceOf(w, c)))).toBeLessThan(0);
    expect(chooseSpawn(w)).toBe(spawns[1]); // (22, 1), 12.6 cells away; the others are 12.4 or nearer
    // Four giants by the corners: every spawn is close to one; a free cell near the middle is safer.
    const g = testWorld(OPEN_ROOM, { players: 5 });
    [[3.5, 3.5], [20.5, 3.5], [3.5, 12.5], [20.5, 12.5]].forEach(([x, y], b) => place(g, b, x!, y!, 5000));
    unplace(g, 4);
    const cell = chooseSpawn(g);
    expect(spawns).not.toContain(cell);
    expect(g.map.blocked[cell]).toBe(0);
    const best = Math.max(...Array.from(g.info.freeCells, (c) => clearanceOf(g, c)));
    expect(clearanceOf(g, cell)).toBeGreaterThan(Math.max(...spawns.map((c) => clearanceOf(g, c))));
    expect(clearanceOf(g, cell)).toBeGreaterThanOrEqual(best - FX_ONE); // the refuge candidates are a sample of the free cells
    // And respawning puts the player there, one cell, protected, with the start mass.
    step(g, []);
    const c = cellOf(4);
    expect(g.players.alive[4]).toBe(1);
    expect(cellCount(g, 4)).toBe(1);
    expect((g.cells.y[c]! >> 10) * g.info.cols + (g.cells.x[c]! >> 10)).toBe(cell);
    expect(g.cells.radius[c]).toBe(radiusOf(RULES.startMass));
    expect(g.players.shield[4]).toBe(RULES.spawnShieldFrames - 1);
    expect(checkInvariants(g)).toBeNull();
  });

  it('is deterministic: the same world (or its restored snapshot) gives the same place, and the choice draws nothing from the RNG', () => {
    const w = testWorld(OPEN_ROOM, { players: 5 });
    [[3.5, 3.5], [20.5, 3.5], [3.5, 12.5], [12.5, 8.5]].forEach(([x, y], b) => place(w, b, x!, y!, 2000 + 1000 * b));
    unplace(w, 4);
    const rng = Array.from(w.rng);
    const cell = chooseSpawn(w);
    expect(chooseSpawn(w)).toBe(cell);
    expect(chooseSpawn(restore(snapshot(w), w.map))).toBe(cell);
    expect(Array.from(w.rng)).toEqual(rng);
  });

  it('a fresh cell reads as a player: clearly bigger than a pellet, yet fits a one-cell corridor', () => {
    const r = radiusOf(RULES.startMass);
    expect(r).toBeGreaterThanOrEqual(radiusOf(1000) * 1.25);
    expect(r).toBeLessThanOrEqual(FX_ONE / 2);
  });
});
