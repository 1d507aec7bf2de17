/**
 * Who may pause a match and for how long: the room owner without limit, each player
 * PLAYER_PAUSES times a match; a player's pause ends by itself after PLAYER_PAUSE_MAX_MS. Resuming
 * is for whoever paused and for the owner. The host holds the clock while paused (HostMatch), so
 * every peer stops at the same key. Times in ms.
 */
import { PLAYER_PAUSES } from '../types';

/** A player's pause ends by itself after this long. */
export const PLAYER_PAUSE_MAX_MS = 60_000;

export class PauseControl {
  state: { readonly by: number; readonly since: number; readonly owner: boolean } | null = null;
  private readonly left = new Map<number, number>();

  /** Starts a pause by `slot` (`mayPlayer`: the slot is an active player); false when refused. */
  pause(slot: number, owner: boolean, mayPlayer: boolean, now: number): boolean {
    if (this.state) return false;
    if (!owner) {
      const left = this.left.get(slot) ?? PLAYER_PAUSES;
      if (!mayPlayer || left <= 0) return false;
      this.left.set(slot, left - 1);
    }
    this.state = { by: slot, since: now, owner };
    return true;
  }

  /** Ends the pause if `slot` may; false when refused or not paused. */
  resume(slot: number, owner: boolean): boolean {
    const ps = this.state;
    if (!ps || (!owner && slot !== ps.by)) return false;
    this.state = null;
    return true;
  }

  /** True when a player's pause has run out. */
  expired(now: number): boolean {
    const ps = this.state;
    return ps !== null && !ps.owner && now - ps.since >= PLAYER_PAUSE_MAX_MS;
  }

  pausesLeft(slot: number): number {
    return this.left.get(slot) ?? PLAYER_PAUSES;
  }
}
