/**
 * The host's sessions and its sending: frames to one session or to all (with spaced copies on lossy
 * links), control messages, keep-alive and retransmission timing. Shared base of HostRoom and
 * HostAuthority (split by responsibility, one class to callers).
 * Invariants: every datagram the host sends goes through `out` (counted); a session receives the
 * released updates after its acknowledgement, never anything from another session's stream.
 */
import { encodeReject } from '../wire/codec';
import { encodeHostControl } from '../wire/control';
import type { HostControl } from '../wire/control';
import type { HostLoading } from './HostLoading';
import { HostLobby } from './HostLobby';
import type { HostMatch } from './HostMatch';
import type { HostSession } from './HostSession';
import { slotChunks } from './hostMessages';
import { COPY_SPACING_MS, markCopy, redundantCopies } from '../link/LossMeter';
import type { RoomSettings } from '../types';

export interface HostOptions {
  readonly appVersion: string;
  readonly send: (to: string, bytes: Uint8Array) => void;
  /** Source of session tokens and match seeds (crypto on the main side, seeded in tests). */
  readonly random32: () => number;
  readonly ownerAddress?: string;
  readonly settings?: Partial<RoomSettings>;
  /** Answers discovery probes (header types 0x01-0x0f); null = no reply. */
  readonly probe?: (bytes: Uint8Array, from: string) => Uint8Array | null;
  readonly maxSpectators?: number;
  /** Pins the match seed (reproducible test runs); default: a fresh random seed per match. */
  readonly seed?: number;
  /** Pins the input delay (ms) instead of adapting it: reproducible test runs. */
  readonly fixedDelay?: number;
  /**
   * The latest key-frame snapshot a simulating peer holds (state before that key's inputs), for
   * rejoining players and spectators joining a running match. The authority does not simulate;
   * without a source (or while it returns null) late joiners replay the match from key 0.
   */
  readonly snapshots?: SnapshotSource;
}

/** See HostOptions.snapshots. */
export type SnapshotSource = () => { readonly key: number; readonly bytes: Uint8Array } | null;

/** Datagrams received, and those dropped by reason. */
export interface HostCounters {
  received: number;
  notOurs: number;
  version: number;
  probes: number;
  malformed: number;
  unknownAddress: number;
  wrongToken: number;
  wrongSlot: number;
  inactiveInputs: number;
  duplicate: number;
  notOwner: number;
  rejectedJoins: number;
  /** Rejoin JOINs whose token names no slot of the running match. */
  badRejoin: number;
  /** SNAPACKs that were malformed, had a wrong token, or matched no transfer. */
  badSnapAck: number;
  /** Snapshot chunks sent (first copies and resends). */
  snapChunks: number;
  sent: number;
  sentBytes: number;
}

export type HostPhase = 'lobby' | 'loading' | 'running';
const LOBBY_TIMEOUT_MS = 10_000;
const MATCH_TIMEOUT_MS = 120_000;

export abstract class HostCore {
  readonly lobby: HostLobby;
  readonly counters: HostCounters = { received: 0, notOurs: 0, version: 0, probes: 0, malformed: 0, unknownAddress: 0, wrongToken: 0, wrongSlot: 0, inactiveInputs: 0, duplicate: 0, notOwner: 0, rejectedJoins: 0, badRejoin: 0, badSnapAck: 0, snapChunks: 0, sent: 0, sentBytes: 0 };
  phase: HostPhase = 'lobby';
  match: HostMatch | null = null;
  loading: HostLoading | null = null;
  lastResult: { lastKey: number; hash: number; agreed: boolean } | null = null;
  /** The last finished match (its stall and desync figures stay readable). */
  lastMatch: HostMatch | null = null;
  protected readonly sessions = new Map<string, HostSession>();
  protected copies: { at: number; to: string; bytes: Uint8Array }[] = [];

  constructor(protected readonly opts: HostOptions) {
    this.lobby = new HostLobby(opts.settings);
  }

  /** Sessions, ordered by slot (spectators last). */
  sessionList(): HostSession[] {
    return [...this.sessions.values()].sort((a, b) => a.slot - b.slot || a.reporter - b.reporter);
  }

  protected reject(to: string, bytes: Uint8Array, reason: number): void {
    this.counters.rejectedJoins++;
    const nonce = bytes.length >= 8 ? ((bytes[4] ?? 0) | ((bytes[5] ?? 0) << 8) | ((bytes[6] ?? 0) << 16) | ((bytes[7] ?? 0) << 24)) >>> 0 : 0;
    this.out(to, encodeReject({ nonce, reason, appVersion: this.opts.appVersion }));
  }

  protected reporters(m: HostMatch): number[] {
    return this.sessionList().filter((s) => s.inMatch && !s.syncing && (s.spectator || m.isActive(s.slot))).map((s) => s.reporter);
  }

  protected needsSend(now: number, s: HostSession, stalled: boolean): boolean {
    if (s.ctl.due(now, s.rto())) return true;
    if (s.ctl.ackOwing && now - s.lastSentAt >= 20) return true;
    const m = this.match;
    if (m && s.inMatch) {
      if (s.recvKey < m.released && now - s.lastUpdatesSentAt >= 250) return true;
      return now - s.lastSentAt >= (stalled ? 250 : 500);
    }
    return now - s.lastSentAt >= 1000;
  }

  protected sendTo(now: number, s: HostSession): Uint8Array {
    const m = this.match;
    const inMatch = m !== null && s.inMatch;
    const updates = inMatch ? m.updatesFrom(s.recvKey + 1) : [];
    const inputAck = inMatch && s.inputsToAck && m.isActive(s.slot) ? m.closedOf(s.slot) : undefined;
    s.inputsToAck = false;
    const bytes = s.frame(now, updates, inputAck, inMatch ? m.status(now) : undefined, inMatch ? m.earlyOf(s.slot) : 0).bytes;
    this.out(s.addr, bytes);
    return bytes;
  }

  /** Sends every match session its frame (a release); on lossy links also spaced copies of it. */
  protected broadcastFrames(now: number): void {
    for (const s of this.sessionList()) {
      if (!s.inMatch) continue;
      const bytes = this.sendTo(now, s);
      const copies = redundantCopies(s.downLoss);
      for (let i = 1; i <= copies; i++) this.copies.push({ at: now + i * COPY_SPACING_MS, to: s.addr, bytes: markCopy(bytes, 4, i) });
    }
  }

  protected flushCopies(now: number): void {
    if (this.copies.length === 0) return;
    const due = this.copies.filter((c) => c.at <= now);
    if (due.length === 0) return;
    this.copies = this.copies.filter((c) => c.at > now);
    for (const c of due) if (this.sessions.has(c.to)) this.out(c.to, c.bytes);
  }

  protected sendAll(now: number): void {
    for (const s of this.sessionList()) this.sendTo(now, s);
  }

  protected toOne(s: HostSession, m: HostControl): void {
    s.ctl.push(encodeHostControl(m));
  }

  protected broadcast(m: HostControl): void {
    const bytes = encodeHostControl(m);
    for (const s of this.sessions.values()) if (!s.benched || m.t === 'chat') s.ctl.push(bytes);
  }

  protected broadcastSlots(except?: HostSession): void {
    const chunks = slotChunks(this.lobby.slots).map(encodeHostControl);
    for (const s of this.sessions.values()) if (s !== except) for (const c of chunks) s.ctl.push(c);
  }

  protected out(to: string, bytes: Uint8Array): void {
    this.counters.sent++;
    this.counters.sentBytes += bytes.length;
    this.opts.send(to, bytes);
  }
}
