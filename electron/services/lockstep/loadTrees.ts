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
import type { TreeFile, TreeSet } from '../../../core/ai';
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
  const unread: TreeFallback[] = [];
  const files = DIFFICULTY_NAMES.map((d): TreeFile | undefined => {
    try {
      const f = res.readBotTree(d as BotDifficulty);
      return { file: f.file, source: f.text };
    } catch (e) {
      unread.push({ file: `${d}.json`, node: null, problem: `could not be read (${String((e as Error).message).slice(0, 160)})` });
      return undefined; // core/ai then uses the built-in tree; the notice is ours
    }
  });
  const loaded = loadBotBrains(files);
  const fallbacks = [...unread, ...loaded.errors.map((e) => ({ file: e.file, node: e.nodeId, problem: e.problem }))];
  const notices = [...unread.map((u) => `${u.file}: ${u.problem} — using the built-in tree`), ...loaded.notices];
  return { trees: { brains: loaded.brains, sources: loaded.sources }, notices, fallbacks };
}
