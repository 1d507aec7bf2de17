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

export class HostPings {
  /** The host's last ping, to echo in the next report (null once echoed). */
  private pong: { ts: number; at: number } | null = null;
  /** Loss of my frames to the host, as it reports (0..1). */
  upLoss = 0;
  /** Until when my loop runs at PHASE_SHIFT_PACE. */
  private shiftUntil = -Infinity;
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

  /** My loop's speed factor at `now` while I play: PHASE_SHIFT_PACE during a shift the host asked for, else 1. */
  pace(now: number): number {
    return now < this.shiftUntil ? PHASE_SHIFT_PACE : 1;
  }

  /** The host's RTT measurement, or `fallback` until it sent one. */
  rttMs(fallback: number): number {
    return this.hostRtt >= 0 ? this.hostRtt : fallback;
  }
}
