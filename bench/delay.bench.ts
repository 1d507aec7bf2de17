/**
 * The input delay the host chooses (issue 14), on the deterministic network simulator: 8 players
 * with seeded random input (2 intent changes/s), a 60 s match, every link 30–70 ms each way
 * (50 ± 20 ms) at 0, 10 and 20 % loss. Rows: the delay 10 s into the match and at its end, and
 * the most any player's loop was blocked, as a share of the match — the check that the delay is
 * not too low. The start is pessimistic (the worst RTT estimate plus a margin); the controller
 * (core/lockstep/host/DelayController.ts) then follows the slack the peers measure.
 */
import type { BenchContext } from './lib';
import { Room } from '../core/lockstep/testing/Room';

const SECONDS = 60;

export default function (ctx: BenchContext): void {
  for (const loss of [0, 0.1, 0.2]) {
    const room = new Room({ seed: 7, humans: 8, settings: { matchSeconds: SECONDS }, link: { delayMs: 30, jitterMs: 40, loss, duplicate: 0 } });
    room.joinAll();
    room.start();
    const t0 = room.sim.now;
    const start = room.host.match?.delay ?? -1;
    room.run(t0 + 10_000 - room.sim.now);
    const at10 = room.host.match?.delay ?? -1;
    room.runToEnd(4 * SECONDS * 1000);
    const end = room.host.lastMatch?.delay ?? -1;
    const blockedPct = (Math.max(...room.clients.map((c) => c.runner?.stats.blockedMs ?? 0)) / (SECONDS * 1000)) * 100;
    const link = `50 ± 20 ms each way, ${loss * 100} % loss`;
    ctx.record({ group: 'net/delay', name: `input delay 10 s into the match, ${link}`, value: at10, unit: 'ms', goal: loss === 0 ? '<= 150 ms' : undefined, met: loss === 0 ? at10 <= 150 : undefined, notes: `started at ${start} ms; ${end} ms at the end` });
    ctx.record({ group: 'net/delay', name: `most blocked player, share of the match, ${link}`, value: Number(blockedPct.toFixed(2)), unit: '%', goal: loss === 0.1 ? '<= 2 %' : undefined, met: loss === 0.1 ? blockedPct <= 2 : undefined });
  }
}
