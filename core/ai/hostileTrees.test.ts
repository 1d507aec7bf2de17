/**
 * Tree files nobody here wrote (issue 17): whatever the input, only TreeError leaves the loader;
 * a message quotes at most QUOTE_CHARS characters of the file; duplicate ids and negative
 * durations are refused naming the node; the current behavior3 editor's stock Wait (`time` in
 * seconds, `random`) loads; a file the caller could not read is reported like any other; the
 * cells game's nodes (issue 29) and the match modes' (issue 30) with bad arguments are refused
 * naming the node.
 */
import { describe, expect, it } from 'vitest';
import { ARG_SLOTS, NodeKind } from './catalog';
import { loadTree } from './compileTree';
import { Difficulty, defaultTree, loadBotBrains } from './brains';
import { QUOTE_CHARS, TreeError } from './TreeError';

type Json = Record<string, unknown>;

/** A tree whose second node is `node` (under a Sequence with a Succeeder first). */
function treeWith(node: Json): Json {
  return { name: 't', root: { id: 1, name: 'Sequence', children: [{ id: 2, name: 'Succeeder' }, { id: 3, ...node }] } };
}

/** Loads and returns the error, failing unless it is a TreeError (anything else escaping is the bug). */
function refusal(source: unknown, file = 'h.json'): TreeError {
  let thrown: unknown = null;
  try {
    loadTree(file, source);
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(TreeError);
  return thrown as TreeError;
}

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** Longest run of characters copied from `long` (a string of one repeated letter) into `message`. */
const quotedRun = (message: string, letter: string): number => Math.max(0, ...(message.match(new RegExp(`${letter}+`, 'g')) ?? []).map((m) => m.length));

describe('only TreeError leaves the loader', () => {
  it('an argument nested 10 000 levels deep is refused as a TreeError naming the node', () => {
    const e = refusal(treeWith({ name: 'Wait', args: { frames: nested(10_000) } }));
    expect([e.nodeId, e.problem]).toEqual(['3', 'argument "frames" must be an integer, got an array of 1']);
  });

  it('a deep value anywhere: unknown argument, enum, weights, subtree path', () => {
    const deep = nested(10_000);
    expect(refusal(treeWith({ name: 'Wait', args: { [`k${'x'.repeat(100)}`]: deep } })).nodeId).toBe('3');
    expect(refusal(treeWith({ name: 'MoveTo', args: { to: deep } })).problem).toMatch(/must be one of "goal", "target", got an array of 1/);
    expect(refusal(treeWith({ name: 'WeightedRandom', args: { weights: [deep] }, children: [{ id: 4, name: 'Wait' }] })).problem).toMatch(/weights"\[0\] must be an integer, got an array of 1/);
    expect(refusal(treeWith({ name: 'Wait', path: deep })).problem).toMatch(/"path": an array of 1/);
  });

  it('the same file through loadBotBrains falls back with a notice and never throws', () => {
    // As text (JSON.stringify itself cannot write a value this deep).
    const deep = `{"name": "t", "root": {"id": 1, "name": "Wait", "args": {"frames": ${'['.repeat(10_000)}1${']'.repeat(10_000)}}}}`;
    const loaded = loadBotBrains([{ file: 'easy.json', source: deep }, undefined, undefined]);
    expect(loaded.errors).toHaveLength(1);
    expect(loaded.errors[0]).toBeInstanceOf(TreeError);
    expect(loaded.brains.trees[Difficulty.Easy]!.fingerprint).toBe(defaultTree(Difficulty.Easy).fingerprint);
  });

  it('a parsed value too deep for JSON.stringify is refused naming its node (issue 32: it was "could not be read")', () => {
    const loaded = loadBotBrains([{ file: 'easy.json', source: { name: 't', root: { id: 1, name: 'Wait', args: { frames: nested(200_000) } } } }, undefined, undefined]);
    expect(loaded.errors.map((e) => [e.file, e.nodeId])).toEqual([['easy.json', '1']]);
    expect(loaded.notices).toEqual(['easy.json: node 1: argument "frames" must be an integer, got an array of 1 — using the built-in Easy tree']);
  });
});

describe('messages quote at most ~40 characters of the file', () => {
  const huge = 'Z'.repeat(10 * 1024 * 1024);
  const cases: [string, unknown][] = [
    ['node name', treeWith({ name: huge })],
    ['argument name', treeWith({ name: 'Wait', args: { [huge]: 1 } })],
    ['argument value', treeWith({ name: 'Wait', args: { frames: huge } })],
    ['enum value', treeWith({ name: 'MoveTo', args: { to: huge } })],
    ['subtree path', treeWith({ name: 'Wait', path: huge })],
    ['node id', { name: 't', root: { id: huge.slice(0, 128), name: 'Nope' } }],
    ['classic dangling child', { title: 'c', root: 'a', nodes: { a: { id: 'a', name: 'Sequence', children: ['Z'.repeat(128)] } } }],
    ['JSON text', `{"root": {"id": 1, "name": "${'Z'.repeat(5000)}" oops}}`],
  ];
  for (const [what, source] of cases) {
    it(`${what}: a 10 MB (or longest) value makes a short one-line message`, () => {
      const e = refusal(source);
      expect(quotedRun(e.message, 'Z')).toBeLessThanOrEqual(QUOTE_CHARS);
      expect(e.message.length).toBeLessThan(300);
      expect(e.message).not.toContain('\n');
    });
  }

  it('a cut value says it was cut', () => {
    expect(refusal(treeWith({ name: `Chase${'e'.repeat(60)}` })).problem).toBe(`unknown node name "Chase${'e'.repeat(35)}…"`);
  });
});

describe('duplicate ids and negative durations', () => {
  it('refuses two nodes with the same id, naming it', () => {
    const e = refusal({ name: 't', root: { id: 1, name: 'Sequence', children: [{ id: 2, name: 'Wait' }, { id: 2, name: 'Succeeder' }] } });
    expect([e.nodeId, e.problem]).toEqual(['2', 'duplicate node id: another node of this tree has id "2"; give every node its own id']);
    expect(refusal({ name: 't', root: { id: 'a', name: 'Inverter', children: [{ id: 'a', name: 'Wait' }] } }).nodeId).toBe('a');
  });

  it('refuses a negative Wait in frames, milliseconds or seconds, naming the node', () => {
    expect(refusal(treeWith({ name: 'Wait', args: { frames: -1 } })).problem).toBe('argument "frames" = -1 must not be negative');
    // -10 ms used to round up to 0 frames and pass.
    expect(refusal(treeWith({ name: 'Wait', args: { milliseconds: -10 } })).problem).toBe('argument "milliseconds" = -10 must not be negative');
    expect(refusal(treeWith({ name: 'Wait', args: { time: -0.5 } }))).toMatchObject({ nodeId: '3', problem: 'argument "time" = -0.5 must not be negative' });
    expect(refusal(treeWith({ name: 'Cooldown', args: { milliseconds: '-1' }, children: [{ id: 4, name: 'Wait' }] })).problem).toMatch(/must not be negative/);
  });
});

describe("the current behavior3 editor's stock Wait", () => {
  const waitFrames = (args: Json): number => {
    const t = loadTree('stock.json', treeWith({ name: 'Wait', args }));
    expect(t.kind[2]).toBe(NodeKind.Wait);
    return t.args[2 * ARG_SLOTS]!;
  };

  it('takes `time` in seconds (a float, as the editor writes it), rounded up to whole frames', () => {
    expect(waitFrames({ time: 1 })).toBe(30);
    expect(waitFrames({ time: 1.5 })).toBe(45);
    expect(waitFrames({ time: 0.1 })).toBe(3);
    expect(waitFrames({ time: '0.25' })).toBe(8);
    expect(waitFrames({ time: 0 })).toBe(0);
    expect(waitFrames({ time: 1, random: 0 })).toBe(30);
    // The editor leaves an unset optional argument empty.
    expect(waitFrames({ time: 2, random: null })).toBe(60);
    expect(waitFrames({ time: 2, random: '' })).toBe(60);
  });

  it('refuses a random spread (every machine must wait the same) and sub-millisecond times', () => {
    expect(refusal(treeWith({ name: 'Wait', args: { time: 1, random: 2 } })).problem).toBe('argument "random" = 2 must be 0 (every machine must wait the same, so a bot\'s wait has no random spread)');
    expect(refusal(treeWith({ name: 'Wait', args: { time: 0.0001 } })).problem).toBe('argument "time" must be a number with at most 3 decimals, got 0.0001');
    expect(refusal(treeWith({ name: 'Wait', args: { time: 'soon' } })).problem).toMatch(/"time" must be a number/);
  });

  it('a tree drawn with stock nodes (Sequence, Inverter, AlwaysSuccess, Wait{time}) plus ours loads', () => {
    const t = loadTree('mixed.json', {
      version: '1.8.0', name: 'mixed',
      root: {
        id: '1', name: 'Selector',
        children: [
          { id: '2', name: 'Sequence', children: [{ id: '3', name: 'ThreatNear', args: { range: 5 } }, { id: '4', name: 'Flee', args: { range: 6 } }] },
          { id: '5', name: 'Sequence', children: [{ id: '6', name: 'Inverter', children: [{ id: '7', name: 'AlwaysFailure' }] }, { id: '8', name: 'Wait', args: { time: 0.5 } }, { id: '9', name: 'AlwaysSuccess' }] },
        ],
      },
    });
    expect(t.size).toBe(9);
  });
});

describe('a file the caller could not read', () => {
  it('is reported in the same words as every other tree error, and the built-in tree plays', () => {
    const loaded = loadBotBrains([undefined, { file: 'normal.json', unread: '1572864 bytes, more than the 1 MiB a tree file may have' }, undefined]);
    expect(loaded.notices).toEqual(['normal.json: tree: could not be read (1572864 bytes, more than the 1 MiB a tree file may have) — using the built-in Normal tree']);
    expect(loaded.errors.map((e) => [e.file, e.nodeId, e.problem])).toEqual([['normal.json', null, 'could not be read (1572864 bytes, more than the 1 MiB a tree file may have)']]);
    expect(loaded.brains.trees[Difficulty.Normal]!.fingerprint).toBe(defaultTree(Difficulty.Normal).fingerprint);
  });
});

/** One test per case [what, node, problem]: refused in one line naming the node, and the built-in tree plays. */
function refusedEach(cases: readonly [string, Json, string][]): void {
  for (const [what, node, problem] of cases) {
    it(`${what}: one line naming the node, and the built-in tree plays`, () => {
      expect(refusal(treeWith(node))).toMatchObject({ nodeId: '3', problem });
      const loaded = loadBotBrains([undefined, undefined, { file: 'hard.json', source: JSON.stringify(treeWith(node)) }]);
      expect(loaded.notices).toEqual([`hard.json: node 3: ${problem} — using the built-in Hard tree`]);
      expect(loaded.brains.trees[Difficulty.Hard]!.fingerprint).toBe(defaultTree(Difficulty.Hard).fingerprint);
    });
  }
}

describe("the cells game's nodes with bad arguments", () => {
  const cases: [string, Json, string][] = [
    ['SplitAttack reach 99', { name: 'SplitAttack', args: { reach: 99 } }, 'argument "reach" = 99 is out of range 1..6 (a split half flies about 5.5 cells)'],
    ['SplitAttack minMass -5', { name: 'SplitAttack', args: { minMass: -5 } }, 'argument "minMass" = -5 must not be negative'],
    ['EjectFeed minMass "x"', { name: 'EjectFeed', args: { minMass: 'x' } }, 'argument "minMass" must be an integer, got "x"'],
    ['EjectFeed range 7', { name: 'EjectFeed', args: { range: 7 } }, 'argument "range" = 7 is out of range 1..6 (an ejected blob flies about 6 cells)'],
    ['ThreatNear splits "always"', { name: 'ThreatNear', args: { range: 4, splits: 'always' } }, 'argument "splits" must be one of "ignore", "fear", got "always"'],
    ['Flee splits 1', { name: 'Flee', args: { splits: 1 } }, 'argument "splits" must be one of "ignore", "fear", got 1'],
    ['AvoidViruses range 0', { name: 'AvoidViruses', args: { range: 0 } }, 'argument "range" = 0 is out of range 1..16'],
    ['AvoidViruses popAlone 99', { name: 'AvoidViruses', args: { popAlone: 99 } }, 'argument "popAlone" = 99 is out of range 0..32'],
    ['HideBehindVirus unknown argument', { name: 'HideBehindVirus', args: { virus: 3 } }, 'unknown argument "virus" for HideBehindVirus (expected range)'],
    ['the retired DashWhenItPays', { name: 'DashWhenItPays', args: { catch: 2 } }, 'unknown node name "DashWhenItPays"'],
  ];
  refusedEach(cases);
});

describe("the match modes' nodes with bad arguments", () => {
  const cases: [string, Json, string][] = [
    ['Regroup to "everyone"', { name: 'Regroup', args: { to: 'everyone' } }, 'argument "to" must be one of "nearest", "biggest", "protector", got "everyone"'],
    ['Regroup beyond 999', { name: 'Regroup', args: { beyond: 999 } }, 'argument "beyond" = 999 is out of range 0..64'],
    ['Regroup beyond -1', { name: 'Regroup', args: { beyond: -1 } }, 'argument "beyond" = -1 must not be negative'],
    ['ProtectTeammate danger 0', { name: 'ProtectTeammate', args: { danger: 0 } }, 'argument "danger" = 0 is out of range 1..16'],
    ['ProtectTeammate range 2.5', { name: 'ProtectTeammate', args: { range: 2.5 } }, 'argument "range" must be an integer, got 2.5'],
    ['ProtectTeammate go "run"', { name: 'ProtectTeammate', args: { go: 'run' } }, 'argument "go" must be one of "eat", "deter", got "run"'],
    ['EjectFeed at "enemy"', { name: 'EjectFeed', args: { at: 'enemy' } }, 'argument "at" must be one of "virus", "teammate", got "enemy"'],
    ['NearAreaEdge margin 17', { name: 'NearAreaEdge', args: { margin: 17 } }, 'argument "margin" = 17 is out of range 0..16'],
    ['MoveInward with an argument', { name: 'MoveInward', args: { to: 'centre' } }, 'unknown argument "to" for MoveInward (it takes none)'],
    ['MoveInward with a child', { name: 'MoveInward', children: [{ id: 4, name: 'Succeeder' }] }, 'MoveInward takes no children, has 1'],
  ];
  refusedEach(cases);
});
