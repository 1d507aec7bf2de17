/**
 * docs/RULES.md, "Last ball standing": the closing area is integer, a pure function of the map and
 * the frame, and deterministic; cells outside lose mass and go; nobody respawns; the match ends
 * when one player or team is left, ranked first; two worlds, and a world restored mid-match, agree.
 */
import { describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { OPEN_ROOM, cellOf, place, testWorld } from '../../test/fixtures/sim/scenario';
import { AREA_CLOSED_SIXTHS, AREA_HOLD_SIXTHS, AREA_LOSS_SHIFT, AREA_MIN_LOSS } from './closingArea';
import {
  AREA_END_RADIUS, EventKind, RULES, ScriptedPlayers, areaAt, checkInvariants, createWorld, hashWorld, mapInfoOf, restore, scoreboard, snapshot,
  step, teamStandings, type MatchMode, type World,
} from './index';

const LBS: MatchMode = { teams: 0, team: [], lastStanding: true };

describe('the closing area', () => {
  it('is integer, whole map at first, closing monotonically to its end radius on schedule', () => {
    for (const map of loadShippedMaps().values()) {
      const info = mapInfoOf(map);
      const w = createWorld(map, { seed: 1, players: 2, lengthFrames: 5400, mode: LBS });
      const len = w.settings.lengthFrames;
      let prev = Infinity;
      for (let f = 0; f <= len; f += 7) {
        const a = areaAt(info, w.settings, f);
        expect(Number.isInteger(a.radius) && Number.isInteger(a.x) && Number.isInteger(a.y)).toBe(true);
        expect(a.radius).toBeLessThanOrEqual(prev);
        expect(areaAt(info, w.settings, f)).toEqual(a); // pure
        prev = a.radius;
      }
      const start = areaAt(info, w.settings, 0);
      for (const [x, y] of [[0, 0], [info.widthFx, 0], [0, info.heightFx], [info.widthFx, info.heightFx]] as const) {
        expect((x - start.x) ** 2 + (y - start.y) ** 2).toBeLessThan(start.radius ** 2); // every corner inside
      }
      expect(areaAt(info, w.settings, Math.floor((len * AREA_HOLD_SIXTHS) / 6)).radius).toBe(start.radius);
      expect(areaAt(info, w.settings, Math.floor((len * AREA_CLOSED_SIXTHS) / 6)).radius).toBe(AREA_END_RADIUS);
      expect(areaAt(info, w.settings, len).radius).toBe(AREA_END_RADIUS);
      // Its centre is a free cell's centre.
      const c = Math.floor(start.y / 1024) * info.cols + Math.floor(start.x / 1024);
      expect(info.freeCells).toContain(c);
    }
  });

  it('ends on the middle of the map made for it (round-island), in the open: nothing to hide behind or under, and no spawn, within its last circle and two cells beyond', () => {
    const map = loadShippedMaps().get('round-island')!;
    const info = mapInfoOf(map);
    const settings = createWorld(map, { seed: 1, players: 2, lengthFrames: 5400, mode: LBS }).settings;
    const end = areaAt(info, settings, settings.lengthFrames);
    // The map's sides are odd: its middle is a cell's centre, as far from every edge (and shore).
    expect([end.x, end.y]).toEqual([(map.cols * 1024) / 2, (map.rows * 1024) / 2]);
    const reach = end.radius + 2 * 1024;
    const near: number[] = [];
    for (let i = 0; i < map.cols * map.rows; i++) {
      const dx = (i % map.cols) * 1024 + 512 - end.x, dy = Math.floor(i / map.cols) * 1024 + 512 - end.y;
      if (dx * dx + dy * dy <= reach * reach) near.push(i);
    }
    expect(near.length).toBeGreaterThan(100);
    expect(near.filter((i) => map.blocked[i] || map.bush[i])).toEqual([]);
    for (const list of [map.viruses, map.spawns]) expect(list.filter((v) => near.includes(v.row * map.cols + v.col))).toEqual([]);
  });

  it('takes mass from a cell outside, then the cell, and the player stays out', () => {
    const w = testWorld(OPEN_ROOM, { players: 3, lengthFrames: 6000, mode: LBS });
    w.clock[0] = 5500; // closed: a 4-cell circle around the middle
    const a = areaAt(w.info, w.settings, 5500);
    expect(a.radius).toBe(AREA_END_RADIUS);
    place(w, 0, a.x / 1024, a.y / 1024, 2000); // inside
    place(w, 1, 1.5, 1.5, 1100); // outside, in a corner
    place(w, 2, a.x / 1024 + 1, a.y / 1024, 1200); // inside
    step(w, []);
    expect(w.cells.mass[cellOf(1)]).toBe(1100 - Math.max(AREA_MIN_LOSS, 1100 >> AREA_LOSS_SHIFT));
    expect(w.cells.mass[cellOf(0)]).toBe(2000);
    let out = false;
    for (let f = 0; f < 20 && !out; f++) {
      step(w, []);
      out = w.events.toArray().some((e) => e.kind === EventKind.OutOfArea && e.a === 1);
    }
    expect(out).toBe(true);
    expect(w.players.alive[1]).toBe(0);
    expect(w.players.kills[0]! + w.players.kills[2]!).toBe(0); // nobody scores the area's kill
    for (let f = 0; f < RULES.respawnFrames * 2; f++) step(w, []);
    expect(w.players.alive[1]).toBe(0); // no respawn
    expect(checkInvariants(w)).toBeNull();
    expect(w.ended).toBe(false); // two still alive
  });

  it('ends the match when one player is left, and ranks the survivor first, the later out next', () => {
    const w = testWorld(OPEN_ROOM, { players: 3, lengthFrames: 6000, mode: LBS });
    place(w, 0, 5, 5, 8000);
    place(w, 1, 15, 12, 1000);
    place(w, 2, 5.1, 5, 1000);
    step(w, []); // 0 eats 2
    expect(w.players.alive[2]).toBe(0);
    expect(w.ended).toBe(false);
    for (let f = 0; f < 10; f++) step(w, []);
    place(w, 1, 5, 5.1, 1000);
    step(w, []); // 0 eats 1: the last one standing
    expect(w.ended).toBe(true);
    expect(w.frame).toBeLessThan(w.settings.lengthFrames);
    const over = w.events.toArray().filter((e) => e.kind === EventKind.MatchOver || e.kind === EventKind.Ranked);
    expect(over[0]!.kind).toBe(EventKind.MatchOver);
    expect(over.slice(1).map((e) => e.b)).toEqual([0, 1, 2]); // out later ranks higher
    expect(scoreboard(w).map((r) => r.slot)).toEqual([0, 1, 2]);
    expect(checkInvariants(w)).toBeNull();
    const frame = w.frame;
    step(w, []);
    expect(w.frame).toBe(frame); // over: nothing moves
  });

  it('in a team match ends when one team is left, not one player', () => {
    const w = testWorld(OPEN_ROOM, { players: 3, lengthFrames: 6000, mode: { teams: 2, team: [0, 0, 1], lastStanding: true } });
    place(w, 0, 5, 5, 8000);
    place(w, 1, 15, 12, 1000);
    place(w, 2, 5.1, 5, 1000);
    step(w, []);
    expect(w.players.alive[2]).toBe(0);
    expect(w.ended).toBe(true); // team 0 has two alive: still one side
    expect(teamStandings(w)[0]!.team).toBe(0);
  });

  it('a lone player (one side) plays to the length', () => {
    const w = testWorld(OPEN_ROOM, { players: 1, lengthFrames: 90, mode: LBS });
    for (let f = 0; f < 89; f++) step(w, []);
    expect(w.ended).toBe(false);
    step(w, []);
    expect(w.ended).toBe(true);
  });

  it('two worlds agree frame by frame, a world restored mid-match plays on identically, and the match ends', () => {
    const map = loadShippedMaps().get('arena-small')!;
    const opts = { seed: 77, players: 6, lengthFrames: 1800, mode: { teams: 3, team: [0, 1, 2, 0, 1, 2], lastStanding: true } };
    const a = createWorld(map, opts);
    const b = createWorld(map, opts);
    const sa = new ScriptedPlayers(5, 6, mapInfoOf(map));
    const sb = new ScriptedPlayers(5, 6, mapInfoOf(map));
    let c: World | null = null;
    let sc: ScriptedPlayers | null = null;
    let ended = -1;
    for (let f = 0; f < 1800 && ended < 0; f++) {
      if (f === 900) {
        c = restore(snapshot(a), map, a.settings.mode);
        sc = new ScriptedPlayers(5, 6, mapInfoOf(map));
        for (let g = 0; g < 900; g++) sc.next(); // the same script position (targets anywhere: no world needed)
      }
      step(a, [...sa.next()]);
      step(b, [...sb.next()]);
      if (c && sc) step(c, [...sc.next()]);
      expect(hashWorld(b)).toBe(hashWorld(a));
      if (c) expect(hashWorld(c)).toBe(hashWorld(a));
      if (a.ended) ended = f;
    }
    expect(a.ended).toBe(true);
    expect(checkInvariants(a)).toBeNull();
    // Out players stayed out: none alive that went out, and every player is ranked.
    expect(scoreboard(a)).toHaveLength(6);
  });

  it('a snapshot of a last-ball-standing world restored without its mode is refused, not misplayed', () => {
    const w = testWorld(OPEN_ROOM, { players: 2, lengthFrames: 600, mode: LBS });
    place(w, 0, 5, 5, 8000);
    place(w, 1, 5.1, 5, 1000);
    for (let f = 0; f < 30; f++) step(w, []);
    expect(w.ended).toBe(true);
    expect(() => restore(snapshot(w), w.map)).toThrow(/impossible state/);
    expect(hashWorld(restore(snapshot(w), w.map, w.settings.mode))).toBe(hashWorld(w));
  });
});
