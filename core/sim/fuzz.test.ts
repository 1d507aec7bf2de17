/**
 * Robustness: 1000 seeds of random worlds driven by random and hostile inputs. `step` must never
 * throw, and after every frame every world invariant holds (checkInvariants: positions on the
 * map, no live centre in a wall, masses in bounds, timers and paths in range, one pellet per cell).
 */
import { describe, expect, it } from 'vitest';
import type { GameMap } from '../map';
import { createRng, rngInt } from '../math';
import { OPEN_ROOM, asciiMap, garbageInputs } from '../../test/fixtures/sim/scenario';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { ScriptedPlayers, checkInvariants, createWorld, hashWorld, mapInfoOf, step, type SlotInput } from './index';

const PICTURES: readonly (readonly string[])[] = [
  OPEN_ROOM,
  ['###', '#.#', '###'], // one free cell: everyone spawns on top of each other
  ['..........', '..........', '....~~....', '..........'], // no border walls: the map edge is the wall; no spawns
  ['##########', '#....#...#', '#...#....#', '#..#..#..#', '#.#..#...#', '#...#..#.#', '##########'], // diagonal gaps
  ['#########', '#S.#....#', '#..#.##.#', '#..#..#.#', '#.....#S#', '#########'], // corridors one cell wide
];

describe('fuzz', () => {
  const shipped = loadShippedMaps();
  const maps: GameMap[] = [...PICTURES.map((p, i) => asciiMap(p, `fuzz-${i}`)), shipped.get('arena-small')!, shipped.get('labyrinth-large')!];

  // 1000 seeds in four parts, so that each part stays well inside the per-test timeout.
  for (let part = 0; part < 4; part++) {
    it(`seeds ${part * 250}..${part * 250 + 249} × random and garbage inputs: no exception, invariants hold every frame`, () => {
      let frames = 0;
      let ended = 0;
      for (let seed = part * 250; seed < (part + 1) * 250; seed++) {
        const r = createRng(seed);
        const map = maps[seed % maps.length]!;
        const players = 1 + rngInt(r, 50);
        const length = 20 + rngInt(r, 150);
        const w = createWorld(map, { seed, players, lengthFrames: length, pelletTarget: rngInt(r, 3) === 0 ? 1280 : undefined });
        const script = new ScriptedPlayers(seed, players, mapInfoOf(map));
        expect(checkInvariants(w)).toBeNull();
        const steps = length + 5; // run past the end too
        for (let f = 0; f < steps; f++) {
          const inputs: SlotInput[] = [...script.next(), ...garbageInputs(r, players)];
          if (rngInt(r, 4) === 0) inputs.reverse(); // unsorted input is tolerated too
          step(w, inputs);
          const bad = checkInvariants(w);
          if (bad !== null) expect.fail(`seed ${seed} map ${map.id} frame ${w.frame}: ${bad}`);
          frames++;
        }
        if (w.ended) ended++;
        expect(Number.isInteger(hashWorld(w))).toBe(true);
      }
      expect(frames).toBeGreaterThan(20000);
      expect(ended).toBe(250);
    });
  }

  it('random balls hurled at walls at dash speed never end up with their centre in a wall', () => {
    const map = maps[3]!;
    for (let seed = 0; seed < 200; seed++) {
      const r = createRng(seed + 5000);
      const w = createWorld(map, { seed, players: 10 });
      for (let f = 0; f < 120; f++) {
        const inputs: SlotInput[] = [];
        for (let s = 0; s < 10; s++) {
          if (rngInt(r, 3) === 0) inputs.push({ slot: s, input: { move: 1, angle: rngInt(r, 4096), targetX: 0, targetY: 0, dash: true } });
        }
        // Grow some balls suddenly, as eating does.
        if (rngInt(r, 10) === 0) {
          const b = rngInt(r, 10);
          if (w.balls.alive[b]) w.balls.mass[b] = Math.min(40000, w.balls.mass[b]! * 4);
          if (w.balls.alive[b]) w.balls.radius[b] = Math.floor(Math.sqrt(w.balls.mass[b]! * 160));
        }
        step(w, inputs);
        const bad = checkInvariants(w);
        if (bad !== null) expect.fail(`seed ${seed} frame ${w.frame}: ${bad}`);
      }
    }
  });
});
