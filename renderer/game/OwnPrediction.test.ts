/**
 * Own-cell prediction against the real simulation: predicting leaves the confirmed world as it
 * was (its hash, and a twin world run without prediction beside it stays equal); my predicted
 * cells lead the confirmed ones by exactly what my pending input does, and land where the
 * confirmed ones get once that input executes (0 correction) — a split too, whose new cell shows
 * at once; a misprediction (my input executed a key later than predicted) is measured and drawn
 * converging without a jump above the smoother's per-frame reach; a player out, or one a bot
 * drives, is drawn as confirmed.
 */
import { describe, expect, it } from 'vitest';
import { loadShippedMaps } from '../../test/fixtures/maps/shipped';
import { hashWorld } from '../../core/sim';
import { OwnCellsPredictor, type ConfirmedView } from './OwnPrediction';
import { DisplayCells } from './DisplayCells';
import { Smoother } from './Smoother';
import { createWorld, MoveMode, radiusOf, step, type KeyUpdate, type PlayerInput, type SlotInput, type World } from './simApi';

const map = loadShippedMaps().get('arena-small')!;
const I = 3;
const EAST: PlayerInput = { move: MoveMode.Direction, angle: 0, targetX: 0, targetY: 0, split: false, eject: false };
const WEST: PlayerInput = { ...EAST, angle: 2048 };

/** A confirmed match of 3 players (I am player 0, slot 0: my first cell is cell 0), stepped key by key from its updates. */
class Confirmed implements ConfirmedView {
  readonly world: World = createWorld(map, { seed: 7, players: 3, lengthFrames: 3000 });
  readonly twin: World = createWorld(map, { seed: 7, players: 3, lengthFrames: 3000 });
  readonly keyInterval = I;
  readonly updates: KeyUpdate[] = [];
  frame = 0;
  delayMs = 30;
  get recvKey(): number {
    return this.updates.length - 1;
  }
  /** Receives key updates up to `key` (my input in `mine`'s keys). */
  receive(key: number, mine: ReadonlyMap<number, PlayerInput> = new Map()): void {
    while (this.updates.length <= key) {
      const k = this.updates.length;
      const input = mine.get(k);
      this.updates.push({ key: k, inputs: input ? [{ slot: 0, input }] : [], events: [] });
    }
  }
  /** Runs confirmed frames (both worlds) up to `to`. */
  runTo(to: number): void {
    for (; this.frame < to; this.frame++) {
      const inputs: readonly SlotInput[] = this.frame % I === 0 ? (this.updates[this.frame / I]?.inputs ?? []) : [];
      step(this.world, inputs);
      step(this.twin, inputs);
    }
  }
}

const predictor = (c: Confirmed): OwnCellsPredictor => new OwnCellsPredictor(c.world, 0, 0, (slot) => (slot < 3 ? slot : -1), new Int32Array(3));

describe('OwnCellsPredictor', () => {
  it('leads my confirmed cell by the pending input and lands exactly where it gets, never touching the confirmed world', () => {
    const c = new Confirmed();
    c.receive(3);
    c.runTo(10);
    const p = predictor(c);
    const before = hashWorld(c.world);
    p.setIntent(EAST, c.recvKey);
    const own = p.predict(c)!;
    expect(hashWorld(c.world)).toBe(before);
    // Delay 30 ms = 0.9 frames: the window runs frames 10..14, my input executes at key 4 (frame 12).
    expect(p.window).toBe(5);
    const x0 = c.world.cells.x[0]!;
    // The press has acted before the frame the view interpolates across: drawn even at alpha 0.
    expect(own.first).toBe(0);
    expect(own.prevX[0]).toBeGreaterThan(x0);
    expect(own.world.cells.x[0]).toBeGreaterThan(own.prevX[0]!);
    expect(own.world.cells.y[0]).toBe(c.world.cells.y[0]);
    // Keeping still, the confirmed cell would not have moved by frame 15: all the lead is my input's.
    const still = new Confirmed();
    still.receive(4);
    still.runTo(15);
    expect(still.world.cells.x[0]).toBe(x0);
    const predicted = { x: own.world.cells.x[0], y: own.world.cells.y[0] };
    // The input executes where predicted: the confirmed cell gets exactly there, and so the
    // correction measured is 0.
    c.receive(4, new Map([[4, EAST]]));
    c.runTo(15);
    expect({ x: c.world.cells.x[0], y: c.world.cells.y[0] }).toEqual(predicted);
    p.predict(c);
    expect(p.lastCorrection).toBe(0);
    expect(p.corrections).toBe(1); // frame 15's prediction, measured once
    // Prediction ran beside the confirmed world the whole time: it is the twin run without it.
    for (let k = 5; k < 40; k++) {
      c.receive(k, new Map([[10, WEST]]));
      p.predict(c);
      c.runTo((k + 1) * I);
      p.predict(c);
    }
    expect(hashWorld(c.world)).toBe(hashWorld(c.twin));
  });

  it('a loop lagging behind the updates still shows a press at once, and lands where the confirmed cell gets', () => {
    const c = new Confirmed();
    // Keys up to 5 are here while the loop stands at frame 10: the first key my input can still
    // go into is 6 (frame 18), past the usual window (frames 10..14).
    c.receive(5);
    c.runTo(10);
    const p = predictor(c);
    const x0 = c.world.cells.x[0]!;
    p.setIntent(EAST, c.recvKey);
    const own = p.predict(c)!;
    expect(p.window).toBe(10); // frames 10..19
    expect(own.prevX[0]).toBeGreaterThan(x0);
    const predicted = own.world.cells.x[0];
    c.receive(6, new Map([[6, EAST]]));
    c.runTo(20);
    expect(c.world.cells.x[0]).toBe(predicted);
    // More than two keys further behind: the confirmed cells are drawn (the prediction would cost too much).
    const far = new Confirmed();
    far.receive(8);
    far.runTo(10);
    const q = predictor(far);
    q.setIntent(EAST, far.recvKey);
    expect(q.predict(far)).toBeNull();
  });

  it('measures a misprediction and my drawn cell converges without a jump above half a cell', () => {
    const c = new Confirmed();
    c.receive(3);
    c.runTo(9);
    const p = predictor(c);
    const smoother = new Smoother();
    const cells = new DisplayCells();
    const dt = 1000 / 60;
    let lastX = NaN;
    let biggest = 0;
    let worst = 0;
    const display = (alpha: number): void => {
      cells.update(c.world, p.predict(c));
      smoother.update(cells, c.world, alpha, dt, 1);
      worst = Math.max(worst, p.lastCorrection ?? 0);
      if (!Number.isNaN(lastX)) biggest = Math.max(biggest, Math.abs(smoother.x[0]! - lastX));
      lastX = smoother.x[0]!;
    };
    display(1);
    p.setIntent(EAST, c.recvKey);
    // Each update arrives just as its key begins, so my input is predicted into key 4 (frame 12);
    // main closed it a key later, into key 5.
    const mine = new Map([[5, EAST]]);
    for (let f = 9; f < 120; f++) {
      if (f % I === 0) c.receive(f / I, mine);
      smoother.capture(c.world);
      c.runTo(f + 1);
      display(0.5);
      display(1);
    }
    // A key late is 3 frames of movement: under a cell, measured, and caught by the offset.
    expect(worst).toBeGreaterThan(0.1);
    expect(worst).toBeLessThan(1);
    expect(p.lastCorrection).toBe(0);
    expect(biggest).toBeLessThan(0.5);
    expect(smoother.offset(0)).toBeLessThan(0.01);
  });

  it('shows a split at once: the new cell is in the prediction and lands where the confirmed one gets', () => {
    const c = new Confirmed();
    c.receive(3);
    c.runTo(10);
    // My cell is big enough to split (and too light to decay).
    for (const w of [c.world, c.twin]) {
      w.cells.mass[0] = 4800;
      w.cells.radius[0] = radiusOf(4800);
    }
    const p = predictor(c);
    const SPLIT: PlayerInput = { ...EAST, split: true };
    p.setIntent(SPLIT, c.recvKey);
    const own = p.predict(c)!;
    // Two halves of 2400 (each may have eaten a pellet since).
    expect(own.world.cells.mass[0]).toBeGreaterThanOrEqual(2400);
    expect(own.world.cells.mass[1]).toBeGreaterThanOrEqual(2400);
    expect(own.world.cells.mass[2]).toBe(0);
    expect(c.world.cells.mass[1]).toBe(0); // the confirmed world has not split
    // The new half is launched east, ahead of its parent.
    expect(own.world.cells.x[1]).toBeGreaterThan(own.world.cells.x[0]!);
    const predicted = [own.world.cells.x[0], own.world.cells.x[1], own.world.cells.y[1]];
    c.receive(4, new Map([[4, SPLIT]]));
    c.runTo(15);
    expect([c.world.cells.x[0], c.world.cells.x[1], c.world.cells.y[1]]).toEqual(predicted);
    p.predict(c);
    expect(p.lastCorrection).toBe(0);
    // Once the split is confirmed the press is not predicted again: one split, not two.
    for (let k = 5; k < 8; k++) c.receive(k);
    c.runTo(24);
    expect(p.predict(c)?.world.cells.mass[2] ?? 0).toBe(0);
  });

  it('draws a player that is out, or one a bot drives, as confirmed', () => {
    const c = new Confirmed();
    c.receive(2);
    c.runTo(3);
    const bots = new Int32Array(3);
    const p = new OwnCellsPredictor(c.world, 0, 0, (slot) => slot, bots);
    p.setIntent(EAST, c.recvKey);
    expect(p.predict(c)).not.toBeNull();
    bots[0] = 1;
    p.setIntent(WEST, c.recvKey);
    expect(p.predict(c)).toBeNull();
    bots[0] = 0;
    c.world.players.alive[0] = 0;
    p.setIntent(EAST, c.recvKey);
    expect(p.predict(c)).toBeNull();
  });
});
