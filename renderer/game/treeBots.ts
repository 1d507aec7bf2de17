/**
 * The behavior trees that play the page's offline bots: the trees of the three difficulties are
 * read through the bridge (resources/ai/<difficulty>.json, read-only) and compiled by core/ai,
 * which falls back to its built-in tree for a file that fails to validate (with a notice, never an
 * exception). Networked matches read the same files on the main side and run the host's trees on
 * every peer; the page gets them with the match start (LockstepMatch).
 */
import type { Bridge, BotDifficulty } from '../../electron/contract';
import { DIFFICULTY_NAMES, defaultBrains, loadBotBrains, type BotBrains, type TreeFile, type UnreadTreeFile } from '../../core/ai';

let loaded: Promise<{ brains: BotBrains; notices: readonly string[] }> | null = null;

/**
 * The page's bot brains (read once): the shipped tree files, or core/ai's built-in trees where a
 * file cannot be read or does not validate (each such case is a notice).
 */
export function loadBrains(bridge: Bridge): Promise<{ brains: BotBrains; notices: readonly string[] }> {
  loaded ??= Promise.all(
    DIFFICULTY_NAMES.map((name) =>
      bridge.request('resources:botTree', { difficulty: name as BotDifficulty }).then(
        (f): TreeFile | UnreadTreeFile => ({ file: f.file, source: f.text }),
        // Refused (e.g. over the reader's size limit) or unreadable: a notice like any other tree error.
        (e: Error): TreeFile | UnreadTreeFile => ({ file: `${name}.json`, unread: e.message }),
      ),
    ),
  ).then(
    (files) => loadBotBrains(files),
    () => ({ brains: defaultBrains(), notices: ['bot trees could not be read — using the built-in trees'] }),
  );
  return loaded;
}
