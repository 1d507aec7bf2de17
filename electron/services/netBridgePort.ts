/**
 * A LockstepPort on the renderer's side of the bridge: the confirmed updates main pushes
 * (net:updates) in a local buffer, and the loop's calls turned into net:loop messages. It is what
 * a LockstepRunner needs to run a networked match away from the ClientPeer. Used by the NetBridge
 * tests; written without Node or DOM imports so renderer/game/netPort.ts can follow it (the
 * renderer may not import from electron/, types of the contract aside).
 * Invariants: `updates[k]` exists for every fromKey ≤ k ≤ recvKey (contiguous from the key the match
 * was joined at — 0, or a resume's snapshot key — each key kept once);
 * `delay` follows the updates' delay changes at the key that carries them, as ClientMatch does;
 * one 'blocked' message per blocked episode (main only needs its start).
 */
import type { LockstepPort } from '../../core/lockstep/LockstepRunner';
import type { KeyUpdate, MatchStart } from '../../core/lockstep/types';
import type { NetLoopMsg, NetStart, NetStatus } from '../contract';

export class BridgePort implements LockstepPort {
  readonly updates: KeyUpdate[] = [];
  readonly match: { readonly start: MatchStart; readonly lastKey: number; recvKey: number; delay: number };
  private blocked = false;
  private paceValue = 1;

  constructor(
    start: NetStart,
    private readonly send: (m: NetLoopMsg) => void,
    fromKey = 0,
  ) {
    this.updates.length = fromKey;
    this.match = { start: start.start, lastKey: start.lastKey, recvKey: fromKey - 1, delay: start.start.delayMs };
  }

  /** net:updates: keeps the next keys in order; repeats and gaps (never expected) are ignored. */
  addUpdates(updates: readonly KeyUpdate[]): void {
    for (const u of updates) {
      if (u.key !== this.updates.length || u.key > this.match.lastKey) continue;
      this.updates.push(u);
    }
    this.match.recvKey = this.updates.length - 1;
  }

  /** net:status: the phase-alignment speed factor. */
  onStatus(s: NetStatus): void {
    this.paceValue = s.pace;
  }

  setIntent(input: Extract<NetLoopMsg, { t: 'intent' }>['input']): void {
    this.send({ t: 'intent', input });
  }

  beginKey(_now: number, key: number, hashBefore: number): KeyUpdate {
    const u = this.updates[key];
    if (!u) throw new Error(`BridgePort.beginKey: no update for key ${key}`); // runner bug, never data
    if (u.delayMs !== undefined) this.match.delay = u.delayMs;
    this.blocked = false;
    this.send({ t: 'begin', key, hash: hashBefore >>> 0 });
    return u;
  }

  finish(_now: number, hash: number): void {
    this.send({ t: 'finish', hash: hash >>> 0 });
  }

  noteBlocked(_now: number): void {
    if (this.blocked) return;
    this.blocked = true;
    this.send({ t: 'blocked' });
  }

  pace(): number {
    return this.paceValue;
  }
}
