/**
 * The bot trees this app brings to a LAN room (main side): resources/ai/<difficulty>.json, read by
 * the same Resources reader that serves the page's offline trees and compiled by core/ai, each file
 * that cannot be read or does not validate falling back to the built-in tree of its difficulty with
 * a notice (and its problem as data, for the page to word in its own language). Read afresh for
 * every host / join, so a designer's edit counts from the next room on. Hosting, these are the
 * room's trees; joining, they are replaced by the host's where they differ (core ClientTrees).
 */
import path from 'node:path';
import { DIFFICULTY_NAMES, loadBotBrains } from '../../../core/ai';
import type { TreeFile, TreeSet, UnreadTreeFile } from '../../../core/ai';
import type { BotDifficulty, TreeFallback } from '../../contract';
import { findRepoRoot } from '../files/paths';
import { Resources } from '../files/resources';

export interface LoadedTrees {
  readonly trees: TreeSet;
  /** One line per file that fell back (for logs). */
  readonly notices: readonly string[];
  /** The same as data: file, node, problem (for the page's notice). */
  readonly fallbacks: readonly TreeFallback[];
}

/** This app's trees from `resourcesDir` (default: the checkout's resources/). Never throws. */
export function loadTrees(resourcesDir?: string): LoadedTrees {
  const res = new Resources(resourcesDir ?? path.join(findRepoRoot(import.meta.dirname), 'resources'));
  const files = DIFFICULTY_NAMES.map((d): TreeFile | UnreadTreeFile => {
    try {
      const f = res.readBotTree(d as BotDifficulty);
      return { file: f.file, source: f.text };
    } catch (e) {
      // core/ai words it like every other tree error and falls back to the built-in tree.
      return { file: `${d}.json`, unread: String((e as Error).message) };
    }
  });
  const loaded = loadBotBrains(files);
  const fallbacks: TreeFallback[] = loaded.errors.map((e) => ({ file: e.file, node: e.nodeId, problem: e.problem }));
  return { trees: { brains: loaded.brains, sources: loaded.sources }, notices: loaded.notices, fallbacks };
}
