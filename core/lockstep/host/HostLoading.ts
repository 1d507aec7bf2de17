/**
 * The loading screen on the host (seed 002): per-player progress, and the start rule — start when
 * every participant reports 100 %, or when the timeout passes with those who are ready; the rest
 * go back to the lobby. Times in ms of the host's clock.
 */
import type { HostSession } from './HostSession';

/** Progress tables are broadcast at most this often. */
export const PROGRESS_INTERVAL_MS = 250;

export class HostLoading {
  private dirty = true;
  private lastSentAt = -1e15;

  constructor(
    readonly seed: number,
    private readonly participants: readonly HostSession[],
    readonly startedAt: number,
    readonly timeoutMs: number,
  ) {
    for (const s of participants) s.loadPercent = 0;
  }

  /** A participant's report (0..100); others are ignored. */
  progress(s: HostSession, percent: number): void {
    if (!this.participants.includes(s)) return;
    const p = Math.max(0, Math.min(100, Math.trunc(percent)));
    if (p !== s.loadPercent) this.dirty = true;
    s.loadPercent = p;
  }

  /** True (once per change, rate-limited) when the progress table should be broadcast. */
  progressDue(now: number): boolean {
    if (!this.dirty || now - this.lastSentAt < PROGRESS_INTERVAL_MS) return false;
    this.dirty = false;
    this.lastSentAt = now;
    return true;
  }

  entries(): { slot: number; percent: number }[] {
    return this.participants.map((s) => ({ slot: s.slot, percent: s.loadPercent }));
  }

  /** Who starts and who is benched, once the start rule is met; null while still loading. */
  decision(now: number, alive: (s: HostSession) => boolean): { ready: HostSession[]; benched: HostSession[] } | null {
    const live = this.participants.filter(alive);
    const ready = live.filter((s) => s.loadPercent >= 100);
    if (ready.length === live.length) return { ready, benched: [] };
    if (now - this.startedAt < this.timeoutMs) return null;
    return { ready, benched: live.filter((s) => s.loadPercent < 100) };
  }
}
