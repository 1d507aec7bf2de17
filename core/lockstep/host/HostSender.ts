/**
 * Everything the host sends: frames to one session or to all (with spaced copies on lossy links),
 * control messages, rejections, keep-alive and retransmission timing.
 * Invariants: every datagram the host sends goes through `out` (counted); a session receives the
 * released updates after its acknowledgement, never anything from another session's stream.
 */
import { COPY_SPACING_MS, markCopy, redundantCopies } from '../link';
import { encodeHostControl, encodeHostFrame, encodeReject } from '../wire';
import type { HostControl } from '../wire';
import type { RejectReason } from '../types';
import type { HostMatch } from './HostMatch';
import type { HostSession } from './HostSession';
import type { HostState } from './HostState';
import { slotChunks } from './hostMessages';

/** How long a changed slot table may wait for more changes before its frame goes out (ms). */
const SLOTS_COALESCE_MS = 20;
/** Releases in a row a listening peer may miss before it gets its own frames for GROUP_PAUSE_KEYS keys. */
export const GROUP_MISS_LIMIT = 3;
export const GROUP_PAUSE_KEYS = 50;
/** A peer further behind than this many keys gets its own frames (a group frame carries what the furthest behind lacks). */
const GROUP_MAX_BEHIND = 4;

/** The u32 right after the header: a JOIN's nonce (to answer one that did not decode), a frame's token. */
export function headU32(bytes: Uint8Array): number {
  return bytes.length >= 8 ? ((bytes[4] ?? 0) | ((bytes[5] ?? 0) << 8) | ((bytes[6] ?? 0) << 16) | ((bytes[7] ?? 0) << 24)) >>> 0 : 0;
}

export class HostSender {
  private copies: { at: number; to: string; bytes: Uint8Array }[] = [];

  constructor(private readonly st: HostState) {}

  out(to: string, bytes: Uint8Array): void {
    this.count(bytes);
    this.st.opts.send(to, bytes);
  }

  private count(bytes: Uint8Array): void {
    const c = this.st.counters;
    c.sent++;
    c.sentBytes += bytes.length;
  }

  /** Refuses a JOIN from `to`, which asked for `name` where it was read. */
  reject(to: string, bytes: Uint8Array, reason: RejectReason, name = ''): void {
    this.st.counters.rejectedJoins++;
    this.st.refusals.note(to, reason, name);
    this.out(to, encodeReject({ nonce: headU32(bytes), reason, appVersion: this.st.opts.appVersion }));
  }

  /** True when `s` is owed a frame now: retransmission, an ack, a changed slot table, updates it lacks, or a keep-alive. */
  needsSend(now: number, s: HostSession, stalled: boolean): boolean {
    if (s.ctl.due(now, s.rto())) return true;
    if (s.slotsDirty && now - s.lastSentAt >= SLOTS_COALESCE_MS) return true;
    if (s.ctl.ackDue(now, s.lastSentAt)) return true;
    const m = this.st.match;
    if (m && s.inMatch) {
      if (s.recvKey < m.released && now - s.lastUpdatesSentAt >= 250) return true;
      return now - s.lastSentAt >= (stalled ? 250 : 500);
    }
    // Loading: twice a second, so a peer tells a host that went quiet within a second.
    return now - s.lastSentAt >= (this.st.phase === 'loading' ? 500 : 1000);
  }

  /** Sends `s` its next frame: updates it lacks, acks, status, control messages, a ping when due. */
  sendTo(now: number, s: HostSession): Uint8Array {
    if (s.slotsDirty) {
      s.slotsDirty = false;
      for (const c of slotChunks(this.st.lobby.slots)) this.toOne(s, c);
    }
    const m = this.st.match;
    const inMatch = m !== null && s.inMatch;
    const updates = inMatch ? m.updatesFrom(s.recvKey + 1) : [];
    if (inMatch && s.groupThrough > s.recvKey && s.groupThrough > s.groupRepairedThrough) this.groupMissed(s, m.released);
    const inputAck = inMatch && s.inputsToAck && m.players.isActive(s.slot) ? m.players.closedOf(s.slot) : undefined;
    s.inputsToAck = false;
    const bytes = s.frame(now, updates, inputAck, inMatch ? m.status(now) : undefined, inMatch ? (rttMs) => m.players.takeShift(s.slot, now, rttMs) : undefined).bytes;
    this.out(s.addr, bytes);
    return bytes;
  }

  /**
   * Sends every match session the keys just released: one group frame for the peers it covers
   * (`groupCovers`), and its own frame to every other (on lossy links with spaced copies).
   */
  broadcastFrames(now: number): void {
    const m = this.st.match;
    const group = this.st.opts.group;
    const covered = new Set(m && group ? this.st.sessionList().filter((s) => this.groupCovers(now, s, m)) : []);
    if (m && group && covered.size > 0) {
      const held = this.st.sessionList().filter((s) => s.inMatch && !s.spectator && !covered.has(s)).map((s) => s.slot);
      const first = Math.min(...[...covered].map((s) => s.recvKey)) + 1;
      const status = m.status(now);
      const bytes = encodeHostFrame({ updates: m.updatesFrom(first), held, ...(status ? { status } : {}) }).bytes;
      this.count(bytes);
      this.st.counters.groupFrames++;
      group(bytes);
      for (const s of covered) {
        s.groupThrough = m.released;
        s.lastUpdatesSentAt = now;
        s.lastSentAt = now;
      }
    }
    for (const s of this.st.sessionList()) {
      if (!s.inMatch || covered.has(s)) continue;
      const bytes = this.sendTo(now, s);
      const copies = redundantCopies(s.downLoss);
      for (let i = 1; i <= copies; i++) this.copies.push({ at: now + i * COPY_SPACING_MS, to: s.addr, bytes: markCopy(bytes, 4, i) });
    }
  }

  /**
   * Whether the group frame of this release serves `s`: a player that listens, has every key
   * earlier group frames carried and lacks only the last few, with nothing of its own to be told
   * (control messages or their ack, a slot table, a ping) and no loss that calls for copies.
   */
  private groupCovers(now: number, s: HostSession, m: HostMatch): boolean {
    return s.listens && s.inMatch && !s.spectator && !s.syncing && m.players.isActive(s.slot) && m.released >= s.groupResumeKey
      && s.recvKey >= s.groupThrough && s.recvKey >= m.released - GROUP_MAX_BEHIND
      && !s.ctl.section() && !s.ctl.ackOwing && !s.slotsDirty && now < s.pingDueAt && redundantCopies(s.downLoss) === 0;
  }

  /** `s` lacks keys a group frame carried: they go to it alone; a run of such misses pauses its group frames. */
  private groupMissed(s: HostSession, released: number): void {
    s.groupRepairedThrough = s.groupThrough;
    this.st.counters.groupRepairs++;
    if (++s.groupMisses < GROUP_MISS_LIMIT) return;
    s.groupMisses = 0;
    s.groupResumeKey = released + GROUP_PAUSE_KEYS;
  }

  /** Sends the redundant copies that are due (to sessions that still exist). */
  flushCopies(now: number): void {
    if (this.copies.length === 0) return;
    const due = this.copies.filter((c) => c.at <= now);
    if (due.length === 0) return;
    this.copies = this.copies.filter((c) => c.at > now);
    for (const c of due) if (this.st.sessions.has(c.to)) this.out(c.to, c.bytes);
  }

  dropCopies(): void {
    this.copies = [];
  }

  sendAll(now: number): void {
    for (const s of this.st.sessionList()) this.sendTo(now, s);
  }

  toOne(s: HostSession, m: HostControl): void {
    s.ctl.push(encodeHostControl(m));
  }

  /** A control message to every session (benched late loaders get chat only). */
  broadcast(m: HostControl): void {
    const bytes = encodeHostControl(m);
    for (const s of this.st.sessions.values()) if (!s.benched || m.t === 'chat') s.ctl.push(bytes);
  }

  /**
   * A team line: only to the sessions of the sender's team, spectators never (they have no team,
   * and a team's plan is not for watchers). False, and nothing sent, when the room has no teams or
   * the sender is a spectator.
   */
  toTeam(from: HostSession, m: HostControl): boolean {
    const st = this.st;
    const teamOf = (s: HostSession): number | null => (s.spectator ? null : (st.lobby.slots[s.slot]?.team ?? null));
    const team = teamOf(from);
    if (st.lobby.settings.teams === 0 || team === null) return false;
    const bytes = encodeHostControl(m);
    for (const s of st.sessions.values()) if (teamOf(s) === team) s.ctl.push(bytes);
    return true;
  }

  /**
   * The slot table changed: every session (but `except`) gets the table as it is when its next
   * frame goes out. A burst of changes (players joining together, readies) thus costs each
   * session one table, not one per change queued behind each other (a 49-player join burst
   * queued ~500 kB of tables for the loading screen to drain).
   */
  broadcastSlots(except?: HostSession): void {
    for (const s of this.st.sessions.values()) if (s !== except) s.slotsDirty = true;
  }
}
