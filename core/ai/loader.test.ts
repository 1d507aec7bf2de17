/**
 * Tree files: both behavior3 formats load (and compile to the same arrays), every kind of broken
 * tree is refused with a TreeError naming file, node id and problem, the match falls back to the
 * built-in tree with a notice, and the shipped resources/ai files are valid and current.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workspaceJson } from '../../scripts/gen-ai-nodes';
import { ARG_SLOTS, NODE_SPECS, NodeKind } from './catalog';
import { loadTree } from './compileTree';
import { DEFAULT_TREES } from './defaultTrees';
import { DIFFICULTY_NAMES, Difficulty, defaultTree, loadBotBrains } from './brains';
import { classicCustomNodes, editorNodeConfig } from './nodeConfig';
import { MAX_STATE_WORDS } from './layout';
import { MAX_TREE_NODES } from './parseTree';
import { TreeError } from './TreeError';

const AI_DIR = new URL('../../resources/ai/', import.meta.url);
const FIXTURES = new URL('../../test/fixtures/ai/', import.meta.url);
const read = (dir: URL, file: string): string => readFileSync(new URL(file, dir), 'utf8');

type Json = Record<string, unknown>;

/** A fresh valid tree in the current editor format; tests break one thing each. */
function validTree(): Json {
  return {
    version: '1.8.0',
    name: 'valid',
    root: {
      id: 1, name: 'Selector', desc: 'root',
      children: [
        { id: 2, name: 'Sequence', children: [{ id: 3, name: 'ThreatNear', args: { range: 5 } }, { id: 4, name: 'Flee', args: { range: 6, probe: 4 } }] },
        { id: 5, name: 'Cooldown', args: { frames: 30 }, children: [{ id: 6, name: 'Wander', args: { range: 8 } }] },
        { id: 7, name: 'WeightedRandom', args: { weights: [1, 2] }, children: [{ id: 8, name: 'Wait', args: { frames: 3 } }, { id: 9, name: 'Succeeder' }] },
      ],
    },
  };
}

function nodeById(tree: Json, id: number): Json {
  const walk = (n: Json): Json | undefined => (n['id'] === id ? n : ((n['children'] as Json[] | undefined) ?? []).map(walk).find((x) => x !== undefined));
  const found = walk(tree['root'] as Json);
  if (!found) throw new Error(`no node ${id}`);
  return found;
}

/** The TreeError thrown by loading `source` as `file`. */
function errorOf(file: string, source: unknown): TreeError {
  try {
    loadTree(file, source);
  } catch (e) {
    if (e instanceof TreeError) return e;
    throw e;
  }
  throw new Error('expected a TreeError');
}

describe('formats', () => {
  it('loads the current editor format, numeric or string ids, skipping disabled nodes', () => {
    const t = validTree();
    const a = loadTree('a.json', t);
    expect(a.size).toBe(9);
    expect(a.kind[0]).toBe(NodeKind.Selector);
    const strIds = JSON.parse(JSON.stringify(t).replace(/"id":(\d+)/g, '"id":"$1"')) as Json;
    const b = loadTree('b.json', JSON.stringify(strIds));
    expect(b.fingerprint).toBe(a.fingerprint);
    expect(b.ids[2]).toBe('3');
    (nodeById(t, 1)['children'] as Json[]).push({ id: 10, name: 'NoSuchNode', disabled: true });
    expect(loadTree('c.json', t).fingerprint).toBe(a.fingerprint);
  });

  it('loads a classic behavior3 project export (selected tree, child/children, properties, aliases)', () => {
    const classic = loadTree('classic-project.b3', read(FIXTURES, 'classic-project.b3'));
    expect(classic.name).toBe('Hunter');
    expect(classic.titles[0]).toBe('Hunter');
    const current = loadTree('same.json', {
      name: 'same',
      root: {
        id: 1, name: 'Selector', children: [
          { id: 2, name: 'Sequence', children: [{ id: 3, name: 'ThreatNear', args: { range: 5 } }, { id: 4, name: 'Flee', args: { range: 6, probe: 4 } }] },
          { id: 5, name: 'MemSequence', children: [{ id: 6, name: 'Not', children: [{ id: 7, name: 'MassAbove', args: { mass: 5000 } }] }, { id: 8, name: 'Wait', args: { frames: 15 } }] },
          { id: 9, name: 'Repeat', args: { count: 3 }, children: [{ id: 10, name: 'Wander', args: { range: 10, frames: 150 } }] },
        ],
      },
    });
    expect(classic.fingerprint).toBe(current.fingerprint);
  });

  it('loads a single classic tree export (not wrapped in a project)', () => {
    const project = JSON.parse(read(FIXTURES, 'classic-project.b3')) as { trees: Json[] };
    expect(loadTree('tree.b3', project.trees[1]).size).toBe(10);
  });
});

describe('validation', () => {
  const cases: [string, (t: Json) => unknown, string | null, RegExp][] = [
    ['unknown node name', (t) => ((nodeById(t, 4)['name'] = 'Flea'), t), '4', /unknown node name "Flea"/],
    ['decorator without child', (t) => ((nodeById(t, 5)['children'] = []), t), '5', /missing child: Cooldown needs exactly one child/],
    ['composite without child', (t) => ((nodeById(t, 2)['children'] = []), t), '2', /missing child: Sequence needs at least one child/],
    ['decorator with two children', (t) => ((nodeById(t, 5)['children'] = [{ id: 20, name: 'Wait' }, { id: 21, name: 'Wait' }]), t), '5', /takes one child, has 2/],
    ['leaf with a child', (t) => ((nodeById(t, 3)['children'] = [{ id: 20, name: 'Wait' }]), t), '3', /takes no children/],
    ['argument of the wrong type', (t) => ((nodeById(t, 3)['args'] = { range: 'far' }), t), '3', /argument "range" must be an integer, got "far"/],
    ['fractional argument', (t) => ((nodeById(t, 3)['args'] = { range: 2.5 }), t), '3', /must be an integer/],
    ['argument out of range', (t) => ((nodeById(t, 4)['args'] = { range: 6, probe: 99 }), t), '4', /"probe" = 99 is out of range 1..16/],
    ['unknown argument', (t) => ((nodeById(t, 3)['args'] = { rnage: 5 }), t), '3', /unknown argument "rnage" for ThreatNear/],
    ['bad enum value', (t) => ((nodeById(t, 1)['name'] = 'Parallel'), (nodeById(t, 1)['args'] = { success: 'most' }), t), '1', /"success" must be one of "all", "one"/],
    ['weights not matching the children', (t) => ((nodeById(t, 7)['args'] = { weights: [1, 2, 3] }), t), '7', /has 3 entries for 2 children/],
    ['all-zero weights', (t) => ((nodeById(t, 7)['args'] = { weights: '0,0' }), t), '7', /must not be all zero/],
    ['missing required argument', (t) => ((nodeById(t, 7)['args'] = {}), t), '7', /missing argument "weights"/],
    ['subtree reference', (t) => ((nodeById(t, 6)['path'] = 'sub.json'), t), '6', /subtree files are not supported/],
    ['node without name', (t) => (delete nodeById(t, 9)['name'], t), '9', /missing node "name"/],
    ['not JSON', () => '{"root": ', null, /not valid JSON/],
    ['no root', () => ({ name: 'x' }), null, /no tree found/],
  ];
  for (const [what, breakIt, nodeId, problem] of cases) {
    it(`refuses ${what}, naming file, node and problem`, () => {
      const e = errorOf('broken.json', breakIt(validTree()));
      expect(e.file).toBe('broken.json');
      expect(e.nodeId).toBe(nodeId);
      expect(e.problem).toMatch(problem);
      expect(e.message).toContain('broken.json');
    });
  }

  const classic = (nodes: Json, root = 'a'): Json => ({ title: 'c', root, nodes });
  const cnode = (id: string, name: string, extra: Json = {}): Json => ({ id, name, title: name, properties: {}, ...extra });

  it('refuses a classic cycle', () => {
    const e = errorOf('cycle.b3', classic({ a: cnode('a', 'Sequence', { children: ['b'] }), b: cnode('b', 'Inverter', { child: 'a' }) }));
    expect([e.nodeId, e.problem]).toEqual(['a', expect.stringMatching(/cycle: node a is its own ancestor/)]);
  });

  it('refuses a dangling classic child id, a shared child and a dangling root', () => {
    const dangling = errorOf('d.b3', classic({ a: cnode('a', 'Sequence', { children: ['b', 'zz'] }), b: cnode('b', 'Wait') }));
    expect([dangling.nodeId, dangling.problem]).toEqual(['a', 'missing child: id "zz" names no node in "nodes"']);
    const shared = errorOf('s.b3', classic({ a: cnode('a', 'Sequence', { children: ['b', 'b'] }), b: cnode('b', 'Wait') }));
    expect([shared.nodeId, shared.problem]).toEqual(['b', 'node b is the child of two parents']);
    expect(errorOf('r.b3', classic({ a: cnode('a', 'Wait') }, 'x')).problem).toMatch(/root id names no node/);
    expect(errorOf('n.b3', { title: 'c', root: null, nodes: {} }).problem).toMatch(/no root node/);
  });

  it('refuses trees that are too large or keep too much state', () => {
    const children = Array.from({ length: MAX_TREE_NODES }, (_, i) => ({ id: i + 2, name: 'Wait' }));
    expect(errorOf('big.json', { name: 'big', root: { id: 1, name: 'Sequence', children } }).problem).toMatch(/more than 64 nodes/);
    const waits = errorOf('waits.json', { name: 'w', root: { id: 1, name: 'Sequence', children: children.slice(0, MAX_STATE_WORDS + 1) } });
    expect([waits.nodeId, waits.problem]).toEqual([String(MAX_STATE_WORDS + 2), expect.stringMatching(/more than 16 nodes that keep state/)]);
  });
});

describe('fallback', () => {
  it('uses the built-in tree of a difficulty whose file is broken, and says so', () => {
    const broken = validTree();
    nodeById(broken, 4)['name'] = 'Flea';
    const loaded = loadBotBrains([{ file: 'easy.json', source: validTree() }, undefined, { file: 'hard.json', source: JSON.stringify(broken) }]);
    expect(loaded.brains.trees[Difficulty.Easy]!.file).toBe('easy.json');
    expect(loaded.brains.trees[Difficulty.Normal]!.fingerprint).toBe(defaultTree(Difficulty.Normal).fingerprint);
    expect(loaded.brains.trees[Difficulty.Hard]!.fingerprint).toBe(defaultTree(Difficulty.Hard).fingerprint);
    expect(loaded.notices).toEqual(['hard.json: node 4: unknown node name "Flea" — using the built-in Hard tree']);
    expect(loaded.errors.map((e) => [e.file, e.nodeId])).toEqual([['hard.json', '4']]);
  });

  it('the built-in trees are valid and distinct', () => {
    const prints = DEFAULT_TREES.map((_, d) => defaultTree(d as Difficulty).fingerprint);
    expect(new Set(prints).size).toBe(3);
  });
});

describe('resources/ai', () => {
  it('every tree file loads, one per difficulty', () => {
    const trees = readdirSync(AI_DIR).filter((f) => f.endsWith('.json')).sort();
    expect(trees).toEqual(['casual.json', 'easy.json', 'hard.json', 'normal.json']);
    for (const f of trees) expect(loadTree(f, read(AI_DIR, f)).size).toBeGreaterThan(3);
    const loaded = loadBotBrains(DIFFICULTY_NAMES.map((d) => ({ file: `${d}.json`, source: read(AI_DIR, `${d}.json`) })));
    expect(loaded.notices).toEqual([]);
  });

  it('the editor node definitions and the workspace match the catalog (run scripts/gen-ai-nodes.ts)', () => {
    expect(JSON.parse(read(AI_DIR, 'node-config.b3-setting'))).toEqual(editorNodeConfig());
    expect(JSON.parse(read(AI_DIR, 'classic-nodes.b3'))).toEqual(classicCustomNodes());
    expect(read(AI_DIR, 'ball-brawl.b3-workspace')).toBe(workspaceJson());
  });

  it('docs/BOTS.md documents every node, alias and argument of the catalog', () => {
    const doc = readFileSync(new URL('../../docs/BOTS.md', import.meta.url), 'utf8');
    for (const s of NODE_SPECS) {
      for (const name of [s.name, ...s.aliases]) expect(doc, name).toContain(`\`${name}\``);
      const row = doc.split('\n').find((l) => l.startsWith(`| \`${s.name}\``)) ?? '';
      for (const a of s.args) expect(row, `${s.name}.${a.name}`).toContain(`\`${a.name}\``);
    }
  });

  it('every catalog node fits the compiled argument slots and names its arguments once', () => {
    for (const s of NODE_SPECS) {
      const slots = s.args.reduce((n, a) => n + (a.type === 'int[]' ? 2 : 1), 0);
      expect(slots, s.name).toBeLessThanOrEqual(ARG_SLOTS);
      expect(new Set(s.args.map((a) => a.name)).size, s.name).toBe(s.args.length);
    }
  });
});
