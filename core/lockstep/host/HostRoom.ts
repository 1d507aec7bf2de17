/**
 * The room's lifecycle on the host: the owner's edits (settings, slots, kicks, start, pause, chat),
 * loading and its start rule, match start and end, match notices to every peer, sessions leaving,
 * and closing the room.
 * Invariants: a match starts only from loading and ends only through its 'end' notice; a slot
 * event reaches every peer inside the update of the key it applies to (HostMatch).
 */
import type { SlotSpec } from '../wire';
import { reasonWith, SessionReason } from '../reasons';
import { clampDelay, SlotEventKind, SlotKind, SYSTEM_SLOT } from '../types';
import type { RoomSettings } from '../types';
import { DelayController } from './DelayController';
import { goodbyeFrames, HOST_CLOSED_REASON } from './goodbye';
import { HostLoading } from './HostLoading';
import { DROP_BOT_DIFFICULTY, HostMatch } from './HostMatch';
import type { HostSender } from './HostSender';
import type { HostSession } from './HostSession';
import type { HostState, MatchEnd } from './HostState';
import { hostNoticeToControl } from './hostMessages';

/** Why a session left: 1 voted out, 2 timed out, 3 left or replaced, 4 kicked. */
export type LeaveWhy = 1 | 2 | 3 | 4;

export class HostRoom {
  constructor(
    private readonly st: HostState,
    private readonly tx: HostSender,
  ) {}

  /** Owner API: changes room settings (lobby only). */
  configure(patch: Partial<RoomSettings>): void {
    if (this.st.phase !== 'lobby') return;
    this.st.lobby.setSettings(patch);
    this.tx.broadcast({ t: 'settings', settings: this.st.lobby.settings });
    this.tx.broadcastSlots();
  }

  /** Owner API: sets a non-human slot to open, closed or a bot of a difficulty (lobby only). */
  setSlot(slot: number, kind: SlotKind, difficulty: number): void {
    if (this.st.phase === 'lobby' && this.st.lobby.setSlot(slot, kind, difficulty)) this.tx.broadcastSlots();
  }

  /**
   * Owner API: removes a player (in a match: dropped, slot becomes a bot) and refuses its address
   * (ip:port) and its session token later — not its whole IP (other apps on that machine) nor its
   * name. A kicked player may come back from a new port under a new name, as in War3; kick again.
   */
  kick(now: number, slot: number): void {
    const s = [...this.st.sessions.values()].find((x) => x.slot === slot && !x.owner);
    if (!s) return;
    this.st.sessions.ban(s);
    this.tx.toOne(s, { t: 'kicked', reason: SessionReason.Kicked });
    this.tx.sendTo(now, s);
    this.removeSession(now, s, 4);
  }

  /**
   * Closes the room (the host leaves, its app quits, a dedicated host stops): every session gets
   * the goodbye in a final burst (goodbye.ts) and ends at once; afterwards nothing is read or sent.
   * The host's own player may be told otherwise (`ownerReason`: this host was replaced).
   */
  close(now: number, reason: string = HOST_CLOSED_REASON, ownerReason = reason): void {
    if (this.st.closed) return;
    this.st.closed = true;
    for (const s of this.st.sessionList()) for (const b of goodbyeFrames(now, s, s.owner ? ownerReason : reason)) this.tx.out(s.addr, b);
    this.st.sessions.clear();
    this.tx.dropCopies();
  }

  /** Owner API: lobby → loading. */
  start(now: number): void {
    const st = this.st;
    if (st.phase !== 'lobby') return;
    const seed = (st.opts.seed ?? st.opts.random32()) >>> 0;
    const participants = st.sessionList().filter((s) => !s.spectator);
    st.loading = new HostLoading(seed, participants, now, st.lobby.settings.loadTimeoutSeconds * 1000);
    st.phase = 'loading';
    this.tx.broadcast({ t: 'loading', seed, trees: st.trees.brains.fingerprint >>> 0 });
  }

  /** Owner API: pause / resume as the host (unlimited). */
  pauseAsHost(now: number, pause: boolean): boolean {
    const m = this.st.match;
    const ok = m ? (pause ? m.pause(SYSTEM_SLOT, true, now) : m.resume(SYSTEM_SLOT, true, now)) : false;
    this.flushNotices(now);
    return ok;
  }

  /** Owner API: a chat line from the host/system. */
  say(text: string): void {
    this.tx.broadcast({ t: 'chat', from: SYSTEM_SLOT, text, team: false });
  }

  /** Loading: progress tables, and the match start once the start rule is met (seed 002). */
  tickLoading(now: number, l: HostLoading): void {
    const st = this.st;
    if (l.progressDue(now)) this.tx.broadcast({ t: 'progress', entries: l.entries() });
    const go = l.decision(now, (s) => st.sessions.has(s.addr));
    if (!go) return;
    st.loading = null;
    for (const s of go.benched) {
      s.benched = true;
      this.tx.toOne(s, { t: 'lobby', reason: reasonWith(SessionReason.LoadTimeout, st.lobby.settings.loadTimeoutSeconds) });
    }
    const bots = st.lobby.slots.some((x) => x.kind === SlotKind.Bot);
    const specs = st.sessionList().some((s) => s.spectator);
    if (go.ready.length === 0 && !bots && !specs) {
      st.phase = 'lobby';
      return this.tx.broadcast({ t: 'lobby', reason: SessionReason.NobodyLoaded });
    }
    this.startMatch(now, l.seed, go.ready);
  }

  private startMatch(now: number, seed: number, ready: readonly HostSession[]): void {
    const st = this.st;
    const humans = ready.map((s) => s.slot).sort((a, b) => a - b);
    const fixed = st.opts.fixedDelay;
    const delay = fixed !== undefined ? clampDelay(fixed) : DelayController.initial(ready.map((s) => s.rtt.worst(0)));
    const owner = st.sessionList().find((s) => s.owner);
    // Late loaders' balls are in the world from the start, played by a bot until they take over.
    const late = st.sessionList().filter((s) => s.benched && !s.spectator).map((s) => s.slot);
    const m = new HostMatch(st.lobby.settings, delay, humans, now, owner ? owner.reporter : -1, late);
    m.waitForLate = st.opts.waitForLate === true;
    st.match = m;
    st.phase = 'running';
    const slots: SlotSpec[] = st.lobby.slots.flatMap((x, slot): SlotSpec[] =>
      humans.includes(slot)
        ? [{ slot, kind: SlotKind.Human, difficulty: 0, team: x.team }]
        : late.includes(slot)
          ? [{ slot, kind: SlotKind.Bot, difficulty: DROP_BOT_DIFFICULTY, team: x.team }]
          : x.kind === SlotKind.Bot
            ? [{ slot, kind: SlotKind.Bot, difficulty: x.difficulty, team: x.team }]
            : [],
    );
    st.matchStart = { seed, slots };
    for (const s of st.sessions.values()) {
      s.inMatch = s.spectator || humans.includes(s.slot);
      s.restartUpdates(-1);
      if (s.inMatch) this.tx.toOne(s, { t: 'start', seed, delayMs: delay, slots, trees: st.trees.brains.fingerprint >>> 0 });
    }
    m.tryRelease(now);
    this.tx.broadcastFrames(now);
  }

  private finishMatch(now: number, end: MatchEnd): void {
    const st = this.st;
    st.lastResult = { lastKey: end.lastKey, hash: end.hash, agreed: end.agreed };
    st.lastMatch = st.match;
    st.match = null;
    st.matchStart = null;
    st.sessions.matchEnded();
    st.phase = 'lobby';
    const bySlot = new Set(st.sessionList().map((s) => s.slot));
    st.lobby.slots.forEach((x, i) => {
      if (x.kind === SlotKind.Human && !bySlot.has(i)) st.lobby.free(i);
    });
    st.lobby.unready();
    for (const s of st.sessions.values()) {
      s.inMatch = false;
      s.benched = false;
      s.syncing = false;
      s.sync = null;
      s.restartUpdates(-1);
    }
    this.tx.broadcastSlots();
    this.tx.sendAll(now);
  }

  /**
   * The roster in effect at the start of `key`: the starting one changed by the slot events before
   * it (a successor that joined late holds no updates below its snapshot: those are skipped).
   */
  rosterAt(key: number): SlotSpec[] {
    const bySlot = new Map<number, SlotSpec>();
    for (const x of this.st.matchStart?.slots ?? []) bySlot.set(x.slot, x);
    for (const u of this.st.match?.updates.slice(0, Math.max(0, key)) ?? []) {
      // A slot keeps its team for the whole match: only its controller changes.
      for (const e of u?.events ?? []) bySlot.set(e.slot, { slot: e.slot, kind: e.kind === SlotEventKind.Human ? SlotKind.Human : SlotKind.Bot, difficulty: e.difficulty, team: bySlot.get(e.slot)?.team ?? 0 });
    }
    return [...bySlot.values()].sort((a, b) => a.slot - b.slot);
  }

  /** Tells every match session the match's new notices; releases what they unblocked. */
  flushNotices(now: number): void {
    const m = this.st.match;
    if (!m) return;
    const notices = m.notices.splice(0);
    for (const n of notices) {
      for (const s of this.st.sessions.values()) {
        if (!s.inMatch) continue;
        this.tx.toOne(s, hostNoticeToControl(n, s, m));
      }
      if (n.t === 'end') return this.finishMatch(now, n);
    }
    if (notices.length > 0) {
      if (m.tryRelease(now) > 0) this.tx.broadcastFrames(now);
      else this.tx.sendAll(now);
    }
  }

  /** A session is gone; a player of the running match keeps its slot for a rejoin (not when kicked). */
  removeSession(now: number, s: HostSession, why: LeaveWhy): void {
    const st = this.st;
    const m = st.match;
    st.sessions.remove(s, m !== null && !s.spectator && s.inMatch && why !== 4);
    s.ctl.clear();
    if (m && !s.spectator && m.players.isActive(s.slot)) {
      m.drop(s.slot, why, now);
      this.flushNotices(now);
    } else if (st.phase !== 'running' && !s.spectator) {
      st.lobby.free(s.slot);
      this.tx.broadcastSlots();
    }
  }
}
