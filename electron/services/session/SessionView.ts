/**
 * What the renderer sees of a LAN session: folds the ClientPeer's events into the NetSession view
 * (loading progress, pause, the last message, the bot trees' status) and says when it changed, and
 * turns the peer's counters into NetStatus figures. No sockets or timers here; LanSession drives it.
 * Invariant: `changed()` is true exactly when the view differs from the one last taken (compared
 * as JSON, cheap at ≤ 50 slots and only evaluated after events).
 */
import type { ClientPeer, PeerEvent } from '../../../core/lockstep';
import { DEFAULT_SETTINGS, RejectReason } from '../../../core/lockstep';
import type { NetSession, NetStatus, NetTrees, TreeFallback } from '../../contract';

const REJECTS: Record<number, string> = {
  [RejectReason.Full]: 'The room is full.',
  [RejectReason.Running]: 'A match is already running in that room.',
  [RejectReason.Kicked]: 'You were removed from that room.',
  [RejectReason.BadName]: 'The host did not accept that name.',
  [RejectReason.UnknownToken]: 'That match is over, or its host no longer knows this app: join again.',
};

/** The text the lobby shows when a JOIN was refused. */
export function rejectMessage(reason: number, hostVersion: string): string {
  if (reason === RejectReason.Version) return `The host runs another version (${hostVersion.slice(0, 40) || 'unknown'}).`;
  return REJECTS[reason] ?? `The host refused to let you in (reason ${reason}).`;
}

export const IDLE_SESSION: NetSession = {
  phase: 'idle',
  slot: -1,
  owner: false,
  settings: DEFAULT_SETTINGS,
  slots: [],
  progress: [],
  pause: null,
  message: null,
  address: null,
  trees: { state: 'unknown', source: 'own', hostPrint: null, failure: null, problem: null, fallbacks: [] },
};

export class SessionView {
  private progress: { slot: number; percent: number }[] = [];
  private pause: NetSession['pause'] = null;
  private message: string | null = null;
  private last = '';

  constructor(
    private readonly peer: ClientPeer,
    readonly address: string | null,
    /** This app's tree files that fell back to the built-in trees (loadTrees). */
    private readonly fallbacks: readonly TreeFallback[] = [],
  ) {}

  /** Folds one peer event into the view. */
  onEvent(e: PeerEvent): void {
    switch (e.t) {
      case 'accepted': this.message = null; break;
      case 'rejected': this.message = rejectMessage(e.reason, e.hostVersion); break;
      case 'failed': this.message = e.reason; break;
      case 'closed': this.message = e.reason; break;
      case 'kicked': this.message = e.reason || 'You were removed from the room.'; break;
      case 'lobby': this.message = e.reason || null; this.progress = []; this.pause = null; break;
      case 'end': this.message = e.agreed ? null : 'The match ended, but the players\u2019 games did not agree (desync).'; this.pause = null; break;
      case 'loading': this.progress = []; this.message = null; break;
      case 'progress': this.progress = e.entries.map((p) => ({ slot: p.slot, percent: p.percent })); break;
      case 'start': this.pause = null; break;
      case 'pause': this.pause = { paused: e.paused, by: e.by, pausesLeft: e.pausesLeft }; break;
      default: break;
    }
  }

  /** Sets the message shown when the session ends on this side (leave, an error). */
  note(message: string | null): void {
    this.message = message;
  }

  view(): NetSession {
    const p = this.peer;
    return {
      phase: p.phase,
      slot: p.slot,
      owner: p.owner,
      settings: { ...p.settings },
      slots: p.slots.map((s) => ({ ...s })),
      progress: p.phase === 'loading' ? this.progress.map((x) => ({ ...x })) : [],
      pause: p.phase === 'running' ? this.pause : null,
      message: this.message,
      address: this.address,
      trees: this.trees(),
    };
  }

  private trees(): NetTrees {
    return { ...this.peer.trees, fallbacks: this.fallbacks.map((f) => ({ ...f })) };
  }

  /** The view, when it differs from the one last returned by this method; else null. */
  changed(): NetSession | null {
    const v = this.view();
    const json = JSON.stringify(v);
    if (json === this.last) return null;
    this.last = json;
    return v;
  }
}

/** Bytes-per-second figures from the peer's counters between two status samples. */
export class StatusMeter {
  private at = -1;
  private inBytes = 0;
  private outBytes = 0;

  constructor(private readonly peer: ClientPeer) {}

  sample(now: number): NetStatus {
    const p = this.peer;
    const s = p.stats;
    const dt = this.at < 0 ? 0 : (now - this.at) / 1000;
    const bytesInPerSec = dt > 0 ? Math.round((s.receivedBytes - this.inBytes) / dt) : 0;
    const bytesOutPerSec = dt > 0 ? Math.round((s.sentBytes - this.outBytes) / dt) : 0;
    this.at = now;
    this.inBytes = s.receivedBytes;
    this.outBytes = s.sentBytes;
    const stall = p.stall(now);
    return {
      status: stall.status ?? null,
      hostSilentMs: Math.max(0, Math.round(stall.hostSilentMs)),
      pace: p.pace(),
      rttMs: Math.round(p.rttMs() * 10) / 10,
      delayMs: p.match?.delay ?? 0,
      bytesInPerSec,
      bytesOutPerSec,
    };
  }
}
