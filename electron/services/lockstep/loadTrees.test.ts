/**
 * This app's tree files on the main side: a file the resource reader refuses for its size is
 * reported like every other tree error (file, problem, "using the built-in tree"), never dropped
 * in silence.
 */
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Difficulty, defaultTree } from '../../../core/ai';
import { findRepoRoot } from '../files/paths';
import { loadTrees } from './loadTrees';
import { tempDir } from '../../../test/tempDir';

describe('loadTrees', () => {
  it('reports a valid 1.5 MiB tree file refused for its size, and plays the built-in tree', () => {
    const dir = tempDir('trees');
    cpSync(path.join(findRepoRoot(import.meta.dirname), 'resources', 'ai'), path.join(dir, 'ai'), { recursive: true });
    const file = path.join(dir, 'ai', 'normal.json');
    // Still a valid tree: the shipped one followed by 1.5 MiB of spaces.
    writeFileSync(file, readFileSync(file, 'utf8') + ' '.repeat(1.5 * 1024 * 1024));
    const loaded = loadTrees(dir);
    expect(loaded.fallbacks).toEqual([{ file: 'normal.json', node: null, problem: expect.stringMatching(/^could not be read \(\d+ bytes, more than the 1 MiB a tree file may have\)$/) }]);
    expect(loaded.notices).toEqual([expect.stringMatching(/^normal\.json: tree: could not be read \(.*1 MiB.*\) — using the built-in Normal tree$/)]);
    expect(loaded.trees.brains.trees[Difficulty.Normal]!.fingerprint).toBe(defaultTree(Difficulty.Normal).fingerprint);
  });
});

/**
 * Issue 32, the app's path (every LAN mode reads through it): files a designer saved in a copy of
 * resources/ai, each case a one-line notice naming the file (and the node), never a silent
 * fallback or a crash.
 */
describe('loadTrees: what a designer may leave in resources/ai', () => {
  const copy = (): string => {
    const dir = tempDir('trees');
    cpSync(path.join(findRepoRoot(import.meta.dirname), 'resources', 'ai'), path.join(dir, 'ai'), { recursive: true });
    return dir;
  };

  it('a number JSON cannot hold (1e999) in an argument: the node is named, not the default silently used', () => {
    const dir = copy();
    const file = path.join(dir, 'ai', 'hard.json');
    const text = readFileSync(file, 'utf8');
    const edited = text.replace(/"range":\s*14\b/, '"range": 1e999');
    expect(edited).not.toBe(text);
    writeFileSync(file, edited);
    const loaded = loadTrees(dir);
    expect(loaded.notices).toEqual([expect.stringMatching(/^hard\.json: node \S+: argument "range" must be an integer, got a number too large to hold \(e\.g\. 1e999\) — using the built-in Hard tree$/)]);
    expect(loaded.fallbacks).toEqual([{ file: 'hard.json', node: expect.any(String), problem: expect.stringContaining('1e999') }]);
  });

  it('a folder named hard.json, and Easy.json instead of easy.json: each said in words', () => {
    const dir = copy();
    rmSync(path.join(dir, 'ai', 'hard.json'));
    mkdirSync(path.join(dir, 'ai', 'hard.json'));
    renameSync(path.join(dir, 'ai', 'easy.json'), path.join(dir, 'ai', 'Easy.json'));
    const loaded = loadTrees(dir);
    expect(loaded.notices).toEqual([
      'easy.json: tree: could not be read (no such file; the folder has "Easy.json", but the name must be exactly easy.json) — using the built-in Easy tree',
      'hard.json: tree: could not be read (a folder, not a file) — using the built-in Hard tree',
    ]);
    expect(loaded.trees.brains.trees[Difficulty.Hard]!.fingerprint).toBe(defaultTree(Difficulty.Hard).fingerprint);
  });

  it('descriptions do not count toward the match limit: a 60-node tree described in Chinese plays, and is sent small', () => {
    const dir = copy();
    const desc = '发现比自己大的球靠近时立刻逃跑，优先躲进最近的草丛；没有威胁时去吃附近最密集的豆子。'.repeat(2);
    const node = (id: number, name: string, args?: Record<string, unknown>, children?: unknown[]): unknown => ({ id, name, desc, ...(args ? { args } : {}), ...(children ? { children } : {}) });
    const hunts = Array.from({ length: 29 }, (_, i) => node(10 + 2 * i, 'Sequence', undefined, [node(11 + 2 * i, 'SmallerTargetNear', { range: 1 + (i % 12) })]));
    // As the editor writes it: pretty-printed, with its own fields beside ours.
    const text = JSON.stringify({ version: '1.8.0', name: '猎手', desc, root: node(1, 'Selector', undefined, [...hunts, node(2, 'Wander', { range: 8 })]) }, null, 2);
    expect(Buffer.byteLength(JSON.stringify(JSON.parse(text)))).toBeGreaterThan(16_384);
    writeFileSync(path.join(dir, 'ai', 'hard.json'), text);
    const loaded = loadTrees(dir);
    expect(loaded.notices).toEqual([]);
    expect(loaded.trees.brains.trees[Difficulty.Hard]!.size).toBe(60);
    expect(Buffer.byteLength(loaded.trees.sources[Difficulty.Hard]!)).toBeLessThan(16_384);
  });

  it('an argument nested 10 000 levels deep names its node; three broken nodes give three notices', () => {
    const dir = copy();
    writeFileSync(path.join(dir, 'ai', 'easy.json'), `{"name": "e", "root": {"id": 1, "name": "Wait", "args": {"frames": ${'['.repeat(10_000)}1${']'.repeat(10_000)}}}}`);
    writeFileSync(
      path.join(dir, 'ai', 'normal.json'),
      '{"name": "n", "root": {"id": 1, "name": "Selector", "children": [{"id": 2, "name": "Chse"}, {"id": 3, "name": "Flee", "args": {"probe": 0}}, {"id": 4, "name": "Cooldown"}]}}',
    );
    const loaded = loadTrees(dir);
    expect(loaded.notices).toEqual([
      'easy.json: node 1: argument "frames" must be an integer, got an array of 1 — using the built-in Easy tree',
      'normal.json: node 2: unknown node name "Chse" — using the built-in Normal tree',
      'normal.json: node 3: argument "probe" = 0 is out of range 1..16 — using the built-in Normal tree',
      'normal.json: node 4: missing child: Cooldown needs exactly one child — using the built-in Normal tree',
    ]);
    expect(loaded.fallbacks.map((f) => [f.file, f.node])).toEqual([['easy.json', '1'], ['normal.json', '2'], ['normal.json', '3'], ['normal.json', '4']]);
  });
});
