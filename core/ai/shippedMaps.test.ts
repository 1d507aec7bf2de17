/**
 * Bots play every shipped map (resources/maps/index.json), in free-for-all and in the mode the map
 * is made for: they plan their way around its walls and water (they leave their spawns and grow),
 * the world keeps its invariants, and two runs agree; in a team match on four-camps nobody eats a
 * teammate. On round-island (last ball standing) they play to a winner inside the closing area:
 * its end, the open green, is reachable.
 */
import { describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { CELL_SHIFT, EventKind, MAX_CELLS, RULES, areaAt, checkInvariants, createWorld, hashWorld, leadCell, playerMass, step, type MatchMode, type World } from '../sim';
import { BotDriver, setSlotControl } from './BotDriver';
import { Difficulty, defaultBrains } from './brains';

const maps = loadShippedMaps();
const BOTS = 12;

/** A world on `mapId` with every slot a bot (Easy/Normal/Hard by slot % 3), played `frames` frames. */
function play(mapId: string, frames: number, mode?: MatchMode): { w: World; farthest: number[]; outOfArea: number; eats: [number, number][] } {
  const map = maps.get(mapId)!;
  const w = createWorld(map, { seed: 30, players: BOTS, lengthFrames: frames, ...(mode ? { mode } : {}) });
  for (let p = 0; p < BOTS; p++) setSlotControl(w.bots, p, [Difficulty.Easy, Difficulty.Normal, Difficulty.Hard][p % 3]!);
  const start = Array.from({ length: BOTS }, (_, p) => {
    const c = leadCell(w, p);
    return { x: w.cells.x[c]!, y: w.cells.y[c]! };
  });
  // How far each bot got from where it first appeared, until it was first eaten (Fx).
  const farthest = new Array<number>(BOTS).fill(0);
  const eaten = new Uint8Array(BOTS);
  const driver = new BotDriver(defaultBrains());
  let outOfArea = 0;
  const eats: [number, number][] = []; // [eater's slot, victim's slot] of every cell eaten
  for (let f = 0; f < frames && !w.ended; f++) {
    step(w, driver.decide(w));
    for (const e of w.events.toArray()) {
      if (e.kind === EventKind.OutOfArea) outOfArea++;
      if (e.kind === EventKind.CellEaten) eats.push([e.a >> CELL_SHIFT, e.b >> CELL_SHIFT]);
    }
    for (let p = 0; p < BOTS; p++) {
      if (w.players.alive[p] === 0) eaten[p] = 1;
      if (eaten[p]) continue;
      const c = leadCell(w, p);
      farthest[p] = Math.max(farthest[p]!, Math.hypot(w.cells.x[c]! - start[p]!.x, w.cells.y[c]! - start[p]!.y));
    }
  }
  return { w, farthest, outOfArea, eats };
}

describe('bots on every shipped map', () => {
  it('has the maps this file is about', () => {
    expect([...maps.keys()]).toEqual(expect.arrayContaining(['arena-small', 'labyrinth-large', 'four-camps', 'round-island']));
  });

  it.each([...maps.keys()])('%s: 12 bots leave their spawns and grow, the world stays valid, and a second run agrees', (id) => {
    const FRAMES = 600; // 20 s
    const a = play(id, FRAMES);
    expect(checkInvariants(a.w)).toBeNull();
    // A bot that plans and steers gets away from where it first appeared (before it is first eaten).
    expect(a.farthest.map((d) => Math.round(d / 1024)).filter((d) => d < 6), `${id}: bots that got no farther than 6 cells`).toEqual([]);
    let total = 0;
    for (let p = 0; p < BOTS; p++) total += playerMass(a.w, p);
    expect(total, `${id}: the bots' mass together`).toBeGreaterThan(BOTS * RULES.startMass * 1.5);
    expect(hashWorld(play(id, FRAMES).w)).toBe(hashWorld(a.w));
  });

  it('four-camps, 4 teams: bots play a team match on it, eating only other teams', () => {
    const mode: MatchMode = { teams: 4, team: Array.from({ length: BOTS }, (_, p) => p % 4), lastStanding: false };
    const { w, eats } = play('four-camps', 1200, mode);
    expect(checkInvariants(w)).toBeNull();
    expect(eats.length).toBeGreaterThan(0);
    expect(eats.filter(([a, b]) => mode.team[a] === mode.team[b])).toEqual([]);
    let total = 0;
    for (let p = 0; p < BOTS; p++) total += playerMass(w, p);
    expect(total).toBeGreaterThan(BOTS * RULES.startMass * 1.5);
  });

  it('round-island, last ball standing: the bots play it to a winner, inside the area; few are caught outside', () => {
    const FRAMES = 1800; // a 60 s match: the area closes from 10 s to 50 s, to 4 cells round the open green
    const { w, outOfArea } = play('round-island', FRAMES, { teams: 0, team: [], lastStanding: true });
    expect(checkInvariants(w)).toBeNull();
    expect(w.ended).toBe(true);
    const area = areaAt(w.info, w.settings, w.frame);
    expect(area.radius, 'the area had closed most of the way').toBeLessThan(8 * 1024);
    const alive = Array.from({ length: BOTS }, (_, p) => p).filter((p) => w.players.alive[p] !== 0);
    expect(alive).toHaveLength(1);
    for (let c = 0; c < MAX_CELLS; c++) {
      if (w.cells.mass[c] === 0) continue;
      const d = Math.hypot(w.cells.x[c]! - area.x, w.cells.y[c]! - area.y);
      expect(d, `cell ${c} at ${(w.cells.x[c]! / 1024).toFixed(1)}, ${(w.cells.y[c]! / 1024).toFixed(1)}`).toBeLessThanOrEqual(area.radius + 1024);
    }
    // Were the green out of reach, the area would take them all; the bots went in and fought there.
    expect(outOfArea).toBeLessThan(BOTS / 2);
  });
});
