/**
 * The match outlives its host (issue 13), on the deterministic network simulator (the protocol
 * code that ships, toy games): 50 kills of the host at random moments of a 20 s match, 4 players
 * and 2 bots on a LAN (1 ± 2 ms). Rows: the kill → the first key the new host releases, and the
 * longest wait between two keys any remaining player saw (what "play resumes" means to them),
 * median and max; desyncs over all kills. Then 50 stalls of the host's whole machine (it stands
 * still and runs on): 0.4 s, which its fence rides out (what the fence's round trip adds to the
 * freeze), and 2 s, after which it is replaced (the freeze, the keys it released after its stall —
 * each one would split the room — and the rooms that did not end on one hash).
 */
import type { BenchContext } from './lib';
import { Prng } from '../core/math';
import { Room } from '../core/lockstep/testing/Room';

const KILLS = 50;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

/** 4 players and 2 bots on a LAN, at a random moment 2–16 s into a 20 s match. */
function midMatch(seed: number): Room {
  const room = new Room({ seed, humans: 4, bots: 2, link: { delayMs: 1, jitterMs: 2, loss: 0, duplicate: 0 }, settings: { matchSeconds: 20 }, keepSnapshots: 2 });
  room.joinAll();
  room.start();
  room.run(2000 + new Prng(seed).int(14_000));
  return room;
}

/** The host's machine stands still `ms` at a random moment: the longest wait a peer saw, whether it was replaced, the keys it released after, one hash. */
function stall(i: number, ms: number): { freeze: number; replaced: boolean; after: number; oneHash: boolean } {
  const room = midMatch(2000 + i);
  const old = room.host;
  const released = old.match?.released ?? 0;
  const lastKey = room.clients.map((c) => c.keyTimes.length);
  room.stallHost(ms);
  const ended = room.runToEnd(60_000);
  const r = room.host.lastResult;
  const playing = room.clients.filter((c) => c.peer.phase !== 'failed');
  return {
    freeze: Math.max(...room.clients.slice(1).map((c, j) => c.longestWait(lastKey[j + 1] ?? 0))),
    replaced: old.closed,
    after: old.closed ? (old.match?.released ?? 0) - released : 0,
    oneHash: ended && r !== null && r.agreed && playing.every((c) => c.anyGame?.hash() === r.hash),
  };
}

export default function (ctx: BenchContext): void {
  const resume: number[] = [];
  const freeze: number[] = [];
  let desyncs = 0;
  let failed = 0;
  for (let i = 0; i < KILLS; i++) {
    const room = midMatch(1000 + i);
    const old = room.host;
    const lastKey = room.clients.slice(1).map((c) => c.keyTimes.length);
    room.crashHost();
    const killedAt = room.sim.now;
    let adopted: number | null = null;
    room.run(10_000, () => {
      const m = room.host === old ? null : room.host.match;
      if (!m) return false;
      adopted ??= m.released;
      return m.released > adopted;
    });
    resume.push(room.sim.now - killedAt);
    const ok = room.runToEnd(60_000) && room.host.lastResult?.agreed === true;
    if (!ok) failed++;
    desyncs += room.clients.reduce((n, c) => n + c.log.filter((e) => e.t === 'desync').length, 0);
    freeze.push(Math.max(...room.clients.slice(1).map((c, j) => c.longestWait(lastKey[j] ?? 0))));
  }
  ctx.record({ group: 'net/succession', name: `host killed (${KILLS} kills, 4 players + 2 bots, LAN): kill → first key the new host releases, median`, value: Math.round(median(resume)), unit: 'ms', goal: '<= 1000 ms', met: median(resume) <= 1000, notes: `max ${Math.round(Math.max(...resume))} ms` });
  ctx.record({ group: 'net/succession', name: 'host killed: longest wait between two keys a remaining player saw, median', value: Math.round(median(freeze)), unit: 'ms', goal: '<= 1000 ms', met: median(freeze) <= 1000 });
  ctx.record({ group: 'net/succession', name: 'host killed: longest wait between two keys a remaining player saw, max', value: Math.round(Math.max(...freeze)), unit: 'ms', goal: '<= 2000 ms', met: Math.max(...freeze) <= 2000 });
  ctx.record({ group: 'net/succession', name: 'host killed: desyncs, and matches not ending agreed, over all kills', value: desyncs + failed, unit: '', goal: '0', met: desyncs + failed === 0, notes: `${desyncs} desyncs, ${failed} not agreed` });

  const short = Array.from({ length: KILLS }, (_, i) => stall(i, 400));
  const extra = short.map((s) => s.freeze - 400);
  ctx.record({ group: 'net/succession', name: `host stood still 0.4 s (${KILLS} times): its fence's cost, the longest wait a peer saw minus the stall, median`, value: Math.round(median(extra)), unit: 'ms', goal: '<= 150 ms', met: median(extra) <= 150, notes: `max ${Math.round(Math.max(...extra))} ms; replaced ${short.filter((s) => s.replaced).length} times; not one hash ${short.filter((s) => !s.oneHash).length}` });
  const long = Array.from({ length: KILLS }, (_, i) => stall(i, 2000));
  const bad = long.filter((s) => !s.oneHash).length + long.reduce((n, s) => n + s.after, 0);
  const waits = long.map((s) => s.freeze);
  ctx.record({ group: 'net/succession', name: `host stood still 2 s (${KILLS} times) and was replaced: longest wait a peer saw, median`, value: Math.round(median(waits)), unit: 'ms', goal: '<= 1000 ms', met: median(waits) <= 1000, notes: `max ${Math.round(Math.max(...waits))} ms; replaced ${long.filter((s) => s.replaced).length} of ${KILLS}` });
  ctx.record({ group: 'net/succession', name: 'host stood still 2 s: keys the replaced host released after its stall, and rooms not ending on one hash', value: bad, unit: '', goal: '0', met: bad === 0 });
}

