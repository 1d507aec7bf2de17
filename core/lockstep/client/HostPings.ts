/**
 * What the host's pings tell a peer (one rides in a host frame about once a second): the ping to
 * echo in my next report, my uplink's loss as the host measured it, the RTT as the host measured
 * it, and how far the host found my loop running ahead of the room's phase (a shift to make once,
 * at PHASE_SHIFT_PACE). ClientInbox takes each ping; the uplink and ClientPeer read the results.
 * Units: ms of the peer's clock; loss 0..1.
 */
import type { HostFrame } from '../wire';
import { PHASE_SHIFT_PACE } from '../types';

type Ping = NonNullable<HostFrame['ping']>;

/** A late loop's speed while it moves forward to the room's phase (the mirror of PHASE_SHIFT_PACE). */
export const CATCH_UP_PACE = 1 / PHASE_SHIFT_PACE;
/** The longest wait a loop catches up on: past a Wi-Fi spike's (100–300 ms), under a host's silence that elects another (700 ms). */
export const CATCH_UP_MAX_MS = 500;

export class HostPings {
  /** The host's last ping, to echo in the next report (null once echoed). */
  private pong: { ts: number; at: number } | null = null;
  /** Loss of my frames to the host, as it reports (0..1). */
  upLoss = 0;
  /** Until when my loop runs at PHASE_SHIFT_PACE. */
  private shiftUntil = -Infinity;
  /** Until when my loop runs at CATCH_UP_PACE, and until when a late input starts no new catch-up. */
  private aheadUntil = -Infinity;
  private aheadQuietUntil = -Infinity;
  /** RTT as the host measured it (ms; -1 until it said). */
  private hostRtt = -1;

  take(now: number, ping: Ping): void {
    this.pong = { ts: ping.ts, at: now };
    this.upLoss = ping.lossPct / 100;
    if (ping.earlyMs > 0) this.shiftUntil = now + ping.earlyMs / (1 - PHASE_SHIFT_PACE);
    if (ping.rttMs > 0) this.hostRtt = ping.rttMs;
  }

  /** The echo of the host's last ping for the frame going out now, once (undefined: none owed). */
  takeEcho(now: number): { ts: number; holdMs: number } | undefined {
    const p = this.pong;
    this.pong = null;
    return p ? { ts: p.ts, holdMs: now - p.at } : undefined;
  }

  /**
   * My loop waited `lateMs` for an update while the host held nothing (issue 34): my link held it
   * and the room went on, so my loop runs that much behind the room — the loop does not bank the
   * time it was blocked — and would close every key late. It runs at CATCH_UP_PACE until it has
   * moved that much forward (as far as the updates it holds allow: with none waiting it stays).
   * A wait during the move, or within an RTT after it, starts no new one; nor does one longer
   * than CATCH_UP_MAX_MS: that is a host gone quiet (its own stand-still, a succession), which
   * held the whole room.
   */
  late(now: number, lateMs: number, rttMs: number): void {
    if (now < this.aheadQuietUntil || lateMs <= 0 || lateMs > CATCH_UP_MAX_MS) return;
    this.aheadUntil = now + lateMs / (CATCH_UP_PACE - 1);
    this.aheadQuietUntil = this.aheadUntil + rttMs;
  }

  /** My loop's speed factor at `now` while I play: PHASE_SHIFT_PACE during a shift the host asked for, CATCH_UP_PACE while late, else 1. */
  pace(now: number): number {
    if (now < this.shiftUntil) return PHASE_SHIFT_PACE;
    return now < this.aheadUntil ? CATCH_UP_PACE : 1;
  }

  /** The host's RTT measurement, or `fallback` until it sent one. */
  rttMs(fallback: number): number {
    return this.hostRtt >= 0 ? this.hostRtt : fallback;
  }
}
