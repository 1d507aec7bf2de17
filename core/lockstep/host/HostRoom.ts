/**
 * The room's lifecycle on the host: the owner's edits (settings, slots, kicks, start, pause, chat),
 * loading and its start rule, match start and end, match notices to every peer, and sessions
 * leaving. Sits between HostCore (sending) and HostAuthority (receiving).
 */
import { DelayController } from './DelayController';
import { goodbyeFrames, HOST_CLOSED_REASON } from './goodbye';
import { HostCore } from './HostCore';
import type { SlotSpec } from '../wire/control';
import { HostLoading } from './HostLoading';
import { DROP_BOT_DIFFICULTY, HostMatch } from './HostMatch';
import type { HostSession } from './HostSession';
import { hostNoticeToControl } from './hostMessages';
import { clampDelay, SlotEventKind, SlotKind, SYSTEM_SLOT } from '../types';
import type { RoomSettings } from '../types';

/** A match slot whose session is gone: its token lets the same app take it back (a rejoin). */
export interface DetachedSlot {
  readonly slot: number;
  readonly name: string;
  readonly reporter: number;
}

export abstract class HostRoom extends HostCore {
  /** Kicked sessions' addresses ("ip:port") and tokens ("token:N"), for the room's life. */
  protected readonly banned = new Set<string>();
  private isClosed = false;
  protected delayEvalAt = 0;
  /** The running match's seed and starting roster (late joiners get the roster as of their key). */
  protected matchStart: { readonly seed: number; readonly slots: readonly SlotSpec[] } | null = null;
  /** Session token → slot, for players who left the running match (not kicked). */
  protected readonly detached = new Map<number, DetachedSlot>();

  /** Owner API: changes room settings (lobby only). */
  configure(patch: Partial<RoomSettings>): void {
    if (this.phase !== 'lobby') return;
    this.lobby.setSettings(patch);
    this.broadcast({ t: 'settings', settings: this.lobby.settings });
    this.broadcastSlots();
  }

  /** Owner API: sets a non-human slot to open, closed or a bot of a difficulty (lobby only). */
  setSlot(slot: number, kind: SlotKind, difficulty: number): void {
    if (this.phase === 'lobby' && this.lobby.setSlot(slot, kind, difficulty)) this.broadcastSlots();
  }

  /**
   * Owner API: removes a player (in a match: dropped, slot becomes a bot) and refuses its address
   * (ip:port) and its session token later — not its whole IP (other apps on that machine) nor its
   * name. A kicked player may come back from a new port under a new name, as in War3; kick again.
   */
  kick(now: number, slot: number): void {
    const s = [...this.sessions.values()].find((x) => x.slot === slot && !x.owner);
    if (!s) return;
    this.banned.add(s.addr);
    this.banned.add(`token:${s.token}`);
    this.toOne(s, { t: 'kicked', reason: 'You were removed from the room by the host.' });
    this.sendTo(now, s);
    this.removeSession(now, s, 4);
  }

  /** True when a JOIN from `from` (carrying `token`, a rejoin) comes from a kicked session. */
  protected isBanned(from: string, token: number | undefined): boolean {
    return this.banned.has(from) || (token !== undefined && this.banned.has(`token:${token >>> 0}`));
  }

  /**
   * Closes the room (the host leaves, its app quits, a dedicated host stops): every session gets
   * the goodbye in a final burst (goodbye.ts) and ends at once; afterwards nothing is read or sent.
   */
  close(now: number, reason: string = HOST_CLOSED_REASON): void {
    if (this.isClosed) return;
    this.isClosed = true;
    for (const s of this.sessionList()) for (const b of goodbyeFrames(now, s, reason)) this.out(s.addr, b);
    this.sessions.clear();
    this.copies = [];
  }

  /** The room was closed (`close`). */
  get closed(): boolean {
    return this.isClosed;
  }

  /** Owner API: lobby → loading. */
  start(now: number): void {
    if (this.phase !== 'lobby') return;
    const seed = (this.opts.seed ?? this.opts.random32()) >>> 0;
    const participants = this.sessionList().filter((s) => !s.spectator);
    this.loading = new HostLoading(seed, participants, now, this.lobby.settings.loadTimeoutSeconds * 1000);
    this.phase = 'loading';
    this.broadcast({ t: 'loading', seed });
  }

  /** Owner API: pause / resume as the host (unlimited). */
  pauseAsHost(now: number, pause: boolean): boolean {
    const m = this.match;
    const ok = m ? (pause ? m.pause(SYSTEM_SLOT, true, now) : m.resume(SYSTEM_SLOT, true, now)) : false;
    this.flushNotices(now);
    return ok;
  }

  /** Owner API: a chat line from the host/system. */
  say(text: string): void {
    this.broadcast({ t: 'chat', from: SYSTEM_SLOT, text });
  }

  protected tickLoading(now: number, l: HostLoading): void {
    if (l.progressDue(now)) this.broadcast({ t: 'progress', entries: l.entries() });
    const go = l.decision(now, (s) => this.sessions.has(s.addr));
    if (!go) return;
    this.loading = null;
    for (const s of go.benched) {
      s.benched = true;
      this.toOne(s, { t: 'lobby', reason: `You did not finish loading within ${this.lobby.settings.loadTimeoutSeconds} s; you join the match as soon as you have loaded.` });
    }
    const bots = this.lobby.slots.some((x) => x.kind === SlotKind.Bot);
    const specs = this.sessionList().some((s) => s.spectator);
    if (go.ready.length === 0 && !bots && !specs) {
      this.phase = 'lobby';
      return this.broadcast({ t: 'lobby', reason: 'Nobody finished loading; back to the lobby.' });
    }
    this.startMatch(now, l.seed, go.ready);
  }

  protected startMatch(now: number, seed: number, ready: readonly HostSession[]): void {
    const humans = ready.map((s) => s.slot).sort((a, b) => a - b);
    const fixed = this.opts.fixedDelay;
    const delay = fixed !== undefined ? clampDelay(fixed) : DelayController.initial(ready.map((s) => s.rtt.worst(0)));
    const owner = this.sessionList().find((s) => s.owner);
    // Late loaders' balls are in the world from the start, played by a bot until they take over.
    const late = this.sessionList().filter((s) => s.benched && !s.spectator).map((s) => s.slot);
    const m = new HostMatch(this.lobby.settings, delay, humans, now, owner ? owner.reporter : -1, late);
    this.match = m;
    this.phase = 'running';
    this.delayEvalAt = now + 1000;
    const slots: SlotSpec[] = this.lobby.slots.flatMap((x, slot): SlotSpec[] =>
      humans.includes(slot)
        ? [{ slot, kind: SlotKind.Human, difficulty: 0 }]
        : late.includes(slot)
          ? [{ slot, kind: SlotKind.Bot, difficulty: DROP_BOT_DIFFICULTY }]
          : x.kind === SlotKind.Bot
            ? [{ slot, kind: SlotKind.Bot, difficulty: x.difficulty }]
            : [],
    );
    this.matchStart = { seed, slots };
    for (const s of this.sessions.values()) {
      s.inMatch = s.spectator || humans.includes(s.slot);
      s.recvKey = -1;
      if (s.inMatch) this.toOne(s, { t: 'start', seed, delayMs: delay, slots });
    }
    m.tryRelease(now);
    this.broadcastFrames(now);
  }

  protected finishMatch(now: number, end: { lastKey: number; hash: number; agreed: boolean }): void {
    this.lastResult = { lastKey: end.lastKey, hash: end.hash, agreed: end.agreed };
    this.lastMatch = this.match;
    this.match = null;
    this.matchStart = null;
    this.detached.clear();
    this.phase = 'lobby';
    const bySlot = new Set(this.sessionList().map((s) => s.slot));
    this.lobby.slots.forEach((x, i) => {
      if (x.kind === SlotKind.Human && !bySlot.has(i)) this.lobby.free(i);
    });
    this.lobby.unready();
    for (const s of this.sessions.values()) {
      s.inMatch = false;
      s.benched = false;
      s.syncing = false;
      s.sync = null;
      s.recvKey = -1;
    }
    this.broadcastSlots();
    this.sendAll(now);
  }

  /** The roster in effect at the start of `key`: the starting one changed by the slot events before it. */
  protected rosterAt(key: number): SlotSpec[] {
    const bySlot = new Map<number, SlotSpec>();
    for (const x of this.matchStart?.slots ?? []) bySlot.set(x.slot, x);
    for (const u of this.match?.updates.slice(0, Math.max(0, key)) ?? []) {
      for (const e of u.events) bySlot.set(e.slot, { slot: e.slot, kind: e.kind === SlotEventKind.Human ? SlotKind.Human : SlotKind.Bot, difficulty: e.difficulty });
    }
    return [...bySlot.values()].sort((a, b) => a.slot - b.slot);
  }

  protected flushNotices(now: number): void {
    const m = this.match;
    if (!m) return;
    const notices = m.notices.splice(0);
    for (const n of notices) {
      for (const s of this.sessions.values()) {
        if (!s.inMatch) continue;
        this.toOne(s, hostNoticeToControl(n, s, m));
      }
      if (n.t === 'end') return this.finishMatch(now, n);
    }
    if (notices.length > 0) {
      if (m.tryRelease(now) > 0) this.broadcastFrames(now);
      else this.sendAll(now);
    }
  }

  protected removeSession(now: number, s: HostSession, why: 1 | 2 | 3 | 4): void {
    this.sessions.delete(s.addr);
    s.ctl.clear();
    const m = this.match;
    if (m && !s.spectator && s.inMatch && why !== 4) this.detached.set(s.token, { slot: s.slot, name: s.name, reporter: s.reporter });
    if (m && !s.spectator && m.isActive(s.slot)) {
      m.drop(s.slot, why);
      this.flushNotices(now);
    } else if (this.phase !== 'running' && !s.spectator) {
      this.lobby.free(s.slot);
      this.broadcastSlots();
    }
  }
}
