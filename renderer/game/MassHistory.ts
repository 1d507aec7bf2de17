/**
 * Mass over time per player, for the results chart: one sample a second of game time (every
 * FRAME_RATE logic frames), stored in one preallocated Int32Array (no allocation while playing).
 * Units: mass units (all a player's cells; 0 while dead); sample k is taken at logic frame k × FRAME_RATE.
 */
import { FRAME_RATE, playerMass, type World } from './simApi';

export class MassHistory {
  /** Samples taken so far (the same for every player). */
  length = 0;
  readonly capacity: number;
  private readonly data: Int32Array;

  constructor(
    readonly players: number,
    lengthFrames: number,
  ) {
    this.capacity = Math.floor(lengthFrames / FRAME_RATE) + 2;
    this.data = new Int32Array(players * this.capacity);
  }

  /** Samples when the world's frame is on a whole second (and always on the last frame). */
  maybeSample(w: World): void {
    if (w.frame % FRAME_RATE !== 0 && !w.ended) return;
    if (this.length === this.capacity) return;
    const base = this.length * this.players;
    for (let p = 0; p < this.players; p++) this.data[base + p] = playerMass(w, p);
    this.length++;
  }

  /** Mass of `slot` at sample `k`. */
  at(slot: number, k: number): number {
    return this.data[k * this.players + slot]!;
  }

  /** Largest sampled mass (chart scale). */
  max(): number {
    let m = 0;
    for (let i = 0; i < this.length * this.players; i++) if (this.data[i]! > m) m = this.data[i]!;
    return m;
  }
}
