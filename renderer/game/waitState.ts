/**
 * From the host's stall status and the local loop's blocked time to what the wait dialog shows.
 * Pure (no DOM), so the mapping is unit-tested. The dialog is local truth plus the host's word:
 * it opens only while *this* loop is blocked (past the grace), and lists whom the host waits for.
 * Slots here are lobby slots (votes name lobby slots).
 * A host that cannot report is shown too: when nothing has come from it for HOST_SILENT_MS the
 * dialog names the host ("not responding"), counts, offers Leave and no Drop, and closes by
 * itself the moment the host is heard again — never a silent freeze.
 */
import type { HostStatus } from './simApi';
import { StallCause } from './simApi';

export interface AwaitedPlayer {
  readonly slot: number;
  readonly name: string;
  readonly color: string;
  readonly waitingMs: number;
  readonly cause: 'network' | 'slow' | 'host';
}

export interface WaitState {
  /** How long no frame could be stepped. */
  readonly stalledMs: number;
  readonly awaited: readonly AwaitedPlayer[];
  /** Stall length after which Drop becomes active. */
  readonly dropAfterMs: number;
}

/** Silence from the host after which the dialog names it (it sends at least every 500 ms). */
export const HOST_SILENT_MS = 1000;
/** In the lobby the host's keep-alive comes each second: one lost one must not raise the banner. */
export const HOST_SILENT_LOBBY_MS = 2500;
/** Stands for the host in the awaited list (it has no lobby slot of its own to vote on). */
export const HOST_ROW = -1;

/** Name and colour of a lobby slot (null when unknown). */
export type SlotLookup = (slot: number) => { readonly name: string; readonly color: string } | null;

/**
 * The dialog's state, or null to close it. `blockedMs`: how long the local loop has waited;
 * `status`: the host's latest HostStatus (null when none arrived); `host`: how long main has heard
 * nothing from the host, and the host's name as the page shows it.
 */
export function waitStateOf(blockedMs: number, status: HostStatus | null, lookup: SlotLookup, host?: { readonly silentMs: number; readonly name: string }): WaitState | null {
  if (host && host.silentMs >= HOST_SILENT_MS) return hostSilence(host.silentMs, host.name);
  if (blockedMs <= 0 || !status || status.state !== 1 || status.waiting.length === 0) return null;
  const awaited: AwaitedPlayer[] = status.waiting.map((w) => {
    const who = lookup(w.slot);
    return { slot: w.slot, name: who?.name ?? `#${w.slot + 1}`, color: who?.color ?? '#888888', waitingMs: Math.max(0, status.heldMs), cause: w.cause === StallCause.Slow ? 'slow' : 'network' };
  });
  // The dialog counts down from its own stall time: voting opens voteInMs from now.
  return { stalledMs: blockedMs, awaited, dropAfterMs: blockedMs + Math.max(0, status.voteInMs) };
}

/** The host has gone quiet: it is the one everyone waits for, and only Leave helps. */
function hostSilence(silentMs: number, name: string): WaitState {
  return { stalledMs: silentMs, awaited: [{ slot: HOST_ROW, name, color: '#888888', waitingMs: silentMs, cause: 'host' }], dropAfterMs: Infinity };
}
