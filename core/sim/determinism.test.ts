/**
 * Determinism: the golden replay gives the same hash at every frame on every run and the checked-in
 * final hash; snapshot → restore → continue equals straight play, frame by frame, events included.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { asciiMap, targetInput } from '../../test/fixtures/sim/scenario';
import type { GameMap } from '../map';
import { rng } from '../nav/test/fixtures';
import {
  EventKind,
  MoveMode,
  Planner,
  ScriptedPlayers,
  createWorld,
  fromTuple,
  hashWorld,
  mapInfoOf,
  restore,
  restoreInto,
  runReplay,
  snapshot,
  step,
  validateReplayLog,
  type ReplayLog,
  type SimEvent,
  type SlotInput,
  type World,
} from './index';

const golden: ReplayLog = validateReplayLog(JSON.parse(readFileSync(new URL('../../test/fixtures/golden-replay.json', import.meta.url), 'utf8')));
const map = loadShippedMaps().get(golden.mapId)!;

/** A cols×rows map picture: a walled border, and `percent` % of the other cells walls (seeded). */
function randomPicture(cols: number, rows: number, percent: number): string[] {
  const rand = rng(0x5eed);
  const wall = (c: number, r: number): boolean => r === 0 || c === 0 || r === rows - 1 || c === cols - 1 || rand(100) < percent;
  return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => (wall(c, r) ? '#' : '.')).join(''));
}

/** The log's inputs grouped by frame. */
function inputsByFrame(log: ReplayLog): SlotInput[][] {
  const frames: SlotInput[][] = Array.from({ length: log.frames }, () => []);
  for (const t of log.inputs) frames[t[0]]?.push(fromTuple(t));
  return frames;
}

/** Fixed "random" frames spread over the match, where the straight play takes snapshots. */
const AT = [1, 137, 523, 1111, 1789, 2450, golden.frames - 3];
let played: { hashes: number[]; events: SimEvent[][]; snaps: Map<number, Uint8Array>; at: number[] } | null = null;

/** The golden match played straight, step by step (once for the whole file): hashes and events of every frame, snapshots at AT. */
function straight(): NonNullable<typeof played> {
  if (played !== null) return played;
  const frames = inputsByFrame(golden);
  const hashes: number[] = [];
  const events: SimEvent[][] = [];
  const snaps = new Map<number, Uint8Array>();
  const w = createWorld(map, golden.options);
  for (let f = 0; f < golden.frames; f++) {
    if (AT.includes(f)) snaps.set(f, snapshot(w));
    const ev = step(w, frames[f]!);
    hashes.push(hashWorld(w));
    events.push(ev.toArray());
  }
  played = { hashes, events, snaps, at: AT };
  return played;
}

describe('golden replay', () => {
  it('is a real match: 8+ players, move-to targets, directions, splits, ejects, a few thousand frames, on a map with viruses', () => {
    expect(golden.options.players).toBeGreaterThanOrEqual(8);
    expect(golden.frames).toBeGreaterThanOrEqual(2000);
    expect(golden.inputs.filter((t) => t[2] === MoveMode.Target).length).toBeGreaterThan(50);
    expect(golden.inputs.filter((t) => t[2] === MoveMode.Direction).length).toBeGreaterThan(50);
    expect(golden.inputs.filter((t) => (t[6] & 1) !== 0).length).toBeGreaterThan(50); // split
    expect(golden.inputs.filter((t) => (t[6] & 2) !== 0).length).toBeGreaterThan(50); // eject
    expect(mapInfoOf(map).virusCells.length).toBeGreaterThan(0);
    expect(golden.finalHash).toBeTypeOf('number');
  });

  it('replays to the same hash at every frame, twice (runReplay and step by step), and to the checked-in final hash', () => {
    const seen = new Map<number, number>();
    const first = runReplay(golden, map, (_w, _f, _h, events) => {
      for (let i = 0; i < events.count; i++) seen.set(events.kind(i), (seen.get(events.kind(i)) ?? 0) + 1);
    });
    expect(Array.from(first)).toEqual(straight().hashes);
    const count = (k: number): number => seen.get(k) ?? 0;
    // The match has real fights in it, and every new rule plays a part in its hash.
    expect(count(EventKind.PlayerEaten)).toBeGreaterThan(5);
    expect(count(EventKind.CellEaten)).toBeGreaterThan(count(EventKind.PlayerEaten));
    for (const k of [EventKind.Split, EventKind.Merged, EventKind.Ejected, EventKind.BlobEaten]) expect(count(k), `event kind ${k}`).toBeGreaterThan(5);
    expect(count(EventKind.MatchOver)).toBe(1);
    // If this fails after a deliberate rules change, regenerate the golden (docs/RULES.md says how).
    expect(first[first.length - 1]).toBe(golden.finalHash);
  });
});

describe('snapshot → restore → continue', () => {
  const frames = inputsByFrame(golden);
  const { hashes: straightHashes, events: straightEvents, snaps, at } = straight();

  function continueFrom(w: World, from: number, upTo: number): void {
    for (let f = from; f < upTo; f++) {
      const ev = step(w, frames[f]!);
      if (hashWorld(w) !== straightHashes[f]) expect.fail(`restored at ${from}: hash differs after frame ${f}`);
      expect(ev.toArray()).toEqual(straightEvents[f]);
    }
  }

  it('restore() into a new world continues exactly like the original', () => {
    for (const f of at) continueFrom(restore(snaps.get(f)!, map), f, Math.min(golden.frames, f + 150));
  });

  /**
   * Plays `frames` frames of `players` players on `map` (scripted inputs, and every 100 frames all
   * players sent to far cells at once, which queues long searches), snapshotting the world at most
   * every 20 frames when a search is in flight. Returns the log, hashes and snapshots, and how
   * many of those searches were still running after the next frame too.
   */
  function midSearchRun(map: GameMap, players: number, frames: number): { log: SlotInput[][]; hashes: number[]; mid: [number, Uint8Array][]; spanning: number } {
    const w = createWorld(map, { seed: 11, players });
    const info = mapInfoOf(map);
    const script = new ScriptedPlayers(11, players, info);
    const burst = (f: number): SlotInput[] =>
      Array.from({ length: players }, (_, slot) => {
        const cell = info.freeCells[(slot * 7919 + f * 31) % info.freeCells.length]!;
        return targetInput(slot, (cell % info.cols) + 0.5, Math.floor(cell / info.cols) + 0.5);
      });
    const [log, hashes, mid] = [[] as SlotInput[][], [] as number[], [] as [number, Uint8Array][]];
    let spanning = 0;
    for (let f = 0; f < frames; f++) {
      const [player, work] = [w.planner[Planner.Player]!, w.planner[Planner.Expanded]!];
      const snap = player >= 0 && work > 0 && (mid.length === 0 || f > mid[mid.length - 1]![0] + 20);
      if (snap) mid.push([f, snapshot(w)]);
      const scripted = script.next();
      const inputs = f % 100 === 50 ? burst(f) : [...scripted];
      log.push(inputs);
      step(w, inputs);
      hashes.push(hashWorld(w));
      if (snap && w.planner[Planner.Player] === player && w.planner[Planner.Expanded]! > work) spanning++;
    }
    return { log, hashes, mid, spanning };
  }

  // Searches on the labyrinth take a frame or two; on a large map with random walls, several. Those
  // still running a frame after the restore make the re-run's stopping point matter (minSpanning).
  it.each([
    ['labyrinth-large', () => loadShippedMaps().get('labyrinth-large')!, 20, 1000, 0],
    ['a random 200×150 map', () => asciiMap(randomPicture(200, 150, 30), 'random-walls'), 16, 1200, 3],
  ] as const)('restoring in the middle of a path search (%s) redoes it and lands on the same path', (_name, makeMap, players, frames, minSpanning) => {
    const m = makeMap();
    const { log, hashes, mid, spanning } = midSearchRun(m, players, frames);
    expect(mid.length).toBeGreaterThanOrEqual(3);
    // Onto a fresh copy of the map: its landmark tables and regions are rebuilt, not shared.
    const copy = makeMap();
    for (const [f, blob] of mid) {
      const r = restore(blob, copy);
      for (let g = f; g < Math.min(frames, f + 60); g++) {
        step(r, log[g]!);
        if (hashWorld(r) !== hashes[g]) expect.fail(`restored mid-search at ${f}: hash differs after frame ${g}`);
      }
    }
    expect(spanning).toBeGreaterThanOrEqual(minSpanning);
  });

  it('restoreInto() an unrelated world of the same match continues exactly too', () => {
    const w = createWorld(map, golden.options);
    for (let i = 0; i < 50; i++) step(w, frames[i]!);
    for (const f of [...at].reverse()) {
      restoreInto(w, snaps.get(f)!);
      expect(w.frame).toBe(f);
      continueFrom(w, f, Math.min(golden.frames, f + 100));
    }
  });

  it('a snapshot of a restored world is byte-identical to the original snapshot', () => {
    for (const f of at) {
      const again = snapshot(restore(snaps.get(f)!, map));
      // (Compared as one buffer: an element-wise deep equal of 70 kB takes seconds.)
      expect(Buffer.compare(Buffer.from(again), Buffer.from(snaps.get(f)!)), `frame ${f}`).toBe(0);
    }
  });
});
