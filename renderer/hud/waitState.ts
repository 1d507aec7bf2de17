/**
 * From the host's stall status and the local loop's blocked time to what the wait dialog shows.
 * Pure (no DOM), so the mapping is unit-tested. The dialog is local truth plus the host's word:
 * it opens only while *this* loop is blocked (past the grace), and lists whom the host waits for.
 * Slots here are lobby slots (votes name lobby slots).
 */
import type { HostStatus } from '../game/simApi';
import { StallCause } from '../game/simApi';
import type { AwaitedPlayer, WaitState } from './WaitDialog';

/** Name and colour of a lobby slot (null when unknown). */
export type SlotLookup = (slot: number) => { readonly name: string; readonly color: string } | null;

/**
 * The dialog's state, or null to close it. `blockedMs`: how long the local loop has waited;
 * `status`: the host's latest HostStatus (null when none arrived).
 */
export function waitStateOf(blockedMs: number, status: HostStatus | null, lookup: SlotLookup): WaitState | null {
  if (blockedMs <= 0 || !status || status.state !== 1 || status.waiting.length === 0) return null;
  const awaited: AwaitedPlayer[] = status.waiting.map((w) => {
    const who = lookup(w.slot);
    return { slot: w.slot, name: who?.name ?? `#${w.slot + 1}`, color: who?.color ?? '#888888', waitingMs: Math.max(0, status.heldMs), cause: w.cause === StallCause.Slow ? 'slow' : 'network' };
  });
  // The dialog counts down from its own stall time: voting opens voteInMs from now.
  return { stalledMs: blockedMs, awaited, dropAfterMs: blockedMs + Math.max(0, status.voteInMs) };
}
