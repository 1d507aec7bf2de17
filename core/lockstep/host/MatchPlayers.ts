/**
 * The players of one running match as the host tracks them (humans only; bots and spectators never
 * hold the clock): how far each has closed its inputs, the inputs themselves until their key is
 * released, how long its closures wait for release (its phase), liveness, votes against it, and
 * how long the room waited for it. HostMatch decides; this holds the per-player facts.
 * Invariants: players are kept and visited in ascending slot order; `closed` only grows while a
 * player is active.
 * Units: keys; times in ms of the host's clock.
 */
import type { PlayerInput, SlotInput } from '../../sim';
import { PHASE_SHIFT_PACE } from '../types';

/** Releases over which a player's earliness is taken. */
export const WAIT_WINDOW = 30;
/**
 * Earliness up to this much (ms) is left alone: jitter and the players' timers move a measured
 * phase by a few ms, and shifting a player that was not early makes it the one everyone waits for.
 */
export const PHASE_TOLERANCE_MS = 12;

export interface MatchPlayer {
  readonly slot: number;
  closed: number;
  /** When each not-yet-released key was closed by this player (ms). */
  readonly closedAt: Map<number, number>;
  /** Recent waits between this player's closure of a key and its release (ms), a ring. */
  waits: number[];
  waitAt: number;
  /** A phase shift was told: waits before this time (ms) are not its new phase. */
  shiftedUntil: number;
  recvKey: number;
  behindMs: number;
  lastHeard: number;
  active: boolean;
  /**
   * Since when the host has released keys without this player's closure (null: it has closed every
   * released key): a stall waiting for it counts from then, so its vote and forced drop come as
   * soon as they did when every key waited for it.
   */
  lateSince: number | null;
  readonly inputs: Map<number, PlayerInput>;
  readonly votes: Set<number>;
  waitedMs: number;
}

export class MatchPlayers {
  /** Ascending slot. */
  readonly list: MatchPlayer[] = [];

  /** Adds a player; `closed`: the key through which it cannot have inputs (the first delay's keys). */
  add(slot: number, closed: number, active: boolean, now: number): void {
    this.list.push({ slot, closed, closedAt: new Map(), waits: [], waitAt: 0, shiftedUntil: -Infinity, recvKey: -1, behindMs: 0, lastHeard: now, active, lateSince: null, inputs: new Map(), votes: new Set(), waitedMs: 0 });
    this.list.sort((a, b) => a.slot - b.slot);
  }

  get(slot: number): MatchPlayer | undefined {
    return this.list.find((p) => p.slot === slot);
  }

  /** The key through which `slot`'s inputs are final (-1 for an unknown slot). */
  closedOf(slot: number): number {
    return this.get(slot)?.closed ?? -1;
  }

  isActive(slot: number): boolean {
    return this.get(slot)?.active === true;
  }

  /** Any datagram from a player's session. */
  heard(slot: number, now: number): void {
    const p = this.get(slot);
    if (p) p.lastHeard = now;
  }

  /** How far behind its updates a player's simulation says it is (ms; 0 when it says nothing). */
  setBehind(slot: number, behindMs: number): void {
    const p = this.get(slot);
    if (p) p.behindMs = behindMs;
  }

  anyActive(): boolean {
    return this.list.some((p) => p.active);
  }

  /** Active players that have not closed `key` yet: they hold its release. */
  holding(key: number): MatchPlayer[] {
    return this.list.filter((p) => p.active && p.closed < key);
  }

  /** Per-slot totals of ms the clock was held waiting for that player. */
  waitedBySlot(): { slot: number; ms: number }[] {
    return this.list.map((p) => ({ slot: p.slot, ms: p.waitedMs }));
  }

  /**
   * How far ahead of the latest player's phase `slot` runs (ms; 0 until known): the median time
   * its closures wait for release, minus the smallest such median among active players (uplink
   * jitter makes everyone wait a little; only the difference is phase).
   */
  earlyOf(slot: number): number {
    const mine = medianWait(this.get(slot));
    if (mine === null) return 0;
    let least = mine;
    for (const p of this.list) {
      const m = p.active ? medianWait(p) : null;
      if (m !== null && m < least) least = m;
    }
    return mine - least;
  }

  /**
   * The phase shift to tell `slot` now (ms; 0: none), each once: its earliness when over
   * PHASE_TOLERANCE_MS. The peer then runs at PHASE_SHIFT_PACE until it has moved that much, so
   * every peer closes in the latest one's phase and nobody waits at each key; its waits start
   * afresh once the move has reached it (`rttMs`) and is done. A shift told again and again from a
   * median that still holds the old phase overshoots: phases would swing by a key.
   */
  takeShift(slot: number, now: number, rttMs: number): number {
    const early = this.earlyOf(slot);
    const p = this.get(slot);
    if (!p || early <= PHASE_TOLERANCE_MS) return 0;
    p.waits = [];
    p.waitAt = 0;
    p.shiftedUntil = now + rttMs + early / (1 - PHASE_SHIFT_PACE);
    return early;
  }

  /**
   * Puts `p`'s input for `key` into its schedule: into `key` itself, or, when that key was released
   * without it, into `open`, the earliest key not yet released (true: it was late). There the newer
   * intent wins and a press (split, eject) either carried is kept, so a late press still happens.
   */
  place(p: MatchPlayer, key: number, input: PlayerInput, open: number): boolean {
    const at = Math.max(key, open);
    const before = p.inputs.get(at);
    p.inputs.set(at, before ? { ...input, split: input.split || before.split, eject: input.eject || before.eject } : input);
    return at !== key;
  }

  /** When the last active player closed `key` (undefined: nobody's closure of it is known). */
  completedAt(key: number): number | undefined {
    let last: number | undefined;
    for (const p of this.list) {
      const at = p.active ? p.closedAt.get(key) : undefined;
      if (at !== undefined && (last === undefined || at > last)) last = at;
    }
    return last;
  }

  /** Key `key` is released at `now`: each active player's input for it, and how long its closure waited. */
  release(key: number, now: number): SlotInput[] {
    const inputs: SlotInput[] = [];
    for (const p of this.list) {
      const at = p.closedAt.get(key);
      p.closedAt.delete(key);
      if (at !== undefined && p.active && now >= p.shiftedUntil) p.waits[p.waitAt++ % WAIT_WINDOW] = now - at;
      const input = p.inputs.get(key);
      p.inputs.delete(key);
      if (input && p.active) inputs.push({ slot: p.slot, input }); // DETERMINISM: ascending slot order
    }
    return inputs;
  }
}

function medianWait(p: MatchPlayer | undefined): number | null {
  if (!p || p.waits.length < WAIT_WINDOW) return null;
  return [...p.waits].sort((a, b) => a - b)[WAIT_WINDOW >> 1] ?? null;
}
