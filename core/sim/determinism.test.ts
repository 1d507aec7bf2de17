/**
 * Determinism: the golden replay gives the same hash at every frame on every run and the checked-in
 * final hash; snapshot → restore → continue equals straight play, frame by frame, events included.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
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

/** The log's inputs grouped by frame. */
function inputsByFrame(log: ReplayLog): SlotInput[][] {
  const frames: SlotInput[][] = Array.from({ length: log.frames }, () => []);
  for (const t of log.inputs) frames[t[0]]?.push(fromTuple(t));
  return frames;
}

describe('golden replay', () => {
  it('is a real match: 8+ players, move-to targets, directions, dashes, a few thousand frames', () => {
    expect(golden.options.players).toBeGreaterThanOrEqual(8);
    expect(golden.frames).toBeGreaterThanOrEqual(2000);
    expect(golden.inputs.filter((t) => t[2] === MoveMode.Target).length).toBeGreaterThan(50);
    expect(golden.inputs.filter((t) => t[2] === MoveMode.Direction).length).toBeGreaterThan(50);
    expect(golden.inputs.filter((t) => t[6] === 1).length).toBeGreaterThan(50);
    expect(golden.finalHash).toBeTypeOf('number');
  });

  it('replays to the same hash at every frame, twice, and to the checked-in final hash', () => {
    let kills = 0;
    let over = 0;
    const first = runReplay(golden, map, (_w, _f, _h, events) => {
      for (const e of events.toArray()) {
        if (e.kind === EventKind.BallEaten) kills++;
        if (e.kind === EventKind.MatchOver) over++;
      }
    });
    const second = runReplay(golden, map);
    expect(second).toEqual(first);
    expect(kills).toBeGreaterThan(5); // the match has real fights in it
    expect(over).toBe(1);
    // If this fails after a deliberate rules change, regenerate the golden (docs/RULES.md says how).
    expect(first[first.length - 1]).toBe(golden.finalHash);
  });
});

describe('snapshot → restore → continue', () => {
  const frames = inputsByFrame(golden);
  const straightHashes: number[] = [];
  const straightEvents: SimEvent[][] = [];
  const snaps = new Map<number, Uint8Array>();
  // Fixed "random" frames spread over the match.
  const at = [1, 137, 523, 1111, 1789, 2450, golden.frames - 3];
  {
    const w = createWorld(map, golden.options);
    for (let f = 0; f < golden.frames; f++) {
      if (at.includes(f)) snaps.set(f, snapshot(w));
      const ev = step(w, frames[f]!);
      straightHashes.push(hashWorld(w));
      straightEvents.push(ev.toArray());
    }
  }

  function continueFrom(w: World, from: number, upTo: number): void {
    for (let f = from; f < upTo; f++) {
      const ev = step(w, frames[f]!);
      if (hashWorld(w) !== straightHashes[f]) expect.fail(`restored at ${from}: hash differs after frame ${f}`);
      expect(ev.toArray()).toEqual(straightEvents[f]);
    }
  }

  it('restore() into a new world continues exactly like the original', () => {
    for (const f of at) continueFrom(restore(snaps.get(f)!, map), f, Math.min(golden.frames, f + 400));
  });

  it('restoring in the middle of a path search redoes it and lands on the same path', () => {
    // Long searches on the labyrinth span several frames.
    const lab = loadShippedMaps().get('labyrinth-large')!;
    const options = { seed: 11, players: 20 };
    const w = createWorld(lab, options);
    const script = new ScriptedPlayers(11, 20, mapInfoOf(lab));
    const log: SlotInput[][] = [];
    const hashes: number[] = [];
    const mid: [number, Uint8Array][] = [];
    for (let f = 0; f < 1500; f++) {
      if (w.planner[Planner.Ball]! >= 0 && w.planner[Planner.Expanded]! > 0 && (mid.length === 0 || f > mid[mid.length - 1]![0] + 200)) {
        mid.push([f, snapshot(w)]);
      }
      const inputs = [...script.next()];
      log.push(inputs);
      step(w, inputs);
      hashes.push(hashWorld(w));
    }
    expect(mid.length).toBeGreaterThanOrEqual(3);
    for (const [f, blob] of mid) {
      const r = restore(blob, lab);
      for (let g = f; g < Math.min(1500, f + 150); g++) {
        step(r, log[g]!);
        if (hashWorld(r) !== hashes[g]) expect.fail(`restored mid-search at ${f}: hash differs after frame ${g}`);
      }
    }
  });

  it('restoreInto() an unrelated world of the same match continues exactly too', () => {
    const w = createWorld(map, golden.options);
    for (let i = 0; i < 50; i++) step(w, frames[i]!);
    for (const f of [...at].reverse()) {
      restoreInto(w, snaps.get(f)!);
      expect(w.frame).toBe(f);
      continueFrom(w, f, Math.min(golden.frames, f + 200));
    }
  });

  it('a snapshot of a restored world is byte-identical to the original snapshot', () => {
    for (const f of at) expect(snapshot(restore(snaps.get(f)!, map))).toEqual(snaps.get(f));
  });
});
