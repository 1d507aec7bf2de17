/**
 * Names where two peers' states differ, from their desync reports (every peer writes one on a
 * mismatch): `tsx scripts/desync-diff.ts <report A> <report B>`. Prints core/sim's first
 * difference at the mismatching key (component, column, entity, both values) and whether the bot
 * columns differ.
 */
import { readFileSync } from 'node:fs';
import type { DesyncReport } from '../core/lockstep';
import { diffReports } from '../electron/services/lockstep/desyncReport';
import { mapLoader } from '../electron/services/lockstep/loadMap';

const [fa, fb] = process.argv.slice(2);
if (!fa || !fb) throw new Error('usage: desync-diff <report A> <report B>');
const a = JSON.parse(readFileSync(fa, 'utf8')) as DesyncReport;
const b = JSON.parse(readFileSync(fb, 'utf8')) as DesyncReport;
if (a.detectedKey !== b.detectedKey) console.log(`note: the reports are about different keys (${a.detectedKey}, ${b.detectedKey})`);
console.log(JSON.stringify({ slots: [a.me.slot, b.me.slot], ...diffReports(a, b, mapLoader()) }, null, 1));
