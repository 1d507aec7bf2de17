/**
 * docs/RULES.md, newcomers: spawn protection (3 s, ended by eating a ball or dashing) and the spawn
 * rule that keeps a fresh ball away from balls able to eat it — on small hand-built worlds.
 */
import { describe, expect, it } from 'vitest';
import { OPEN_ROOM, dirInput, place, testWorld } from '../../test/fixtures/sim/scenario';
import { FX_ONE, isqrt } from '../math';
import { EventKind, RULES, canEatMass, checkInvariants, pelletX, pelletY, radiusOf, step } from './index';
import { chooseSpawn } from './ballOps';
import type { World } from './World';

const eaten = (w: World): [number, number][] =>
  w.events.toArray().filter((e) => e.kind === EventKind.BallEaten).map((e) => [e.a, e.b]);

/** Edge distance (cells) from the centre of `cell` to ball `b`. */
function edgeCells(w: World, cell: number, b: number): number {
  const cols = w.info.cols;
  const dx = (cell % cols) * FX_ONE + FX_ONE / 2 - w.balls.x[b]!;
  const dy = Math.floor(cell / cols) * FX_ONE + FX_ONE / 2 - w.balls.y[b]!;
  return (isqrt(dx * dx + dy * dy) - w.balls.radius[b]!) / FX_ONE;
}

describe('spawn protection', () => {
  it('a fresh ball under a giant survives 3 s, then is eaten', () => {
    const w = testWorld(); // both balls spawned, protected
    expect(w.balls.shield[1]).toBe(RULES.spawnShieldFrames);
    expect(w.balls.mass[1]).toBe(RULES.startMass);
    place(w, 0, 10, 6, 8000);
    w.balls.x[1] = w.balls.x[0]! + 100;
    w.balls.y[1] = w.balls.y[0]!;
    for (let f = 0; f < RULES.spawnShieldFrames; f++) {
      step(w, []);
      expect(w.balls.alive[1], `frame ${f}`).toBe(1);
    }
    step(w, []);
    expect(eaten(w)).toEqual([[0, 1]]);
    expect(checkInvariants(w)).toBeNull();
  });

  it('eating a ball ends it at once: a bigger ball later in the same frame eats the eater', () => {
    const setup = (withPrey: boolean): World => {
      const w = testWorld(OPEN_ROOM, { players: 4 });
      place(w, 0, 3, 12);
      place(w, 1, 10.5, 5, 2000);
      w.balls.shield[1] = 60;
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
    expect(eaten(w)).toEqual([[1, 2], [3, 1]]);
    expect(w.events.toArray().find((e) => e.kind === EventKind.BallEaten && e.a === 3)?.c).toBe(2000 + 1000);
    expect(checkInvariants(w)).toBeNull();
  });

  it('eating pellets keeps it', () => {
    const w = testWorld(OPEN_ROOM, { seed: 5, players: 2, pelletTarget: 40 });
    const p = w.pellets.word.findIndex((v) => v !== 0);
    const word = w.pellets.word[p]!;
    place(w, 1, pelletX(word) / FX_ONE + 0.1, pelletY(word) / FX_ONE, RULES.startMass);
    w.balls.shield[1] = 60;
    step(w, []);
    expect(w.events.toArray().filter((e) => e.kind === EventKind.PelletEaten && e.b === 1).map((e) => e.a)).toContain(p);
    expect(w.balls.shield[1]).toBe(59);
  });

  it('dashing ends it: a protected ball dashing into a giant is eaten in that frame', () => {
    for (const dash of [false, true]) {
      const w = testWorld();
      place(w, 0, 10, 5, 5000);
      place(w, 1, 10.3, 5, RULES.startMass);
      w.balls.shield[1] = 60;
      step(w, [dirInput(1, 2048, dash)]); // west, into the giant's centre
      expect(eaten(w), dash ? 'dashing' : 'not dashing').toEqual(dash ? [[0, 1]] : []);
      if (!dash) expect(w.balls.shield[1]).toBe(59);
    }
  });
});

describe('spawn rule', () => {
  it('never picks the spawn next to a ball that can eat a fresh one while another is clear', () => {
    const w = testWorld(OPEN_ROOM, { players: 5 });
    // Spawns (1,1), (22,1), (1,14), (22,14). Small balls sit on three of them; a giant stands
    // 3 cells from the fourth — the old rule ("nearest ball farthest away") picked that one.
    place(w, 0, 1.5, 1.5, RULES.startMass);
    place(w, 1, 22.5, 1.5, RULES.startMass);
    place(w, 2, 1.5, 14.5, RULES.startMass);
    place(w, 3, 19.5, 14.5, 20000);
    w.balls.alive[4] = 0;
    w.balls.mass[4] = 0;
    w.balls.radius[4] = 0;
    w.balls.respawn[4] = 1;
    w.balls.shield[4] = 0;
    const cell = chooseSpawn(w);
    expect(cell).not.toBe(w.info.spawnCells[3]);
    expect(edgeCells(w, cell, 3)).toBeGreaterThanOrEqual(RULES.spawnSafeDistance / FX_ONE);
    // A big ball that cannot eat a fresh one is no threat: the old rule holds.
    place(w, 3, 19.5, 14.5, 1999);
    expect(canEatMass(1999, RULES.startMass)).toBe(false);
    expect(chooseSpawn(w)).toBe(w.info.spawnCells[3]);
  });

  it('leaves the spawn points for a free cell away from threats when every spawn is near one', () => {
    const w = testWorld(OPEN_ROOM, { players: 5 });
    const giants: [number, number][] = [[3.5, 3.5], [20.5, 3.5], [3.5, 12.5], [20.5, 12.5]];
    giants.forEach(([x, y], b) => place(w, b, x, y, 5000));
    w.balls.alive[4] = 0;
    w.balls.mass[4] = 0;
    w.balls.radius[4] = 0;
    w.balls.respawn[4] = 1;
    w.balls.shield[4] = 0;
    for (const s of w.info.spawnCells) expect(Math.min(...giants.map((_, b) => edgeCells(w, s, b)))).toBeLessThan(3);
    const cell = chooseSpawn(w);
    expect(Array.from(w.info.spawnCells)).not.toContain(cell);
    expect(w.map.blocked[cell]).toBe(0);
    expect(Math.min(...giants.map((_, b) => edgeCells(w, cell, b)))).toBeGreaterThanOrEqual(RULES.spawnSafeDistance / FX_ONE);
    // And respawning puts the ball there, protected, with the start mass.
    step(w, []);
    expect(w.balls.alive[4]).toBe(1);
    expect((w.balls.y[4]! >> 10) * w.info.cols + (w.balls.x[4]! >> 10)).toBe(cell);
    expect(w.balls.radius[4]).toBe(radiusOf(RULES.startMass));
    expect(checkInvariants(w)).toBeNull();
  });

  it('a fresh ball reads as a player: clearly bigger than a pellet, yet fits a one-cell corridor', () => {
    const r = radiusOf(RULES.startMass);
    expect(r).toBeGreaterThanOrEqual(radiusOf(1000) * 1.25);
    expect(r).toBeLessThanOrEqual(FX_ONE / 2);
  });
});
