/**
 * Model → view events: what happened during one logic frame, so the view never has to infer it
 * (seed 003). A reusable flat buffer: `step` clears it, systems append, the view reads it until the
 * next step. Events are emitted in system order, entities ascending within a system, so the same
 * frame always yields the same list on every peer.
 * Record layout: EVENT_STRIDE int32 words per event: kind, then up to four arguments (see EventKind).
 */

/** Event kinds and their arguments (a, b, c, d). Cells are cell ids (owner = id >> 4, cellOps.ts). */
export const EventKind = {
  /** a = pellet id, b = cell that ate it, c = pellet value. */
  PelletEaten: 1,
  /** a = pellet id, b = x (Fx), c = y (Fx), d = value. */
  PelletSpawned: 2,
  /** a = eater cell, b = victim cell (of another player), c = victim's mass. */
  CellEaten: 3,
  /** a = slot, b = map cell index it appeared in, c = x (Fx), d = y (Fx) of its one cell. */
  Respawned: 4,
  /** a = eater's slot, b = the slot that lost its last cell, c = the eater's mass after it, d = the eater cell. */
  PlayerEaten: 5,
  /** a = final frame, b = number of ranked players; followed by that many Ranked events. */
  MatchOver: 6,
  /** a = rank (1 = winner), b = slot, c = mass, d = kills. */
  Ranked: 7,
  /** a = parent cell, b = new cell, c = aim (steps). */
  Split: 8,
  /** a = cell, b = blob id, c = aim (steps). */
  Ejected: 9,
  /** a = blob id, b = the cell that ate it, or −1 − virus id for a virus it fed. */
  BlobEaten: 10,
  /** a = cell, b = virus id, c = pieces it burst into (0: it had no room, it only grew). */
  VirusPopped: 11,
  /** a = the fed virus, b = the new virus, c = aim (steps). */
  VirusShot: 12,
  /** a = virus id (a map virus back at its place). */
  VirusBack: 13,
  /** a = the cell that stays, b = the cell it took in. */
  Merged: 14,
  /** a = blob id (its time ran out). */
  BlobGone: 15,
  /** a = slot: its last cell was outside the closing area and is gone (last ball standing, closingArea.ts). */
  OutOfArea: 16,
} as const;
export type EventKind = (typeof EventKind)[keyof typeof EventKind];

/** Words per event record. */
export const EVENT_STRIDE = 5;

/** A decoded event, for tests and tools (the hot path reads the buffer directly). */
export interface SimEvent {
  readonly kind: EventKind;
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
}

/** The per-frame event buffer. Grows (doubling) when a frame overflows it; never shrinks. */
export class SimEvents {
  /** Events recorded this frame. */
  count = 0;
  /** Records, EVENT_STRIDE words each; entries past count × EVENT_STRIDE are stale. */
  data: Int32Array;

  constructor(capacity = 256) {
    this.data = new Int32Array(capacity * EVENT_STRIDE);
  }

  /** Forgets this frame's events. */
  clear(): void {
    this.count = 0;
  }

  /** Appends one event. */
  push(kind: EventKind, a: number, b = 0, c = 0, d = 0): void {
    let o = this.count * EVENT_STRIDE;
    if (o + EVENT_STRIDE > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const data = this.data;
    data[o++] = kind;
    data[o++] = a;
    data[o++] = b;
    data[o++] = c;
    data[o] = d;
    this.count++;
  }

  /** Kind of event `i` (0 ≤ i < count). */
  kind(i: number): EventKind {
    return this.data[i * EVENT_STRIDE]! as EventKind;
  }

  /** Argument `k` (0 = a … 3 = d) of event `i`. */
  arg(i: number, k: number): number {
    return this.data[i * EVENT_STRIDE + 1 + k]!;
  }

  /** This frame's events as objects (allocates: for tests, tools and logs). */
  toArray(): SimEvent[] {
    const out: SimEvent[] = [];
    for (let i = 0; i < this.count; i++) {
      out.push({ kind: this.kind(i), a: this.arg(i, 0), b: this.arg(i, 1), c: this.arg(i, 2), d: this.arg(i, 3) });
    }
    return out;
  }
}
