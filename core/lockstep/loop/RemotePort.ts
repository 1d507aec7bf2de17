/**
 * The lockstep loop's LockstepPort when its ClientPeer lives elsewhere (the page's loop, the peer
 * in main): the confirmed updates pushed to it (in key order, each once) are buffered so the
 * LockstepRunner reads them synchronously, and what the loop does goes back as LoopMsg messages:
 * begin (the key's hash), finish, blocked (once an episode). The net channel carries LoopMsg up
 * (contract.ts NetUp); the page's NetPort and main's bridge tests both run on this class.
 * Invariants: `updates[k]` exists for every fromKey ≤ k ≤ recvKey (contiguous from the key the loop
 * starts at: 0, or a resume's snapshot key); an update out of order is dropped and counted (the
 * sender promises order, so that would be a bug there, not data to play).
 * Units: ms of the caller's clock.
 */
import type { PlayerInput } from '../../sim';
import type { PeerMatch, LoopPeer } from './LoopPeer';
import type { KeyUpdate, MatchStart } from '../types';

/** The loop talking to its remote ClientPeer. */
export type LoopMsg =
  | { readonly t: 'intent'; readonly input: PlayerInput }
  /**
   * The loop begins `key` with the state hash taken before its inputs; `lateMs`: how long after
   * its time by the loop's clock (a render tick runs it), when more than 0.
   */
  | { readonly t: 'begin'; readonly key: number; readonly hash: number; readonly lateMs?: number }
  | { readonly t: 'finish'; readonly hash: number }
  | { readonly t: 'blocked' }
  | { readonly t: 'subhashes'; readonly key: number; readonly hashes: readonly number[] }
  /** The page was hidden (its loop stops) or shown again (ClientPeer.setAway). */
  | { readonly t: 'away'; readonly hidden: boolean };

/** A begin's lateness is at most a frame or two; more is not the loop's clock (a bad report). */
export const MAX_LATE_MS = 1000;
/** A pace outside this range would be a bad report, not phase alignment: it is clamped. */
const PACE_MIN = 0.5;
const PACE_MAX = 1.5;

export class RemotePort implements LoopPeer {
  /** Input delay (ms): the match's, then each update's `delayMs` from the key it begins. */
  delay: number;
  readonly updates: KeyUpdate[] = [];
  /** When the loop first found its next key missing (null: not blocked). */
  blockedSince: number | null = null;
  /** Blocked episodes so far. */
  stalls = 0;
  /** Key and hash of the last key begun. */
  lastBegun: { key: number; hash: number } | null = null;
  /** Updates refused for arriving out of order. */
  dropped = 0;
  private paceValue = 1;

  readonly start: MatchStart;
  readonly lastKey: number;
  /** My lobby slot, or SPECTATOR_SLOT. */
  readonly slot: number;

  constructor(
    match: { readonly start: MatchStart; readonly slot: number; readonly lastKey: number },
    private readonly send: (msg: LoopMsg) => void,
    /** A resumed match's first key: nothing before it is ever held. */
    readonly fromKey = 0,
  ) {
    this.start = match.start;
    this.lastKey = match.lastKey;
    this.slot = match.slot;
    this.updates.length = fromKey;
    this.delay = match.start.delayMs;
  }

  get match(): PeerMatch {
    return this;
  }

  /** Newest key whose update is here (-1 before the first). */
  get recvKey(): number {
    return this.updates.length - 1;
  }

  /** Buffers pushed updates. */
  push(updates: readonly KeyUpdate[]): void {
    for (const u of updates) {
      if (u.key === this.updates.length && u.key <= this.lastKey) this.updates.push(u);
      else this.dropped++;
    }
  }

  /** The peer's phase-alignment speed factor (ClientPeer.pace), clamped. */
  setPace(p: number): void {
    this.paceValue = Number.isFinite(p) ? Math.min(PACE_MAX, Math.max(PACE_MIN, p)) : 1;
  }

  setIntent(input: PlayerInput): void {
    this.send({ t: 'intent', input });
  }

  beginKey(now: number, key: number, hashBefore: number, dueAt = now): KeyUpdate {
    const u = this.updates[key];
    if (!u) throw new Error(`RemotePort.beginKey: no update for key ${key}`); // runner bug, never data
    if (u.delayMs !== undefined) this.delay = u.delayMs;
    this.blockedSince = null;
    this.lastBegun = { key, hash: hashBefore >>> 0 };
    const lateMs = Math.min(MAX_LATE_MS, Math.round(now - dueAt));
    this.send({ t: 'begin', key, hash: hashBefore >>> 0, ...(lateMs > 0 ? { lateMs } : {}) });
    return u;
  }

  finish(_now: number, hash: number): void {
    this.blockedSince = null;
    this.send({ t: 'finish', hash: hash >>> 0 });
  }

  /** The peer only needs the start of an episode (it then NACKs on its own schedule). */
  noteBlocked(now: number): void {
    if (this.blockedSince !== null) return;
    this.blockedSince = now;
    this.stalls++;
    this.send({ t: 'blocked' });
  }

  sendSubhashes(key: number, hashes: readonly number[]): void {
    this.send({ t: 'subhashes', key, hashes });
  }

  /** The page was hidden or shown again (its loop stops while hidden). */
  setAway(hidden: boolean): void {
    this.send({ t: 'away', hidden });
  }

  pace(): number {
    return this.paceValue;
  }

  /** How long the loop has been blocked at `now` (0 when running). */
  blockedMs(now: number): number {
    return this.blockedSince === null ? 0 : Math.max(0, now - this.blockedSince);
  }
}
