/**
 * The JOINs this host refused lately, for its own lobby: "Bo (192.168.1.31) could not join: the
 * room is full" tells the host why a friend waves from across the room. Bounded whatever comes in:
 * the newest few, one per address, and a count that a flood only moves.
 */
import type { RejectReason } from '../types';

export interface Refusal {
  /** "ip:port" the JOIN came from. */
  readonly from: string;
  /** The name it asked for ('' when it was refused before its name was read). */
  readonly name: string;
  readonly reason: RejectReason;
}

export const REFUSALS_KEPT = 3;

export class HostRefusals {
  private readonly last: Refusal[] = [];
  /** Refusals since the room opened. */
  count = 0;

  note(from: string, reason: RejectReason, name: string): void {
    this.count++;
    const i = this.last.findIndex((r) => r.from === from);
    if (i >= 0) this.last.splice(i, 1);
    this.last.unshift({ from, name, reason });
    if (this.last.length > REFUSALS_KEPT) this.last.pop();
  }

  /** Newest first. */
  list(): readonly Refusal[] {
    return this.last;
  }
}
