/**
 * Bundled into a page by determinism.spec.ts: parses a shipped map and plays a replay log with
 * exactly the core code Node runs, returning every frame's hash.
 */
import { parseTiledMap } from '../../core/map';
import { runReplay, validateReplayLog } from '../../core/sim';

export function replayHashes(log: unknown, mapJson: unknown, tilesets: Record<string, unknown>, file: string): number[] {
  const parsed = validateReplayLog(log);
  const map = parseTiledMap(mapJson, file, (source) => tilesets[source], parsed.mapId);
  return Array.from(runReplay(parsed, map));
}
