/**
 * Own-ball prediction corrections (`npx tsx bench/run.ts correction`, issue 14): how far the ball I
 * draw was from where the confirmed simulation put it, each time the confirmed world reaches a
 * frame something was predicted for. A 60 s match on the simulated network (core/lockstep/testing
 * Room) with the real simulation (SimGame) on arena-small: 3 players with seeded random input
 * (3 intent changes/s, each a new direction and sometimes a split or an eject) and 5 behavior-tree bots, every
 * remote link a lossy LAN (1–5 ms each way, 5 % loss). Client 1's render ticks (60 a second) run
 * its OwnCellsPredictor exactly as LockstepMatch does: the intent it sends, then a prediction from
 * the confirmed world. Corrections are in cells; most are 0 (nobody else changed anything that
 * touched my ball), the rest come from others' inputs and bots I could not know yet.
 */
import type { BenchContext } from '../../bench/lib';
import { summarize } from '../../bench/lib';
import { SimGame } from '../../core/lockstep';
import { Room } from '../../core/lockstep/testing';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { confirmedView, OwnCellsPredictor, type ConfirmedView } from './OwnPrediction';

const GROUP = 'renderer/prediction';
const SECONDS = 60;
/** The start (join, first keys, the delay settling) is left out. */
const SKIP_MS = 3000;

export default function correctionBench(ctx: BenchContext): void {
  const map = loadShippedMaps().get('arena-small')!;
  const room = new Room({
    seed: 41,
    humans: 3,
    bots: 5,
    inputRate: 3,
    link: { delayMs: 1, jitterMs: 4, loss: 0.05, duplicate: 0 },
    settings: { matchSeconds: SECONDS, map: 'arena-small' },
    game: (start, trees) => ({ game: new SimGame(map, start, trees.brains) }),
  });
  const c = room.client(1);
  let predictor: OwnCellsPredictor | null = null;
  let view: ConfirmedView | null = null;
  const next = c.script.next.bind(c.script);
  c.script.next = (dt: number) => {
    const input = next(dt);
    const m = c.peer.match;
    if (predictor && m) predictor.setIntent(input, m.recvKey);
    return input;
  };
  const corrections: number[] = [];
  let startAt = -1;
  const tick = c.tick.bind(c);
  c.tick = (now: number): void => {
    tick(now);
    const game = c.anyGame as SimGame | null;
    const runner = c.runner;
    const m = c.peer.match;
    if (!game || !runner || !m) return;
    if (!predictor) {
      const sim = game;
      predictor = new OwnCellsPredictor(sim.world, sim.ball(1), 1, (slot) => sim.ball(slot), sim.bots.control);
      view = confirmedView(sim.world, runner, m);
      startAt = now;
    }
    const before = predictor.corrections;
    predictor.predict(view!);
    if (predictor.corrections > before && now - startAt >= SKIP_MS) corrections.push(predictor.lastCorrection!);
  };
  if (!room.joinAll() || !room.start()) throw new Error('correction bench: the room did not start');
  room.runToEnd(SECONDS * 2000);
  if (corrections.length === 0) throw new Error('correction bench: no correction was measured');
  const s = summarize(Float64Array.from(corrections));
  const zero = corrections.filter((x) => x === 0).length;
  const link = '1–5 ms each way, 5 % loss, 8 balls (3 players, 5 bots), arena-small';
  ctx.record({ group: GROUP, name: `correction of my drawn ball, median over a ${SECONDS} s match (${link})`, value: Number(s.medianMs.toFixed(3)), unit: 'cells', notes: `${s.samples} corrections measured; ${((zero / s.samples) * 100).toFixed(1)} % exactly 0` });
  ctx.record({ group: GROUP, name: 'correction of my drawn ball, p99', value: Number(s.p99Ms.toFixed(3)), unit: 'cells' });
  ctx.record({ group: GROUP, name: 'correction of my drawn ball, max', value: Number(s.maxMs.toFixed(3)), unit: 'cells', notes: 'drawn through the Smoother (offset decay), never as a snap' });
}
