/** docs/RULES.md, part 1: size, eating, respawn, pellets, decay, the match clock — on small hand-built worlds. */
import { describe, expect, it } from 'vitest';
import { OPEN_ROOM, asciiMap, dirInput, place, testWorld } from '../../test/fixtures/sim/scenario';
import { EventKind, RULES, canEatMass, checkInvariants, createWorld, pelletValue, pelletX, pelletY, radiusOf, scoreboard, speedOf, step } from './index';
import { chooseSpawn } from './ballOps';
import type { World } from './World';

const kinds = (w: World): number[] => w.events.toArray().map((e) => e.kind);
const ballEaten = (w: World): [number, number][] =>
  w.events.toArray().filter((e) => e.kind === EventKind.BallEaten).map((e) => [e.a, e.b]);

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

describe('eating balls', () => {
  it('eats at exactly 1.25× the mass, not below', () => {
    expect(canEatMass(1250, 1000)).toBe(true);
    expect(canEatMass(1249, 1000)).toBe(false);
    for (const [eater, eats] of [[1250, true], [1249, false]] as const) {
      const w = testWorld();
      place(w, 0, 5, 5, eater);
      place(w, 1, 5.1, 5, 1000);
      step(w, []);
      expect(w.balls.alive[1]).toBe(eats ? 0 : 1);
      expect(w.balls.mass[0]).toBe(eats ? eater + 1000 : eater);
      expect(w.balls.kills[0]).toBe(eats ? 1 : 0);
      expect(ballEaten(w)).toEqual(eats ? [[0, 1]] : []);
    }
  });

  it('works whichever id is bigger, and equal balls never eat each other', () => {
    const w = testWorld();
    place(w, 0, 5, 5, 1000);
    place(w, 1, 5.2, 5, 2000);
    step(w, []);
    expect(ballEaten(w)).toEqual([[1, 0]]);
    const v = testWorld();
    place(v, 0, 5, 5, 3000);
    place(v, 1, 5, 5, 3000);
    step(v, []);
    expect(ballEaten(v)).toEqual([]);
  });

  it('needs the eater to cover the victim centre (strictly inside its radius)', () => {
    const r = radiusOf(5000);
    for (const [d, eats] of [[r - 1, true], [r, false]] as const) {
      const w = testWorld();
      place(w, 0, 6, 6, 5000);
      place(w, 1, 6, 6, 1000);
      w.balls.x[1] = w.balls.x[0]! + d;
      step(w, []);
      expect(w.balls.alive[1], `distance ${d}`).toBe(eats ? 0 : 1);
    }
  });

  it('resolves several eats in ascending id; a ball eaten this frame eats nothing', () => {
    // 0 covers 1, 1 covers 2 (but 0 does not): 0 eats 1 first, so 2 survives.
    const w = testWorld(OPEN_ROOM, { players: 3 });
    place(w, 0, 5, 5, 3000);
    place(w, 1, 5.6, 5, 2000);
    place(w, 2, 6.1, 5, 1000);
    step(w, []);
    expect(ballEaten(w)).toEqual([[0, 1]]);
    expect(w.balls.alive[2]).toBe(1);
    expect(w.balls.mass[0]).toBe(5000);
    // 0 covers 1 and 2: it eats both, in ascending id, growing as it goes.
    const v = testWorld(OPEN_ROOM, { players: 3 });
    place(v, 0, 5, 5, 2000);
    place(v, 1, 5.1, 5, 1500);
    place(v, 2, 5, 5.1, 1800);
    step(v, []);
    expect(ballEaten(v)).toEqual([[0, 1], [0, 2]]); // 1800 > 2000 / 1.25, edible only after eating 1
    expect(v.balls.mass[0]).toBe(5300);
    expect(v.balls.radius[0]).toBe(radiusOf(5300));
    expect(v.balls.kills[0]).toBe(2);
    expect(v.balls.deaths[1]).toBe(1);
  });
});

describe('respawn', () => {
  it('brings an eaten ball back after 90 frames, at start mass, protected, on the spawn farthest from live balls', () => {
    const w = testWorld();
    place(w, 0, 2.5, 2.5, 3000); // near the north-west spawn (1, 1)
    place(w, 1, 2.6, 2.5, 1000);
    step(w, []);
    expect(w.balls.alive[1]).toBe(0);
    for (let f = 1; f < RULES.respawnFrames; f++) {
      step(w, []);
      expect(w.balls.alive[1], `frame ${f}`).toBe(0);
    }
    step(w, []);
    expect(w.balls.alive[1]).toBe(1);
    expect(w.balls.mass[1]).toBe(RULES.startMass);
    expect(w.balls.shield[1]).toBe(RULES.spawnShieldFrames - 1); // counted down once in its first frame
    // Spawns in reading order: (1,1), (22,1), (1,14), (22,14); the farthest from (2.5, 2.5) is (22, 14).
    expect([w.balls.x[1], w.balls.y[1]]).toEqual([22 * 1024 + 512, 14 * 1024 + 512]);
    const ev = w.events.toArray().find((e) => e.kind === EventKind.Respawned);
    expect(ev).toMatchObject({ a: 1, b: 14 * 24 + 22 });
    expect(checkInvariants(w)).toBeNull();
  });

  it('breaks distance ties by the lower spawn index', () => {
    const w = testWorld();
    // Exactly between the four spawn centres (1.5, 1.5), (22.5, 1.5), (1.5, 14.5), (22.5, 14.5).
    place(w, 0, 12, 8);
    w.balls.alive[1] = 0;
    expect(chooseSpawn(w)).toBe(w.info.spawnCells[0]);
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
    expect(eaten).toEqual([{ kind: EventKind.PelletEaten, a: p, b: 0, c: value, d: 0 }]);
    expect(w.balls.mass[0]).toBeGreaterThanOrEqual(1000 + value);
    expect(w.scratch.pelletCount).toBeLessThanOrEqual(40);
    for (let f = 0; f < 30; f++) step(w, []);
    expect(w.scratch.pelletCount).toBe(40);
    expect(checkInvariants(w)).toBeNull();
  });
});

describe('decay', () => {
  it('shrinks balls above the threshold by 1/1024 of the excess a frame, never below it', () => {
    const w = testWorld();
    place(w, 0, 5, 5, 10000);
    place(w, 1, 15, 10, RULES.decayThreshold + 500);
    step(w, []);
    expect(w.balls.mass[0]).toBe(10000 - ((10000 - RULES.decayThreshold) >> 10));
    expect(w.balls.mass[1]).toBe(RULES.decayThreshold + 500); // excess below 1024: no loss
    for (let f = 0; f < 3000; f++) step(w, []);
    expect(w.balls.mass[0]).toBeGreaterThan(RULES.decayThreshold);
    expect(w.balls.mass[0]).toBeLessThan(RULES.decayThreshold + 1024);
  });
});

describe('match clock', () => {
  it('ends on the last frame with a complete deterministic ranking, then freezes', () => {
    const w = testWorld(OPEN_ROOM, { players: 4, lengthFrames: 5 });
    place(w, 0, 3, 3, 2000);
    place(w, 1, 20, 3, 3000);
    place(w, 2, 3, 12, 2000);
    place(w, 3, 20, 12, 2000);
    w.balls.kills[2] = 1; // beats 0 and 3 on kills
    w.balls.deaths[3] = 1; // 0 beats 3 on deaths
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
    const x = w.balls.x.slice();
    step(w, [dirInput(0, 0, true)]);
    expect(w.frame).toBe(5);
    expect(w.events.count).toBe(0);
    expect(w.balls.x).toEqual(x);
  });
});
