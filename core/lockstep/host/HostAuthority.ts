/**
 * The room host's state machine: the lockstep key-frame authority (War3-style). Bytes in, bytes
 * out, time in: `receive(now, bytes, from)` and `tick(now)`; it sends through `options.send` and
 * owns no socket and no timer. The host's own player is an ordinary ClientPeer whose address is
 * `options.ownerAddress` (an in-process loopback); that session may edit the room.
 * Composed of parts sharing one HostState: HostSender (what goes out), HostRoom (lifecycle and
 * the owner's API), HostResync (joining a running match), HostTrees (the room's bot trees to peers
 * whose trees differ), HostInbox (what comes in), HostSuccession (who takes over if this host
 * goes, and taking over); the running
 * match is a HostMatch. This class checks what arrives before any part sees it, runs the timers,
 * and is the one surface callers use.
 * Invariants: a datagram from an unknown address or with a wrong token never reaches any state.
 */
import { MessageRange, readHeader } from '../../net';
import { decodeDatagram, decodeSucceed, LockstepType } from '../wire';
import { SessionReason } from '../reasons';
import { RejectReason } from '../types';
import type { RoomSettings, SlotKind, TakeoverState } from '../types';
import type { HostLobby } from './HostLobby';
import type { Refusal } from './HostRefusals';
import type { HostLoading } from './HostLoading';
import type { HostMatch } from './HostMatch';
import { HostInbox } from './HostInbox';
import { HostResync } from './HostResync';
import { HostRoom } from './HostRoom';
import { headU32, HostSender } from './HostSender';
import type { HostSession } from './HostSession';
import { HostState } from './HostState';
import type { HostCounters, HostOptions, HostPhase, MatchEnd, SnapshotSource } from './HostState';
import { HostSuccession } from './HostSuccession';
import { HostTrees } from './HostTrees';

const LOBBY_TIMEOUT_MS = 10_000;
/** A match session silent this long is removed (HostOptions.matchTimeoutMs). */
const MATCH_TIMEOUT_MS = 120_000;

export class HostAuthority {
  private readonly st: HostState;
  private readonly tx: HostSender;
  private readonly room: HostRoom;
  private readonly resync: HostResync;
  private readonly inbox: HostInbox;
  private readonly trees: HostTrees;
  private readonly succession: HostSuccession;

  /**
   * A peer takes over a running match whose host is gone (issue 13; ClientSuccession elected it):
   * its own player becomes the owner on `opts.ownerAddress`, and every peer that reported is
   * attached and sent a claim (HostSuccession.adopt).
   */
  static succeed(opts: HostOptions, now: number, t: TakeoverState): HostAuthority {
    const h = new HostAuthority(opts);
    h.succession.adopt(now, t);
    return h;
  }

  constructor(opts: HostOptions) {
    this.st = new HostState(opts);
    this.tx = new HostSender(this.st);
    this.room = new HostRoom(this.st, this.tx);
    this.resync = new HostResync(this.st, this.tx, this.room);
    this.trees = new HostTrees(this.st, this.tx);
    this.inbox = new HostInbox(this.st, this.tx, this.room, this.resync, this.trees);
    this.succession = new HostSuccession(this.st, this.tx, this.room);
  }

  get lobby(): HostLobby { return this.st.lobby; }
  get counters(): HostCounters { return this.st.counters; }
  get phase(): HostPhase { return this.st.phase; }
  get match(): HostMatch | null { return this.st.match; }
  get loading(): HostLoading | null { return this.st.loading; }
  get lastResult(): MatchEnd | null { return this.st.lastResult; }
  /** The fingerprint of the room's bot trees (every peer's matches run them). */
  get treesFingerprint(): number { return this.trees.fingerprint; }
  /** The last finished match (its stall and desync figures stay readable). */
  get lastMatch(): HostMatch | null { return this.st.lastMatch; }
  /** The room was closed (`close`). */
  get closed(): boolean { return this.st.closed; }
  /** Closed because the peers elected another host, at this address (its player may rejoin there). */
  get replacedBy(): string | null { return this.succession.replacedBy; }
  /** The JOINs refused lately, newest first, and how many since the room opened. */
  refused(): { readonly count: number; readonly last: readonly Refusal[] } { return { count: this.st.refusals.count, last: this.st.refusals.list() }; }
  /** Where rejoin snapshots come from (settable: the verifier may be created after the host). */
  get snapshotSource(): SnapshotSource | null { return this.st.snapshotSource; }
  set snapshotSource(s: SnapshotSource | null) { this.st.snapshotSource = s; }

  /** Sessions, ordered by slot (spectators last). */
  sessionList(): HostSession[] { return this.st.sessionList(); }

  // The owner's API (HostRoom); a remote owner reaches the same calls through its control messages.
  configure(patch: Partial<RoomSettings>): void { this.room.configure(patch); }
  setSlot(slot: number, kind: SlotKind, difficulty: number): void { this.room.setSlot(slot, kind, difficulty); }
  kick(now: number, slot: number): void { this.room.kick(now, slot); }
  start(now: number): void { this.room.start(now); }
  pauseAsHost(now: number, pause: boolean): boolean { return this.room.pauseAsHost(now, pause); }
  say(text: string): void { this.room.say(text); }
  /**
   * Closes the room. Without a reason, a running match with successors is handed over (the
   * peers elect the next host at once: ClientSuccession), anything else is closed.
   */
  close(now: number, reason?: string): void {
    this.room.close(now, reason ?? (this.succession.canHandOver() ? SessionReason.HandedOver : undefined));
  }

  /** One datagram from `from` ("ip:port", or the owner's loopback name). */
  receive(now: number, bytes: Uint8Array, from: string): void {
    const st = this.st;
    if (st.closed) return;
    this.succession.turn(now);
    const c = st.counters;
    c.received++;
    const h = readHeader(bytes);
    if (!h.ok) {
      if (h.reason !== 'version') c.notOurs++;
      else {
        c.version++;
        // The probe layout is frozen across versions (core/net/probe.ts): answering an app of
        // another version lets its Join screen show this game greyed out with the reason.
        const type = bytes[3] ?? 0;
        if (type >= MessageRange.ProbeFirst && type <= MessageRange.ProbeLast) return this.onProbe(bytes, from);
        if (type === LockstepType.Join) this.tx.reject(from, bytes, RejectReason.Version);
      }
      return;
    }
    if (h.type < LockstepType.Join) return this.onProbe(bytes, from);
    if (h.type === LockstepType.Join) return this.inbox.onJoin(now, bytes, from);
    if (h.type === LockstepType.Succeed) {
      const msg = decodeSucceed(bytes, st.match ? st.match.released : 0);
      return msg ? this.succession.onSucceed(now, msg, from) : void c.malformed++;
    }
    const s = st.sessions.get(from);
    if (!s) return void c.unknownAddress++;
    if (h.type === LockstepType.SnapAck) return this.resync.onSnapAck(now, s, bytes);
    if (h.type !== LockstepType.ClientFrame) return void c.malformed++;
    if (headU32(bytes) !== s.token) return void c.wrongToken++;
    const d = decodeDatagram(bytes, st.match ? st.match.released : 0);
    if (!d.ok || d.msg.type !== 'cframe') return void c.malformed++;
    this.inbox.onFrame(now, s, d.msg);
    // Its ack may release the next tree chunk: queued and sent now, not at the next tick.
    if (s.treesOut && !s.treesOut.done && st.sessions.has(from)) this.trees.pump(now, s);
  }

  private onProbe(bytes: Uint8Array, from: string): void {
    this.st.counters.probes++;
    const reply = this.st.opts.probe?.(bytes, from);
    if (reply) this.tx.out(from, reply);
  }

  /** Timers: retransmissions, keep-alives, stall status, loading, timeouts, delay choice. */
  tick(now: number): void {
    const st = this.st;
    if (st.closed) return;
    this.succession.turn(now);
    this.tx.flushCopies(now);
    for (const s of st.sessionList()) {
      const limit = st.phase === 'running' && s.inMatch ? (st.opts.matchTimeoutMs ?? MATCH_TIMEOUT_MS) : LOBBY_TIMEOUT_MS;
      if (now - s.lastHeard > limit && s.addr !== st.opts.ownerAddress) this.room.removeSession(now, s, 2);
    }
    if (st.loading) this.room.tickLoading(now, st.loading);
    for (const s of st.sessions.values()) {
      if (s.sync) this.resync.pump(now, s);
      if (s.treesOut && !s.treesOut.done) this.trees.pump(now, s);
    }
    const m = st.match;
    if (m) {
      m.tick(now);
      this.succession.announce(now);
      this.succession.tickFence(now);
      if (st.opts.fixedDelay === undefined) {
        m.delays.evaluateIfDue(now, () => {
          const players = st.sessionList().filter((s) => !s.spectator && m.players.isActive(s.slot));
          return { slacks: players.map((s) => s.slackMs), loss: Math.max(0, ...players.map((s) => Math.max(s.upLoss.loss, s.downLoss))) };
        });
      }
      m.hashes.decide(now, st.sessions.reporters(m), m.released, m.lastRelease);
      if (m.tryRelease(now) > 0) this.tx.broadcastFrames(now);
      this.room.flushNotices(now);
      this.resync.heal(now);
    }
    const status = st.match?.status(now);
    for (const s of st.sessionList()) if (this.tx.needsSend(now, s, status !== undefined)) this.tx.sendTo(now, s);
  }
}
