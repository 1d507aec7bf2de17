/**
 * A tiny deterministic game for protocol tests: every slot has a position that follows its
 * persistent intent (8-way direction, move-to target, stop; a dash jumps), plus a frame counter.
 * Cheap (a 10-minute 8-player match steps in milliseconds) yet sensitive: any lost, late, doubled
 * or misordered input changes the hash. Also a deterministic toy bot driver.
 */
import { MoveMode } from '../../sim';
import type { PlayerInput, SlotInput } from '../../sim';
import type { BotDriver, LockstepGame } from '../loop/LockstepGame';
import type { SlotEvent } from '../types';

const SLOTS = 64;
const DX = [8, 6, 0, -6, -8, -6, 0, 6];
const DY = [0, 6, 8, 6, 0, -6, -8, -6];

function mix(h: number, v: number): number {
  return Math.imul(h ^ (v | 0), 0x01000193) >>> 0;
}

export class ToyGame implements LockstepGame {
  /** Per slot: x, y, mode, angle, targetX, targetY, dashes, isBot. */
  readonly s = new Int32Array(SLOTS * 8);
  frame = 0;
  steps = 0;

  step(inputs: readonly SlotInput[]): void {
    const s = this.s;
    for (const { slot, input } of inputs) {
      const o = slot * 8;
      s[o + 2] = input.move;
      s[o + 3] = input.angle;
      s[o + 4] = input.targetX;
      s[o + 5] = input.targetY;
      if (input.split || input.eject) {
        s[o + 6] = (s[o + 6] ?? 0) + 1;
        s[o] = (s[o] ?? 0) + 40;
      }
    }
    for (let slot = 0; slot < SLOTS; slot++) {
      const o = slot * 8;
      const mode = s[o + 2] ?? 0;
      if (mode === MoveMode.Direction) {
        const d = ((s[o + 3] ?? 0) >> 9) & 7;
        s[o] = (s[o] ?? 0) + (DX[d] ?? 0);
        s[o + 1] = (s[o + 1] ?? 0) + (DY[d] ?? 0);
      } else if (mode === MoveMode.Target) {
        s[o] = (s[o] ?? 0) + Math.sign((s[o + 4] ?? 0) - (s[o] ?? 0));
        s[o + 1] = (s[o + 1] ?? 0) + Math.sign((s[o + 5] ?? 0) - (s[o + 1] ?? 0));
      }
    }
    this.frame++;
    this.steps++;
  }

  hash(): number {
    let h = mix(0x811c9dc5, this.frame);
    for (let i = 0; i < this.s.length; i++) h = mix(h, this.s[i] ?? 0);
    return h;
  }

  applyEvents(events: readonly SlotEvent[]): void {
    for (const e of events) this.s[e.slot * 8 + 7] = e.kind === 2 ? 0 : 1;
  }

  restore(bytes: Uint8Array): void {
    if (bytes.length !== (this.s.length + 1) * 4) throw new Error(`ToyGame.restore: bad length ${bytes.length}`);
    const words = new Int32Array(bytes.slice().buffer);
    this.s.set(words.subarray(0, this.s.length));
    this.frame = words[this.s.length] ?? 0;
  }

  snapshot(): Uint8Array {
    const out = new Int32Array(this.s.length + 1);
    out.set(this.s);
    out[this.s.length] = this.frame;
    return new Uint8Array(out.buffer);
  }

  subHashes(): { name: string; hash: number }[] {
    const part = (k0: number, k1: number): number => {
      let h = 0x811c9dc5;
      for (let slot = 0; slot < SLOTS; slot++) for (let k = k0; k < k1; k++) h = mix(h, this.s[slot * 8 + k] ?? 0);
      return h;
    };
    return [
      { name: 'clock', hash: mix(0x811c9dc5, this.frame) },
      { name: 'positions', hash: part(0, 2) },
      { name: 'intents', hash: part(2, 6) },
      { name: 'misc', hash: part(6, 8) },
    ];
  }

  /** Test hook: corrupts one slot's position (a simulated non-determinism). */
  perturb(slot: number): void {
    this.s[slot * 8] = (this.s[slot * 8] ?? 0) + 1;
  }
}

/** Toy bots: every 7 keys, a new direction derived from the game's state and the slot. */
export class ToyBots implements BotDriver {
  constructor(private readonly game: ToyGame) {}

  decide(slot: number, difficulty: number, key: number): PlayerInput | null {
    if ((key + slot) % 7 !== 0) return null;
    const h = mix(this.game.hash(), slot * 31 + difficulty);
    return { move: MoveMode.Direction, angle: h & 4095, targetX: 0, targetY: 0, split: (h & 0x10000) !== 0 && difficulty > 1, eject: false };
  }
}
