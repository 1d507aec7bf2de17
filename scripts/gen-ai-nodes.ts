/**
 * Writes the behavior3 editor files of resources/ai/ from core/ai's node catalog:
 *   node-config.b3-setting   node definitions for the current behavior3 editor
 *   classic-nodes.b3         custom nodes to import into the classic behavior3 editor
 *   ball-brawl.b3-workspace  the editor workspace listing the tree files
 * With --trees it also (re)writes easy.json, normal.json, hard.json and casual.json (the strength
 * bench's casual human) from the built-in trees — this overwrites designers' edits, so it is opt-in. Usage: npx tsx scripts/gen-ai-nodes.ts [--trees]
 */
import { writeFileSync } from 'node:fs';
import { CASUAL_TREE, DEFAULT_TREES, DIFFICULTY_NAMES, classicCustomNodes, editorNodeConfig } from '../core/ai';

const dir = new URL('../resources/ai/', import.meta.url);
const json = (v: unknown): string => JSON.stringify(v, null, 2) + '\n';

/** The workspace file's content: the three difficulty trees and the casual human. */
export function workspaceJson(): string {
  const files = DIFFICULTY_NAMES.map((d, i) => ({ path: `${d}.json`, desc: DEFAULT_TREES[i]!.desc }));
  return json({ files: [...files, { path: 'casual.json', desc: CASUAL_TREE.desc }], settings: {} });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL('node-config.b3-setting', dir), json(editorNodeConfig()));
  writeFileSync(new URL('classic-nodes.b3', dir), json(classicCustomNodes()));
  writeFileSync(new URL('ball-brawl.b3-workspace', dir), workspaceJson());
  if (process.argv.includes('--trees')) {
    DEFAULT_TREES.forEach((t, i) => writeFileSync(new URL(`${DIFFICULTY_NAMES[i]}.json`, dir), json(t)));
    writeFileSync(new URL('casual.json', dir), json(CASUAL_TREE));
  }
  console.log('resources/ai: node definitions written');
}
