/**
 * What the Join screen keeps after a join ends there (refused, or the host did not answer): the
 * address that was tried, back in the box for a retry, and — when a room was full or already
 * playing and we asked to play — the offer to join it as a spectator, which the host still lets in
 * (core/lockstep HostInbox: spectators need no slot and may join a running match). DOM-free.
 */
import type { ReasonCode } from '../../../electron/contract';

export interface TriedJoin {
  readonly address: string;
  readonly spectate: boolean;
}

/** The Join screen's params (`address`, `offerSpectate`) after `tried` ended with `code` (null: no reason given). */
export function joinRetry(tried: TriedJoin | null, rejected: boolean, code: ReasonCode | null): Record<string, string> {
  if (!tried) return {};
  const watchable = rejected && !tried.spectate && (code === 'reject-full' || code === 'reject-running');
  return { address: tried.address, ...(watchable ? { offerSpectate: '1' } : {}) };
}
