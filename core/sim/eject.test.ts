/**
 * docs/RULES.md, eject: the cost, the blob's mass, start point, speed and spread, the bounded blob
 * pool (full: nothing spat, nothing paid), the minimum mass, the blob's life, and who eats a blob
 * — on small hand-built worlds.
 */
import { describe, expect, it } from 'vitest';
import { OPEN_ROOM, VIRUS_ROOM, cellOf, dirInput, input, place, placeBlob, placeCell, targetInput, testWorld } from '../../test/fixtures/sim/scenario';
import { ANGLE_STEPS, TRIG_SHIFT, cosA, sinA } from '../math';
import { BLOB_CAPACITY, BLOB_RADIUS, EventKind, RULES, checkInvariants, playerMass, radiusOf, setMass, step } from './index';
import type { World } from './World';

/** [cell, blob, aim] of this frame's Ejected events. */
const ejected = (w: World): [number, number, number][] =>
  w.events.toArray().filter((e) => e.kind === EventKind.Ejected).map((e) => [e.a, e.b, e.c]);
const liveBlobs = (w: World): number => w.blobs.life.reduce((n, l) => n + (l !== 0 ? 1 : 0), 0);
/** Signed difference a − b of two angles, in −2048..2047. */
const turn = (a: number, b: number): number => ((a - b + ANGLE_STEPS + 2048) % ANGLE_STEPS) - 2048;
const STOP = { slot: 0, input: input({}) };
const EJECT = { slot: 0, input: input({ eject: true }) };

describe('eject', () => {
  it('costs the cell ejectCost and spits one blob into the lowest free slot, owned by the player', () => {
    const w = testWorld();
    place(w, 0, 6, 8, 4000);
    step(w, [EJECT]);
    expect(ejected(w).map(([c, b]) => [c, b])).toEqual([[0, 0]]);
    expect(w.cells.mass[0]).toBe(4000 - RULES.ejectCost);
    expect(w.cells.radius[0]).toBe(radiusOf(4000 - RULES.ejectCost));
    expect([w.blobs.life[0], w.blobs.owner[0]]).toEqual([RULES.blobLifeFrames - 1, 1]); // counted down once
    expect(liveBlobs(w)).toBe(1);
    expect(RULES.blobMass).toBeLessThan(RULES.ejectCost); // ejecting loses mass overall (80 % comes back as a blob)
    expect(checkInvariants(w)).toBeNull();
  });

  it('starts the blob just outside the cell’s edge along the aim, at eject speed', () => {
    const w = testWorld();
    place(w, 0, 6, 8, 4000);
    const [x0, y0, r0] = [w.cells.x[0]!, w.cells.y[0]!, w.cells.radius[0]!];
    step(w, [EJECT]);
    const [[, b, aim]] = ejected(w) as [[number, number, number]];
    const reach = r0 + BLOB_RADIUS;
    const vx = (RULES.ejectSpeed * cosA(aim)) >> TRIG_SHIFT;
    const vy = (RULES.ejectSpeed * sinA(aim)) >> TRIG_SHIFT;
    // Spat at the edge, then it flew one frame at its speed, which then lost 1/8.
    expect([w.blobs.x[b], w.blobs.y[b]]).toEqual([x0 + ((reach * cosA(aim)) >> TRIG_SHIFT) + vx, y0 + ((reach * sinA(aim)) >> TRIG_SHIFT) + vy]);
    expect([w.blobs.vx[b], w.blobs.vy[b]]).toEqual([vx - (vx >> RULES.boostShift), vy - (vy >> RULES.boostShift)]);
    // It comes to rest a few cells away (about 8 × its launch speed), and stays alive there.
    for (let f = 0; f < 60; f++) step(w, [STOP]);
    expect([w.blobs.vx[b], w.blobs.vy[b]]).toEqual([0, 0]);
    const flown = Math.hypot(w.blobs.x[b]! - x0, w.blobs.y[b]! - y0);
    expect(flown).toBeGreaterThan(reach + 6 * RULES.ejectSpeed);
    expect(flown).toBeLessThan(reach + 8.25 * RULES.ejectSpeed); // a bit over 8×: the fade rounds down
  });

  it('aims within ±ejectSpread of the aim, spread both ways by the world RNG', () => {
    const w = testWorld();
    place(w, 0, 4, 8, 10000);
    w.players.heading[0] = 300; // standing still: ejects go along the heading
    const turns: number[] = [];
    for (let f = 0; f < 200; f++) {
      setMass(w, 0, 10000);
      step(w, [EJECT]);
      for (const [, , aim] of ejected(w)) turns.push(turn(aim, 300));
      if (f % 50 === 49) w.blobs.life.fill(0); // keep the pool from filling (free slots are all zero)
      if (f % 50 === 49) for (const col of [w.blobs.x, w.blobs.y, w.blobs.vx, w.blobs.vy, w.blobs.owner]) col.fill(0);
    }
    expect(turns).toHaveLength(200);
    expect(Math.max(...turns.map(Math.abs))).toBeLessThanOrEqual(RULES.ejectSpread);
    expect(Math.min(...turns)).toBeLessThan(-RULES.ejectSpread / 2);
    expect(Math.max(...turns)).toBeGreaterThan(RULES.ejectSpread / 2);
    expect(new Set(turns).size).toBeGreaterThan(50);
  });

  it('aims along the direction, or at the target from each cell', () => {
    const w = testWorld();
    place(w, 0, 6, 8, 4000);
    step(w, [dirInput(0, 1024, { eject: true })]);
    expect(Math.abs(turn(ejected(w)[0]![2], 1024))).toBeLessThanOrEqual(RULES.ejectSpread);
    const v = testWorld();
    place(v, 0, 8, 4, 4000); // north-west of the target
    placeCell(v, 0, 1, 16, 12, 4000); // south-east of it
    step(v, [targetInput(0, 12, 8, { eject: true })]);
    const aims = new Map(ejected(v).map(([c, , aim]) => [c, aim]));
    expect(Math.abs(turn(aims.get(0)!, 512))).toBeLessThanOrEqual(RULES.ejectSpread); // south-east
    expect(Math.abs(turn(aims.get(1)!, 2560))).toBeLessThanOrEqual(RULES.ejectSpread); // north-west
  });

  it('makes every cell of at least minEjectMass eject, in cell order, each paying for its own blob', () => {
    const w = testWorld();
    place(w, 0, 4, 4, 4000);
    placeCell(w, 0, 3, 12, 8, RULES.minEjectMass - 1); // too light
    placeCell(w, 0, 7, 18, 12, RULES.minEjectMass);
    const before = playerMass(w, 0);
    step(w, [EJECT]);
    expect(ejected(w).map(([c, b]) => [c, b])).toEqual([[cellOf(0), 0], [cellOf(0, 7), 1]]);
    expect([w.cells.mass[0], w.cells.mass[3], w.cells.mass[7]]).toEqual([4000 - RULES.ejectCost, RULES.minEjectMass - 1, RULES.minEjectMass - RULES.ejectCost]);
    expect(playerMass(w, 0)).toBe(before - 2 * RULES.ejectCost);
  });

  it('with the blob pool full, spits nothing and costs nothing; with one slot free, only the first cell ejects', () => {
    const w = testWorld();
    place(w, 0, 4, 4, 4000);
    placeCell(w, 0, 1, 4, 12, 4000);
    for (let b = 0; b < BLOB_CAPACITY; b++) placeBlob(w, b, 20 + (b % 3) * 0.3, 10 + Math.floor(b / 3) * 0.01, 0, 0, 1);
    expect(checkInvariants(w)).toBeNull();
    w.players.shield[0] = 30;
    step(w, [EJECT]);
    expect(ejected(w)).toEqual([]);
    expect([w.cells.mass[0], w.cells.mass[1]]).toEqual([4000, 4000]);
    expect(liveBlobs(w)).toBe(BLOB_CAPACITY);
    expect(w.players.shield[0]).toBe(29); // nothing was spat: the protection holds
    for (const col of [w.blobs.x, w.blobs.y, w.blobs.vx, w.blobs.vy, w.blobs.life, w.blobs.owner]) col[77] = 0; // free slot 77
    step(w, [EJECT]);
    expect(ejected(w).map(([c, b]) => [c, b])).toEqual([[0, 77]]);
    expect([w.cells.mass[0], w.cells.mass[1]]).toEqual([4000 - RULES.ejectCost, 4000]);
    expect(liveBlobs(w)).toBe(BLOB_CAPACITY);
    expect(checkInvariants(w)).toBeNull();
  });

  it('needs at least minEjectMass, and never leaves a cell under the minimum mass', () => {
    for (const [mass, spits] of [[RULES.minEjectMass - 1, false], [RULES.minEjectMass, true]] as const) {
      const w = testWorld();
      place(w, 0, 6, 8, mass);
      step(w, [EJECT]);
      expect(ejected(w).length, `mass ${mass}`).toBe(spits ? 1 : 0);
      expect(w.cells.mass[0]).toBe(spits ? mass - RULES.ejectCost : mass);
    }
    expect(RULES.minEjectMass - RULES.ejectCost).toBeGreaterThanOrEqual(RULES.minMass);
  });

  it('lets a blob nobody eats live blobLifeFrames frames, then it is gone (a BlobGone event)', () => {
    const w = testWorld();
    place(w, 0, 3, 8, 4000);
    step(w, [EJECT]); // frame 0
    // In play (edible) in frames 0 … blobLifeFrames − 1, as spawn protection counts its frames.
    for (let f = 1; f < RULES.blobLifeFrames - 1; f++) {
      step(w, [STOP]);
      if (w.blobs.life[0] === 0) expect.fail(`gone in frame ${f}`);
    }
    expect(w.blobs.life[0]).toBe(1);
    step(w, [STOP]); // frame blobLifeFrames − 1: its last
    expect(w.events.toArray().filter((e) => e.kind === EventKind.BlobGone).map((e) => e.a)).toEqual([0]);
    expect(liveBlobs(w)).toBe(0);
    expect([w.blobs.x[0], w.blobs.y[0], w.blobs.owner[0]]).toEqual([0, 0, 0]);
    expect(checkInvariants(w)).toBeNull();
  });

  it('keeps a blob spat against a wall out of the wall', () => {
    for (const angle of [0, 400, 3700]) {
      const w = testWorld();
      const r = radiusOf(8000);
      place(w, 0, (23 * 1024 - r) / 1024, 8, 8000); // touching the east wall
      step(w, [dirInput(0, angle, { eject: true })]);
      expect(ejected(w)).toHaveLength(1);
      expect(checkInvariants(w), `angle ${angle}`).toBeNull();
      for (let f = 0; f < 20; f++) {
        step(w, [STOP]);
        expect(checkInvariants(w), `angle ${angle} frame ${f}`).toBeNull();
      }
    }
  });
});

describe('blobs eaten', () => {
  it('by the lowest-id cell holding its centre, any player’s (the spitter’s too), for blobMass', () => {
    const w = testWorld(OPEN_ROOM, { players: 3 });
    place(w, 0, 20, 12, 1000);
    place(w, 1, 10, 8, 3000);
    place(w, 2, 10.3, 8, 2800); // too heavy for 1 to eat, even with the blob
    placeBlob(w, 5, 10.15, 8, 0, 0, 0); // inside both 1 and 2
    placeBlob(w, 6, 20, 12, 0, 0, 0); // inside its own spitter
    step(w, []);
    const eaten = w.events.toArray().filter((e) => e.kind === EventKind.BlobEaten).map((e) => [e.a, e.b]);
    expect(eaten).toEqual([[5, cellOf(1)], [6, cellOf(0)]]);
    expect([w.cells.mass[cellOf(1)], w.cells.mass[cellOf(0)], w.cells.mass[cellOf(2)]]).toEqual([3000 + RULES.blobMass, 1000 + RULES.blobMass, 2800]);
    expect(liveBlobs(w)).toBe(0);
  });

  it('by nobody when no circle holds its centre strictly inside', () => {
    const w = testWorld();
    place(w, 0, 10, 8, 3000);
    placeBlob(w, 0, 10 + radiusOf(3000) / 1024, 8);
    step(w, []);
    expect(liveBlobs(w)).toBe(1);
    expect(w.cells.mass[0]).toBe(3000);
  });

  it('by a virus before any cell, when both cover it', () => {
    const w = testWorld(VIRUS_ROOM);
    place(w, 0, 12.5, 8.5, 1000); // small: hides under the virus
    placeBlob(w, 0, 12.5, 8.6, 0, 0, 1);
    step(w, []);
    expect(w.events.toArray().filter((e) => e.kind === EventKind.BlobEaten).map((e) => [e.a, e.b])).toEqual([[0, -1]]); // −1 − virus 0
    expect(w.cells.mass[0]).toBe(1000);
    expect(w.viruses.mass[0]).toBe(RULES.virusMass + RULES.blobMass);
  });
});
