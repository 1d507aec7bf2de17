import { describe, expect, it } from 'vitest';
import { BLOB_CAPACITY, CELLS_PER_PLAYER, MAX_CELLS, VIRUS_CAPACITY, radiusOf } from './simApi';
import { DECAY, GHOST_MS, MAX_SPEED_CELLS, SNAP_CELLS, Smoother } from './Smoother';

const F = 1024;
const DT = 1000 / 60;

/** A world's worth of columns, standing in for both the World (Bodies) and the DisplayCells (CellFrame). */
function frame() {
  const cells = { x: new Int32Array(MAX_CELLS), y: new Int32Array(MAX_CELLS), mass: new Int32Array(MAX_CELLS), radius: new Int32Array(MAX_CELLS) };
  return {
    cells,
    ...cells,
    ownFirst: -1,
    ownPrevX: new Int32Array(CELLS_PER_PLAYER),
    ownPrevY: new Int32Array(CELLS_PER_PLAYER),
    blobs: { x: new Int32Array(BLOB_CAPACITY), y: new Int32Array(BLOB_CAPACITY), life: new Int32Array(BLOB_CAPACITY) },
    viruses: { x: new Int32Array(VIRUS_CAPACITY), y: new Int32Array(VIRUS_CAPACITY), mass: new Int32Array(VIRUS_CAPACITY) },
  };
}
type Frame = ReturnType<typeof frame>;

function put(f: Frame, c: number, x: number, y: number, mass = 1600): void {
  f.x[c] = x;
  f.y[c] = y;
  f.mass[c] = mass;
  f.radius[c] = radiusOf(mass);
}

function free(f: Frame, c: number): void {
  f.x[c] = f.y[c] = f.mass[c] = f.radius[c] = 0;
}

const update = (s: Smoother, f: Frame, alpha: number, dt = DT, timeScale = 1): void => s.update(f, f, alpha, dt, timeScale);

describe('Smoother', () => {
  it('interpolates between the previous and the current logic frame', () => {
    const f = frame();
    put(f, 0, 0, 0);
    const s = new Smoother();
    update(s, f, 1, 16);
    s.capture(f);
    f.x[0] = F; // one cell east in one logic frame, within this frame's reach below
    update(s, f, 0.5, 100);
    expect(s.x[0]).toBeCloseTo(0.5, 6);
    update(s, f, 1, 100);
    expect(s.x[0]).toBeCloseTo(1, 6);
  });

  it('absorbs a burst of frames into a decaying offset instead of a visible jump', () => {
    const f = frame();
    put(f, 0, 0, 0);
    const s = new Smoother();
    update(s, f, 1, 16);
    s.capture(f);
    f.x[0] = 2 * F; // two cells in one display frame: no cell moves that fast
    s.capture(f); // several steps ran this display frame: prev = cur
    update(s, f, 1);
    const first = s.x[0]!;
    const reach = (MAX_SPEED_CELLS * DT) / 1000;
    expect(first).toBeLessThanOrEqual(reach + (2 - reach) * DECAY + 1e-9); // a split launch's step, and the offset's first decay
    expect(s.offset(0)).toBeGreaterThan(1.3);
    let prev = first;
    for (let i = 0; i < 120; i++) {
      update(s, f, 1);
      expect(s.x[0]! - prev).toBeLessThanOrEqual(2 * DECAY + 1e-9); // each display frame moves a little
      prev = s.x[0]!;
    }
    expect(s.x[0]).toBeCloseTo(2, 3);
  });

  it('snaps large corrections and respawns instead of sliding across the map', () => {
    const f = frame();
    put(f, 0, 0, 0);
    put(f, CELLS_PER_PLAYER, 0, 0);
    const s = new Smoother();
    update(s, f, 1, 16);
    s.capture(f);
    f.x[0] = (SNAP_CELLS + 5) * F;
    f.x[CELLS_PER_PLAYER] = 3 * F;
    s.snapPlayer(1);
    update(s, f, 1, 16);
    expect(s.x[0]).toBeCloseTo(SNAP_CELLS + 5, 6);
    expect(s.x[CELLS_PER_PLAYER]).toBeCloseTo(3, 6);
    expect(s.offset(0)).toBe(0);
    expect(s.offset(CELLS_PER_PLAYER)).toBe(0);
  });

  it('does not treat fast play (N× speed) as corrections', () => {
    const f = frame();
    put(f, 0, 0, 0);
    const s = new Smoother();
    update(s, f, 1, 16);
    s.capture(f);
    f.x[0] = F;
    update(s, f, 1, 16, 10);
    expect(s.offset(0)).toBe(0);
  });

  it('covers a split launch: the new half leaves at full speed without an offset', () => {
    // One logic frame of a split's half: splitSpeed + baseSpeed (905 Fx) in 33 ms, drawn at 60 Hz.
    const f = frame();
    put(f, 0, 10 * F, 10 * F);
    const s = new Smoother();
    update(s, f, 1);
    for (let step = 0; step < 4; step++) {
      s.capture(f);
      f.x[0]! += 905;
      update(s, f, 0.5);
      update(s, f, 1);
      expect(s.offset(0)).toBe(0);
    }
  });

  it('a split’s new cell appears at its parent’s drawn place and glides out, never popping ahead', () => {
    const f = frame();
    put(f, 0, 10 * F, 10 * F, 6400);
    const s = new Smoother();
    update(s, f, 1);
    update(s, f, 1);
    const parentX = s.x[0]!;
    // The step: cell 0 halves, cell 1 leaves its centre at a split's speed, 0.9 cell this frame.
    s.capture(f);
    put(f, 0, 10 * F, 10 * F, 3200);
    put(f, 1, 10 * F + 905, 10 * F, 3200);
    s.bornFrom(1, 0);
    update(s, f, 0);
    expect(s.x[1]).toBeCloseTo(parentX, 6); // at alpha 0: exactly where the parent is drawn
    expect(s.z[1]).toBeCloseTo(10, 6);
    expect(s.r[1]).toBeCloseTo(radiusOf(3200) / F, 6);
    update(s, f, 0.5);
    expect(s.x[1]).toBeCloseTo(10 + 905 / 2 / F, 6); // half way along the step: interpolated, no offset
    update(s, f, 1);
    expect(s.x[1]).toBeCloseTo(10 + 905 / F, 6);
    expect(s.offset(1)).toBe(0);
    // The parent's radius shrinks to its half's over a few frames, not at once.
    expect(s.r[0]).toBeLessThan(radiusOf(6400) / F);
    expect(s.r[0]).toBeGreaterThan(radiusOf(3200) / F);
    for (let i = 0; i < 30; i++) update(s, f, 1);
    expect(s.r[0]).toBeCloseTo(radiusOf(3200) / F, 3);
  });

  it('a burst’s pieces start at the popped cell; a split of the same step keeps its own parent', () => {
    const f = frame();
    put(f, 0, 10 * F, 10 * F, 20000);
    put(f, 2, 20 * F, 10 * F, 4000);
    const s = new Smoother();
    update(s, f, 1);
    s.capture(f);
    put(f, 1, 21 * F, 10 * F, 2000); // split off cell 2
    s.bornFrom(1, 2);
    put(f, 3, 10 * F, 10 * F, 3000); // burst pieces of cell 0
    put(f, 4, 10 * F, 10 * F, 3000);
    s.bornOf(f, 0);
    update(s, f, 0);
    expect([s.x[1], s.x[3], s.x[4]]).toEqual([20, 10, 10]);
  });

  it('my predicted cells have no events: a new one starts at my nearest drawn cell and settles where it is', () => {
    const f = frame();
    f.ownFirst = 0;
    put(f, 0, 10 * F, 10 * F, 6400);
    f.ownPrevX[0] = 10 * F;
    f.ownPrevY[0] = 10 * F;
    const s = new Smoother();
    update(s, f, 1);
    // A split shows in the prediction two logic frames on: the new half is already 2 cells out.
    put(f, 0, 10 * F, 10 * F, 3200);
    put(f, 5, 12 * F, 10 * F, 3200);
    f.ownPrevX[5] = 11 * F;
    f.ownPrevY[5] = 10 * F;
    update(s, f, 0);
    // A display frame moves it at most a launch's step, plus the offset's decay (at most SNAP_CELLS × DECAY).
    const most = (MAX_SPEED_CELLS * DT) / 1000 + SNAP_CELLS * DECAY;
    expect(s.x[5]! - 10).toBeLessThanOrEqual(most); // out of the parent, not 2 cells ahead
    let prev = s.x[5]!;
    for (let i = 0; i < 120; i++) {
      update(s, f, 1);
      expect(Math.abs(s.x[5]! - prev)).toBeLessThanOrEqual(most);
      prev = s.x[5]!;
    }
    expect(s.x[5]).toBeCloseTo(12, 2);
    // The confirmed world's events for my cells do not move what prediction draws.
    s.capture(f);
    s.bornFrom(5, 0);
    update(s, f, 1);
    expect(s.x[5]).toBeCloseTo(12, 2);
  });

  it('a merged cell glides into the one that took it in and shrinks away; an eaten one is gone at once', () => {
    const f = frame();
    put(f, 0, 10 * F, 10 * F, 8000);
    put(f, 1, 11 * F, 10 * F, 2000);
    put(f, 16, 30 * F, 10 * F, 2000);
    const s = new Smoother();
    update(s, f, 1);
    s.capture(f);
    free(f, 1);
    s.vanish(1, 0);
    free(f, 16);
    s.vanish(16, -1);
    update(s, f, 1);
    expect(s.r[16]).toBe(0);
    expect(s.r[1]).toBeGreaterThan(0);
    expect(s.ghostTo[1]).toBe(0);
    let lastR = s.r[1]!;
    let lastX = s.x[1]!;
    for (let t = DT; t < GHOST_MS; t += DT) {
      update(s, f, 1);
      if (s.r[1] === 0) break;
      expect(s.r[1]).toBeLessThan(lastR);
      expect(s.x[1]).toBeLessThan(lastX); // towards cell 0
      lastR = s.r[1]!;
      lastX = s.x[1]!;
    }
    update(s, f, 1);
    expect(s.r[1]).toBe(0);
    expect(s.ghostTo[1]).toBe(-1);
  });

  it('interpolates blobs from the cell that spat them, and viruses (a shot one from the fed one)', () => {
    const f = frame();
    put(f, 0, 10 * F, 10 * F, 4000);
    f.viruses.x[0] = 20 * F;
    f.viruses.y[0] = 20 * F;
    f.viruses.mass[0] = 6400;
    const s = new Smoother();
    update(s, f, 1);
    s.capture(f);
    f.blobs.x[3] = 11 * F;
    f.blobs.y[3] = 10 * F;
    f.blobs.life[3] = 900;
    s.blobFrom(3, 0);
    f.viruses.x[7] = 21 * F;
    f.viruses.y[7] = 20 * F;
    f.viruses.mass[7] = 6400;
    s.virusFrom(7, 0);
    update(s, f, 0.5);
    expect(s.blobX[3]).toBeCloseTo(10.5, 6);
    expect(s.virusX[7]).toBeCloseTo(20.5, 6);
    expect(s.virusR[7]).toBeCloseTo(radiusOf(6400) / F, 6);
    s.capture(f);
    f.blobs.x[3]! += F;
    update(s, f, 0.25);
    expect(s.blobX[3]).toBeCloseTo(11.25, 6);
    f.viruses.mass[7] = 0;
    update(s, f, 1);
    expect(s.virusR[7]).toBe(0);
  });
});
