/**
 * Issue 32's tree cases in core/ai: every problem of a file is reported at once (up to
 * MAX_TREE_ERRORS, then a count), parse and compile problems alike, each naming its node; a
 * number JSON cannot hold (1e999) is refused naming the node on the match path (loadBotBrains)
 * as in loadTree; descriptions and editor fields do not count toward the match's size limit: the
 * match text leaves them out and compiles to the same tree.
 */
import { describe, expect, it } from 'vitest';
import { readTree, loadTree } from './compileTree';
import { DEFAULT_TREES, CASUAL_TREE } from './defaultTrees';
import { Difficulty, MAX_TREE_SOURCE_BYTES, builtInSource, compileTreeSet, defaultTree, loadBotBrains } from './brains';
import { MAX_TREE_ERRORS, TreeError } from './TreeError';

/** Loads `text` and returns every problem as "node: problem" (the file itself as "tree"). */
function problems(text: string): string[] {
  try {
    loadTree('t.json', text);
  } catch (e) {
    if (!(e instanceof TreeError)) throw e;
    return e.all.map((x) => `${x.nodeId ?? 'tree'}: ${x.problem}`);
  }
  return [];
}

describe('every problem of a tree at once', () => {
  it('reports parse and compile problems of different nodes together, in file order', () => {
    // As a designer might save it: a typo in a name, a bad argument, a duplicate id, a missing child.
    const text = `{
      "name": "hunter",
      "root": { "id": 1, "name": "Selector", "children": [
        { "id": 2, "name": "Sequnce", "children": [ { "id": 3, "name": "ThreatNear", "args": { "range": "far" } } ] },
        { "id": 3, "name": "Cooldown", "args": { "frames": 30 } },
        { "id": 5, "name": "Flee", "args": { "range": 6, "probe": 99, "speed": 2 } }
      ] }
    }`;
    expect(problems(text)).toEqual([
      '3: duplicate node id: another node of this tree has id "3"; give every node its own id',
      '2: unknown node name "Sequnce"',
      '3: argument "range" must be an integer, got "far"',
      '3: missing child: Cooldown needs exactly one child',
      '5: argument "probe" = 99 is out of range 1..16',
      '5: unknown argument "speed" for Flee (expected range, probe, splits)',
    ]);
    const loaded = loadBotBrains([undefined, undefined, { file: 'hard.json', source: text }]);
    expect(loaded.notices).toHaveLength(6);
    expect(loaded.notices[1]).toBe('hard.json: node 2: unknown node name "Sequnce" — using the built-in Hard tree');
    expect(loaded.errors.map((e) => e.nodeId)).toEqual(['3', '2', '3', '3', '5', '5']);
  });

  it(`lists at most ${MAX_TREE_ERRORS} and counts the rest`, () => {
    const children = Array.from({ length: 25 }, (_, i) => ({ id: i + 2, name: `Nope${i}` }));
    const all = problems(JSON.stringify({ name: 'x', root: { id: 1, name: 'Sequence', children } }));
    expect(all).toHaveLength(MAX_TREE_ERRORS + 1);
    expect(all[0]).toBe('2: unknown node name "Nope0"');
    expect(all[MAX_TREE_ERRORS]).toBe(`tree: ${25 - MAX_TREE_ERRORS} more problems not listed (fix these first)`);
  });

  it('still stops at the node bound, reporting it once', () => {
    const children = Array.from({ length: 200 }, (_, i) => ({ id: i + 2, name: 'Nope' }));
    const all = problems(JSON.stringify({ name: 'x', root: { id: 1, name: 'Sequence', children } }));
    expect(all.filter((p) => p.includes('more than 64 nodes'))).toHaveLength(1);
  });
});

describe('a number JSON cannot hold', () => {
  const text = '{"name": "t", "root": {"id": 1, "name": "Sequence", "children": [{"id": 2, "name": "ThreatNear", "args": {"range": 1e999}}, {"id": 3, "name": "Flee"}]}}';

  it('is refused naming the node, by loadTree and on the match path alike (it was read as the default there)', () => {
    expect(problems(text)).toEqual(['2: argument "range" must be an integer, got a number too large to hold (e.g. 1e999)']);
    const loaded = loadBotBrains([undefined, { file: 'normal.json', source: text }, undefined]);
    expect(loaded.notices).toEqual(['normal.json: node 2: argument "range" must be an integer, got a number too large to hold (e.g. 1e999) — using the built-in Normal tree']);
    expect(loaded.brains.trees[Difficulty.Normal]!.fingerprint).toBe(defaultTree(Difficulty.Normal).fingerprint);
  });
});

describe('the match text', () => {
  it('leaves out descriptions, editor fields and ignored aliases, and compiles to the same tree', () => {
    for (const tree of [...DEFAULT_TREES, CASUAL_TREE]) {
      const { tree: compiled, text } = readTree('t.json', tree);
      expect(text).not.toMatch(/"desc"|"title"/);
      expect(loadTree('t.json', text).fingerprint).toBe(compiled.fingerprint);
    }
    const waits = { name: 'w', version: '1.8.0', root: { id: 1, name: 'Wait', desc: '等一下', args: { frames: 12, milliseconds: 5000 }, $override: { x: 1 } } };
    expect(readTree('w.json', waits).text).toBe('{"name":"w","root":{"id":"1","name":"Wait","args":{"frames":12}}}');
  });

  it('of a tree whose descriptions take it over the limit still fits, and peers compile it to the same fingerprint', () => {
    const desc = '逃跑优先：如果附近有比我大的球就往远离它的方向跑，同时留意草丛，能躲就躲。'.repeat(4);
    const children = Array.from({ length: 29 }, (_, i) => ({ id: i + 2, name: 'Sequence', desc, children: [{ id: 100 + i, name: 'ThreatNear', desc, args: { range: 1 + (i % 20) } }] }));
    const source = JSON.stringify({ name: '猎手', desc, root: { id: 1, name: 'Selector', desc, children } });
    expect(new TextEncoder().encode(source).length).toBeGreaterThan(MAX_TREE_SOURCE_BYTES);
    const loaded = loadBotBrains([undefined, undefined, { file: 'hard.json', source }]);
    expect(loaded.notices).toEqual([]);
    expect(loaded.brains.trees[Difficulty.Hard]!.size).toBe(59);
    expect(new TextEncoder().encode(loaded.sources[Difficulty.Hard]!).length).toBeLessThanOrEqual(MAX_TREE_SOURCE_BYTES);
    expect(compileTreeSet(loaded.sources).brains.fingerprint).toBe(loaded.brains.fingerprint);
  });

  it('is what the built-in sources are', () => {
    for (let d = 0; d < DEFAULT_TREES.length; d++) expect(builtInSource(d as Difficulty)).toBe(readTree('x', DEFAULT_TREES[d]).text);
  });
});
