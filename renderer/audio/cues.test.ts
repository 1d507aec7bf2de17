/**
 * Which moments sound: only my cells' eating, being eaten, splitting, ejecting, bursting and my
 * respawning (not anyone else's), one cue of a kind a frame; the start and the end once; one tick for each of the last 10 seconds; the wait dialog
 * when it opens (not while it stays open); a chat line from someone else (not my own, not the
 * lines from before the match).
 */
import { describe, expect, it } from 'vitest';
import { EventKind, FRAME_RATE, firstCell, type World } from '../game/simApi';
import { CueTracker, type Cue } from './cues';

const ME = 2;
/** Two of my cells, and one of slot 4's and slot 5's. */
const MINE = firstCell(ME);
const MINE2 = firstCell(ME) + 3;
const HIS = firstCell(4) + 1;
const HERS = firstCell(5);
const LENGTH = 60 * FRAME_RATE;

/** A world as the cue reader sees it: the frame, the match length and one frame's events. */
function world(frame: number, events: number[][] = []): World {
  return {
    frame,
    settings: { lengthFrames: LENGTH },
    events: { count: events.length, kind: (i: number) => events[i]![0], arg: (i: number, j: number) => events[i]![j + 1] ?? 0 },
  } as unknown as World;
}

describe('CueTracker', () => {
  it('sounds my own cells only, one cue of a kind a frame, and the start once', () => {
    const t = new CueTracker();
    expect(t.step(world(1), ME)).toEqual(['start']);
    expect(t.step(world(2, [[EventKind.PelletEaten, 7, MINE], [EventKind.PelletEaten, 8, HERS], [EventKind.PelletEaten, 9, MINE2]]), ME)).toEqual(['eat']);
    expect(t.step(world(3, [[EventKind.CellEaten, MINE2, HIS], [EventKind.CellEaten, HIS, HERS]]), ME)).toEqual(['eat']);
    expect(t.step(world(4, [[EventKind.CellEaten, HIS, MINE]]), ME)).toEqual(['eaten']);
    expect(t.step(world(5, [[EventKind.Split, HIS, HIS + 1], [EventKind.Split, MINE, MINE + 1], [EventKind.Split, MINE2, MINE2 + 1]]), ME)).toEqual(['split']);
    expect(t.step(world(6, [[EventKind.Ejected, MINE, 3], [EventKind.VirusPopped, MINE2, 0, 7]]), ME)).toEqual(['eject', 'burst']);
    expect(t.step(world(7, [[EventKind.BlobEaten, 3, MINE], [EventKind.BlobEaten, 4, -1]]), ME)).toEqual(['eat']);
    expect(t.step(world(8, [[EventKind.Respawned, ME, 0], [EventKind.Respawned, 1, 0]]), ME)).toEqual(['respawn']);
    expect(t.step(world(9, [[EventKind.CellEaten, HIS, HERS], [EventKind.Split, HERS, HERS + 1], [EventKind.BlobEaten, 5, -1 - MINE]]), ME)).toEqual([]);
    // A spectator hears the room's moments, never a cell's.
    const s = new CueTracker();
    expect(s.step(world(1, [[EventKind.PelletEaten, 7, MINE]]), null)).toEqual(['start']);
    // A match joined running (a rejoin, a heal) does not start again.
    expect(new CueTracker().step(world(500), ME)).toEqual([]);
  });

  it('ticks once for each of the last 10 seconds and sounds the end once', () => {
    const t = new CueTracker();
    const heard: Cue[] = [];
    for (let f = 1; f <= LENGTH; f++) heard.push(...t.step(world(f, f === LENGTH ? [[EventKind.MatchOver, f, 8]] : []), ME));
    heard.push(...t.step(world(LENGTH, [[EventKind.MatchOver, LENGTH, 8]]), ME)); // a repeated end stays silent
    expect(heard.filter((c) => c === 'countdown')).toHaveLength(10);
    expect(heard.filter((c) => c === 'end')).toHaveLength(1);
    expect(heard.filter((c) => c === 'start')).toHaveLength(1);
    expect(heard.indexOf('countdown')).toBe(1); // nothing else sounded in a silent match
  });

  it('sounds the wait dialog as it opens and chat lines from others', () => {
    const t = new CueTracker();
    const chat = [{ slot: 1 }];
    expect(t.overlays(false, chat, ME)).toEqual([]); // a line from before the match
    expect(t.overlays(true, chat, ME)).toEqual(['wait']);
    expect(t.overlays(true, chat, ME)).toEqual([]);
    expect(t.overlays(false, [...chat, { slot: ME }], ME)).toEqual([]); // my own line
    expect(t.overlays(true, [...chat, { slot: ME }, { slot: 3 }, { slot: 4 }], ME)).toEqual(['wait', 'chat']);
  });
});
