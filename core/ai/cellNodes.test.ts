/**
 * The nodes of the cells game, each in a world where it must act and in worlds where it must not:
 * SplitAttack, split-aware ThreatNear / Flee (`splits: fear`), AvoidViruses, HideBehindVirus and
 * EjectFeed. Where acting has an effect the test plays it out in the simulation (the half eats the
 * prey, the big cell passes the virus unburst, the bot ends behind the virus, the shot virus
 * bursts the enemy), so a node that wants the wrong input fails too.
 */
import { describe, expect, it } from 'vitest';
import { OPEN, decideSlot0, driverFor, mark, place, placeCell, playFor, worldOn } from '../../test/fixtures/ai/botWorld';
import { FX_ONE, ilength } from '../math';
import { EventKind, MoveMode, ownerOf, type World } from '../sim';
import { setSlotControl } from './BotDriver';
import { Difficulty } from './brains';
import { Bb, GoalKind } from './layout';

type Json = Record<string, unknown>;

/** A world on `picture` whose slot 0 is a Hard bot. */
function botWorld(picture: string, players: number): World {
  const w = worldOn(picture, players);
  setSlotControl(w.bots, 0, Difficulty.Hard);
  return w;
}

/** `picture` with a wall on column `col`, rows `from`..`to`. */
function wallAt(picture: string, col: number, from: number, to: number): string {
  let p = picture;
  for (let r = from; r <= to; r++) p = mark(p, col, r, '#');
  return p;
}

/** Fills player `p`'s free cell slots with small cells parked along row 9 (16 cells in all). */
function fillCells(w: World, p: number): void {
  for (let k = 0; k < 16; k++) if (w.cells.mass[p * 16 + k] === 0) placeCell(w, p, k, 1 + k, 9, 1000);
}

const wants = (out: readonly { input: { split: boolean; eject: boolean } }[], what: 'split' | 'eject'): boolean => out.some((i) => i.input[what]);

describe('SplitAttack', () => {
  const hunt = (args: Json): Json => ({ id: 1, name: 'Sequence', children: [{ id: 2, name: 'SmallerTargetNear', args: { range: 8 } }, { id: 3, name: 'SplitAttack', args }] });

  it('splits at close prey that its half still eats, and the half eats it', () => {
    const w = botWorld(OPEN, 2);
    place(w, 0, 8, 5, 8000);
    place(w, 1, 11, 5, 2000);
    const d = driverFor(hunt({ reach: 3 }));
    const out = decideSlot0(d, w);
    expect(out).toHaveLength(1);
    expect(out[0]!.input).toMatchObject({ split: true, move: MoveMode.Direction, angle: 0 });
    const seen = playFor(w, d, 15, [EventKind.Split, EventKind.CellEaten]);
    const half = seen.find((e) => e[0] === EventKind.Split)![2]!;
    expect(seen.find((e) => e[0] === EventKind.CellEaten)?.[1]).toBe(half); // the half ate it, not the cell that stayed
    expect(w.players.alive[1]).toBe(0);
  });

  it('does not split at prey beyond reach, too heavy for a half, behind a wall, or with too little mass', () => {
    const cases: [string, (w: World) => void, Json, string?][] = [
      ['beyond reach', (w) => place(w, 1, 15, 5, 2000), { reach: 3 }],
      ['a half could not eat it', (w) => place(w, 1, 11, 5, 3500), { reach: 3 }],
      ['below minMass', (w) => place(w, 1, 11, 5, 2000), { reach: 3, minMass: 9000 }],
      ['a wall between', (w) => place(w, 1, 12, 5, 2000), { reach: 3 }, wallAt(OPEN, 10, 4, 6)],
      ['already 16 cells', (w) => (place(w, 1, 11, 5, 2000), fillCells(w, 0)), { reach: 3 }],
    ];
    for (const [what, setup, args, picture] of cases) {
      const w = botWorld(picture ?? OPEN, 2);
      place(w, 0, 8, 5, 8000);
      setup(w);
      expect(wants(decideSlot0(driverFor(hunt(args)), w), 'split'), what).toBe(false);
    }
  });

  it('holds back while another cell that could eat a half is near', () => {
    const w = botWorld(OPEN, 3);
    place(w, 0, 8, 5, 8000);
    place(w, 1, 11, 5, 2000);
    place(w, 2, 8, 9, 7000); // neither prey nor a threat to the 8000, but it could eat a 4000 half
    const d = driverFor(hunt({ reach: 3 }));
    expect(wants(decideSlot0(d, w), 'split')).toBe(false);
    place(w, 2, 8, 9, 4800); // could not eat a half either (and is not the nearer prey)
    w.clock[0]! += 3;
    expect(wants(decideSlot0(d, w), 'split')).toBe(true);
  });
});

describe('big cells and viruses in SplitAttack and Flee', () => {
  it('does not shoot a half that would burst over a virus on the way', () => {
    for (const virus of [false, true]) {
      const w = botWorld(virus ? mark(OPEN, 9, 5, 'V') : OPEN, 2);
      place(w, 0, 6, 5, 20000); // its half, 10000, bursts on a virus
      place(w, 1, 11, 5, 5000);
      const d = driverFor({ id: 1, name: 'Sequence', children: [{ id: 2, name: 'SmallerTargetNear', args: { range: 8 } }, { id: 3, name: 'SplitAttack' }] });
      expect(wants(decideSlot0(d, w), 'split'), virus ? 'a virus on the way' : 'a clear way').toBe(!virus);
    }
  });

  it('a big cell flees round a virus rather than over it', () => {
    const w = botWorld(mark(OPEN, 13, 5, 'V'), 2);
    place(w, 0, 10, 5, 12000);
    place(w, 1, 4, 5, 40000); // due west, holding still
    const d = driverFor({ id: 1, name: 'Flee', args: { range: 8, probe: 4 } });
    const a = decideSlot0(d, w)[0]!.input.angle;
    expect(Math.min(a, 4096 - a)).toBeGreaterThanOrEqual(512); // not straight east over the virus
    expect(playFor(w, d, 45, [EventKind.VirusPopped])).toEqual([]);
  });
});

describe('split threats (splits: fear)', () => {
  const escape = (splits: string): Json => ({
    id: 1, name: 'Sequence', children: [{ id: 2, name: 'ThreatNear', args: { range: 3, splits } }, { id: 3, name: 'Flee', args: { range: 3, probe: 4, splits } }],
  });

  it('a cell that could split onto the bot counts 4 cells nearer: fled with fear, not without', () => {
    const w = botWorld(OPEN, 2);
    place(w, 0, 5, 5, 1200);
    const threat = place(w, 1, 12, 5, 7000); // edges 5.5 cells apart: beyond 3, within 3 + 4
    expect(decideSlot0(driverFor(escape('ignore')), w)).toEqual([]);
    const out = decideSlot0(driverFor(escape('fear')), w);
    expect(out).toHaveLength(1);
    const a = out[0]!.input.angle;
    expect(out[0]!.input.move).toBe(MoveMode.Direction);
    expect(a > 1024 && a < 3072).toBe(true); // west, away from it
    expect(w.bots.mem[Bb.Threat]).toBe(threat + 1);
    // Flee alone judges the same way.
    const flee = (splits: string): Json => ({ id: 1, name: 'Flee', args: { range: 3, splits } });
    expect(decideSlot0(driverFor(flee('ignore')), w)).toEqual([]);
    expect(decideSlot0(driverFor(flee('fear')), w)).toHaveLength(1);
  });

  it('not a cell too small to split, nor a player that has 16 cells already', () => {
    const w = botWorld(OPEN, 2);
    place(w, 0, 5, 5, 1200);
    place(w, 1, 12, 5, 3000); // eats 1200 whole, but cannot split
    const d = driverFor(escape('fear'));
    expect(decideSlot0(d, w)).toEqual([]);
    place(w, 1, 12, 5, 7000);
    fillCells(w, 1);
    expect(decideSlot0(d, w)).toEqual([]);
  });
});

describe('AvoidViruses', () => {
  const VIRUS = mark(OPEN, 12, 5, 'V');
  /** Avoid viruses, else go to (24, 5). */
  const course = (avoid: boolean): Json => ({
    id: 1, name: 'Selector', children: [...(avoid ? [{ id: 2, name: 'AvoidViruses', args: { range: 2 } }] : []), { id: 3, name: 'MoveTo' }],
  });
  const goEast = (w: World): void => {
    w.bots.mem[Bb.GoalX] = 24 * FX_ONE + 512;
    w.bots.mem[Bb.GoalY] = 5 * FX_ONE + 512;
    w.bots.mem[Bb.GoalKind] = GoalKind.Wander;
  };

  it('takes a big cell round a virus in its way, which without it bursts', () => {
    for (const avoid of [true, false]) {
      const w = botWorld(VIRUS, 1);
      place(w, 0, 6, 5, 12000);
      goEast(w);
      const pops = playFor(w, driverFor(course(avoid)), 150, [EventKind.VirusPopped]);
      if (avoid) {
        expect(pops).toEqual([]);
        expect(w.cells.x[0]! >> 10).toBeGreaterThan(14); // it went on past the virus
      } else {
        expect(pops.length).toBeGreaterThan(0);
      }
    }
  });

  it('turns aside (not back) only when its heading runs over the virus, and never for a small cell', () => {
    const w = botWorld(VIRUS, 1);
    const d = driverFor({ id: 1, name: 'AvoidViruses', args: { range: 2 } });
    place(w, 0, 9, 5, 12000); // edges 1.7 cells apart
    w.players.heading[0] = 0; // heading east, over the virus
    const out = decideSlot0(d, w);
    expect(out).toHaveLength(1);
    const a = out[0]!.input.angle;
    expect(a !== 0 && (a <= 1024 || a >= 3072)).toBe(true);
    w.players.heading[0] = 3072; // heading north: clear of it
    w.clock[0]! += 3;
    expect(decideSlot0(d, w)).toEqual([]);
    place(w, 0, 9, 5, 6000); // passes under viruses (with room to grow)
    w.players.heading[0] = 0;
    w.clock[0]! += 3;
    expect(decideSlot0(d, w)).toEqual([]);
    // Every cell that could burst counts, not only the lead: here the lead's course is clear.
    place(w, 0, 9, 2, 12000);
    placeCell(w, 0, 1, 9, 5, 9000);
    w.clock[0]! += 3;
    expect(decideSlot0(d, w)).toHaveLength(1);
  });
});

describe('AvoidViruses popAlone', () => {
  it('lets a big cell burst for the mass when nobody near could eat a piece, not when someone could', () => {
    const w = botWorld(mark(OPEN, 12, 5, 'V'), 2);
    const d = driverFor({ id: 1, name: 'AvoidViruses', args: { range: 2, popAlone: 5 } });
    place(w, 0, 9, 5, 12000);
    w.players.heading[0] = 0;
    place(w, 1, 25, 5, 3000); // 13 cells off
    expect(decideSlot0(d, w)).toEqual([]);
    place(w, 1, 9, 8, 2000); // within 5 cells, could eat a 1600 piece
    w.clock[0]! += 3;
    expect(decideSlot0(d, w)).toHaveLength(1);
    place(w, 1, 9, 8, 1900); // could not
    w.clock[0]! += 3;
    expect(decideSlot0(d, w)).toEqual([]);
  });
});

describe('HideBehindVirus', () => {
  const hideTree = { id: 1, name: 'Sequence', children: [{ id: 2, name: 'ThreatNear', args: { range: 6 } }, { id: 3, name: 'HideBehindVirus', args: { range: 6 } }] };

  it('goes to the far side of a virus from a big threat, and stays there', () => {
    const w = botWorld(mark(OPEN, 12, 5, 'V'), 2);
    place(w, 0, 10, 5, 2000);
    place(w, 1, 5, 5, 12000); // a human holding still
    const d = driverFor(hideTree);
    const out = decideSlot0(d, w);
    expect(out[0]!.input).toMatchObject({ move: MoveMode.Direction, angle: 0 });
    playFor(w, d, 60, []);
    const V = w.viruses;
    // Half a virus radius east of the virus's centre, within the lead cell's arrival slack.
    expect(ilength(w.cells.x[0]! - (V.x[0]! + 505), w.cells.y[0]! - V.y[0]!)).toBeLessThan(FX_ONE / 2);
    expect(w.players.alive[0]).toBe(1);
  });

  it('not from a threat that would not burst, nor to a virus beyond the threat, nor when the bot itself would burst', () => {
    const cases: [string, string, (w: World) => void][] = [
      ['small threat', mark(OPEN, 12, 5, 'V'), (w) => (place(w, 0, 10, 5, 2000), place(w, 1, 5, 5, 6000))],
      ['virus beyond the threat', mark(OPEN, 3, 5, 'V'), (w) => (place(w, 0, 10, 5, 2000), place(w, 1, 6, 5, 12000))],
      ['bot would burst', mark(OPEN, 12, 5, 'V'), (w) => (place(w, 0, 10, 5, 9000), place(w, 1, 5, 5, 12000))],
      ['its cells would burst once merged', mark(OPEN, 12, 5, 'V'), (w) => (place(w, 0, 10, 5, 4500), placeCell(w, 0, 1, 10, 3, 4500), place(w, 1, 5, 5, 12000))],
      ['no virus', OPEN, (w) => (place(w, 0, 10, 5, 2000), place(w, 1, 5, 5, 12000))],
    ];
    for (const [what, picture, setup] of cases) {
      const w = botWorld(picture, 2);
      setup(w);
      decideSlot0(driverFor(hideTree), w);
      expect(w.bots.mem[Bb.Threat], what).toBe(17); // the threat was seen…
      expect(w.bots.mem[Bb.LastStatus], what).toBe(2); // …and the node failed
    }
  });
});

describe('EjectFeed', () => {
  const FEED = mark(OPEN, 10, 5, 'V');
  const feedTree = { id: 1, name: 'EjectFeed', args: { range: 4, minMass: 2000 } };

  it('feeds a virus until it shoots one at the big enemy beyond it, which bursts', () => {
    const w = botWorld(FEED, 2);
    place(w, 0, 5, 5, 6000);
    place(w, 1, 14, 5, 12000);
    w.players.heading[0] = 1024; // it last steered south: it must turn to aim
    const d = driverFor(feedTree);
    const out = decideSlot0(d, w);
    expect(out[0]!.input).toMatchObject({ eject: true, move: MoveMode.Direction, angle: 0 });
    const seen = playFor(w, d, 90, [EventKind.Ejected, EventKind.VirusShot, EventKind.VirusPopped]);
    expect(seen.some((e) => e[0] === EventKind.VirusShot && e[1] === 0)).toBe(true);
    const popped = seen.filter((e) => e[0] === EventKind.VirusPopped).map((e) => ownerOf(e[1]!));
    expect(popped).toEqual([1]);
    const ejects = seen.filter((e) => e[0] === EventKind.Ejected).length;
    expect(ejects).toBeGreaterThanOrEqual(6); // one eject was the first decision's
    expect(ejects).toBeLessThanOrEqual(9); // and it stopped once the enemy had burst
    expect(w.cells.x[0]! >> 10).toBeLessThan(7); // it stood still to feed, not drifting onto the virus
  });

  it('does not feed for an enemy off the line, one that would not burst, without the mass to finish, or through a wall', () => {
    const cases: [string, string, (w: World) => void][] = [
      ['enemy beside the virus', FEED, (w) => (place(w, 0, 5, 5, 6000), place(w, 1, 10, 9, 12000))],
      ['small enemy', FEED, (w) => (place(w, 0, 5, 5, 6000), place(w, 1, 14, 5, 6000))],
      ['too little mass', FEED, (w) => (place(w, 0, 5, 5, 4600), place(w, 1, 14, 5, 12000))],
      ['a wall between', wallAt(FEED, 8, 3, 7), (w) => (place(w, 0, 5, 5, 6000), place(w, 1, 14, 5, 12000))],
    ];
    for (const [what, picture, setup] of cases) {
      const w = botWorld(picture, 2);
      setup(w);
      expect(decideSlot0(driverFor(feedTree), w), what).toEqual([]);
    }
  });
});
