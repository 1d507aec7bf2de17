/**
 * docs/RULES.md, part 1: size, eating (per cell, a player out with its last cell), respawn,
 * pellets, decay (per cell), the match clock and scoreboard (sums over cells) — on small
 * hand-built worlds.
 */
import { describe, expect, it } from 'vitest';
import { OPEN_ROOM, asciiMap, cellOf, dirInput, place, placeCell, testWorld, unplace } from '../../test/fixtures/sim/scenario';
import {
  EventKind, RULES, canEatMass, cellCount, checkInvariants, createWorld, pelletValue, pelletX, pelletY, playerMass, radiusOf, scoreboard,
  speedOf, step,
} from './index';
import { chooseSpawn } from './cellOps';
import type { World } from './World';

const kinds = (w: World): number[] => w.events.toArray().map((e) => e.kind);
/** [eater cell, victim cell] of this frame's CellEaten events. */
const cellEaten = (w: World): [number, number][] =>
  w.events.toArray().filter((e) => e.kind === EventKind.CellEaten).map((e) => [e.a, e.b]);
/** [eater slot, victim slot] of this frame's PlayerEaten events. */
const playerEaten = (w: World): [number, number][] =>
  w.events.toArray().filter((e) => e.kind === EventKind.PlayerEaten).map((e) => [e.a, e.b]);

const A = cellOf(0);
const B = cellOf(1);
const C = cellOf(2);

describe('size and speed', () => {
  it('radius grows with the square root of mass; speed falls with mass', () => {
    expect(radiusOf(1000)).toBe(400);
    expect(radiusOf(4000)).toBe(800);
    expect(radiusOf(RULES.maxMass)).toBeLessThan(2.5 * 1024);
    let prevSpeed = Infinity;
    for (let m = RULES.minMass; m <= RULES.maxMass; m += 500) {
      const s = speedOf(radiusOf(m));
      expect(s).toBeLessThanOrEqual(prevSpeed);
      expect(s).toBeGreaterThanOrEqual(RULES.minSpeed);
      prevSpeed = s;
    }
    expect(speedOf(radiusOf(RULES.startMass))).toBe(RULES.baseSpeed);
    expect(speedOf(radiusOf(RULES.maxMass))).toBeLessThan(RULES.baseSpeed / 2);
  });
});

describe('eating cells', () => {
  it('eats at exactly 1.25× the mass, not below', () => {
    expect(canEatMass(1250, 1000)).toBe(true);
    expect(canEatMass(1249, 1000)).toBe(false);
    for (const [eater, eats] of [[1250, true], [1249, false]] as const) {
      const w = testWorld();
      place(w, 0, 5, 5, eater);
      place(w, 1, 5.1, 5, 1000);
      step(w, []);
      expect(w.players.alive[1]).toBe(eats ? 0 : 1);
      expect(w.cells.mass[A]).toBe(eats ? eater + 1000 : eater);
      expect(w.players.kills[0]).toBe(eats ? 1 : 0);
      expect(cellEaten(w)).toEqual(eats ? [[A, B]] : []);
      expect(playerEaten(w)).toEqual(eats ? [[0, 1]] : []);
    }
  });

  it('works whichever id is bigger, and equal cells never eat each other', () => {
    const w = testWorld();
    place(w, 0, 5, 5, 1000);
    place(w, 1, 5.2, 5, 2000);
    step(w, []);
    expect(cellEaten(w)).toEqual([[B, A]]);
    const v = testWorld();
    place(v, 0, 5, 5, 3000);
    place(v, 1, 5, 5, 3000);
    step(v, []);
    expect(cellEaten(v)).toEqual([]);
  });

  it('needs the eater to cover the victim centre (strictly inside its radius)', () => {
    const r = radiusOf(5000);
    for (const [d, eats] of [[r - 1, true], [r, false]] as const) {
      const w = testWorld();
      place(w, 0, 6, 6, 5000);
      place(w, 1, 6, 6, 1000);
      w.cells.x[B] = w.cells.x[A]! + d;
      step(w, []);
      expect(w.players.alive[1], `distance ${d}`).toBe(eats ? 0 : 1);
    }
  });

  it('resolves several eats in ascending id; a cell eaten this frame eats nothing', () => {
    // 0 covers 1, 1 covers 2 (but 0 does not): 0 eats 1 first, so 2 survives.
    const w = testWorld(OPEN_ROOM, { players: 3 });
    place(w, 0, 5, 5, 3000);
    place(w, 1, 5.6, 5, 2000);
    place(w, 2, 6.1, 5, 1000);
    step(w, []);
    expect(cellEaten(w)).toEqual([[A, B]]);
    expect(w.players.alive[2]).toBe(1);
    expect(w.cells.mass[A]).toBe(5000);
    // 0 covers 1 and 2: it eats both, in ascending id, growing as it goes.
    const v = testWorld(OPEN_ROOM, { players: 3 });
    place(v, 0, 5, 5, 2000);
    place(v, 1, 5.1, 5, 1500);
    place(v, 2, 5, 5.1, 1800);
    step(v, []);
    expect(cellEaten(v)).toEqual([[A, B], [A, C]]); // 1800 > 2000 / 1.25, edible only after eating 1
    expect(v.cells.mass[A]).toBe(5300);
    expect(v.cells.radius[A]).toBe(radiusOf(5300));
    expect(v.players.kills[0]).toBe(2);
    expect(v.players.deaths[1]).toBe(1);
  });

  it('puts a player out only when its last cell is eaten: the kill goes to the eater cell’s player', () => {
    const w = testWorld(OPEN_ROOM, { players: 2 });
    place(w, 0, 3, 12, 1000); // player 0's first cell, far away
    const eater = placeCell(w, 0, 5, 8, 8, 6000); // its cell 5 does the eating
    place(w, 1, 8.2, 8, 1000);
    const spare = placeCell(w, 1, 3, 16, 4, 1200);
    step(w, []);
    expect(cellEaten(w)).toEqual([[eater, B]]);
    expect(playerEaten(w)).toEqual([]);
    expect([w.players.alive[1], w.players.deaths[1], w.players.kills[0], cellCount(w, 1)]).toEqual([1, 0, 0, 1]);
    expect(w.events.toArray().find((e) => e.kind === EventKind.CellEaten)).toMatchObject({ a: eater, b: B, c: 1000 });
    // Now its last cell.
    w.cells.x[spare] = w.cells.x[eater]! + 300;
    w.cells.y[spare] = w.cells.y[eater]!;
    const before = playerMass(w, 0);
    step(w, []);
    expect(cellEaten(w)).toEqual([[eater, spare]]);
    const out = w.events.toArray().find((e) => e.kind === EventKind.PlayerEaten);
    // a = the eater's slot, b = the player out, c = the eater player's mass after it (before the frame's decay), d = the eater cell.
    expect(out).toMatchObject({ a: 0, b: 1, c: before + 1200, d: eater });
    expect([w.players.alive[1], w.players.deaths[1], w.players.kills[0], w.players.respawn[1]]).toEqual([0, 1, 1, RULES.respawnFrames]);
    expect(checkInvariants(w)).toBeNull();
  });

  it('one cell eating two cells of one player in a frame scores one kill', () => {
    const w = testWorld();
    place(w, 0, 8, 8, 10000);
    place(w, 1, 8.3, 8, 1000);
    placeCell(w, 1, 1, 7.7, 8, 1000);
    step(w, []);
    expect(cellEaten(w)).toEqual([[A, B], [A, B + 1]]);
    expect(playerEaten(w)).toEqual([[0, 1]]);
    expect([w.players.kills[0], w.players.deaths[1]]).toEqual([1, 1]);
  });

  it('never lets a player’s own cells eat each other', () => {
    const w = testWorld();
    place(w, 0, 8, 8, 10000);
    const small = placeCell(w, 0, 1, 8.2, 8, 1000);
    w.cells.merge[A] = 100; // may not merge yet: they are pushed apart instead
    w.cells.merge[small] = 100;
    step(w, []);
    expect(cellEaten(w)).toEqual([]);
    expect(cellCount(w, 0)).toBe(2);
    expect(w.cells.mass[small]).toBe(1000);
  });

  it('caps the eater at the maximum mass: the rest is lost', () => {
    const w = testWorld();
    place(w, 0, 8, 8, 38000);
    place(w, 1, 8.5, 8, 5000);
    step(w, []);
    expect(cellEaten(w)).toEqual([[A, B]]);
    expect(w.cells.mass[A]).toBeLessThanOrEqual(RULES.maxMass);
    expect(w.cells.mass[A]).toBe(RULES.maxMass - ((RULES.maxMass - RULES.decayThreshold) >> RULES.decayShift)); // capped, then one frame of decay
  });
});

describe('respawn', () => {
  it('brings an eaten player back after 90 frames with one cell of start mass, protected, on the spawn farthest from live cells', () => {
    const w = testWorld();
    place(w, 0, 8, 5, 3000); // 7.4 cells from spawn (1, 1): too close to be safe; the other three are safe
    place(w, 1, 8.1, 5, 1000);
    step(w, []);
    expect(w.players.alive[1]).toBe(0);
    for (let f = 1; f < RULES.respawnFrames; f++) {
      step(w, []);
      expect(w.players.alive[1], `frame ${f}`).toBe(0);
    }
    step(w, []);
    expect(w.players.alive[1]).toBe(1);
    expect(cellCount(w, 1)).toBe(1);
    expect(w.cells.mass[B]).toBe(RULES.startMass);
    expect(w.players.shield[1]).toBe(RULES.spawnShieldFrames - 1); // counted down once in its first frame
    // Spawns in reading order: (1,1), (22,1), (1,14), (22,14); from (8, 5) the safe ones are
    // 14.9, 11.5 and 17.3 cells away (the last counts as 16, the cap): (22, 14) is the farthest.
    expect([w.cells.x[B], w.cells.y[B]]).toEqual([22 * 1024 + 512, 14 * 1024 + 512]);
    const ev = w.events.toArray().find((e) => e.kind === EventKind.Respawned);
    expect(ev).toMatchObject({ a: 1, b: 14 * 24 + 22, c: w.cells.x[B], d: w.cells.y[B] });
    expect(checkInvariants(w)).toBeNull();
  });

  it('breaks distance ties by the lower spawn index', () => {
    const w = testWorld();
    // Exactly between the four spawn centres (1.5, 1.5), (22.5, 1.5), (1.5, 14.5), (22.5, 14.5).
    place(w, 0, 12, 8);
    unplace(w, 1);
    expect(chooseSpawn(w)).toBe(w.info.spawnCells[0]);
  });

  it('measures a split player from its lead cell (its biggest), not from every cell', () => {
    const w = testWorld();
    // The lead cell (1900: no threat) on spawn 0, small cells on spawns 1 and 3: spawn 3 is the
    // farthest from the lead (24.7 cells); counting every cell would pick spawn 2 instead.
    place(w, 0, 1.5, 1.5, 1900);
    placeCell(w, 0, 7, 22.5, 1.5, 1000);
    placeCell(w, 0, 9, 22.5, 14.5, 1000);
    unplace(w, 1);
    expect(chooseSpawn(w)).toBe(w.info.spawnCells[3]);
    // Make a small cell the lead: now the spawns are measured from it.
    w.cells.mass[cellOf(0, 9)] = 3000;
    w.cells.radius[cellOf(0, 9)] = radiusOf(3000);
    expect(chooseSpawn(w)).not.toBe(w.info.spawnCells[3]);
  });
});

describe('pellets', () => {
  it('spawn up to the target, one per free cell, and are eaten by the lower id first', () => {
    const map = asciiMap(OPEN_ROOM);
    const w = createWorld(map, { seed: 5, players: 2, pelletTarget: 40 });
    expect(w.scratch.pelletCount).toBe(40);
    const p = w.pellets.word.findIndex((v) => v !== 0);
    const word = w.pellets.word[p]!;
    const px = pelletX(word) / 1024;
    const py = pelletY(word) / 1024;
    place(w, 0, px + 0.1, py, 1000);
    place(w, 1, px - 0.1, py, 1000);
    const value = pelletValue(word);
    step(w, []);
    const eaten = w.events.toArray().filter((e) => e.kind === EventKind.PelletEaten && e.a === p);
    expect(eaten).toEqual([{ kind: EventKind.PelletEaten, a: p, b: A, c: value, d: 0 }]);
    expect(w.cells.mass[A]).toBeGreaterThanOrEqual(1000 + value);
    expect(w.scratch.pelletCount).toBeLessThanOrEqual(40);
    for (let f = 0; f < 30; f++) step(w, []);
    expect(w.scratch.pelletCount).toBe(40);
    expect(checkInvariants(w)).toBeNull();
  });

  it('are eaten by any cell of a player, the lower cell id first', () => {
    const w = createWorld(asciiMap(OPEN_ROOM), { seed: 5, players: 2, pelletTarget: 40 });
    const p = w.pellets.word.findIndex((v) => v !== 0);
    const word = w.pellets.word[p]!;
    place(w, 0, 3, 12, 1000);
    const c3 = placeCell(w, 0, 3, pelletX(word) / 1024 + 0.1, pelletY(word) / 1024, 1000);
    placeCell(w, 0, 6, pelletX(word) / 1024 - 0.1, pelletY(word) / 1024, 1000);
    for (const c of [c3, c3 + 3]) w.cells.noCollide[c] = 5;
    place(w, 1, 20, 3);
    step(w, []);
    expect(w.events.toArray().filter((e) => e.kind === EventKind.PelletEaten && e.a === p).map((e) => e.b)).toEqual([c3]);
  });
});

describe('decay', () => {
  it('shrinks cells above the threshold by 1/1024 of the excess a frame, never below it', () => {
    const w = testWorld();
    place(w, 0, 5, 5, 10000);
    place(w, 1, 15, 10, RULES.decayThreshold + 500);
    step(w, []);
    expect(w.cells.mass[A]).toBe(10000 - ((10000 - RULES.decayThreshold) >> 10));
    expect(w.cells.mass[B]).toBe(RULES.decayThreshold + 500); // excess below 1024: no loss
    for (let f = 0; f < 3000; f++) step(w, []); // ⌊excess / 1024⌋ a frame: 5000 → 1023 takes ~2100 frames
    expect(w.cells.mass[A]).toBeGreaterThan(RULES.decayThreshold);
    expect(w.cells.mass[A]).toBeLessThan(RULES.decayThreshold + 1024);
  });

  it('is per cell: a player split into two cells of 10000 loses less than one cell of 20000', () => {
    const w = testWorld();
    place(w, 0, 5, 5, 10000);
    placeCell(w, 0, 1, 5, 10, 10000);
    place(w, 1, 15, 8, 20000);
    step(w, []);
    const lossSplit = 20000 - playerMass(w, 0);
    const lossWhole = 20000 - playerMass(w, 1);
    expect(lossSplit).toBe(2 * ((10000 - RULES.decayThreshold) >> RULES.decayShift));
    expect(lossWhole).toBe((20000 - RULES.decayThreshold) >> RULES.decayShift);
    expect(lossSplit).toBeLessThan(lossWhole);
  });
});

describe('match clock and scoreboard', () => {
  it('ends on the last frame with a complete deterministic ranking, then freezes', () => {
    const w = testWorld(OPEN_ROOM, { players: 4, lengthFrames: 5 });
    place(w, 0, 3, 3, 2000);
    place(w, 1, 20, 3, 3000);
    place(w, 2, 3, 12, 2000);
    place(w, 3, 20, 12, 2000);
    w.players.kills[2] = 1; // beats 0 and 3 on kills
    w.players.deaths[3] = 1; // 0 beats 3 on deaths
    for (let f = 0; f < 4; f++) {
      step(w, []);
      expect(kinds(w)).not.toContain(EventKind.MatchOver);
    }
    step(w, []);
    const ev = w.events.toArray();
    const over = ev.findIndex((e) => e.kind === EventKind.MatchOver);
    expect(ev[over]).toMatchObject({ a: 5, b: 4 });
    const ranked = ev.slice(over + 1).map((e) => [e.kind, e.a, e.b]);
    expect(ranked).toEqual([[EventKind.Ranked, 1, 1], [EventKind.Ranked, 2, 2], [EventKind.Ranked, 3, 0], [EventKind.Ranked, 4, 3]]);
    expect(scoreboard(w).map((r) => r.slot)).toEqual([1, 2, 0, 3]);
    expect(w.ended).toBe(true);
    const x = w.cells.x.slice();
    step(w, [dirInput(0, 0, { split: true, eject: true })]);
    expect(w.frame).toBe(5);
    expect(w.events.count).toBe(0);
    expect(w.cells.x).toEqual(x);
  });

  it('ranks by the sum over a player’s cells, and counts its cells', () => {
    const w = testWorld(OPEN_ROOM, { players: 3, lengthFrames: 1 });
    place(w, 0, 3, 3, 3000); // one cell of 3000
    place(w, 1, 20, 3, 2000); // three cells: 2000 + 1500 + 1000 = 4500
    placeCell(w, 1, 4, 20, 8, 1500);
    placeCell(w, 1, 11, 20, 12, 1000);
    unplace(w, 2, 30); // dead: mass 0
    const rows = scoreboard(w);
    expect(rows.map((r) => [r.slot, r.mass, r.cells, r.alive])).toEqual([[1, 4500, 3, true], [0, 3000, 1, true], [2, 0, 0, false]]);
    step(w, []);
    const ranked = w.events.toArray().filter((e) => e.kind === EventKind.Ranked);
    expect(ranked.map((e) => [e.a, e.b, e.c])).toEqual([[1, 1, 4500], [2, 0, 3000], [3, 2, 0]]);
  });
});
