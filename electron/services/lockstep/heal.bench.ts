/**
 * Self-healing desync benchmark: how long a peer whose state went wrong needs to play in step
 * again. Setup: 20 seeded matches on the deterministic network simulator (core/lockstep/testing
 * Room) with a LAN link (0.5 ms + 0–1 ms jitter each way, no loss), map arena-small, 8 balls: the
 * owner (client 0, the snapshot source), two more humans with seeded random input and 5
 * behavior-tree bots, the real simulation (SimGame) everywhere. 20 s in, one ball of client 2's
 * world gets one more kill on its score (a desync nobody else has, which no later frame undoes).
 * Figures, in the simulator's clock (it does not advance while code runs, so CPU is added as in
 * rejoin.bench.ts: the healed peer's measured time in its render ticks):
 * - detection: perturbation → the desync notice reaches the peer (hashes are sampled every 4th key);
 * - heal: the notice → the peer begins the key at which its ball is its own again, in step.
 */
import type { BenchContext } from '../../../bench/lib';
import type { PeerEvent } from '../../../core/lockstep';
import { SimGame } from '../../../core/lockstep';
import { Room } from '../../../core/lockstep/testing';
import type { RoomClient } from '../../../core/lockstep/testing';
import { summarize } from '../../../bench/lib';
import { meterTicks } from '../../../bench/tickMeter';
import { mapLoader } from './loadMap';

const GOAL_MS = 500;
const SEEDS = 20;
const STEP_MS = 5;

function eventOf<T extends PeerEvent['t']>(c: RoomClient, t: T): Extract<PeerEvent, { t: T }> | undefined {
  return c.log.find((e): e is Extract<PeerEvent, { t: T }> => e.t === t);
}

function healOnce(seed: number, map: ReturnType<ReturnType<typeof mapLoader>>): { detectMs: number; healMs: number; cpuMs: number; othersBlockedMs: number; agreed: boolean } {
  const room = new Room({
    seed,
    humans: 3,
    bots: 5,
    snapshots: true,
    inputRate: 3,
    keepSnapshots: 16,
    link: { delayMs: 0.5, jitterMs: 1, loss: 0, duplicate: 0 },
    settings: { matchSeconds: 40, map: 'arena-small' },
    game: (start, trees) => ({ game: new SimGame(map, start, trees.brains) }),
  });
  room.joinAll();
  room.start();
  room.run(20_000);
  const c = room.client(2);
  const others = [room.client(0), room.client(1)];
  const blockedBefore = others.map((o) => o.runner?.stats.blockedMs ?? 0);
  (c.anyGame as SimGame).world.players.kills[2]! += 1;
  const at = room.sim.now;
  const cpu = meterTicks(c, () => eventOf(c, 'desync') !== undefined);
  let noticeAt = -1;
  const back = (): boolean => {
    const take = c.log.find((e): e is Extract<PeerEvent, { t: 'takeover' }> => e.t === 'takeover' && e.slot === 2);
    return take !== undefined && c.keyTimes[take.key] !== undefined;
  };
  while (!back() && room.sim.now - at < 10_000) {
    room.run(STEP_MS);
    if (noticeAt < 0 && eventOf(c, 'desync')) noticeAt = room.sim.now;
  }
  if (!back() || noticeAt < 0) throw new Error(`seed ${seed}: not healed within 10 s`);
  const take = c.log.find((e): e is Extract<PeerEvent, { t: 'takeover' }> => e.t === 'takeover' && e.slot === 2)!;
  const healMs = (c.keyTimes[take.key] ?? 0) - noticeAt;
  cpu.stop();
  room.runToEnd(60_000);
  return {
    detectMs: noticeAt - at,
    healMs,
    cpuMs: cpu.ms,
    othersBlockedMs: Math.max(...others.map((o, i) => (o.runner?.stats.blockedMs ?? 0) - blockedBefore[i]!)),
    agreed: room.host.lastResult?.agreed === true && c.anyGame?.hash() === room.host.lastResult.hash,
  };
}

export default function (ctx: BenchContext): void {
  const map = mapLoader()('arena-small');
  const runs = Array.from({ length: SEEDS }, (_, i) => healOnce(101 + i, map));
  const total = runs.map((r) => r.healMs + r.cpuMs);
  const s = summarize(Float64Array.from(total));
  const detect = summarize(Float64Array.from(runs.map((r) => r.detectMs)));
  const agreed = runs.filter((r) => r.agreed).length;
  ctx.record({
    group: 'net/heal',
    name: `self-healed desync (8 balls, arena-small, LAN): desync notice → back in step, median of ${SEEDS}`,
    value: Math.round(s.medianMs),
    unit: 'ms',
    goal: `<= ${GOAL_MS} ms`,
    met: s.medianMs <= GOAL_MS,
    notes: `max ${Math.round(s.maxMs)} ms; network (virtual) + the healed peer's CPU; matches ending agreed with the healed peer's final hash: ${agreed}/${SEEDS}`,
  });
  ctx.record({ group: 'net/heal', name: 'self-healed desync: perturbation → desync notice (sampling every 4th key), median', value: Math.round(detect.medianMs), unit: 'ms', notes: `max ${Math.round(detect.maxMs)} ms` });
  ctx.record({ group: 'net/heal', name: 'self-healed desync: the other players blocked meanwhile, max over runs', value: Math.round(Math.max(...runs.map((r) => r.othersBlockedMs))), unit: 'ms' });
  console.log(`  (heal: ${runs.map((r) => `${Math.round(r.healMs)}+${Math.round(r.cpuMs)}`).join(' ')} ms; agreed ${agreed}/${SEEDS})`);
}
