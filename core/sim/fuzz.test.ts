/**
 * Robustness: seeded random worlds driven by random and hostile inputs. `step` must never throw,
 * and after every frame every world invariant holds (checkInvariants: positions on the map, no
 * live centre in a wall, masses in bounds, timers and paths in range, one pellet per cell, blobs
 * and viruses in bounds). Seeds are fewer than with one ball a player (a frame of 800 cells costs
 * more): actions.fuzz.test.ts presses split and eject every frame on top.
 */
import { describe, expect, it } from 'vitest';
import type { GameMap } from '../map';
import { createRng, rngInt } from '../math';
import { OPEN_ROOM, asciiMap, garbageInputs } from '../../test/fixtures/sim/scenario';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { CELLS_PER_PLAYER, EventKind, RULES, ScriptedPlayers, checkInvariants, createWorld, firstCell, hashWorld, mapInfoOf, setMass, step, type SlotInput } from './index';

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

  const SEEDS = 35; // five per map
  it(`seeds 0..${SEEDS - 1} × random and garbage inputs: no exception, invariants hold every frame`, () => {
    let frames = 0;
    let ended = 0;
    for (let seed = 0; seed < SEEDS; seed++) {
      const r = createRng(seed);
      const map = maps[seed % maps.length]!;
      const players = 1 + rngInt(r, 50);
      const length = 20 + rngInt(r, 60);
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
    expect(frames).toBeGreaterThan(SEEDS * 40);
    expect(ended).toBe(SEEDS);
  });

  it('random cells launched at walls by splits never end up with their centre in a wall', () => {
    const map = maps[3]!;
    let splits = 0;
    for (let seed = 0; seed < 16; seed++) {
      const r = createRng(seed + 5000);
      const w = createWorld(map, { seed, players: 10 });
      for (let f = 0; f < 90; f++) {
        const inputs: SlotInput[] = [];
        for (let s = 0; s < 10; s++) {
          if (rngInt(r, 3) === 0) inputs.push({ slot: s, input: { move: 1, angle: rngInt(r, 4096), targetX: 0, targetY: 0, split: true, eject: false } });
        }
        // Grow some cells suddenly, as eating does, so that they can split again.
        if (rngInt(r, 4) === 0) {
          const c = firstCell(rngInt(r, 10)) + rngInt(r, CELLS_PER_PLAYER);
          if (w.cells.mass[c] !== 0) setMass(w, c, Math.min(RULES.maxMass, w.cells.mass[c]! * 4));
        }
        step(w, inputs);
        splits += w.events.toArray().filter((e) => e.kind === EventKind.Split).length;
        const bad = checkInvariants(w);
        if (bad !== null) expect.fail(`seed ${seed} frame ${w.frame}: ${bad}`);
      }
    }
    expect(splits).toBeGreaterThan(60);
  });
});
