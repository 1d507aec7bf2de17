/**
 * The mode nodes (modeLeaves.ts), each in a world where it must act and in worlds where it must
 * not — free-for-all among them: Regroup, ProtectTeammate, EjectFeed at a teammate, NearAreaEdge
 * with MoveInward (and the fallback that steers only trees without MoveInward). Where acting has
 * an effect the test plays it out in the simulation (the threat is eaten by the protector, the
 * teammate eats the blobs, the bot gets inside the area and lives), so a node that wants the wrong
 * input fails too. Then the shipped trees: they use the nodes, and the nodes change nothing in a
 * free-for-all match.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPEN, arena, decideSlot0, driverFor, place, playFor } from '../../test/fixtures/ai/botWorld';
import { createGameMap } from '../map';
import { FX_ONE, ilength } from '../math';
import { EventKind, FREE_FOR_ALL, MoveMode, areaAt, createWorld, leadCell, ownerOf, step, subHashes, type MatchMode, type World } from '../sim';
import { BotDriver, setSlotControl } from './BotDriver';
import { Difficulty, DIFFICULTY_NAMES, brainsOf } from './brains';
import { loadTree } from './compileTree';
import { CASUAL_TREE, DEFAULT_TREES, type EditorNode, type EditorTree } from './defaultTrees';

type Json = Record<string, unknown>;

const TEAMS3: MatchMode = { teams: 2, team: [0, 0, 1], lastStanding: false };
const worldIn = (mode: MatchMode, players: number, lengthFrames = 5400): World =>
  createWorld(createGameMap({ picture: OPEN, id: 'test' }), { seed: 5, players, pelletTarget: 0, lengthFrames, mode });
/** A world in `mode` whose slot 0 is a Hard bot. */
function botWorld(mode: MatchMode, players: number, lengthFrames?: number): World {
  const w = worldIn(mode, players, lengthFrames);
  setSlotControl(w.bots, 0, Difficulty.Hard);
  return w;
}
const one = (name: string, args?: Json): Json => ({ id: 1, name, ...(args ? { args } : {}) });
const angleOut = (out: readonly { input: { move: number; angle: number } }[]): number => {
  expect(out).toHaveLength(1);
  expect(out[0]!.input.move).toBe(MoveMode.Direction);
  return out[0]!.input.angle;
};
/** Angular distance (steps) between two angles. */
const turn = (a: number, b: number): number => Math.abs(((a - b + 2048) & 4095) - 2048);

describe('Regroup', () => {
  it('alone, heads for the nearest teammate; with one within `beyond`, or in free-for-all, does nothing', () => {
    const tree = one('Regroup', { to: 'nearest', beyond: 8 });
    const w = botWorld(TEAMS3, 3);
    place(w, 0, 2, 5, 1600);
    place(w, 1, 26, 5, 1600); // teammate, far east
    place(w, 2, 2, 1, 1600); // the other team, near: not a teammate
    expect(angleOut(decideSlot0(driverFor(tree), w))).toBe(0);
    place(w, 1, 8, 5, 1600); // within 8 cells: not alone
    expect(decideSlot0(driverFor(tree), w)).toEqual([]);
    const ffa = botWorld(FREE_FOR_ALL, 3);
    place(ffa, 0, 2, 5, 1600);
    place(ffa, 1, 26, 5, 1600);
    expect(decideSlot0(driverFor(tree), ffa)).toEqual([]);
  });

  it('`biggest` heads for the teammate with the most mass, `nearest` for the nearest', () => {
    const w = botWorld({ teams: 2, team: [0, 0, 0, 1], lastStanding: false }, 4);
    place(w, 0, 14, 5, 1600);
    place(w, 1, 2, 5, 1600); // west, nearer
    place(w, 2, 28, 5, 9000); // east, bigger
    place(w, 3, 14, 0, 1600);
    expect(angleOut(decideSlot0(driverFor(one('Regroup', { to: 'nearest', beyond: 4 })), w))).toBe(2048);
    expect(angleOut(decideSlot0(driverFor(one('Regroup', { to: 'biggest', beyond: 4 })), w))).toBe(0);
  });

  it('`protector`: flees to a teammate that can eat the threat, not past the threat nor to one too small', () => {
    const tree = { id: 1, name: 'Sequence', children: [{ id: 2, name: 'ThreatNear', args: { range: 6 } }, { id: 3, name: 'Regroup', args: { to: 'protector', beyond: 1 } }] };
    const setup = (mateCol: number, mateMass: number): World => {
      const w = botWorld(TEAMS3, 3);
      place(w, 0, 12, 5, 1000);
      place(w, 2, 8, 5, 3000); // the threat, west
      place(w, 1, mateCol, 5, mateMass);
      return w;
    };
    expect(angleOut(decideSlot0(driverFor(tree), setup(22, 5000)))).toBe(0); // east, to the protector
    expect(decideSlot0(driverFor(tree), setup(2, 5000))).toEqual([]); // the protector is beyond the threat
    expect(decideSlot0(driverFor(tree), setup(22, 2000))).toEqual([]); // too small to eat the threat
  });
});

describe('ProtectTeammate', () => {
  const tree = (go: string): Json => one('ProtectTeammate', { range: 8, danger: 4, go });

  it('beside a weaker teammate threatened by a mid-size enemy it goes for the enemy, and eats it', () => {
    const w = botWorld(TEAMS3, 3);
    place(w, 0, 10, 5, 6000);
    const mate = place(w, 1, 14, 5, 1000);
    const enemy = place(w, 2, 14, 8, 3000); // can eat the teammate; the bot can eat it
    const d = driverFor(tree('eat'));
    const a = angleOut(decideSlot0(d, w));
    const C = w.cells;
    const toEnemy = Math.atan2(C.y[enemy]! - C.y[0]!, C.x[enemy]! - C.x[0]!);
    expect(turn(a, Math.round((toEnemy / (2 * Math.PI)) * 4096) & 4095)).toBeLessThanOrEqual(16);
    const eaten = playFor(w, d, 120, [EventKind.CellEaten]);
    expect(eaten.map((e) => [ownerOf(e[1]!), e[2]])).toContainEqual([0, enemy]);
    expect(w.cells.mass[mate]).toBeGreaterThan(0);
  });

  it('does nothing for a teammate nobody threatens, an enemy it cannot eat, or in free-for-all; `deter` goes for one that cannot eat it', () => {
    const cases: [string, MatchMode, number, number, number, string, boolean][] = [
      // what, mode, bot mass, teammate mass, enemy mass, go, acts
      ['the teammate is too big to be eaten', TEAMS3, 6000, 4000, 3000, 'eat', false],
      ['the bot cannot eat the enemy', TEAMS3, 3000, 1000, 3000, 'eat', false],
      ['… but deters it', TEAMS3, 3000, 1000, 3000, 'deter', true],
      ['the enemy could eat the bot too', TEAMS3, 1200, 1000, 3000, 'deter', false],
      ['free-for-all', FREE_FOR_ALL, 6000, 1000, 3000, 'eat', false],
    ];
    for (const [what, mode, bot, mate, enemy, go, acts] of cases) {
      const w = botWorld(mode, 3);
      place(w, 0, 10, 5, bot);
      place(w, 1, 14, 5, mate);
      place(w, 2, 14, 8, enemy);
      expect(decideSlot0(driverFor(tree(go)), w).length, what).toBe(acts ? 1 : 0);
    }
  });

  it('an enemy beyond `danger` of the teammate is left alone', () => {
    const w = botWorld(TEAMS3, 3);
    place(w, 0, 10, 5, 6000);
    place(w, 1, 14, 2, 1000);
    place(w, 2, 22, 8, 3000);
    expect(decideSlot0(driverFor(tree('eat')), w)).toEqual([]);
  });
});

describe('EjectFeed at a teammate', () => {
  const feed = (args: Json = {}): Json => one('EjectFeed', { range: 4, minMass: 3000, at: 'teammate', ...args });

  it('a big bot feeds a small teammate near it by ejecting, and the teammate eats the blobs', () => {
    const w = botWorld(TEAMS3, 3);
    place(w, 0, 8, 5, 8000);
    const mate = place(w, 1, 13, 5, 1600);
    place(w, 2, 27, 0, 1600);
    const d = driverFor(feed());
    const out = decideSlot0(d, w);
    expect(out).toHaveLength(1);
    // Facing it already (heading east), it stands still and ejects along its heading.
    expect(w.players.heading[0]).toBe(0);
    expect(out[0]!.input).toMatchObject({ eject: true, move: MoveMode.Stop });
    const blobs = playFor(w, d, 60, [EventKind.BlobEaten]);
    const fed = blobs.filter((e) => e[2] === mate).length;
    expect(fed).toBeGreaterThanOrEqual(2);
    expect(blobs.filter((e) => e[2]! >= 0 && ownerOf(e[2]!) === 0)).toEqual([]); // it never ate its own feed
  });

  it('does not feed a teammate of more than half its lead cell, one out of range, below minMass, an enemy, or in free-for-all', () => {
    const cases: [string, MatchMode, number, number, Json][] = [
      ['the teammate is too big', TEAMS3, 13, 4100, {}],
      ['out of range', TEAMS3, 20, 1600, {}],
      ['minMass would not be kept', TEAMS3, 13, 1600, { minMass: 7800 }],
      ['at: virus (no virus)', TEAMS3, 13, 1600, { at: 'virus' }],
      ['free-for-all', FREE_FOR_ALL, 13, 1600, {}],
    ];
    for (const [what, mode, col, mass, args] of cases) {
      const w = botWorld(mode, 3);
      place(w, 0, 8, 5, 8000);
      place(w, 1, col, 5, mass);
      place(w, 2, 27, 0, 1600);
      expect(decideSlot0(driverFor(feed(args)), w).some((i) => i.input.eject), what).toBe(false);
    }
    const enemy = botWorld(TEAMS3, 3);
    place(enemy, 0, 8, 5, 8000);
    place(enemy, 2, 13, 5, 1600); // small and near, but the other team's
    place(enemy, 1, 27, 0, 5000);
    expect(decideSlot0(driverFor(feed()), enemy).some((i) => i.input.eject)).toBe(false);
  });
});

describe('NearAreaEdge and MoveInward', () => {
  const LBS: MatchMode = { teams: 0, team: [], lastStanding: true };
  const stayIn = { id: 1, name: 'Sequence', children: [{ id: 2, name: 'NearAreaEdge', args: { margin: 2 } }, { id: 3, name: 'MoveInward' }] };

  it('a bot outside the safe area moves in and lives; one inside, or in another mode, is left to its tree', () => {
    const w = botWorld(LBS, 2, 600);
    w.clock[0] = 540; // the area has closed to its end radius (4 cells) round the middle
    place(w, 0, 5, 5, 3000);
    place(w, 1, 16, 4, 1000); // inside: the match goes on
    const d = driverFor(stayIn);
    const a = areaAt(w.info, w.settings, 543);
    const lead = () => leadCell(w, 0);
    const dist = () => ilength(w.cells.x[lead()]! - a.x, w.cells.y[lead()]! - a.y);
    expect(dist()).toBeGreaterThan(a.radius);
    expect(decideSlot0(d, w)).toHaveLength(1);
    playFor(w, d, 50, []);
    expect(w.ended).toBe(false);
    expect(w.players.alive[0]).toBe(1);
    expect(dist() + w.cells.radius[lead()]!).toBeLessThanOrEqual(a.radius);
    place(w, 0, Math.floor(a.x / FX_ONE), Math.floor(a.y / FX_ONE), 1000); // at the centre: safe
    expect(decideSlot0(driverFor({ id: 1, name: 'NearAreaEdge' }), w)).toEqual([]);
    const ffa = botWorld(FREE_FOR_ALL, 2);
    place(ffa, 0, 1, 1, 3000);
    expect(decideSlot0(d, ffa)).toEqual([]);
  });

  it('a tree with MoveInward steers itself: the fallback that sends other trees to the centre is off for it', () => {
    const w = botWorld(LBS, 2, 600);
    w.clock[0] = 550;
    place(w, 0, 1, 1, 1000);
    place(w, 1, 28, 8, 1000);
    // A MoveInward it never reaches: the bot stays where its tree wants (nowhere).
    const never = { id: 1, name: 'Selector', children: [{ id: 2, name: 'Sequence', children: [{ id: 3, name: 'Failer' }, { id: 4, name: 'MoveInward' }] }, { id: 5, name: 'Succeeder' }] };
    expect(decideSlot0(driverFor(never), w)).toEqual([]);
    expect(decideSlot0(driverFor({ id: 1, name: 'Succeeder' }), w)).toHaveLength(1); // without MoveInward: the fallback
  });
});

/** Every node of `n` (pre-order). */
function nodesOf(n: EditorNode): EditorNode[] {
  return [n, ...(n.children ?? []).flatMap(nodesOf)];
}
const MODE_NODES = new Set(['Regroup', 'ProtectTeammate', 'NearAreaEdge', 'MoveInward']);
const isModeNode = (n: EditorNode): boolean => MODE_NODES.has(n.name) || (n.name === 'EjectFeed' && n.args?.['at'] === 'teammate');
/** `t` without its mode nodes (and the composites left empty by that). */
function withoutModeNodes(t: EditorTree): EditorTree {
  const strip = (n: EditorNode): EditorNode | null => {
    if (isModeNode(n)) return null;
    if (!n.children) return n;
    const children = n.children.map(strip).filter((c): c is EditorNode => c !== null);
    return children.length ? { ...n, children } : null;
  };
  return { ...t, root: strip(t.root)! };
}

describe('the shipped trees and the mode nodes', () => {
  const shipped = (name: string): EditorTree => JSON.parse(readFileSync(new URL(`../../resources/ai/${name}.json`, import.meta.url), 'utf8')) as EditorTree;

  it('every shipped tree stays inside the closing area and regroups; Normal and Hard protect; Hard feeds teammates', () => {
    const uses = (name: string): string[] => nodesOf(shipped(name).root).filter(isModeNode).map((n) => (n.name === 'EjectFeed' ? 'EjectFeed:teammate' : n.name));
    for (const name of [...DIFFICULTY_NAMES, 'casual']) expect(uses(name), name).toEqual(expect.arrayContaining(['NearAreaEdge', 'MoveInward', 'Regroup']));
    for (const name of ['normal', 'hard']) expect(uses(name), name).toContain('ProtectTeammate');
    expect(uses('hard')).toContain('EjectFeed:teammate');
    expect(uses('hard').filter((n) => n === 'Regroup')).toHaveLength(2); // to a protector when threatened, to the team when alone
  });

  it('in a free-for-all bot match the mode nodes change nothing: the same world, frame by frame, as the trees without them', () => {
    const play = (trees: readonly EditorTree[]): number[][] => {
      const w = createWorld(arena(), { seed: 11, players: 8, lengthFrames: 5400 });
      for (let s = 0; s < 8; s++) setSlotControl(w.bots, s, (s % 3) as Difficulty);
      const d = new BotDriver(brainsOf(trees.map((t, i) => loadTree(`${i}.json`, t))));
      const out: number[][] = [];
      for (let f = 0; f < 600; f++) {
        step(w, d.decide(w));
        // Everything but the bots' memory, whose running bits are numbered by node.
        if (f % 60 === 59) out.push(subHashes(w).filter((h) => h.name !== 'bots').map((h) => h.hash));
      }
      return out;
    };
    expect(play(DEFAULT_TREES)).toEqual(play(DEFAULT_TREES.map(withoutModeNodes)));
    expect(withoutModeNodes(CASUAL_TREE).root.children!.length).toBe(CASUAL_TREE.root.children!.length - 2);
  });
});
