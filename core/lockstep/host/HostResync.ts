/**
 * Joining a running match on the host: a rejoin (a JOIN carrying the session token of a slot
 * whose app crashed, lost its cable or closed its window), a late loader, or a spectator. The
 * joiner gets the roster and a snapshot of the latest key frame a simulating peer holds (the
 * state's SnapshotSource; the authority does not simulate), in chunks (SnapshotSender), and the
 * released updates from that key on through the ordinary update stream. Once its loop has caught
 * up it says 'live'; a player then takes its slot back at an announced key frame (HostMatch
 * activate → a Human slot event every peer applies at that key), far enough ahead that nobody
 * waits for it. Nobody else waits during any of this: until the takeover its bot plays, and a
 * syncing session is not an expected hash reporter.
 * Invariants: a token names at most one slot; a rejoin never reaches a slot through its name or
 * address; every chunk sent is counted.
 */
import { SnapshotSender } from '../link';
import { decodeSnapAck, encodeAccept, MAX_SNAPSHOT_BYTES, successionTag } from '../wire';
import type { JoinMsg } from '../wire';
import { RejectReason } from '../types';
import { SessionReason } from '../reasons';
import { goodbyeFrames } from './goodbye';
import type { HostMatch } from './HostMatch';
import type { HostRoom } from './HostRoom';
import type { HostSender } from './HostSender';
import { HostSession } from './HostSession';
import type { HostState } from './HostState';
import { slotChunks } from './hostMessages';
import { RejoinLimiter } from './RejoinLimiter';

/** A heal waits for the reference's sub-hashes (every peer's desync report needs them) at most this long. */
export const HEAL_WAIT_MS = 2000;
/** Out of step again this soon after a heal: the peer is told so and dropped to a bot. */
export const HEAL_AGAIN_MS = 30_000;

export class HostResync {
  private readonly limiter = new RejoinLimiter();
  /** Diverged reporters of `healing`'s match waiting to be healed, and when the heal goes out at the latest. */
  private readonly healDue = new Map<number, number>();
  private healing: HostMatch | null = null;

  constructor(
    private readonly st: HostState,
    private readonly tx: HostSender,
    private readonly room: HostRoom,
  ) {}

  /**
   * A JOIN with a session token: take back the slot that token was given for. The rate limit is
   * against guessing tokens: a rejoin that proves the key its token is held with guesses nothing,
   * so it is never limited, nor counted against its IP (a player restarting behind the address a
   * guesser or a spoofer used gets back in).
   */
  rejoin(now: number, j: JoinMsg, from: string, bytes: Uint8Array): void {
    const st = this.st;
    const token = (j.token ?? 0) >>> 0;
    const proof = st.opts.rejoinProof?.(token, from, j.nonce) ?? 'unkeyed';
    const proven = proof === 'proven';
    if (!proven && this.limiter.limited(now, from)) return void st.counters.rejoinLimited++;
    const m = st.match;
    const old = [...st.sessions.values()].find((s) => s.token === token && !s.spectator && s.inMatch);
    // Checked before anything else happens to the slot: a sniffed token takes nothing.
    if (proof === 'unproven') {
      st.counters.unproven++;
      this.limiter.failed(now, from);
      return this.tx.reject(from, bytes, RejectReason.UnknownToken);
    }
    // The same app again from a new address (restarted) or the old one (a fresh nonce): the old
    // session is dead; dropping it hands the slot to its bot until the takeover. If it was not
    // dead after all it is told at once (the goodbye burst) and stops, instead of sending into
    // the void until its silence timeout.
    if (m && old && old.addr !== st.opts.ownerAddress) {
      if (old.addr !== from) for (const b of goodbyeFrames(now, old, SessionReason.TakenOver)) this.tx.out(old.addr, b);
      this.room.removeSession(now, old, 3);
    }
    const tag = successionTag(token, st.matchStart?.seed ?? 0);
    const slot = m ? st.sessions.detachedOf(token, tag) : undefined;
    if (!m || !slot || st.sessions.has(from)) {
      st.counters.badRejoin++;
      if (!proven) this.limiter.failed(now, from);
      return this.tx.reject(from, bytes, RejectReason.UnknownToken);
    }
    st.sessions.reattach(token, tag);
    const s = new HostSession(from, j.nonce, token, slot.slot, slot.name, false, slot.reporter, now);
    st.sessions.add(s);
    this.tx.out(from, encodeAccept({ nonce: j.nonce, slot: s.slot, token, owner: false }));
    this.begin(now, s, m);
  }

  /** Sends `s` the roster, the snapshot announcement and the first chunks; updates follow. */
  begin(now: number, s: HostSession, m: HostMatch): void {
    const snap = this.pickSnapshot(m);
    s.inMatch = true;
    s.syncing = true;
    s.benched = false;
    s.restartUpdates(snap.key - 1);
    s.sync = snap.bytes.length > 0 ? new SnapshotSender(snap.key, snap.bytes) : null;
    this.tx.toOne(s, { t: 'settings', settings: this.st.lobby.settings });
    for (const c of slotChunks(this.st.lobby.slots)) this.tx.toOne(s, c);
    const seed = this.st.matchStart?.seed ?? 0;
    const trees = this.st.trees.brains.fingerprint >>> 0;
    this.tx.toOne(s, { t: 'resync', seed, delayMs: m.delay, slots: this.room.rosterAt(snap.key), key: snap.key, size: snap.bytes.length, checksum: s.sync?.checksum ?? 0, trees });
    this.tx.sendTo(now, s);
    this.pump(now, s);
  }

  /**
   * Desyncs heal themselves (timers, after the hash judge decided): a peer named as diverged gets
   * the state like a rejoiner — its ball plays as a bot (a 'dropped' notice, why 5) until it has
   * caught up and takes it back — while nobody else stops. The resync goes out once the reference's
   * sub-hashes have been relayed (they come first on its control stream, so its desync report is
   * written from its own diverged state), or after HEAL_WAIT_MS. A peer out of step again within
   * HEAL_AGAIN_MS is told so (goodbye burst, `out-of-step`) and its slot stays a bot. Nobody is
   * healed while the snapshot source itself diverged (the owner's reporter): the state to send
   * would be the wrong one; the desync is only reported then.
   */
  heal(now: number): void {
    const st = this.st;
    const m = st.match;
    if (!m) return;
    if (this.healing !== m) {
      this.healing = m;
      this.healDue.clear(); // a new match: nothing from the last one is pending
    }
    const judge = m.hashes;
    const diverged = judge.divergedReporters();
    const owner = st.opts.ownerAddress === undefined ? undefined : st.sessions.get(st.opts.ownerAddress);
    if (diverged.length === 0 || (owner && diverged.includes(owner.reporter))) return;
    for (const r of diverged) if (!this.healDue.has(r)) this.healDue.set(r, now + HEAL_WAIT_MS);
    if (judge.awaitingSubhashes && [...this.healDue.values()].every((due) => now < due)) return;
    for (const r of [...this.healDue.keys()]) {
      this.healDue.delete(r);
      judge.forgive(r);
      const s = st.sessionList().find((x) => x.reporter === r && x.inMatch && !x.syncing);
      if (!s || s.addr === st.opts.ownerAddress) continue;
      if (s.healedAt !== null && now - s.healedAt < HEAL_AGAIN_MS) {
        st.counters.outOfStep++;
        for (const b of goodbyeFrames(now, s, SessionReason.OutOfStep)) this.tx.out(s.addr, b);
        this.room.removeSession(now, s, 3);
        continue;
      }
      st.counters.healed++;
      s.healedAt = now;
      if (!s.spectator) m.drop(s.slot, 5, now);
      this.begin(now, s, m);
    }
    this.room.flushNotices(now);
  }

  /** The source's snapshot if it is usable, else "from key 0" (the joiner replays everything). */
  private pickSnapshot(m: HostMatch): { key: number; bytes: Uint8Array } {
    const got = this.st.snapshotSource?.() ?? null;
    if (!got || !Number.isInteger(got.key) || got.key <= 0 || got.key > m.released || got.bytes.length === 0 || got.bytes.length > MAX_SNAPSHOT_BYTES) {
      return { key: 0, bytes: new Uint8Array(0) };
    }
    return { key: got.key, bytes: got.bytes };
  }

  /** Sends the chunks due (first copies, then what the receiver's acks still lack). */
  pump(now: number, s: HostSession): void {
    const t = s.sync;
    if (!t || t.complete) return;
    for (const bytes of t.due(now, Math.max(60, s.rto()))) {
      this.st.counters.snapChunks++;
      this.tx.out(s.addr, bytes);
    }
  }

  /** A SNAPACK from a known session's address. */
  onSnapAck(now: number, s: HostSession, bytes: Uint8Array): void {
    const a = decodeSnapAck(bytes);
    if (!a || a.token !== s.token || !s.sync || !s.sync.onAck(a, now)) return void this.st.counters.badSnapAck++;
    s.lastHeard = now;
    if (s.sync.complete) s.sync = null;
    else this.pump(now, s);
  }

  /** The joiner's loop caught up: a player takes its slot back a few keys from now. */
  onLive(now: number, s: HostSession): void {
    const m = this.st.match;
    if (!m || !s.syncing) return;
    s.syncing = false;
    s.sync = null;
    if (!s.spectator && m.activateSoon(s.slot, s.rtt.worst(0), now)) this.room.flushNotices(now);
  }

  /** A benched late loader reports 100 %: it joins the running match like a rejoin. */
  onLateLoaded(now: number, s: HostSession): void {
    const m = this.st.match;
    if (m && s.benched && !s.spectator) this.begin(now, s, m);
  }
}
