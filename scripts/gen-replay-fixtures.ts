/**
 * `npx tsx scripts/gen-replay-fixtures.ts`: writes the fixture replays under
 * test/fixtures/replays/ — one offline and one lockstep match, small, recorded on the shipped
 * arena. core/replay/fixtures.test.ts re-simulates them and checks every recorded hash, so they
 * are regression tests: regenerate them ON PURPOSE when the simulation, the bots, the map or the
 * app/protocol version change (and say so in the commit).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadShippedMaps } from '../test/fixtures/maps/shipped';
import { recordLockstep, recordOffline } from '../test/fixtures/replays/record';

const dir = path.resolve(import.meta.dirname, '..', 'test', 'fixtures', 'replays');
const map = loadShippedMaps().get('arena-small');
if (!map) throw new Error('arena-small missing');

const offline = recordOffline(map, { seconds: 25, players: 8, humans: [0, 3], seed: 20260101, takeover: 450 });
writeFileSync(path.join(dir, 'offline-8.bbr'), offline.bytes);
const lockstep = recordLockstep(map, {
  seconds: 25,
  seed: 20260102,
  slots: [
    { slot: 0, bot: false },
    { slot: 1, bot: true },
    { slot: 3, bot: false },
    { slot: 4, bot: true },
    { slot: 6, bot: false },
    { slot: 7, bot: true },
  ],
  takeover: { key: 150, slot: 3 },
  rejoin: { key: 220, slot: 3 },
});
writeFileSync(path.join(dir, 'lockstep-6.bbr'), lockstep.bytes);
console.log(`offline-8.bbr ${offline.bytes.length} B, lockstep-6.bbr ${lockstep.bytes.length} B`);
