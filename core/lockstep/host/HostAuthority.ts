/**
 * The room host's state machine: the lockstep key-frame authority (War3-style). Bytes in, bytes
 * out, time in: `receive(now, bytes, from)` and `tick(now)`; it sends through `options.send` and
 * owns no socket and no timer. The host's own player is an ordinary ClientPeer whose address is
 * `options.ownerAddress` (an in-process loopback); that session may edit the room.
 * Owns: what arrives — JOIN → ACCEPT/REJECT, client frames, control messages — and the timers.
 * The room lifecycle is in HostRoom, sessions and sending in HostCore, the match in HostMatch.
 * Invariants: a datagram from an unknown address or with a wrong token never reaches any state;
 * a frame carrying inputs for a slot other than its session's is dropped whole.
 */
import { MessageRange, readHeader } from '../../net/header';
import { decodeDatagram, encodeAccept, LockstepType } from '../wire/codec';
import type { ClientFrame, JoinMsg } from '../wire/codec';
import { decodeClientControl } from '../wire/control';
import type { ClientControl } from '../wire/control';
import { SPECTATOR_BASE } from './HashJudge';
import type { HostOptions } from './HostCore';
import type { HostMatch } from './HostMatch';
import { HostResync } from './HostResync';
import { HostSession } from './HostSession';
import { slotChunks } from './hostMessages';
import { RejectReason, SPECTATOR_SLOT } from '../types';

export type { HostCounters, HostOptions, HostPhase, SnapshotSource } from './HostCore';

const LOBBY_TIMEOUT_MS = 10_000;
const MATCH_TIMEOUT_MS = 120_000;

export class HostAuthority extends HostResync {
  private nextSpectator = 0;

  constructor(opts: HostOptions) {
    super(opts);
  }

  /** One datagram from `from` ("ip:port", or the owner's loopback name). */
  receive(now: number, bytes: Uint8Array, from: string): void {
    if (this.closed) return;
    const c = this.counters;
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
        if (type === LockstepType.Join) this.reject(from, bytes, RejectReason.Version);
      }
      return;
    }
    if (h.type < LockstepType.Join) return this.onProbe(bytes, from);
    if (h.type === LockstepType.Join) return this.onJoin(now, bytes, from);
    const s = this.sessions.get(from);
    if (!s) return void c.unknownAddress++;
    if (h.type === LockstepType.SnapAck) return this.onSnapAck(now, s, bytes);
    if (h.type !== LockstepType.ClientFrame) return void c.malformed++;
    const token = bytes.length >= 8 ? ((bytes[4] ?? 0) | ((bytes[5] ?? 0) << 8) | ((bytes[6] ?? 0) << 16) | ((bytes[7] ?? 0) << 24)) >>> 0 : -1;
    if (token !== s.token) return void c.wrongToken++;
    const d = decodeDatagram(bytes, this.match ? this.match.released : 0);
    if (!d.ok || d.msg.type !== 'cframe') return void c.malformed++;
    this.onFrame(now, s, d.msg);
  }

  protected onProbe(bytes: Uint8Array, from: string): void {
    this.counters.probes++;
    const reply = this.opts.probe?.(bytes, from);
    if (reply) this.out(from, reply);
  }

  protected onJoin(now: number, bytes: Uint8Array, from: string): void {
    const d = decodeDatagram(bytes);
    if (!d.ok || d.msg.type !== 'join') return void this.counters.malformed++;
    const j: JoinMsg = d.msg;
    const old = this.sessions.get(from);
    if (old && old.nonce === j.nonce) return this.out(from, encodeAccept({ nonce: j.nonce, slot: old.slot, token: old.token, owner: old.owner }));
    if (j.appVersion !== this.opts.appVersion) return this.reject(from, bytes, RejectReason.Version);
    if (this.isBanned(from, j.token)) return this.reject(from, bytes, RejectReason.Kicked);
    if (j.token !== undefined && !j.spectate) return this.rejoin(now, j, from, bytes);
    const why = this.joinRefusal(j, from, old);
    if (why !== 0) return this.reject(from, bytes, why);
    if (old) this.removeSession(now, old, 3);
    const owner = from === this.opts.ownerAddress;
    const name = j.name.trim() || `Player ${this.sessions.size + 1}`;
    let token = this.opts.random32() >>> 0;
    if (token === 0) token = 1;
    const slot = j.spectate ? SPECTATOR_SLOT : this.lobby.openSlot();
    const reporter = j.spectate ? SPECTATOR_BASE + this.nextSpectator++ : slot;
    const s = new HostSession(from, j.nonce, token, slot, name, owner, reporter, now);
    this.sessions.set(from, s);
    if (!s.spectator) this.lobby.takeHuman(slot, name, slot);
    this.out(from, encodeAccept({ nonce: j.nonce, slot, token, owner }));
    this.toOne(s, { t: 'settings', settings: this.lobby.settings });
    for (const m of slotChunks(this.lobby.slots)) this.toOne(s, m);
    if (!s.spectator) this.broadcastSlots(s);
    // A spectator joining a running match gets a snapshot like a rejoining player.
    if (this.match && s.spectator) return this.beginResync(now, s, this.match);
    this.sendTo(now, s);
  }

  protected joinRefusal(j: JoinMsg, from: string, old: HostSession | undefined): number {
    if (j.appVersion !== this.opts.appVersion) return RejectReason.Version;
    if (this.phase !== 'lobby' && !j.spectate) return RejectReason.Running;
    if (j.spectate) {
      const n = [...this.sessions.values()].filter((s) => s.spectator && s !== old).length;
      return n >= (this.opts.maxSpectators ?? 8) ? RejectReason.Full : 0;
    }
    const freeing = old && !old.spectator ? 1 : 0;
    return this.lobby.openSlot() < 0 && freeing === 0 ? RejectReason.Full : 0;
  }

  protected onFrame(now: number, s: HostSession, f: ClientFrame): void {
    const c = this.counters;
    if (f.inputs && f.inputs.some((i) => i.slot !== s.slot)) return void c.wrongSlot++;
    s.lastHeard = now;
    this.match?.heard(s.slot, now);
    if (f.ctlAck !== undefined) s.ctl.onAck(f.ctlAck);
    if (f.report) {
      s.report(now, f.report);
      this.match?.setBehind(s.slot, f.report.behindMs);
    }
    let fresh = false;
    if (f.ctl) {
      for (const bytes of s.ctl.onReceive(f.ctl)) {
        fresh = true;
        this.onControl(now, s, decodeClientControl(bytes, this.match?.released ?? 0));
        if (!this.sessions.has(s.addr)) return;
      }
    }
    const m = this.match;
    if (!m || !s.inMatch) return;
    if (f.progress) fresh = this.onProgress(now, s, f, m) || fresh;
    if (f.hash) m.hashes.report(s.reporter, f.hash.key, f.hash.hash, m.released);
    if (m.tryRelease(now) > 0) this.broadcastFrames(now);
    else if (s.recvKey < m.released && now - s.lastUpdatesSentAt >= s.rto() / 2) this.sendTo(now, s);
    else if (!fresh && f.progress && now - s.lastSentAt >= 10) this.sendTo(now, s);
  }

  protected onProgress(now: number, s: HostSession, f: ClientFrame, m: HostMatch): boolean {
    const p = f.progress;
    if (!p) return false;
    s.recvKey = Math.max(s.recvKey, Math.min(p.recvKey, m.released));
    if (s.spectator || !m.isActive(s.slot)) {
      if (f.inputs && f.inputs.length > 0) this.counters.inactiveInputs++;
      return false;
    }
    if (f.copy === undefined) s.upLoss.observe(p.closedThrough);
    const before = m.closedOf(s.slot);
    if (!f.report) m.setBehind(s.slot, 0);
    const r = m.onProgress(s.slot, now, p.recvKey, p.closedThrough, f.inputs ?? []);
    if (r === 'malformed') this.counters.malformed++;
    const advanced = m.closedOf(s.slot) > before;
    if (advanced && f.inputs && f.inputs.length > 0) s.inputsToAck = true;
    if (!advanced && f.inputs && f.inputs.length > 0) this.counters.duplicate++;
    return advanced;
  }

  protected onControl(now: number, s: HostSession, m: ClientControl | null): void {
    if (!m) return void this.counters.malformed++;
    const match = this.match;
    switch (m.t) {
      case 'ready': if (this.phase === 'lobby' && !s.spectator) { this.lobby.setReady(s.slot, m.ready); this.broadcastSlots(); } return;
      case 'colour': if (this.phase === 'lobby' && this.lobby.setColour(s.slot, m.colour)) this.broadcastSlots(); return;
      case 'chat': return this.broadcast({ t: 'chat', from: s.slot, text: m.text });
      case 'progress':
        this.loading?.progress(s, m.percent);
        if (m.percent >= 100) this.onLateLoaded(now, s);
        return;
      case 'live': return this.onLive(now, s);
      case 'vote': match?.vote(s.slot, m.slot, now); break;
      case 'pause': if (m.pause) match?.pause(s.slot, s.owner, now); else match?.resume(s.slot, s.owner, now); break;
      case 'subhash': match?.hashes.onSubhashes(s.reporter, m.key, m.hashes); break;
      case 'leave': return this.removeSession(now, s, 3);
      default:
        if (!s.owner) return void this.counters.notOwner++;
        if (m.t === 'setSettings') this.configure(m.settings);
        else if (m.t === 'setSlot') this.setSlot(m.slot, m.kind, m.difficulty);
        else if (m.t === 'kick') this.kick(now, m.slot);
        else this.start(now);
        return;
    }
    this.flushNotices(now);
  }

  /** Timers: retransmissions, keep-alives, stall status, loading, timeouts, delay choice. */
  tick(now: number): void {
    if (this.closed) return;
    this.flushCopies(now);
    for (const s of this.sessionList()) {
      const limit = this.phase === 'running' && s.inMatch ? MATCH_TIMEOUT_MS : LOBBY_TIMEOUT_MS;
      if (now - s.lastHeard > limit && s.addr !== this.opts.ownerAddress) this.removeSession(now, s, 2);
    }
    if (this.loading) this.tickLoading(now, this.loading);
    for (const s of this.sessions.values()) if (s.sync) this.pumpSnapshot(now, s);
    const m = this.match;
    if (m) {
      m.tick(now);
      if (now >= this.delayEvalAt && this.opts.fixedDelay === undefined) {
        this.delayEvalAt = now + 1000;
        m.delays.evaluate(this.sessionList().filter((s) => !s.spectator && m.isActive(s.slot) && s.slackMs >= 0).map((s) => s.slackMs));
      }
      m.hashes.decide(now, this.reporters(m), m.released, m.lastRelease);
      if (m.tryRelease(now) > 0) this.broadcastFrames(now);
      this.flushNotices(now);
    }
    const status = this.match?.status(now);
    for (const s of this.sessionList()) if (this.needsSend(now, s, status !== undefined)) this.sendTo(now, s);
  }
}
