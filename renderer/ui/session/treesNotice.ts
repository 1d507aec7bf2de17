/**
 * The words for a LAN room's bot trees (NetRoom.trees: codes and data from main), in the page's
 * language: this app's tree files that fell back to the built-in trees, a transfer of the host's
 * trees under way or given up, and whose trees the bots play. `problems` is what the lobby shows;
 * the loading screen shows everything. Text only (a file name or a loader message is data).
 */
import type { NetTrees } from '../../../electron/contract';
import { t } from '../../i18n';

/** The fallbacks of my own files (only while my own trees are the ones in use) and a failure. */
export function treeProblems(trees: NetTrees): string[] {
  const out: string[] = [];
  if (trees.source === 'own') {
    for (const f of trees.fallbacks) out.push(f.node === null ? t('trees.fallback', { file: f.file, problem: f.problem }) : t('trees.fallbackNode', { file: f.file, node: f.node, problem: f.problem }));
  }
  if (trees.state === 'failed' && trees.failure !== null) out.push(t('trees.failed', { reason: t(`trees.failure.${trees.failure}`, { problem: trees.problem ?? '' }) }));
  return out;
}

/** Everything worth a line while loading: the problems, a transfer under way, whose trees play. */
export function treeLines(trees: NetTrees): string[] {
  const out = treeProblems(trees);
  if (trees.state === 'receiving') out.push(t('trees.receiving'));
  else if (trees.state === 'waiting') out.push(t('trees.waiting'));
  else if (trees.state === 'ready' && trees.source === 'host') out.push(t('trees.host'));
  else if (trees.state === 'ready' && trees.source === 'builtin') out.push(t('trees.builtin'));
  return out;
}
