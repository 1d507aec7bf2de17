/**
 * The network half of a lockstep peer: handshake, the control stream, frames to the host
 * (closures just in time, acks, reports, NACKs with backoff, keep-alives, redundant copies on a
 * lossy uplink) and what arrives from it (updates, acks, status, control messages → events).
 * ClientPeer adds the game-loop and UI surface. Bytes in, bytes out, time in; no socket, no timer.
 * Invariants: only datagrams from the host's address are read; every frame carries the token.
 */
import { readHeader } from '../../net/header';
import { decodeDatagram, encodeJoin, LockstepType } from '../wire/codec';
import type { HostFrame } from '../wire/codec';
import { ClientMatch } from './ClientMatch';
import { decodeHostControl, encodeClientControl } from '../wire/control';
import type { ClientControl, HostControl } from '../wire/control';
import { encodeClientFrame } from '../wire/encodeFrames';
import { goodbyeIn } from '../host/goodbye';
import { COPY_SPACING_MS, LossMeter, markCopy, redundantCopies } from '../link/LossMeter';
import { ReliableChannel } from '../link/ReliableChannel';
import { RttEstimator } from '../link/RttEstimator';
import { DEFAULT_SETTINGS, SlotKind, SPECTATOR_SLOT } from '../types';
import type { HostStatus, KeyUpdate, LobbySlot, RoomSettings } from '../types';

export interface ClientOptions {
  readonly appVersion: string;
  readonly name: string;
  /** The host's address as the transport names it ("ip:port", or the owner's loopback name). */
  readonly host: string;
  readonly send: (to: string, bytes: Uint8Array) => void;
  readonly random32: () => number;
  readonly spectate?: boolean;
  /**
   * Rejoin: the session token an earlier ACCEPT gave this app (stored across a crash). The JOIN
   * then names the slot by it instead of a name, and the host puts us back into the running match.
   */
  readonly rejoinToken?: number;
  /**
   * Close inputs only when the loop begins a key (for the keys the delay spans), never between
   * keys. Then which key an input lands in depends on frames, not on wall-clock moments, so a bot
   * client with a pinned delay plays the same inputs on every run (reproducible tests). Costs up
   * to a key period of latency.
   */
  readonly lockClosures?: boolean;
}

/** 'failed': the host did not answer, stopped answering, or closed the room (event 'failed' / 'closed'). */
export type PeerPhase = 'idle' | 'joining' | 'lobby' | 'loading' | 'running' | 'rejected' | 'kicked' | 'failed' | 'left';

/** What happened, for the UI and the game loop (drain `events`). */
export type PeerEvent =
  | { readonly t: 'accepted'; readonly slot: number; readonly owner: boolean }
  | { readonly t: 'rejected'; readonly reason: number; readonly hostVersion: string }
  | { readonly t: 'failed'; readonly reason: string }
  | Exclude<HostControl, { t: 'start' } | { t: 'resync' }>
  | { readonly t: 'start'; readonly match: ClientMatch }
  /**
   * Joined a running match (a rejoin, a late loader, a spectator): build the game, restore
   * `snapshot` (the state before key `key`'s inputs; null: a fresh game, key 0) and run it from
   * `key` (LockstepRunner option fromKey). A player takes its ball back at a later 'takeover'.
   */
  | { readonly t: 'resume'; readonly match: ClientMatch; readonly key: number; readonly snapshot: Uint8Array | null }
  /** New confirmed updates, in key order (for a game loop on the other side of a bridge). */
  | { readonly t: 'updates'; readonly updates: readonly KeyUpdate[] };

/** What the wait dialog shows. */
export interface StallView {
  /** How long the game loop has been blocked waiting for an update (ms). */
  readonly blockedMs: number;
  /** True after the 0.5 s grace: show the "waiting for players" dialog. */
  readonly show: boolean;
  /** The host's latest word on whom it waits for and why (undefined: none). */
  readonly status: HostStatus | undefined;
  /** Time since anything arrived from the host (ms). */
  readonly hostSilentMs: number;
}

export const JOIN_RETRY_MS = 250;
export const JOIN_TIMEOUT_MS = 5000;
export const WAIT_DIALOG_GRACE_MS = 500;
const KEEPALIVE_MATCH_MS = 250;
/** Host frames kept while the ACCEPT has not arrived yet. */
const EARLY_FRAMES = 4;
const KEEPALIVE_LOBBY_MS = 1000;
const HOST_SILENT_FAIL_MS = 15_000;
/** During a match the wait dialog shows the silence; after this long the peer gives up. */
const HOST_SILENT_MATCH_FAIL_MS = 60_000;
/** A peer running more than this far ahead of the latest player's phase slows down (ms). */
export const EARLY_TOLERANCE_MS = 40;
/** Frames carry a report while my simulation is at least this far behind (ms). */
const REPORT_BEHIND_MS = 50;

export abstract class ClientSession {
  phase: PeerPhase = 'idle';
  slot = -1;
  owner = false;
  settings: RoomSettings = DEFAULT_SETTINGS;
  slots: LobbySlot[] = [];
  match: ClientMatch | null = null;
  status: HostStatus | undefined;
  readonly events: PeerEvent[] = [];
  readonly ctl = new ReliableChannel();
  readonly rtt = new RttEstimator();
  readonly stats = { sent: 0, sentBytes: 0, received: 0, receivedBytes: 0, nacks: 0, foreign: 0, malformed: 0, snapChunks: 0, snapRejected: 0 };
  protected token = 0;
  protected nonce = 0;
  protected joinStartedAt = 0;
  protected joinSentAt = 0;
  protected joinTries = 0;
  protected lastSentAt = -1e15;
  protected lastHeardAt = 0;
  protected hostRtt = -1;
  protected pong: { ts: number; at: number } | null = null;
  /** NACK state for the oldest closed key whose update has not arrived. */
  protected nackKey = -1;
  protected nackTries = 0;
  protected blockedSince: number | null = null;
  /** Loss of the host's frames to me (measured), and of mine to the host (as it reports, 0..1). */
  protected readonly downLoss = new LossMeter();
  protected upLoss = 0;
  /** How far ahead of the releasing player's phase I run, as the host measures it (ms). */
  protected earlyMs = 0;
  protected copies: { at: number; bytes: Uint8Array }[] = [];
  /** Host frames that arrived before the ACCEPT (bounded; read once it is). */
  private earlyFrames: Uint8Array[] = [];

  constructor(protected readonly opts: ClientOptions) {}

  /** Starts the handshake: JOIN, repeated until ACCEPT/REJECT or JOIN_TIMEOUT_MS. */
  join(now: number): void {
    this.nonce = this.opts.random32() >>> 0;
    this.phase = 'joining';
    this.joinStartedAt = now;
    this.lastHeardAt = now;
    this.sendJoin(now);
  }

  protected sendJoin(now: number): void {
    this.joinSentAt = now;
    this.joinTries++;
    const token = this.opts.rejoinToken;
    this.out(encodeJoin({ nonce: this.nonce, spectate: this.opts.spectate === true, name: this.opts.name, appVersion: this.opts.appVersion, ...(token !== undefined ? { token: token >>> 0 } : {}) }));
  }

  /** The session token the host gave us (0 before ACCEPT): store it to rejoin after a crash. */
  get sessionToken(): number {
    return this.token;
  }

  protected get connected(): boolean {
    return this.phase === 'lobby' || this.phase === 'loading' || this.phase === 'running';
  }

  /** One datagram from `from`. Anything not from the host is ignored. */
  receive(now: number, bytes: Uint8Array, from: string): void {
    if (from !== this.opts.host) return void this.stats.foreign++;
    this.stats.received++;
    this.stats.receivedBytes += bytes.length;
    const h = readHeader(bytes);
    if (!h.ok) {
      if (h.reason === 'version' && this.phase === 'joining') this.fail(now, { t: 'rejected', reason: 2, hostVersion: `protocol ${h.version ?? '?'}` }, 'rejected');
      return;
    }
    if (h.type === LockstepType.Snap) return this.onSnapDatagram(now, bytes);
    const d = decodeDatagram(bytes, this.match ? this.match.recvKey : 0);
    if (!d.ok) return void this.stats.malformed++;
    const m = d.msg;
    if (m.type === 'accept' && this.phase === 'joining' && m.nonce === this.nonce) {
      this.slot = m.slot;
      this.token = m.token;
      this.owner = m.owner;
      this.phase = 'lobby';
      this.lastHeardAt = now;
      if (this.joinTries === 1) this.rtt.sample(now - this.joinSentAt);
      this.events.push({ t: 'accepted', slot: m.slot, owner: m.owner });
      for (const b of this.earlyFrames.splice(0)) this.receive(now, b, from);
    } else if (m.type === 'reject' && this.phase === 'joining' && m.nonce === this.nonce) {
      this.fail(now, { t: 'rejected', reason: m.reason, hostVersion: m.appVersion }, 'rejected');
    } else if (m.type === 'hframe' && this.phase === 'joining' && this.earlyFrames.length < EARLY_FRAMES) {
      // It overtook the ACCEPT (the host sends both at once): read it right after.
      this.earlyFrames.push(bytes.slice());
    } else if (m.type === 'hframe' && this.connected) {
      this.onFrame(now, m, bytes);
    }
  }

  /** Joining a running match (ClientResync): a snapshot chunk, the announcement, a takeover, acks. */
  protected abstract onSnapDatagram(now: number, bytes: Uint8Array): void;
  protected abstract onResync(now: number, c: Extract<HostControl, { t: 'resync' }>): void;
  protected abstract onTakeover(c: Extract<HostControl, { t: 'takeover' }>): void;
  protected abstract tickResync(now: number): void;
  protected abstract endResync(): void;

  protected fail(_now: number, e: PeerEvent, phase: PeerPhase): void {
    this.phase = phase;
    this.events.push(e);
  }

  protected onFrame(now: number, frame: HostFrame, bytes?: Uint8Array): void {
    let f = frame;
    const matchBefore = this.match;
    this.lastHeardAt = now;
    if (f.ctlAck !== undefined) this.ctl.onAck(f.ctlAck);
    if (f.ping) {
      this.pong = { ts: f.ping.ts, at: now };
      this.upLoss = f.ping.lossPct / 100;
      this.earlyMs = f.ping.earlyMs;
      if (f.ping.rttMs > 0) this.hostRtt = f.ping.rttMs;
    }
    if (f.ctl) for (const b of this.ctl.onReceive(f.ctl)) this.onControl(now, decodeHostControl(b, this.match?.recvKey ?? 0));
    // The host's goodbye is terminal: honoured even past a gap in the control stream (goodbye.ts).
    const bye = this.connected ? goodbyeIn(f.ctl) : null;
    if (bye !== null) return this.fail(now, { t: 'closed', reason: bye }, 'failed');
    const m = this.match;
    if (!m || this.phase !== 'running') return;
    // A match that started inside this datagram (resync deep into a match): its update keys were
    // unwrapped against key 0; read them again against the match's own position.
    if (m !== matchBefore && f.updates && bytes) {
      const again = decodeDatagram(bytes, m.recvKey);
      if (again.ok && again.msg.type === 'hframe') f = again.msg;
    }
    const newest = f.updates?.[f.updates.length - 1];
    if (newest && f.copy === undefined) this.downLoss.observe(newest.key);
    const before = m.recvKey;
    if (f.updates && m.addUpdates(now, f.updates) > 0) {
      this.events.push({ t: 'updates', updates: m.updates.slice(before + 1) });
    }
    if (f.inputAck !== undefined) m.onInputAck(f.inputAck);
    this.status = f.status;
  }

  protected onControl(now: number, c: HostControl | null): void {
    if (!c) return void this.stats.malformed++;
    switch (c.t) {
      case 'settings': this.settings = c.settings; break;
      case 'slots':
        this.slots.length = Math.max(this.slots.length, c.first + c.slots.length);
        c.slots.forEach((s, i) => (this.slots[c.first + i] = s));
        this.slots.length = this.settings.maxSlots;
        break;
      case 'loading': this.phase = 'loading'; break;
      case 'lobby': case 'end': this.phase = 'lobby'; this.status = undefined; this.endResync(); break;
      case 'resync': return this.onResync(now, c);
      case 'takeover': this.onTakeover(c); break;
      case 'kicked': this.phase = 'kicked'; break;
      case 'closed': return this.fail(now, c, 'failed');
      case 'start': {
        const player = this.slot !== SPECTATOR_SLOT && c.slots.some((s) => s.slot === this.slot && s.kind === SlotKind.Human);
        this.match = new ClientMatch({ seed: c.seed, delayMs: c.delayMs, settings: this.settings, slots: c.slots }, this.slot, player, now);
        this.phase = 'running';
        this.nackKey = -1;
        this.blockedSince = null;
        return void this.events.push({ t: 'start', match: this.match });
      }
      default: break;
    }
    this.events.push(c);
  }

  /** Closes the keys due (ClientMatch.closeDue) and, if any, sends them, with copies on a lossy uplink. */
  protected closeAndSend(now: number): void {
    const m = this.match;
    if (!m || !m.closeDue(now)) return;
    const bytes = this.sendFrame(now);
    const copies = redundantCopies(this.upLoss);
    for (let i = 1; i <= copies; i++) this.copies.push({ at: now + i * COPY_SPACING_MS, bytes: markCopy(bytes, 8, i) });
  }

  /** Retransmissions, NACKs, acks, keep-alives, join retries. Call every few ms. */
  tick(now: number): void {
    if (this.phase === 'joining') {
      if (now - this.joinStartedAt >= JOIN_TIMEOUT_MS) return this.fail(now, { t: 'failed', reason: 'The host did not answer.' }, 'failed');
      if (now - this.joinSentAt >= JOIN_RETRY_MS) this.sendJoin(now);
      return;
    }
    if (!this.connected) return;
    this.tickResync(now);
    if (this.copies.length > 0 && (this.copies[0]?.at ?? Infinity) <= now) {
      const due = this.copies.filter((c) => c.at <= now);
      this.copies = this.copies.filter((c) => c.at > now);
      for (const c of due) this.out(c.bytes);
    }
    if (now - this.lastHeardAt >= (this.phase === 'running' ? HOST_SILENT_MATCH_FAIL_MS : HOST_SILENT_FAIL_MS)) {
      return this.fail(now, { t: 'failed', reason: 'The host stopped answering.' }, 'failed');
    }
    const rto = this.rtt.rto(20, 400, 100);
    const running = this.phase === 'running' && this.match !== null;
    if (running && this.match?.player && this.opts.lockClosures !== true) this.closeAndSend(now);
    if (this.ctl.due(now, rto) || (this.ctl.ackOwing && now - this.lastSentAt >= 20)) return void this.sendFrame(now);
    if (running && this.nackDue(now)) {
      this.stats.nacks++;
      this.nackTries++;
      return void this.sendFrame(now);
    }
    if (this.blockedSince !== null && now - this.lastSentAt >= Math.max(rto, 50)) return void this.sendFrame(now);
    // My simulation fell behind: say so now rather than at the next keep-alive (host: "slow").
    if (running && this.match && this.match.behindMs(now) >= 100 && now - this.lastSentAt >= 100) return void this.sendFrame(now);
    if (now - this.lastSentAt >= (running ? KEEPALIVE_MATCH_MS : KEEPALIVE_LOBBY_MS)) this.sendFrame(now);
  }

  /**
   * A NACK is due when the oldest key I closed has waited for its update longer than the usual
   * closure→update lag (smoothed + 4 × variation), doubling the wait after each NACK for it.
   */
  protected nackDue(now: number): boolean {
    const m = this.match;
    if (!m || !m.expecting) return false;
    const key = m.recvKey + 1;
    if (key !== this.nackKey) {
      this.nackKey = key;
      this.nackTries = 0;
    }
    const closedAt = m.closedAtOf(key);
    if (closedAt === undefined) return false;
    const gap = Math.min(250, Math.max(8, m.lag.worst(this.rtt.smoothed(20) * 2) + 5));
    return now >= closedAt + gap * 2 ** this.nackTries && now - this.lastSentAt >= gap;
  }

  /**
   * Game-loop speed factor (1 = real time). Peers run in the phase of the player whose closures
   * complete the releases; one running ahead of it (the host reports how long its closures wait
   * for the last one, median) slows a little until aligned. Without this, phases drift apart until
   * the earliest peer waits at every key and the delay must grow for it.
   */
  pace(): number {
    if (this.phase !== 'running' || !this.match?.player) return 1;
    const early = this.earlyMs;
    return early > 100 ? 0.93 : early > EARLY_TOLERANCE_MS ? 0.98 : 1;
  }

  /** RTT to the host: its own measurement when it sent one, else ours from the handshake. */
  rttMs(): number {
    return this.hostRtt >= 0 ? this.hostRtt : this.rtt.smoothed(0);
  }

  protected sendFrame(now: number): Uint8Array {
    const m = this.phase === 'running' ? this.match : null;
    const inputs = m?.player ? m.pendingInputs() : [];
    const behindMs = m ? m.behindMs(now) : 0;
    const report =
      this.pong || behindMs >= REPORT_BEHIND_MS
        ? {
            ...(this.pong ? { echo: { ts: this.pong.ts, holdMs: now - this.pong.at } } : {}),
            lossPct: this.downLoss.percent,
            slackMs: m && m.player ? m.lowSlack() : -1,
            behindMs,
          }
        : undefined;
    const ctlAck = this.ctl.ackOwing ? this.ctl.takeAck() : undefined;
    const frame = (closedThrough: number) => ({
      token: this.token,
      ...(m ? { progress: { recvKey: m.recvKey, closedThrough } } : {}),
      ...(m?.hash ? { hash: m.hash } : {}),
      ...(inputs.length > 0 ? { inputs } : {}),
      ...(this.ctl.section() ? { ctl: this.ctl.section() } : {}),
      ...(ctlAck !== undefined ? { ctlAck } : {}),
      ...(report ? { report } : {}),
    });
    let enc = encodeClientFrame(frame(m ? (m.player ? m.closed : m.recvKey) : -1));
    if (m && enc.updates < inputs.length) enc = encodeClientFrame(frame(m.closedFor(enc.updates)));
    this.ctl.markSent(now, enc.ctl);
    this.pong = null;
    this.lastSentAt = now;
    this.out(enc.bytes);
    return enc.bytes;
  }

  protected control(c: ClientControl): void {
    if (this.connected) this.ctl.push(encodeClientControl(c));
  }

  protected out(bytes: Uint8Array): void {
    this.stats.sent++;
    this.stats.sentBytes += bytes.length;
    this.opts.send(this.opts.host, bytes);
  }
}
