/**
 * Writes a desync report (core/lockstep/DesyncReporter) as JSON into a given folder (the app
 * passes its user-data "desync-reports" folder; file desync-<utc time>-key<K>-slot<S>.json), and
 * compares two peers' reports down to the entity (scripts/desync-diff.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { matchSpecOf, type DesyncReport } from '../../../core/lockstep';
import { modeOf } from '../../../core/match';
import type { GameMap } from '../../../core/map';
import { differenceWhere, firstDifference, restore } from '../../../core/sim';
import type { Difference, World } from '../../../core/sim';

/** Writes `report` into `dir` (created if missing); returns the file's path. */
export async function writeDesyncReport(dir: string, report: DesyncReport, now: Date = new Date()): Promise<string> {
  await mkdir(dir, { recursive: true });
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `desync-${stamp}-key${report.detectedKey}-slot${report.me.slot}.json`);
  await writeFile(file, JSON.stringify(report, null, 1) + '\n', 'utf8');
  return file;
}

/**
 * Where two peers' states differ at the mismatching key, from their reports: restores both
 * snapshots (the world part; SimGame appends bot columns after it) and returns core/sim's first
 * difference, and whether the bot columns differ. Throws when a report has no such snapshot.
 */
export function diffReports(a: DesyncReport, b: DesyncReport, loadMap: (id: string) => GameMap): { key: number; firstDifference: Difference | null; where: string | null; botsDiffer: boolean } {
  const wa = worldOf(a, loadMap);
  const wb = worldOf(b, loadMap);
  const first = firstDifference(wa.world, wb.world);
  return { key: a.detectedKey, firstDifference: first, where: first === null ? null : differenceWhere(first), botsDiffer: !wa.rest.equals(wb.rest) };
}

function worldOf(r: DesyncReport, loadMap: (id: string) => GameMap): { world: World; rest: Buffer } {
  const snap = r.detectedSnapshot;
  if (!snap) throw new Error(`report of slot ${r.me.slot}: no snapshot at the mismatching key`);
  const bytes = Buffer.from(snap.base64, 'base64');
  const words = bytes.readInt32LE(8); // core/sim snapshot header: total length in int32 words
  return { world: restore(new Uint8Array(bytes.subarray(0, words * 4)), loadMap(r.match.settings.map), modeOf(matchSpecOf(r.match))), rest: bytes.subarray(words * 4) };
}
