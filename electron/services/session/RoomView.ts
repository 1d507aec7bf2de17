/**
 * What the renderer sees of a LAN room: folds the ClientPeer's events into the NetRoom view
 * (loading progress, pause, the last message, the bot trees' status) and says when it changed, and
 * turns the peer's counters into NetStatus figures. No sockets or timers here; LanRoom drives it.
 * Invariant: `changed()` is true exactly when the view differs from the one last taken (compared
 * as JSON, cheap at ≤ 50 slots and only evaluated after events).
 */
import type { ClientPeer, PeerEvent, Refusal } from '../../../core/lockstep';
import { parseReason, RejectReason, SessionReason } from '../../../core/lockstep';
import type { NetRoom, NetStatus, NetTrees, Reason, ReasonCode, TreeFallback } from '../../contract';

const REJECTS: Record<number, ReasonCode> = {
  [RejectReason.Full]: 'reject-full',
  [RejectReason.Running]: 'reject-running',
  [RejectReason.Kicked]: 'reject-kicked',
  [RejectReason.BadName]: 'reject-name',
  [RejectReason.UnknownToken]: 'reject-token',
};

/** Why a JOIN was refused, for the page to word. */
export function rejectMessage(reason: number, hostVersion: string): Reason {
  if (reason === RejectReason.Version) return { code: 'reject-version', params: { version: hostVersion.slice(0, 40) || '?' } };
  const code = REJECTS[reason];
  return code ? { code } : { code: 'reject-other', params: { n: reason } };
}

/** A session reason off the wire (core/lockstep SessionReason), or an older host's own words. */
export function sessionReason(wire: string): Reason {
  const r = parseReason(wire);
  if (r.code === null) return { code: 'host-said', params: { text: r.text } };
  return r.n === null ? { code: r.code } : { code: r.code, params: { n: r.n } };
}

/** The JOINs a host refused lately (HostAuthority.refused), as a hosting app's RoomView reads them. */
export type RefusedSource = () => { readonly count: number; readonly last: readonly Refusal[] } | null;

const REFUSED: Record<number, NetRoom['refused'][number]['reason']> = {
  [RejectReason.Full]: 'full',
  [RejectReason.Version]: 'version',
  [RejectReason.Running]: 'running',
  [RejectReason.Kicked]: 'kicked',
  [RejectReason.BadName]: 'name',
  [RejectReason.UnknownToken]: 'token',
};

/** A flood of refused JOINs moves the lobby's line at most this often. */
export const REFUSED_PUSH_MS = 1000;

export class RoomView {
  private progress: { slot: number; percent: number }[] = [];
  private refusedSeen = 0;
  private refusedAt = -Infinity;
  private pause: NetRoom['pause'] = null;
  private message: Reason | null = null;
  private last = '';
  /** A hosting app's reachability from the LAN (NetRoom.reach); set by the room that hosts. */
  reach: NetRoom['reach'] = null;

  constructor(
    private readonly peer: ClientPeer,
    /** Where others join ("ip:port"), the host's first; a hosting app lists one per LAN interface. */
    private readonly addresses: readonly string[],
    /** This app's tree files that fell back to the built-in trees (loadTrees). */
    private readonly fallbacks: readonly TreeFallback[] = [],
    /** The new host's address once another player took over this app's room (NetRoom.rejoinAt). */
    private readonly rejoinAt: () => string | null = () => null,
    /** The node's own authority's refusals, while this app hosts (NetRoom.refused). */
    private readonly refusedBy: RefusedSource = () => null,
  ) {}

  /** True when the host refused someone since the view last carried it, and a second has passed since. */
  refusedDue(now: number): boolean {
    const count = this.refusedBy()?.count ?? 0;
    if (count === this.refusedSeen || now - this.refusedAt < REFUSED_PUSH_MS) return false;
    this.refusedSeen = count;
    this.refusedAt = now;
    return true;
  }

  /** Folds one peer event into the view. */
  onEvent(e: PeerEvent): void {
    switch (e.t) {
      case 'accepted': this.message = null; break;
      case 'rejected': this.message = rejectMessage(e.reason, e.hostVersion); break;
      case 'failed': this.message = sessionReason(e.reason); break;
      case 'closed': this.message = sessionReason(e.reason); break;
      case 'kicked': this.message = sessionReason(e.reason || SessionReason.Kicked); break;
      case 'lobby': this.message = e.reason ? sessionReason(e.reason) : null; this.progress = []; this.pause = null; break;
      case 'end': this.message = e.agreed ? null : { code: 'end-desync' }; this.pause = null; break;
      case 'loading': this.progress = []; this.message = null; break;
      case 'progress': this.progress = e.entries.map((p) => ({ slot: p.slot, percent: p.percent })); break;
      case 'start': this.pause = null; break;
      case 'pause': this.pause = { paused: e.paused, by: e.by, pausesLeft: e.pausesLeft }; break;
      default: break;
    }
  }

  /** Sets the message shown when the session ends on this side (leave, an error). */
  note(message: Reason | null): void {
    this.message = message;
  }

  view(): NetRoom {
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
      address: this.addresses[0] ?? null,
      addresses: [...this.addresses],
      trees: this.trees(),
      rejoinAt: this.rejoinAt(),
      refused: (this.refusedBy()?.last ?? []).map((r) => ({ address: r.from, name: r.name, reason: REFUSED[r.reason] ?? 'other' })),
      reach: this.reach,
    };
  }

  private trees(): NetTrees {
    return { ...this.peer.trees, fallbacks: this.fallbacks.map((f) => ({ ...f })) };
  }

  /** The view, when it differs from the one last returned by this method; else null. */
  changed(): NetRoom | null {
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
      pace: p.pace(now),
      rttMs: Math.round(p.rttMs() * 10) / 10,
      delayMs: p.match?.delay ?? 0,
      bytesInPerSec,
      bytesOutPerSec,
      frames: p.framesBy(now),
    };
  }
}
