/**
 * Smooth display positions and radii of the cells (seeds 000/001), and of ejected blobs and viruses.
 * Cells, two mechanisms:
 *  1. Interpolation: the view renders between the previous and the current logic frame
 *     (`capture` before each step keeps the previous positions; `alpha` comes from FixedStepLoop).
 *  2. Corrections (seed 001's "modify" method): when a cell's interpolated position jumps further
 *     in one display frame than any cell can move in that time (a burst of key frames after a
 *     stall, a correction), the logical position jumps at once but a visual offset keeps the
 *     display continuous; the offset decays by ×(1 − DECAY) per 60 Hz display frame and is
 *     snapped to zero when it is larger than SNAP_CELLS (a teleport such as a respawn) or tiny.
 * A cell's life on screen:
 *  - born from another (a split's half, a virus burst's piece: `bornFrom`, from the step's
 *    events) it starts where its parent is drawn and glides out along the step, never popping up
 *    ahead of it; my own predicted cells have no events here (OwnPrediction makes them): one that
 *    appears starts at the nearest of my cells drawn the frame before;
 *  - (re)spawned (`snapPlayer`) or appearing otherwise, it is drawn where it is at once;
 *  - merged into another (`vanish` with the cell it went into), or gone with others of its player
 *    still drawn (my predicted merges), it glides into that cell shrinking for GHOST_MS — a ghost,
 *    drawn with r > 0 while its slot is free; eaten (`vanish`, -1) it is gone at once (the view
 *    shows a burst);
 *  - its radius follows its mass within RADIUS_MS (a split's halving, a merge's growth, a meal).
 * The cells are a DisplayCells (CellFrame): the confirmed world's, my own predicted ones among
 * them with their own previous positions (ownFirst, ownPrevX/Y); their jumps (a correction,
 * prediction turned on or off) go through the same offset.
 * Blobs and viruses are interpolated between the same two logic frames, without offsets: a new
 * blob starts at the centre its cell had (`blobFrom`), a shot virus at the fed one's (`virusFrom`).
 * Units: world units (= cells) as floats; x east, z south; times in ms of real time. No allocation
 * after construction: the hot loop is one function (V8 boxes doubles passed to a call it does not
 * inline) without Math.hypot.
 */
import { FX_ONE } from '../../core/math';
import { BLOB_CAPACITY, CELLS_PER_PLAYER, FRAME_RATE, MAX_CELLS, RULES, VIRUS_CAPACITY, firstCell, ownerOf, virusRadius } from './simApi';

/** Seed 001: the offset keeps (1 − 0.075) of itself per 60 Hz frame. */
export const DECAY = 0.075;
/** Offsets larger than this (cells) are snapped instead of smoothed. */
export const SNAP_CELLS = 3;
/**
 * Fastest a cell can move (cells per second): a split's launch on top of full steering speed
 * ((splitSpeed + baseSpeed) Fx a frame at 30 Hz, 26.5 cells/s), with a quarter for margin.
 */
export const MAX_SPEED_CELLS = (1.25 * (RULES.splitSpeed + RULES.baseSpeed) * FRAME_RATE) / FX_ONE;
/** A drawn radius closes 1 − e^(−dt / RADIUS_MS) of its gap to the true radius each frame. */
export const RADIUS_MS = 45;
/** A merged cell glides into the one that took it in over this long. */
export const GHOST_MS = 160;
const TINY = 1e-3;

/** Life states of a cell slot on screen. */
const Live = 0;
/** No continuity: drawn where it is next time it is there. */
const Snap = 1;
/** Not drawn at the last update (a free slot). */
const Gone = 2;
/** Gliding into cell ghostTo, shrinking. */
const Ghost = 3;

/** What the smoother reads of one display frame's cells (DisplayCells). */
export interface CellFrame {
  readonly x: Int32Array;
  readonly y: Int32Array;
  /** 0 = no cell. */
  readonly mass: Int32Array;
  readonly radius: Int32Array;
  /** First cell id of the predicted player (-1: none), and its cells' previous positions by k. */
  readonly ownFirst: number;
  readonly ownPrevX: Int32Array;
  readonly ownPrevY: Int32Array;
}

/** The world columns captured before each step (World has them all). */
export interface Bodies {
  readonly cells: { readonly x: Int32Array; readonly y: Int32Array; readonly mass: Int32Array };
  readonly blobs: { readonly x: Int32Array; readonly y: Int32Array; readonly life: Int32Array };
  readonly viruses: { readonly x: Int32Array; readonly y: Int32Array; readonly mass: Int32Array };
}

export class Smoother {
  /** Display positions and radii after `update`, per cell id (world x and z); r = 0: not drawn. */
  readonly x = new Float64Array(MAX_CELLS);
  readonly z = new Float64Array(MAX_CELLS);
  readonly r = new Float64Array(MAX_CELLS);
  /** Per cell: the cell a ghost glides into (-1: not a ghost). */
  readonly ghostTo = new Int16Array(MAX_CELLS).fill(-1);
  /** Ghosts drawn after the last update. */
  ghosts = 0;
  /** Display positions of blobs (life 0: stale) and of viruses, with the viruses' radii (0: none). */
  readonly blobX = new Float64Array(BLOB_CAPACITY);
  readonly blobZ = new Float64Array(BLOB_CAPACITY);
  readonly virusX = new Float64Array(VIRUS_CAPACITY);
  readonly virusZ = new Float64Array(VIRUS_CAPACITY);
  readonly virusR = new Float64Array(VIRUS_CAPACITY);
  private readonly prevX = new Int32Array(MAX_CELLS);
  private readonly prevY = new Int32Array(MAX_CELLS);
  private readonly prevMass = new Int32Array(MAX_CELLS);
  /** 1 for a cell slot emptied during the step since the last capture (eaten, merged). */
  private readonly died = new Uint8Array(MAX_CELLS);
  private readonly lastX = new Float64Array(MAX_CELLS);
  private readonly lastZ = new Float64Array(MAX_CELLS);
  private readonly offX = new Float64Array(MAX_CELLS);
  private readonly offZ = new Float64Array(MAX_CELLS);
  private readonly state = new Uint8Array(MAX_CELLS).fill(Snap);
  private readonly ghostMs = new Float64Array(MAX_CELLS);
  private readonly blobPrevX = new Int32Array(BLOB_CAPACITY);
  private readonly blobPrevY = new Int32Array(BLOB_CAPACITY);
  private readonly blobPrevLife = new Int32Array(BLOB_CAPACITY);
  private readonly virusPrevX = new Int32Array(VIRUS_CAPACITY);
  private readonly virusPrevY = new Int32Array(VIRUS_CAPACITY);
  private readonly virusPrevMass = new Int32Array(VIRUS_CAPACITY);
  /** This update's real time step × speed-up (ms), kept here so the ghost step is not passed boxed. */
  private readonly step = new Float64Array(1);
  /** 1 for a cell made during the step since the last capture (bornFrom). */
  private readonly born = new Uint8Array(MAX_CELLS);
  /** The predicted player's first cell at the last update (-1: none): the events leave those alone. */
  private ownFirst = -1;

  /** Call before each logic step: remembers what interpolation starts from. */
  capture(w: Bodies): void {
    this.prevX.set(w.cells.x);
    this.prevY.set(w.cells.y);
    this.prevMass.set(w.cells.mass);
    this.died.fill(0);
    this.born.fill(0);
    this.blobPrevX.set(w.blobs.x);
    this.blobPrevY.set(w.blobs.y);
    this.blobPrevLife.set(w.blobs.life);
    this.virusPrevX.set(w.viruses.x);
    this.virusPrevY.set(w.viruses.y);
    this.virusPrevMass.set(w.viruses.mass);
  }

  /** Cell `n` was just made from cell `parent` (a split, a burst): it starts where the parent is drawn. */
  bornFrom(n: number, parent: number): void {
    if (this.predicted(n)) return;
    this.born[n] = 1;
    if (this.state[parent] !== Live) {
      this.state[n] = Snap;
      return;
    }
    this.state[n] = Live;
    this.ghostTo[n] = -1;
    this.prevX[n] = this.prevX[parent]!;
    this.prevY[n] = this.prevY[parent]!;
    this.lastX[n] = this.lastX[parent]!;
    this.lastZ[n] = this.lastZ[parent]!;
    this.offX[n] = this.offX[parent]!;
    this.offZ[n] = this.offZ[parent]!;
    this.r[n] = 0; // takes its own radius at the next update
  }

  /**
   * The cells of `parent`'s player made during the last step other than by a split (a burst's
   * pieces, out of `parent`): every cell of the player live in `w` that was free, or emptied,
   * before the step.
   */
  bornOf(w: Bodies, parent: number): void {
    const mass = w.cells.mass;
    for (let c = firstCell(ownerOf(parent)), end = c + CELLS_PER_PLAYER; c < end; c++) {
      if (c === parent || mass[c] === 0 || this.born[c] === 1 || (this.prevMass[c] !== 0 && this.died[c] === 0)) continue;
      this.bornFrom(c, parent);
    }
  }

  /** Cell `c` was emptied by the step: merged `into` another cell (it glides there), or eaten (-1). */
  vanish(c: number, into: number): void {
    this.died[c] = 1;
    if (this.predicted(c)) return;
    if (into < 0) {
      this.state[c] = Gone;
      this.r[c] = 0;
    } else if (this.state[c] === Live) this.ghost(c, into);
  }

  /** Player `slot` (re)spawned: its cells are drawn where they are, without interpolation or offset. */
  snapPlayer(slot: number): void {
    this.state.fill(Snap, firstCell(slot), firstCell(slot) + CELLS_PER_PLAYER);
    this.ghostTo.fill(-1, firstCell(slot), firstCell(slot) + CELLS_PER_PLAYER);
  }

  /** Everything snaps (after a fast-forward or a restore). */
  snapAll(): void {
    this.state.fill(Snap);
    this.ghostTo.fill(-1);
    this.r.fill(0);
    this.blobPrevLife.fill(0);
    this.virusPrevMass.fill(0);
  }

  /** Blob `b` was just spat by cell `cell`: it flies out of the cell's centre. */
  blobFrom(b: number, cell: number): void {
    this.blobPrevX[b] = this.prevX[cell]!;
    this.blobPrevY[b] = this.prevY[cell]!;
    this.blobPrevLife[b] = 1;
  }

  /** Virus `v` was just shot out of virus `fed`. */
  virusFrom(v: number, fed: number): void {
    this.virusPrevX[v] = this.virusPrevX[fed]!;
    this.virusPrevY[v] = this.virusPrevY[fed]!;
    this.virusPrevMass[v] = this.virusPrevMass[fed]!;
  }

  /** Current offset length of cell `i` (cells), for tests and the net panel. */
  offset(i: number): number {
    return Math.hypot(this.offX[i]!, this.offZ[i]!);
  }

  /**
   * Computes display positions for this display frame, `dtMs` of real time after the last one;
   * `timeScale` is the simulation's speed-up (tests run at N×: cells legitimately move N× faster).
   * `cells`: this display frame's cells; `w`: the world (blobs and viruses).
   */
  update(cells: CellFrame, w: Bodies, alpha: number, dtMs: number, timeScale = 1): void {
    const own = cells.ownFirst;
    this.ownFirst = own;
    if (own >= 0) this.adoptOwnNewborns(cells);
    const keep = Math.pow(1 - DECAY, (dtMs * 60) / 1000);
    const reach = (MAX_SPEED_CELLS * Math.max(dtMs, 1) * timeScale) / 1000;
    const grow = 1 - Math.exp(-(dtMs * timeScale) / RADIUS_MS);
    this.step[0] = dtMs * timeScale;
    const ownEnd = own < 0 ? -1 : own + CELLS_PER_PLAYER;
    let ghosts = 0;
    for (let i = 0; i < MAX_CELLS; i++) {
      if (cells.mass[i] === 0) {
        if (this.state[i] === Gone) continue;
        this.fade(i, cells);
        if (this.state[i] === Ghost) ghosts++;
        continue;
      }
      const state = this.state[i]!;
      const fresh = state !== Live;
      const mine = i >= own && i < ownEnd;
      const cx = cells.x[i]!;
      const cy = cells.y[i]!;
      const px = fresh ? cx : mine ? cells.ownPrevX[i - own]! : this.prevX[i]!;
      const py = fresh ? cy : mine ? cells.ownPrevY[i - own]! : this.prevY[i]!;
      const tx = (px + (cx - px) * alpha) / FX_ONE;
      const tz = (py + (cy - py) * alpha) / FX_ONE;
      const radius = cells.radius[i]! / FX_ONE;
      let ox = 0;
      let oz = 0;
      if (fresh) {
        this.state[i] = Live;
        this.ghostTo[i] = -1;
        this.r[i] = radius;
      } else {
        // The part of this frame's jump that no cell could have moved goes into the offset.
        ox = this.offX[i]!;
        oz = this.offZ[i]!;
        const dx = tx - this.lastX[i]!;
        const dz = tz - this.lastZ[i]!;
        const d = Math.sqrt(dx * dx + dz * dz);
        if (d > reach) {
          ox -= (dx * (d - reach)) / d;
          oz -= (dz * (d - reach)) / d;
        }
        const o = Math.sqrt(ox * ox + oz * oz);
        if (o > SNAP_CELLS || o < TINY) ox = oz = 0;
        ox *= keep;
        oz *= keep;
        const r = this.r[i]!;
        this.r[i] = r === 0 ? radius : r + (radius - r) * grow;
      }
      this.offX[i] = ox;
      this.offZ[i] = oz;
      this.lastX[i] = tx;
      this.lastZ[i] = tz;
      this.x[i] = tx + ox;
      this.z[i] = tz + oz;
    }
    this.ghosts = ghosts;
    this.bodies(w, alpha, grow);
  }

  /** A free slot this frame: a live cell turns ghost (others of its player drawn) or goes; a ghost glides on. */
  private fade(i: number, cells: CellFrame): void {
    if (this.state[i] === Live) {
      const into = this.nearestSibling(i, cells, this.x[i]!, this.z[i]!, true);
      if (into >= 0) this.ghost(i, into);
    }
    const into = this.ghostTo[i]!;
    const step = this.step[0]!;
    const left = this.ghostMs[i]! - step;
    if (this.state[i] !== Ghost || left <= 0 || cells.mass[into] === 0) {
      this.state[i] = Gone;
      this.ghostTo[i] = -1;
      this.r[i] = 0;
      return;
    }
    // Closes the gap to its cell in proportion to the time left, and shrinks to nothing with it.
    const k = step / this.ghostMs[i]!;
    this.ghostMs[i] = left;
    this.x[i]! += (this.x[into]! - this.x[i]!) * k;
    this.z[i]! += (this.z[into]! - this.z[i]!) * k;
    this.r[i] = this.r[i]! * (1 - k);
  }

  private ghost(i: number, into: number): void {
    this.state[i] = Ghost;
    this.ghostTo[i] = into;
    this.ghostMs[i] = GHOST_MS;
  }

  /**
   * My predicted cells new since the last update (no events for them here): each starts at the
   * nearest of my cells drawn continuously and the offset takes it from there to where it is, so a
   * split or a burst of mine glides out of its parent.
   */
  private adoptOwnNewborns(cells: CellFrame): void {
    const own = cells.ownFirst;
    for (let i = own; i < own + CELLS_PER_PLAYER; i++) {
      const state = this.state[i]!;
      if (cells.mass[i] === 0 || (state !== Gone && state !== Ghost)) continue;
      const parent = this.nearestSibling(i, cells, cells.x[i]! / FX_ONE, cells.y[i]! / FX_ONE, false);
      if (parent < 0) continue; // drawn where it is (it snaps)
      this.state[i] = Live;
      this.lastX[i] = this.x[parent]!;
      this.lastZ[i] = this.z[parent]!;
      this.offX[i] = 0;
      this.offZ[i] = 0;
      this.r[i] = 0;
      this.ghostTo[i] = -1;
    }
  }

  /**
   * The live cell of cell i's player (i excluded) drawn at the last update nearest to (x, z)
   * (cells), -1 when none; `stillLive`: it must be in this frame's cells too.
   */
  private nearestSibling(i: number, cells: CellFrame, x: number, z: number, stillLive: boolean): number {
    let best = -1;
    let bestD = Infinity;
    for (let c = firstCell(ownerOf(i)), end = c + CELLS_PER_PLAYER; c < end; c++) {
      if (c === i || this.state[c] !== Live || this.r[c] === 0 || (stillLive && cells.mass[c] === 0)) continue;
      const dx = this.x[c]! - x;
      const dz = this.z[c]! - z;
      const d = dx * dx + dz * dz;
      if (d < bestD) {
        best = c;
        bestD = d;
      }
    }
    return best;
  }

  /** Blobs and viruses, interpolated; viruses' radii follow their mass like cells'. */
  private bodies(w: Bodies, alpha: number, grow: number): void {
    const L = w.blobs;
    for (let b = 0; b < BLOB_CAPACITY; b++) {
      if (L.life[b] === 0) continue;
      const fresh = this.blobPrevLife[b] === 0;
      const cx = L.x[b]!;
      const cy = L.y[b]!;
      const px = fresh ? cx : this.blobPrevX[b]!;
      const py = fresh ? cy : this.blobPrevY[b]!;
      this.blobX[b] = (px + (cx - px) * alpha) / FX_ONE;
      this.blobZ[b] = (py + (cy - py) * alpha) / FX_ONE;
    }
    const V = w.viruses;
    for (let v = 0; v < VIRUS_CAPACITY; v++) {
      const m = V.mass[v]!;
      if (m === 0) {
        this.virusR[v] = 0;
        continue;
      }
      const fresh = this.virusPrevMass[v] === 0;
      const cx = V.x[v]!;
      const cy = V.y[v]!;
      const px = fresh ? cx : this.virusPrevX[v]!;
      const py = fresh ? cy : this.virusPrevY[v]!;
      this.virusX[v] = (px + (cx - px) * alpha) / FX_ONE;
      this.virusZ[v] = (py + (cy - py) * alpha) / FX_ONE;
      const radius = virusRadius(m) / FX_ONE;
      const r = this.virusR[v]!;
      this.virusR[v] = r === 0 ? radius : r + (radius - r) * grow;
    }
  }

  private predicted(c: number): boolean {
    return this.ownFirst >= 0 && c >= this.ownFirst && c < this.ownFirst + CELLS_PER_PLAYER;
  }
}
