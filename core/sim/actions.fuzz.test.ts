/**
 * Hostile actions: every player presses split and eject every frame (a flooding peer), among
 * garbage inputs, on both shipped maps and a small map full of viruses. The sim never throws,
 * every invariant holds after every frame (checkInvariants), no player owns more than 16 cells,
 * the blob pool stays within its capacity (and does fill), and two runs agree hash for hash.
 * The harness feeds each player's lead cell every FEED_EVERY frames (the same in both runs), so
 * that cells keep splitting and ejecting instead of falling under the minimum masses.
 */
import { describe, expect, it } from 'vitest';
import type { GameMap } from '../map';
import { createRng, rngInt, type RngState } from '../math';
import { asciiMap, garbageInputs } from '../../test/fixtures/sim/scenario';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import {
  BLOB_CAPACITY, CELLS_PER_PLAYER, EventKind, MoveMode, RULES, TARGET_UNITS_PER_CELL, cellCount, checkInvariants, createWorld, hashWorld, leadCell,
  setMass, step, type SlotInput, type World,
} from './index';

/** 20 × 12, walled, a pillar, four spawns and six viruses. */
const VIRUS_FIELD = [
  '####################',
  '#S.......V.......S.#',
  '#..V.............V.#',
  '#........##........#',
  '#........##........#',
  '#...V..........V...#',
  '#..................#',
  '#........##........#',
  '#..*****.##........#',
  '#..*****...........#',
  '#S........V......S.#',
  '####################',
];

const FEED_EVERY = 40;

/** Inputs of one frame: every player presses both, moving by direction or to a target; garbage on top. */
function hostileInputs(w: World, r: RngState, players: number): SlotInput[] {
  const out: SlotInput[] = [];
  const { cols, freeCells } = w.info;
  for (let p = 0; p < players; p++) {
    if (rngInt(r, 2) === 0) {
      out.push({ slot: p, input: { move: MoveMode.Direction, angle: rngInt(r, 4096), targetX: 0, targetY: 0, split: true, eject: true } });
    } else {
      const cell = freeCells[rngInt(r, freeCells.length)]!;
      const tx = (cell % cols) * TARGET_UNITS_PER_CELL + rngInt(r, TARGET_UNITS_PER_CELL);
      const ty = Math.floor(cell / cols) * TARGET_UNITS_PER_CELL + rngInt(r, TARGET_UNITS_PER_CELL);
      out.push({ slot: p, input: { move: MoveMode.Target, angle: 0, targetX: tx, targetY: ty, split: true, eject: true } });
    }
  }
  return [...out, ...garbageInputs(r, players)];
}

/** Sets every live player's lead cell back to a big mass (the harness's food; same in both runs). */
function feed(w: World, players: number, r: RngState): void {
  for (let p = 0; p < players; p++) {
    const c = leadCell(w, p);
    if (c >= 0) setMass(w, c, 12000 + rngInt(r, RULES.maxMass - 12000));
  }
}

interface Tally {
  splits: number;
  ejects: number;
  pops: number;
  shots: number;
  merges: number;
  mostBlobs: number;
  mostCells: number;
}

/** Plays two identical worlds side by side for `frames` frames; fails on the first broken rule. */
function flood(map: GameMap, players: number, frames: number, seed: number): Tally {
  const a = createWorld(map, { seed, players, lengthFrames: frames + 10 });
  const b = createWorld(map, { seed, players, lengthFrames: frames + 10 });
  const r = createRng(seed ^ 0xf10d);
  const t: Tally = { splits: 0, ejects: 0, pops: 0, shots: 0, merges: 0, mostBlobs: 0, mostCells: 0 };
  for (let f = 0; f < frames; f++) {
    if (f % FEED_EVERY === 0) {
      feed(a, players, createRng(seed + f));
      feed(b, players, createRng(seed + f));
    }
    const inputs = hostileInputs(a, r, players);
    let events;
    try {
      events = step(a, inputs);
      step(b, inputs);
    } catch (e) {
      expect.fail(`${map.id} frame ${f}: step threw ${String(e)}`);
    }
    const bad = checkInvariants(a);
    if (bad !== null) expect.fail(`${map.id} frame ${f}: ${bad}`);
    if (hashWorld(a) !== hashWorld(b)) expect.fail(`${map.id} frame ${f}: the two runs differ`);
    for (let p = 0; p < players; p++) {
      const n = cellCount(a, p);
      if (n > CELLS_PER_PLAYER) expect.fail(`${map.id} frame ${f}: player ${p} owns ${n} cells`);
      if (n > t.mostCells) t.mostCells = n;
    }
    let blobs = 0;
    for (let k = 0; k < a.blobs.life.length; k++) if (a.blobs.life[k] !== 0) blobs++;
    if (blobs > t.mostBlobs) t.mostBlobs = blobs;
    for (let i = 0; i < events.count; i++) {
      const k = events.kind(i);
      if (k === EventKind.Split) t.splits++;
      else if (k === EventKind.Ejected) t.ejects++;
      else if (k === EventKind.VirusPopped) t.pops++;
      else if (k === EventKind.VirusShot) t.shots++;
      else if (k === EventKind.Merged) t.merges++;
    }
  }
  expect(a.blobs.life.length).toBe(BLOB_CAPACITY);
  expect(t.mostBlobs).toBeLessThanOrEqual(BLOB_CAPACITY);
  return t;
}

describe('split and eject pressed every frame by every player', () => {
  const shipped = loadShippedMaps();

  it('arena-small, 16 players: invariants, ≤ 16 cells, the blob pool full but bounded, two runs agree', () => {
    const t = flood(shipped.get('arena-small')!, 16, 160, 1);
    expect(t.mostCells).toBe(CELLS_PER_PLAYER);
    expect(t.mostBlobs).toBe(BLOB_CAPACITY); // the pool fills: later ejects spit nothing
    expect(t.splits).toBeGreaterThan(100);
    expect(t.ejects).toBeGreaterThan(1000);
    expect(t.pops).toBeGreaterThan(0);
  });

  it('labyrinth-large, 12 players', () => {
    const t = flood(shipped.get('labyrinth-large')!, 12, 120, 2);
    expect(t.mostCells).toBe(CELLS_PER_PLAYER);
    expect(t.splits).toBeGreaterThan(100);
    expect(t.ejects).toBeGreaterThan(500);
  });

  it('a small map full of viruses, 8 players: bursts and virus shots too', () => {
    const map = asciiMap(VIRUS_FIELD, 'virus-field');
    expect(map.viruses.length).toBe(6);
    const t = flood(map, 8, 300, 3);
    expect(t.mostCells).toBe(CELLS_PER_PLAYER);
    expect(t.pops).toBeGreaterThan(5);
    expect(t.shots).toBeGreaterThan(0);
  });
});
