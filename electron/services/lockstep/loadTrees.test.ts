/**
 * This app's tree files on the main side: a file the resource reader refuses for its size is
 * reported like every other tree error (file, problem, "using the built-in tree"), never dropped
 * in silence.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
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
