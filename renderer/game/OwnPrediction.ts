/**
 * Own-ball prediction over lockstep (issue 14): in a LAN match my input executes one key frame
 * plus the input delay after I press it, so the view draws my ball from a predicted state instead:
 * a scratch copy of the confirmed world, run forward with the same deterministic `step` over the
 * frames my latest input could still be waiting for. The confirmed world is only read (copied);
 * rules, scores, hashes and replays never see the scratch world.
 *
 * Timeline. The confirmed world stands before frame N. Main closes my inputs for every key due
 * within the input delay, so an intent set now executes at the first key it can still reach:
 * key ⌊(N + d)/I⌋ + 1 (d = delay in frames, I = frames a key), and never in a key whose update is
 * already here (those are the truth). That frame is at most N + ⌊d⌋ + I, so the scratch world runs
 * frames N..N + ⌊d⌋ + I + 1 (the window; its last frame is the one the view interpolates across):
 * a key press shows a whole step on the next display frame, and the drawn ball stays a constant
 * lead ahead of the confirmed one, so it moves as smoothly as the others.
 * While the loop lags behind the updates (more than ⌊d⌋ + I frames of them waiting), the window
 * runs on to one frame past the first key after the newest update, where my input can still go.
 * In the window: every confirmed update not yet run (everyone's, mine included) at its key, my
 * local intent at the frame it can execute (if it differs from my last confirmed one, or carries a
 * dash not yet seen), and everyone else holding the intent they have: with nobody else changing
 * theirs, the ball I draw is exactly where the confirmed one will be (0 correction).
 * Corrections (the confirmed state reaches a frame and differs from what was predicted for it) are
 * measured here and smoothed by the Smoother like any jump. Units: Fx in, cells for corrections.
 */
import { FX_ONE } from '../../core/math';
import { FRAME_RATE, STOP_INPUT, copyWorldInto, inputsEqual, normalizeInput, restore, snapshot, step } from './simApi';
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

/** My ball as drawn: its predicted positions (Fx) before and after the window's last frame. */
export interface OwnPrediction {
  readonly ball: number;
  prevX: number;
  prevY: number;
  x: number;
  y: number;
}

/** Predictions remembered per frame, to measure corrections when the confirmed world gets there. */
const RING = 64;
/** Keys the window may grow by to reach my input's frame when the loop lags behind the updates. */
const LAG_KEYS = 2;

export class OwnBallPredictor {
  /** Frames in the last window (0 before the first prediction). */
  window = 0;
  /** Distance (cells) between the last frame confirmed and what was predicted for it; null before one. */
  lastCorrection: number | null = null;
  /** Corrections measured so far (each sets `lastCorrection`). */
  corrections = 0;
  private readonly scratch: World;
  private readonly out: OwnPrediction;
  private intent: PlayerInput = STOP_INPUT;
  private dashPending = false;
  /** Updates after this key may carry the pending dash. */
  private dashAfterKey = -1;
  /** My intent as the newest confirmed update that changed it has it. */
  private confirmedIntent: PlayerInput = STOP_INPUT;
  private scannedKey = -1;
  private readonly ringFrame = new Int32Array(RING).fill(-1);
  private readonly ringX = new Int32Array(RING);
  private readonly ringY = new Int32Array(RING);
  private readonly frameInputs: SlotInput[] = [];
  /** What the cached prediction was made from (frame, recvKey, delay, intent changes). */
  private madeFor = { frame: -1, recvKey: -2, delayMs: -1, version: -1 };
  private version = 0;
  private valid = false;

  constructor(
    confirmed: World,
    /** My ball and my lobby slot. */
    readonly ball: number,
    private readonly slot: number,
    /** Ball of a lobby slot (-1: none). */
    private readonly ballOf: (slot: number) => number,
    /** Non-zero for a ball a bot drives (its human inputs are ignored, as the match does). */
    private readonly botControl: ArrayLike<number>,
  ) {
    // Made while the match loads (path searchers included), never mid-match.
    this.scratch = restore(snapshot(confirmed), confirmed.map);
    this.out = { ball, prevX: 0, prevY: 0, x: 0, y: 0 };
  }

  /** My new local intent, as LockstepMatch sends it to main; `recvKey`: the newest update here now. */
  setIntent(input: PlayerInput, recvKey: number): void {
    this.intent = normalizeInput({ ...input, dash: false });
    if (input.dash) {
      this.dashPending = true;
      this.dashAfterKey = recvKey;
    }
    this.version++;
  }

  /**
   * My ball's predicted positions for this display frame, or null to draw the confirmed ball
   * (dead now or within the window, driven by a bot, or the match over). Recomputed only when the
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

  /** Takes the newly arrived updates: my last confirmed intent, and whether my dash got through. */
  private scan(c: ConfirmedView): void {
    for (let k = this.scannedKey + 1; k <= c.recvKey; k++) {
      for (const e of c.updates[k]?.inputs ?? []) {
        if (e.slot !== this.slot) continue;
        this.confirmedIntent = normalizeInput({ ...e.input, dash: false });
        if (e.input.dash && k > this.dashAfterKey) this.dashPending = false;
      }
    }
    this.scannedKey = Math.max(this.scannedKey, c.recvKey);
  }

  /** The confirmed world reached a frame something was predicted for: how far off it was. */
  private measure(c: ConfirmedView): void {
    const i = c.frame % RING;
    if (this.ringFrame[i] !== c.frame) return;
    this.ringFrame[i] = -1;
    const B = c.world.balls;
    if (B.alive[this.ball] === 0) return;
    const dx = (B.x[this.ball]! - this.ringX[i]!) / FX_ONE;
    const dy = (B.y[this.ball]! - this.ringY[i]!) / FX_ONE;
    this.lastCorrection = Math.sqrt(dx * dx + dy * dy);
    this.corrections++;
  }

  private run(c: ConfirmedView): boolean {
    const w = c.world;
    const b = this.ball;
    if (w.ended || w.balls.alive[b] === 0 || this.botControl[b] !== 0) return false;
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
    // then runs to it, up to LAG_KEYS keys longer; a loop further behind draws the confirmed ball.
    const usual = N + Math.floor(d) + I + 1;
    const last = Math.max(usual, open + 1);
    if (last > usual + LAG_KEYS * I) return false;
    this.window = last - N + 1;
    const mine = this.dashPending || !inputsEqual(this.intent, this.confirmedIntent) ? { ...this.intent, dash: this.dashPending } : null;
    const s = this.scratch;
    copyWorldInto(s, w);
    const B = s.balls;
    for (let f = N; f <= last; f++) {
      if (f === last) {
        this.out.prevX = B.x[b]!;
        this.out.prevY = B.y[b]!;
      }
      step(s, this.inputsAt(c, f, open, mine));
      if (B.alive[b] === 0) return false;
    }
    this.out.x = B.x[b]!;
    this.out.y = B.y[b]!;
    const r = (last + 1) % RING;
    this.ringFrame[r] = last + 1;
    this.ringX[r] = this.out.x;
    this.ringY[r] = this.out.y;
    return true;
  }

  /** Frame `f`'s input changes by ball: a confirmed key's (bots' balls skipped), or my intent at `open`. */
  private inputsAt(c: ConfirmedView, f: number, open: number, mine: PlayerInput | null): readonly SlotInput[] {
    const out = this.frameInputs;
    out.length = 0;
    if (f === open && mine) out.push({ slot: this.ball, input: mine });
    const key = f / c.keyInterval;
    if (!Number.isInteger(key) || key > c.recvKey) return out;
    // Slots ascend in an update, and balls ascend with slots.
    for (const e of c.updates[key]?.inputs ?? []) {
      const ball = this.ballOf(e.slot);
      if (ball >= 0 && this.botControl[ball] === 0) out.push({ slot: ball, input: e.input });
    }
    return out;
  }
}
