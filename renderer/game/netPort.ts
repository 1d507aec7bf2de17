/**
 * The lockstep loop's LockstepPort over the bridge. The ClientPeer lives in main; it pushes the
 * confirmed updates (`net:updates`, in key order, each once) and live figures (`net:status`), and
 * this port buffers them so the renderer's LockstepRunner reads them synchronously. What the loop
 * does goes back as `net:loop` messages: begin (the key's hash), finish, blocked (once an episode).
 * Invariants: `updates[k]` exists for every fromKey ≤ k ≤ recvKey (contiguous from the key the loop
 * starts at: 0, or a resume's snapshot key); an update out of
 * order is dropped (the bridge promises order, so that would be a main-side bug, not data to play).
 * Units: ms of the caller's clock (performance.now in the page).
 */
import type { NetLoopMsg, NetStart, NetStatus } from '../../electron/contract';
import type { KeyUpdate, LockstepPort, MatchStart } from './simApi';

/** A pace outside this range would be a bad status, not phase alignment: it is clamped. */
const PACE_MIN = 0.5;
const PACE_MAX = 1.5;

export class NetPort implements LockstepPort {
  readonly start: MatchStart;
  readonly lastKey: number;
  /** Input delay (ms): the match's, then each update's `delayMs` from the key it begins. */
  delay: number;
  readonly updates: KeyUpdate[] = [];
  /** The last NetStatus from main (null until the first one). */
  status: NetStatus | null = null;
  /** When the loop first found its next key missing (null: not blocked). */
  blockedSince: number | null = null;
  /** Blocked episodes so far (the F3 panel's "stalls"). */
  stalls = 0;
  /** Key and hash of the last key begun. */
  lastBegun: { key: number; hash: number } | null = null;
  dropped = 0;

  constructor(
    start: NetStart,
    private readonly send: (msg: NetLoopMsg) => void,
    /** A resumed match's first key (net:resume): nothing before it is ever held. */
    readonly fromKey = 0,
  ) {
    this.updates.length = fromKey;
    this.start = start.start;
    this.lastKey = start.lastKey;
    this.delay = start.start.delayMs;
  }

  get match(): NonNullable<LockstepPort['match']> {
    return this;
  }

  /** Newest key whose update is here (-1 before the first). */
  get recvKey(): number {
    return this.updates.length - 1;
  }

  /** Buffers updates from `net:updates`. */
  push(updates: readonly KeyUpdate[]): void {
    for (const u of updates) {
      if (u.key === this.updates.length && u.key <= this.lastKey) this.updates.push(u);
      else this.dropped++;
    }
  }

  setStatus(s: NetStatus): void {
    this.status = s;
  }

  beginKey(_now: number, key: number, hashBefore: number): KeyUpdate {
    const u = this.updates[key];
    if (!u) throw new Error(`NetPort.beginKey: no update for key ${key}`); // runner bug, never data
    if (u.delayMs !== undefined) this.delay = u.delayMs;
    this.blockedSince = null;
    this.lastBegun = { key, hash: hashBefore >>> 0 };
    this.send({ t: 'begin', key, hash: hashBefore >>> 0 });
    return u;
  }

  finish(_now: number, hash: number): void {
    this.blockedSince = null;
    this.send({ t: 'finish', hash: hash >>> 0 });
  }

  /** Main only needs the start of an episode (its ClientPeer then NACKs on its own schedule). */
  noteBlocked(now: number): void {
    if (this.blockedSince !== null) return;
    this.blockedSince = now;
    this.stalls++;
    this.send({ t: 'blocked' });
  }

  pace(): number {
    const p = this.status?.pace ?? 1;
    return Number.isFinite(p) ? Math.min(PACE_MAX, Math.max(PACE_MIN, p)) : 1;
  }

  /** How long the loop has been blocked at `now` (0 when running). */
  blockedMs(now: number): number {
    return this.blockedSince === null ? 0 : Math.max(0, now - this.blockedSince);
  }
}
