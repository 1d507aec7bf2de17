/**
 * docs/RULES.md, viruses: small cells pass under, a big cell covering the centre bursts into equal
 * pieces within its free slots, a map virus comes back (not onto a cell that would eat it), a shot
 * one does not; feeding: each blob adds mass, the 7th shoots a new virus — on small hand-built
 * worlds (VIRUS_ROOM: one map virus, id 0, centred at (12.5, 8.5) cells).
 */
import { describe, expect, it } from 'vitest';
import { OPEN_ROOM, VIRUS_ROOM, asciiMap, cellOf, input, park, place, placeBlob, placeCell, placeVirus, targetInput, testWorld } from '../../test/fixtures/sim/scenario';
import { ANGLE_STEPS, TRIG_SHIFT, angleOf, cosA, sinA } from '../math';
import {
  CELLS_PER_PLAYER, EventKind, RULES, VIRUS_CAPACITY, canEatMass, cellCount, checkInvariants, createWorld, firstCell, mergeDelay, playerMass, step,
  virusRadius,
} from './index';
import type { World } from './World';

const VX = 12.5;
const VY = 8.5;
const STOP = { slot: 0, input: input({}) };
const popped = (w: World): [number, number, number][] =>
  w.events.toArray().filter((e) => e.kind === EventKind.VirusPopped).map((e) => [e.a, e.b, e.c]);
const liveCells = (w: World, p: number): number[] =>
  Array.from({ length: CELLS_PER_PLAYER }, (_, k) => firstCell(p) + k).filter((c) => w.cells.mass[c] !== 0);
/** `m` after one frame of decay. */
const decayed = (m: number): number => (m > RULES.decayThreshold ? m - ((m - RULES.decayThreshold) >> RULES.decayShift) : m);
const liveViruses = (w: World): number => w.viruses.mass.reduce((n, m) => n + (m !== 0 ? 1 : 0), 0);

describe('the map’s viruses', () => {
  it('stand at the places the map gives, at virusMass, from the start', () => {
    const w = testWorld(VIRUS_ROOM);
    expect(w.info.virusCells.length).toBe(1);
    expect([w.viruses.x[0], w.viruses.y[0], w.viruses.mass[0]]).toEqual([VX * 1024, VY * 1024, RULES.virusMass]);
    expect(liveViruses(w)).toBe(1);
    expect(virusRadius(RULES.virusMass)).toBeGreaterThan(1000); // about a cell
    expect(checkInvariants(w)).toBeNull();
  });
});

describe('bursting', () => {
  it('lets a cell too small to eat the virus pass under it', () => {
    const small = 8000 - 1; // 7999 × 1.25 < 6400 … just
    expect(canEatMass(small, RULES.virusMass)).toBe(false);
    expect(canEatMass(8000, RULES.virusMass)).toBe(true);
    const w = testWorld(VIRUS_ROOM);
    place(w, 0, VX, VY, small);
    step(w, [STOP]);
    expect(popped(w)).toEqual([]);
    expect(w.viruses.mass[0]).toBe(RULES.virusMass);
    expect(cellCount(w, 0)).toBe(1);
  });

  it('bursts a cell that can eat it and covers its centre (strictly): it gains the virus’s mass, in equal pieces', () => {
    // 8000 + 6400 = 14400: p = min(15 free, 14400 / 1600 − 1 = 8) pieces of 14400 / 9 = 1600.
    const r = 1131; // radiusOf(8000)
    for (const [d, bursts] of [[r - 1, true], [r, false]] as const) {
      const w = testWorld(VIRUS_ROOM);
      place(w, 0, VX, VY, 8000);
      w.cells.x[0] = VX * 1024 - d;
      step(w, [STOP]);
      if (!bursts) {
        expect(popped(w), `d ${d}`).toEqual([]);
        continue;
      }
      expect(popped(w), `d ${d}`).toEqual([[0, 0, 8]]);
      expect(liveCells(w, 0).map((c) => w.cells.mass[c])).toEqual(Array(9).fill(1600));
      expect(playerMass(w, 0)).toBe(8000 + RULES.virusMass);
      expect(w.viruses.mass[0]).toBe(0);
      // The pieces pass through each other, then merge after their delay.
      for (const c of liveCells(w, 0)) {
        expect(w.cells.noCollide[c], `cell ${c}`).toBe(RULES.noCollideFrames - 1);
        expect(w.cells.merge[c], `cell ${c}`).toBe(mergeDelay(1600) - 1);
      }
      expect(checkInvariants(w)).toBeNull();
    }
  });

  it('splits into no more pieces than the player has free cell slots', () => {
    const w = testWorld(VIRUS_ROOM);
    place(w, 0, VX, VY, 20000);
    for (let k = 1; k < 14; k++) placeCell(w, 0, k, 2 + k * 1.4, 14, 1000); // 14 cells: 2 free
    step(w, [STOP]);
    expect(popped(w)).toEqual([[0, 0, 2]]);
    expect(cellCount(w, 0)).toBe(CELLS_PER_PLAYER);
    const total = 20000 + RULES.virusMass; // 26400: three pieces of 8800 (then a frame of decay)
    const piece = Math.floor(total / 3);
    expect([w.cells.mass[0], w.cells.mass[14], w.cells.mass[15]]).toEqual([total - 2 * piece, piece, piece].map(decayed));
    // A player with all 16 cells only grows.
    const v = testWorld(VIRUS_ROOM);
    place(v, 0, VX, VY, 10000);
    for (let k = 1; k < 16; k++) placeCell(v, 0, k, 2 + (k % 8) * 2.5, k < 8 ? 2 : 14, 1000);
    step(v, [STOP]);
    expect(popped(v)).toEqual([[0, 0, 0]]);
    expect(cellCount(v, 0)).toBe(CELLS_PER_PLAYER);
    expect(v.cells.mass[0]).toBe(decayed(10000 + RULES.virusMass));
    expect(checkInvariants(v)).toBeNull();
  });

  it('launches the pieces at split speed in evenly spaced directions', () => {
    const w = testWorld(VIRUS_ROOM);
    place(w, 0, VX, VY, 8000);
    step(w, [STOP]);
    const pieces = liveCells(w, 0).filter((c) => c !== 0);
    expect(pieces).toHaveLength(8);
    expect([w.cells.bx[0], w.cells.by[0]]).toEqual([0, 0]); // the cell that burst stays
    const aims = pieces.map((c) => angleOf(w.cells.bx[c]!, w.cells.by[c]!)).sort((a, b) => a - b);
    for (let i = 0; i < aims.length; i++) {
      const gap = (aims[(i + 1) % aims.length]! - aims[i]! + ANGLE_STEPS) % ANGLE_STEPS;
      expect(Math.abs(gap - ANGLE_STEPS / 8), `gap after ${aims[i]}`).toBeLessThanOrEqual(4);
    }
    for (const c of pieces) {
      const speed = Math.hypot(w.cells.bx[c]!, w.cells.by[c]!); // launched after this frame's move: not faded yet
      expect(speed).toBeGreaterThan(RULES.splitSpeed - 4);
      expect(speed).toBeLessThanOrEqual(RULES.splitSpeed + 1);
    }
    // The turn comes from the world RNG: another seed, other directions.
    const v = testWorld(VIRUS_ROOM, { seed: 2 });
    place(v, 0, VX, VY, 8000);
    step(v, [STOP]);
    const other = liveCells(v, 0).filter((c) => c !== 0).map((c) => angleOf(v.cells.bx[c]!, v.cells.by[c]!)).sort((a, b) => a - b);
    expect(other).not.toEqual(aims);
  });

  it('is eaten by the lowest-id cell able to, when several cover it', () => {
    const w = testWorld(VIRUS_ROOM, { players: 3 });
    place(w, 0, 3, 3, 1000);
    place(w, 1, VX + 0.2, VY, 9000);
    place(w, 2, VX - 0.2, VY, 9000);
    step(w, []);
    expect(popped(w).map(([c]) => c)).toEqual([cellOf(1)]);
    expect(cellCount(w, 2)).toBe(1);
  });
});

describe('a map virus coming back', () => {
  /** VIRUS_ROOM with player 0 burst on the virus during frame 0 and parked far away. */
  function burst(): World {
    const w = testWorld(VIRUS_ROOM, { players: 1 });
    place(w, 0, VX, VY, 8000);
    step(w, [STOP]);
    expect(popped(w)).toHaveLength(1);
    park(w, 0, 3, 3);
    return w;
  }

  it('is back at its place virusRespawnFrames after it was eaten: out of play from the next frame until then', () => {
    const w = burst();
    for (let f = 1; f < RULES.virusRespawnFrames - 1; f++) {
      step(w, [STOP]);
      if (w.viruses.mass[0] !== 0) expect.fail(`back in frame ${f}`);
    }
    step(w, [STOP]); // frame virusRespawnFrames − 1: it comes back at the end of it...
    expect(w.events.toArray().filter((e) => e.kind === EventKind.VirusBack).map((e) => e.a)).toEqual([0]);
    expect([w.viruses.x[0], w.viruses.y[0], w.viruses.mass[0], w.viruses.feeds[0], w.viruses.respawn[0]]).toEqual([VX * 1024, VY * 1024, RULES.virusMass, 0, 0]);
    // ...so that in frame virusRespawnFrames it is in play: a big cell on it bursts.
    place(w, 0, VX, VY, 8000);
    step(w, [STOP]);
    expect(popped(w)).toEqual([[0, 0, 8]]);
    expect(checkInvariants(w)).toBeNull();
  });

  it('waits while a cell that would eat it covers its place, then comes back; a small cell does not stop it', () => {
    const w = burst();
    place(w, 0, VX + 0.3, VY, 20000); // big (still over 8000 after the decay of 600 frames), over the place
    for (let f = 1; f < RULES.virusRespawnFrames + 30; f++) step(w, [STOP]);
    expect(w.viruses.mass[0]).toBe(0);
    expect(w.viruses.respawn[0]).toBe(1); // waiting
    expect(checkInvariants(w)).toBeNull();
    place(w, 0, VX + 0.3, VY, 1000); // now small
    step(w, [STOP]);
    expect(w.viruses.mass[0]).toBe(RULES.virusMass);
    expect(w.events.toArray().some((e) => e.kind === EventKind.VirusBack)).toBe(true);
  });

  it('a shot virus eaten never comes back', () => {
    const w = testWorld(VIRUS_ROOM, { players: 1 });
    placeVirus(w, 5, 5.5, 5.5);
    expect(checkInvariants(w)).toBeNull();
    place(w, 0, 5.5, 5.5, 8000);
    step(w, [STOP]);
    expect(popped(w)).toEqual([[0, 5, 8]]);
    expect([w.viruses.mass[5], w.viruses.respawn[5]]).toEqual([0, 0]);
    park(w, 0, 3, 12);
    for (let f = 0; f < RULES.virusRespawnFrames + 10; f++) step(w, [STOP]);
    expect(w.viruses.mass[5]).toBe(0);
    expect(liveViruses(w)).toBe(1); // the map's own only
    expect(checkInvariants(w)).toBeNull();
  });
});

describe('feeding', () => {
  /** A resting blob put on virus `v` of `w` moving along (vx, vy), eaten by it in the next step. */
  function feed(w: World, v: number, vx: number, vy: number): void {
    placeBlob(w, 0, w.viruses.x[v]! / 1024, w.viruses.y[v]! / 1024, vx, vy, 0);
    step(w, [STOP]);
    expect(w.blobs.life[0]).toBe(0);
  }

  it('adds each blob’s mass; the virusFeeds-th shoots a new virus along the feed at virusShotSpeed and resets the fed one', () => {
    const w = testWorld(VIRUS_ROOM, { players: 1 });
    park(w, 0, 3, 3);
    const [vx, vy] = [200, 200]; // south-east
    for (let k = 1; k < RULES.virusFeeds; k++) {
      feed(w, 0, vx, vy);
      expect([w.viruses.mass[0], w.viruses.feeds[0]], `blob ${k}`).toEqual([RULES.virusMass + k * RULES.blobMass, k]);
      expect(liveViruses(w)).toBe(1);
    }
    feed(w, 0, vx, vy);
    const shot = w.events.toArray().find((e) => e.kind === EventKind.VirusShot);
    const aim = angleOf(vx - (vx >> RULES.boostShift), vy - (vy >> RULES.boostShift)); // the blob's velocity when it arrived
    expect(shot).toMatchObject({ a: 0, b: 1, c: aim });
    expect(aim).toBe(512);
    expect([w.viruses.mass[0], w.viruses.feeds[0]]).toEqual([RULES.virusMass, 0]);
    expect([w.viruses.x[1], w.viruses.y[1], w.viruses.mass[1]]).toEqual([w.viruses.x[0], w.viruses.y[0], RULES.virusMass]);
    expect([w.viruses.vx[1], w.viruses.vy[1]]).toEqual([(RULES.virusShotSpeed * cosA(aim)) >> TRIG_SHIFT, (RULES.virusShotSpeed * sinA(aim)) >> TRIG_SHIFT]);
    expect(checkInvariants(w)).toBeNull();
    // It flies that way and comes to rest a few cells off; the fed one stays.
    for (let f = 0; f < 60; f++) step(w, [STOP]);
    const dx = w.viruses.x[1]! - w.viruses.x[0]!;
    const dy = w.viruses.y[1]! - w.viruses.y[0]!;
    expect(Math.abs(angleOf(dx, dy) - aim)).toBeLessThanOrEqual(8);
    expect(Math.hypot(dx, dy)).toBeGreaterThan(4 * 1024);
    expect([w.viruses.vx[1], w.viruses.vy[1]]).toEqual([0, 0]);
    expect([w.viruses.x[0], w.viruses.y[0]]).toEqual([VX * 1024, VY * 1024]);
    expect(checkInvariants(w)).toBeNull();
  });

  it('with no virus slot free shoots nothing (and the fed one is still reset)', () => {
    const w = testWorld(VIRUS_ROOM, { players: 1 });
    park(w, 0, 3, 3);
    for (let v = 1; v < VIRUS_CAPACITY; v++) placeVirus(w, v, 18.5 + (v % 4), 2.5 + Math.floor(v / 4) * 0.7);
    expect(checkInvariants(w)).toBeNull();
    for (let k = 0; k < RULES.virusFeeds; k++) feed(w, 0, 200, 0);
    expect(w.events.toArray().filter((e) => e.kind === EventKind.VirusShot)).toEqual([]);
    expect(liveViruses(w)).toBe(VIRUS_CAPACITY);
    expect([w.viruses.mass[0], w.viruses.feeds[0]]).toEqual([RULES.virusMass, 0]);
    expect(checkInvariants(w)).toBeNull();
  });

  it('shoots a virus with blobs a player ejects at it; the shot virus bursts a big cell it reaches', () => {
    const w = testWorld(VIRUS_ROOM, { players: 2 });
    place(w, 0, VX - 4.5, VY, 20000); // west of the virus, ejecting east
    place(w, 1, VX + 6, VY, 12000); // the target, east of it
    w.players.heading[0] = 0;
    let shots = 0;
    let hit = false;
    for (let f = 0; f < 120; f++) {
      step(w, [{ slot: 0, input: input({ eject: f < 12 }) }, { slot: 1, input: input({}) }]);
      shots += w.events.toArray().filter((e) => e.kind === EventKind.VirusShot).length;
      hit ||= popped(w).some(([c]) => c === cellOf(1));
      expect(checkInvariants(w)).toBeNull();
    }
    expect(shots).toBe(1);
    expect(hit).toBe(true);
    expect(cellCount(w, 1)).toBeGreaterThan(1);
  });
});

describe('viruses in play', () => {
  it('keep every invariant on a map with several, under cells bursting on them and feeding them', () => {
    const picture = OPEN_ROOM.map((row, r) => (r === 4 || r === 11 ? `${row.slice(0, 5)}V${row.slice(6, 17)}V${row.slice(18)}` : row));
    const w = createWorld(asciiMap(picture, 'four-viruses'), { seed: 3, players: 4, pelletTarget: 40 });
    expect(w.info.virusCells.length).toBe(4);
    [[3, 3], [20, 3], [3, 13], [20, 13]].forEach(([x, y], p) => place(w, p, x!, y!, 9000 + 3000 * p));
    let pops = 0;
    let shots = 0;
    const homes = [[5.5, 4.5], [17.5, 4.5], [5.5, 11.5], [17.5, 11.5]];
    for (let f = 0; f < 300; f++) {
      // Each player runs at a virus (the next one every 100 frames), ejecting and splitting now and then.
      const inputs = [0, 1, 2, 3].map((p) => {
        const [x, y] = homes[(p + Math.floor(f / 75)) % 4]!;
        return targetInput(p, x!, y!, { eject: f % 10 === p, split: f % 75 === 45 + p });
      });
      step(w, inputs);
      pops += popped(w).length;
      shots += w.events.toArray().filter((e) => e.kind === EventKind.VirusShot).length;
      const bad = checkInvariants(w);
      if (bad !== null) expect.fail(`frame ${f}: ${bad}`);
    }
    expect(pops).toBeGreaterThan(0);
    expect(shots + pops).toBeGreaterThan(1);
  });
});
