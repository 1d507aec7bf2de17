/**
 * The page's lockstep port: core's RemotePort on the net channel (updates pushed from main's
 * ClientPeer, the match loop's intent, key hashes and progress posted back) plus the latest
 * status, which the wait dialog and the F3 panel read and which carries the pace, and the
 * room's wait so far per player it waited for (each hold's longest reported time, summed: no
 * clock needed, and a hold that ended in a drop counts too).
 */
import type { NetUp, NetStart, NetStatus } from '../../electron/contract';
import { RemotePort } from './simApi';

export class NetPort extends RemotePort {
  /** The last NetStatus from main (null until the first one). */
  status: NetStatus | null = null;
  private readonly waitedTotal = new Map<number, number>();
  /** The hold being reported (its key) and, per waited slot, the longest time reported for it. */
  private hold: { key: number; bySlot: Map<number, number> } | null = null;

  constructor(start: NetStart, send: (msg: NetUp) => void, fromKey = 0) {
    super(start, send, fromKey);
  }

  setStatus(s: NetStatus): void {
    this.status = s;
    this.setPace(s.pace);
    const st = s.status;
    if (this.hold && (!st || st.state !== 1 || st.key !== this.hold.key)) this.endHold();
    if (!st || st.state !== 1) return;
    this.hold ??= { key: st.key, bySlot: new Map() };
    for (const w of st.waiting) this.hold.bySlot.set(w.slot, Math.max(this.hold.bySlot.get(w.slot) ?? 0, st.heldMs));
  }

  /** Ms the room has waited for each slot so far this match (holds still open included), ascending slot. */
  waitedBySlot(): { slot: number; ms: number }[] {
    const all = new Map(this.waitedTotal);
    for (const [slot, ms] of this.hold?.bySlot ?? []) all.set(slot, (all.get(slot) ?? 0) + ms);
    return [...all].map(([slot, ms]) => ({ slot, ms })).sort((a, b) => a.slot - b.slot);
  }

  private endHold(): void {
    for (const [slot, ms] of this.hold?.bySlot ?? []) this.waitedTotal.set(slot, (this.waitedTotal.get(slot) ?? 0) + ms);
    this.hold = null;
  }
}
