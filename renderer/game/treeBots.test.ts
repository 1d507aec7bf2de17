/**
 * The page's offline trees: a tree file the main side refuses (e.g. over the reader's 1 MiB) is a
 * notice like any other tree error, not a silent fallback to the built-in tree.
 */
import { describe, expect, it } from 'vitest';
import { builtInSource, Difficulty, defaultTree } from '../../core/ai';
import type { Bridge } from '../../electron/contract';
import { loadBrains } from './treeBots';

describe('loadBrains', () => {
  it('says which file could not be read and why', async () => {
    const bridge = {
      request: (_channel: string, req: { difficulty: string }) =>
        req.difficulty === 'hard'
          ? Promise.reject(new Error('1572864 bytes, more than the 1 MiB a tree file may have'))
          : Promise.resolve({ difficulty: req.difficulty, file: `${req.difficulty}.json`, text: builtInSource(req.difficulty === 'easy' ? Difficulty.Easy : Difficulty.Normal) }),
    } as unknown as Bridge;
    const { brains, notices } = await loadBrains(bridge);
    expect(notices).toEqual(['hard.json: tree: could not be read (1572864 bytes, more than the 1 MiB a tree file may have) — using the built-in Hard tree']);
    expect(brains.trees[Difficulty.Hard]!.fingerprint).toBe(defaultTree(Difficulty.Hard).fingerprint);
  });
});
