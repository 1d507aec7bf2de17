/**
 * Own-cell prediction over lockstep (issues 14, 29): in a LAN match my input executes one key frame
 * plus the input delay after I press it, so the view draws my cells from a predicted state instead:
 * a scratch copy of the confirmed world, run forward with the same deterministic `step` over the
 * frames my latest input could still be waiting for. The confirmed world is only read (copied);
 * rules, scores, hashes and replays never see the scratch world.
 *
 * Timeline. The confirmed world stands before frame N. Main closes my inputs for every key due
 * within the input delay, so an intent set now executes at the first key it can still reach:
 * key ⌊(N + d)/I⌋ + 1 (d = delay in frames, I = frames a key), and never in a key whose update is
 * already here (those are the truth). That frame is at most N + ⌊d⌋ + I, so the scratch world runs
 * frames N..N + ⌊d⌋ + I + 1 (the window; its last frame is the one the view interpolates across):
 * a key press shows a whole step on the next display frame — a split's new cells, an eject's blob
 * cost, a burst on a virus — and my drawn cells stay a constant lead ahead of the confirmed ones,
 * so they move as smoothly as the others.
 * While the loop lags behind the updates (more than ⌊d⌋ + I frames of them waiting), the window
 * runs on to one frame past the first key after the newest update, where my input can still go.
 * In the window: every confirmed update not yet run (everyone's, mine included) at its key, my
 * local intent at the frame it can execute (if it differs from my last confirmed one, or carries a
 * split or eject not yet seen), and everyone else holding the intent they have: with nobody else
 * changing theirs, the cells I draw are exactly where the confirmed ones will be (0 correction).
 * Corrections (the confirmed state reaches a frame and differs from what was predicted for it:
 * the largest distance between a predicted and a confirmed cell of the same id) are measured here
 * and smoothed by the Smoother like any jump; a cell predicted that the truth does not have (a
 * merge, a burst that went otherwise) simply goes, one the truth has appears. Units: Fx in, cells
 * for corrections.
 */
import { FX_ONE } from '../../core/math';
import { CELLS_PER_PLAYER, FRAME_RATE, STOP_INPUT, copyWorldInto, firstCell, inputsEqual, normalizeInput, restore, snapshot, step } from './simApi';
import type { KeyUpdate, PlayerInput, SlotInput, World } from './simApi';

/** What the prediction reads from the confirmed side, each display frame. */
export interface ConfirmedView {
  /** The confirmed world (read only), standing before `frame`. */
  readonly world: World;
  readonly frame: number;
  readonly keyInterval: number;
  /** Confirmed updates by key, through `recvKey`. */
  readonly updates: readonly KeyUpdate[];
  readonly recvKey: number;
  readonly delayMs: number;
}

/**
 * The confirmed side as a match loop holds it: its world and runner (frame, key interval) and the
 * updates its link received, read live (LockstepMatch, and the correction bench on the simulator).
 */
export function confirmedView(world: World, runner: { readonly frame: number; readonly keyInterval: number }, link: { readonly updates: readonly KeyUpdate[]; readonly recvKey: number; readonly delay: number }): ConfirmedView {
  return {
    world,
    keyInterval: runner.keyInterval,
    updates: link.updates,
    get frame() {
      return runner.frame;
    },
    get recvKey() {
      return link.recvKey;
    },
    get delayMs() {
      return link.delay;
    },
  };
}

/**
 * My cells as drawn: the scratch world after the window's last frame (read only: my cells are
 * `first` … `first` + 15 of its columns) and their positions (Fx) before that frame, by k.
 */
export interface OwnPrediction {
  readonly first: number;
  readonly world: World;
  readonly prevX: Int32Array;
  readonly prevY: Int32Array;
}

/** Predictions remembered per frame, to measure corrections when the confirmed world gets there. */
const RING = 64;
/** Keys the window may grow by to reach my input's frame when the loop lags behind the updates. */
const LAG_KEYS = 2;

/** A press (split or eject) waiting to be seen in a confirmed update of mine. */
class Press {
  pending = false;
  /** Updates after this key may carry it. */
  afterKey = -1;

  press(recvKey: number): void {
    this.pending = true;
    this.afterKey = recvKey;
  }

  /** My confirmed update of key `k` carried it (`seen`). */
  confirm(k: number, seen: boolean): void {
    if (seen && k > this.afterKey) this.pending = false;
  }
}

export class OwnCellsPredictor {
  /** Frames in the last window (0 before the first prediction). */
  window = 0;
  /** Distance (cells) between the last frame confirmed and what was predicted for it; null before one. */
  lastCorrection: number | null = null;
  /** Corrections measured so far (each sets `lastCorrection`). */
  corrections = 0;
  private readonly scratch: World;
  private readonly out: OwnPrediction;
  private intent: PlayerInput = STOP_INPUT;
  private readonly split = new Press();
  private readonly eject = new Press();
  /** My intent as the newest confirmed update that changed it has it. */
  private confirmedIntent: PlayerInput = STOP_INPUT;
  private scannedKey = -1;
  private readonly ringFrame = new Int32Array(RING).fill(-1);
  /** Per remembered frame, CELLS_PER_PLAYER positions and masses (0: no cell). */
  private readonly ringX = new Int32Array(RING * CELLS_PER_PLAYER);
  private readonly ringY = new Int32Array(RING * CELLS_PER_PLAYER);
  private readonly ringMass = new Int32Array(RING * CELLS_PER_PLAYER);
  private readonly frameInputs: SlotInput[] = [];
  /** What the cached prediction was made from (frame, recvKey, delay, intent changes). */
  private madeFor = { frame: -1, recvKey: -2, delayMs: -1, version: -1 };
  private version = 0;
  private valid = false;

  constructor(
    confirmed: World,
    /** My player (match slot) and my lobby slot. */
    readonly player: number,
    private readonly slot: number,
    /** Player of a lobby slot (-1: none). */
    private readonly playerOf: (slot: number) => number,
    /** Non-zero for a player a bot drives (its human inputs are ignored, as the match does). */
    private readonly botControl: ArrayLike<number>,
  ) {
    // Made while the match loads (path searchers included), never mid-match.
    this.scratch = restore(snapshot(confirmed), confirmed.map, confirmed.settings.mode);
    this.out = { first: firstCell(player), world: this.scratch, prevX: new Int32Array(CELLS_PER_PLAYER), prevY: new Int32Array(CELLS_PER_PLAYER) };
  }

  /** My new local intent, as LockstepMatch sends it to main; `recvKey`: the newest update here now. */
  setIntent(input: PlayerInput, recvKey: number): void {
    this.intent = normalizeInput({ ...input, split: false, eject: false });
    if (input.split) this.split.press(recvKey);
    if (input.eject) this.eject.press(recvKey);
    this.version++;
  }

  /**
   * My cells' predicted state for this display frame, or null to draw the confirmed cells (out
   * now or within the window, driven by a bot, or the match over). Recomputed only when the
   * confirmed frame, the updates, the delay or my intent changed.
   */
  predict(c: ConfirmedView): OwnPrediction | null {
    this.scan(c);
    this.measure(c);
    const m = this.madeFor;
    if (m.frame === c.frame && m.recvKey === c.recvKey && m.delayMs === c.delayMs && m.version === this.version) return this.valid ? this.out : null;
    m.frame = c.frame;
    m.recvKey = c.recvKey;
    m.delayMs = c.delayMs;
    m.version = this.version;
    this.valid = this.run(c);
    return this.valid ? this.out : null;
  }

  /** Takes the newly arrived updates: my last confirmed intent, and whether my presses got through. */
  private scan(c: ConfirmedView): void {
    for (let k = this.scannedKey + 1; k <= c.recvKey; k++) {
      for (const e of c.updates[k]?.inputs ?? []) {
        if (e.slot !== this.slot) continue;
        this.confirmedIntent = normalizeInput({ ...e.input, split: false, eject: false });
        this.split.confirm(k, e.input.split);
        this.eject.confirm(k, e.input.eject);
      }
    }
    this.scannedKey = Math.max(this.scannedKey, c.recvKey);
  }

  /**
   * The confirmed world reached a frame something was predicted for: how far off it was — the
   * largest distance between a predicted and a confirmed cell of the same id (cells one side has
   * and the other not are not a distance: they appear or go).
   */
  private measure(c: ConfirmedView): void {
    const i = c.frame % RING;
    if (this.ringFrame[i] !== c.frame) return;
    this.ringFrame[i] = -1;
    const C = c.world.cells;
    const first = this.out.first;
    let worst = -1;
    for (let k = 0; k < CELLS_PER_PLAYER; k++) {
      const r = i * CELLS_PER_PLAYER + k;
      if (C.mass[first + k] === 0 || this.ringMass[r] === 0) continue;
      const dx = (C.x[first + k]! - this.ringX[r]!) / FX_ONE;
      const dy = (C.y[first + k]! - this.ringY[r]!) / FX_ONE;
      worst = Math.max(worst, Math.sqrt(dx * dx + dy * dy));
    }
    if (worst < 0) return;
    this.lastCorrection = worst;
    this.corrections++;
  }

  private run(c: ConfirmedView): boolean {
    const w = c.world;
    const b = this.player;
    if (w.ended || w.players.alive[b] === 0 || this.botControl[b] !== 0) return false;
    const I = c.keyInterval;
    const d = Math.max(0, (c.delayMs * FRAME_RATE) / 1000);
    const N = c.frame;
    // The first frame main can still schedule my intent into (see the file header).
    const open = Math.max((c.recvKey + 1) * I, (Math.floor((N + d) / I) + 1) * I);
    // The window runs one frame past that one: the view draws between the last frame's two ends,
    // and a press that first acted in the last frame would show only that frame's alpha of it
    // (nothing, early in a frame), so the next display frame always shows a whole step of it.
    // A loop lagging behind the updates (a slow machine, a backlog still draining) would put that
    // frame past the usual window, and a press would show only once the loop got there: the window
    // then runs to it, up to LAG_KEYS keys longer; a loop further behind draws the confirmed cells.
    const usual = N + Math.floor(d) + I + 1;
    const last = Math.max(usual, open + 1);
    if (last > usual + LAG_KEYS * I) return false;
    this.window = last - N + 1;
    const pressed = this.split.pending || this.eject.pending;
    const mine = pressed || !inputsEqual(this.intent, this.confirmedIntent) ? { ...this.intent, split: this.split.pending, eject: this.eject.pending } : null;
    const s = this.scratch;
    copyWorldInto(s, w);
    const C = s.cells;
    const first = this.out.first;
    for (let f = N; f <= last; f++) {
      if (f === last) {
        for (let k = 0; k < CELLS_PER_PLAYER; k++) {
          // A cell made in the last frame has no earlier place: it is drawn where it is.
          const there = C.mass[first + k] !== 0;
          this.out.prevX[k] = there ? C.x[first + k]! : -1;
          this.out.prevY[k] = there ? C.y[first + k]! : -1;
        }
      }
      step(s, this.inputsAt(c, f, open, mine));
      if (s.players.alive[b] === 0) return false;
    }
    const r = ((last + 1) % RING) * CELLS_PER_PLAYER;
    this.ringFrame[(last + 1) % RING] = last + 1;
    for (let k = 0; k < CELLS_PER_PLAYER; k++) {
      const c0 = first + k;
      if (this.out.prevX[k] === -1) {
        this.out.prevX[k] = C.x[c0]!;
        this.out.prevY[k] = C.y[c0]!;
      }
      this.ringX[r + k] = C.x[c0]!;
      this.ringY[r + k] = C.y[c0]!;
      this.ringMass[r + k] = C.mass[c0]!;
    }
    return true;
  }

  /** Frame `f`'s input changes by player: a confirmed key's (bots' players skipped), or my intent at `open`. */
  private inputsAt(c: ConfirmedView, f: number, open: number, mine: PlayerInput | null): readonly SlotInput[] {
    const out = this.frameInputs;
    out.length = 0;
    if (f === open && mine) out.push({ slot: this.player, input: mine });
    const key = f / c.keyInterval;
    if (!Number.isInteger(key) || key > c.recvKey) return out;
    // Slots ascend in an update, and players ascend with slots.
    for (const e of c.updates[key]?.inputs ?? []) {
      const p = this.playerOf(e.slot);
      if (p >= 0 && this.botControl[p] === 0) out.push({ slot: p, input: e.input });
    }
    return out;
  }
}
