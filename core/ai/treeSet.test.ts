/**
 * One source of bot trees: the shipped resources/ai files are what every mode loads, and the
 * built-in trees (core/ai/defaultTrees.ts) are only their fallback — so the two must compile to
 * the same trees, or a designer's edit ships with a fallback that plays differently (or the
 * reverse). Also: a TreeSet's sources compile back to exactly its brains (what a host sends and
 * the page compiles), the strict compiler refuses what the fallback loader would paper over, and
 * the size limit that bounds a tree on the wire.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CASUAL_TREE, DEFAULT_TREES } from './defaultTrees';
import { loadTree } from './compileTree';
import { DIFFICULTY_NAMES, Difficulty, MAX_TREE_SOURCE_BYTES, builtInSource, compileTreeSet, defaultBrains, defaultTree, defaultTreeSet, loadBotBrains } from './brains';
import { TreeError } from './TreeError';

const AI_DIR = new URL('../../resources/ai/', import.meta.url);
const shippedFiles = () => DIFFICULTY_NAMES.map((d) => ({ file: `${d}.json`, source: readFileSync(new URL(`${d}.json`, AI_DIR), 'utf8') }));

describe('shipped trees and the built-in fallback', () => {
  it('each resources/ai/<difficulty>.json compiles to the built-in tree of its difficulty', () => {
    const loaded = loadBotBrains(shippedFiles());
    expect(loaded.notices).toEqual([]);
    for (let d = 0; d < DIFFICULTY_NAMES.length; d++) {
      const file = `resources/ai/${DIFFICULTY_NAMES[d]}.json`;
      expect(
        loaded.brains.trees[d]!.fingerprint,
        `${file} and the built-in ${DIFFICULTY_NAMES[d]} tree (core/ai/defaultTrees.ts) differ: a designer's edit must update both, or the fallback plays another game`,
      ).toBe(defaultTree(d as Difficulty).fingerprint);
    }
    expect(loaded.brains.fingerprint).toBe(defaultBrains().fingerprint);
  });

  it('resources/ai/casual.json (the strength bench\'s casual human) compiles to the built-in casual tree', () => {
    const file = readFileSync(new URL('casual.json', AI_DIR), 'utf8');
    expect(loadTree('casual.json', file).fingerprint, 'resources/ai/casual.json and CASUAL_TREE (core/ai/defaultTrees.ts) differ').toBe(
      loadTree('built-in casual', CASUAL_TREE).fingerprint,
    );
  });
});

describe('TreeSet', () => {
  it('sources compile back to the same brains, fallbacks included', () => {
    const files = shippedFiles();
    const broken = { file: 'hard.json', source: '{"root": {"id": 1, "name": "Chse"}}' };
    for (const set of [loadBotBrains(files), loadBotBrains([files[0], files[1], broken]), defaultTreeSet()]) {
      expect(compileTreeSet(set.sources).brains.fingerprint).toBe(set.brains.fingerprint);
      for (const s of set.sources) expect(s).not.toMatch(/\n/); // minified
    }
    expect(loadBotBrains([files[0], files[1], broken]).sources[Difficulty.Hard]).toBe(builtInSource(Difficulty.Hard));
    DEFAULT_TREES.forEach((_, d) => expect(compileTreeSet(defaultTreeSet().sources).brains.trees[d]!.fingerprint).toBe(defaultTree(d as Difficulty).fingerprint));
  });

  it('the strict compiler refuses a bad tree, a wrong count and an oversized source', () => {
    const good = defaultTreeSet().sources;
    expect(() => compileTreeSet([good[0]!, good[1]!, '{"root": {"id": 1, "name": "Chse"}}'])).toThrow(/hard\.json: node 1: unknown node name "Chse"/);
    expect(() => compileTreeSet([good[0]!, 'not json', good[2]!])).toThrow(TreeError);
    expect(() => compileTreeSet(good.slice(0, 2))).toThrow(/2 trees, expected 3/);
    const padded = JSON.stringify({ ...DEFAULT_TREES[0], desc: 'x'.repeat(MAX_TREE_SOURCE_BYTES) });
    expect(() => compileTreeSet([padded, good[1]!, good[2]!])).toThrow(/larger than/);
    // A value the match text keeps (an integer written with 16 KiB of leading spaces) is what counts.
    const long = JSON.stringify(DEFAULT_TREES[0]).replace(/"range":(\d+)/, (_, n: string) => `"range":"${' '.repeat(MAX_TREE_SOURCE_BYTES)}${n}"`);
    const loaded = loadBotBrains([{ file: 'easy.json', source: long }, undefined, undefined]);
    expect(loaded.notices).toEqual([expect.stringMatching(/^easy\.json: tree: \d+ bytes without its descriptions \(as a match sends it\), more than the 16384 a match carries.* — using the built-in Easy tree$/)]);
    expect(loaded.brains.fingerprint).toBe(defaultBrains().fingerprint);
  });
});
