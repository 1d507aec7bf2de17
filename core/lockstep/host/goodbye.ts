/**
 * The host's goodbye (protocol v4): when the room closes (the host leaves, its app quits, a
 * dedicated host stops), every session gets a `closed` control message in a final burst of
 * GOODBYE_COPIES identical datagrams — no acknowledgement will be waited for, the socket closes
 * right after — and its peer ends at once ('failed' phase, a `closed` event with the reason)
 * instead of after 15 s (lobby) or 60 s (match) of silence.
 * Invariants: a goodbye datagram carries the goodbye alone (the session's unacknowledged control
 * messages are dropped: nothing queued before it matters any more, and it always fits), so the
 * peer may find it beyond a gap in its control stream (wire's `goodbyeIn`).
 */
import { markCopy } from '../link';
import { encodeHostControl } from '../wire';
import { SessionReason } from '../reasons';
import type { HostSession } from './HostSession';

/** What the peers are told by default (a reason code: each page words it). */
export const HOST_CLOSED_REASON: string = SessionReason.HostClosed;
/** Datagrams in the final burst: all lost on a 20 %-loss link 0.8 % of the time. */
export const GOODBYE_COPIES = 3;

/** The final burst for session `s` (its control queue now holds the goodbye only). */
export function goodbyeFrames(now: number, s: HostSession, reason: string): Uint8Array[] {
  s.ctl.clear();
  s.ctl.push(encodeHostControl({ t: 'closed', reason }));
  const bytes = s.frame(now, [], undefined, undefined).bytes;
  const out = [bytes];
  // Copies are marked as such (sections byte at offset 4) so they never count as loss.
  for (let i = 1; i < GOODBYE_COPIES; i++) out.push(markCopy(bytes, 4, i));
  return out;
}
