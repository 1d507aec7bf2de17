/**
 * The room's sessions and what outlives one: the sessions by address, the kicked addresses and
 * tokens, the slots of players who left the running match (by token, or by a token's
 * successionTag for a predecessor's player), and the hash reporter numbers of spectators.
 * Every change to them is a method here; the other host parts read and ask.
 * Invariants: a session is found by its address only; the ban list only grows for the room's
 * life; detached slots belong to the running match only (`matchEnded` clears them).
 */
import { SPECTATOR_SLOT } from '../types';
import { SPECTATOR_BASE } from './HashJudge';
import type { HostMatch } from './HostMatch';
import type { HostSession } from './HostSession';

/** A match slot whose session is gone: its token lets the same app take it back (a rejoin). */
export interface DetachedSlot {
  readonly slot: number;
  readonly name: string;
  readonly reporter: number;
}

export class HostSessions {
  private readonly byAddr = new Map<string, HostSession>();
  /** Kicked sessions' addresses ("ip:port") and tokens ("token:N"), for the room's life. */
  private readonly banned = new Set<string>();
  /** Session token → slot, for players who left the running match (not kicked). */
  private readonly detached = new Map<number, DetachedSlot>();
  /** Detached slots known by their token's successionTag only (a successor's predecessor's player). */
  private readonly detachedTags = new Map<number, DetachedSlot>();
  /** Spectators joined so far (their hash reporter numbers count from SPECTATOR_BASE). */
  private spectatorsJoined = 0;

  get(addr: string): HostSession | undefined {
    return this.byAddr.get(addr);
  }

  has(addr: string): boolean {
    return this.byAddr.has(addr);
  }

  get size(): number {
    return this.byAddr.size;
  }

  /** The sessions in the order they joined. */
  values(): IterableIterator<HostSession> {
    return this.byAddr.values();
  }

  /** Sessions, ordered by slot (spectators last). */
  list(): HostSession[] {
    return [...this.byAddr.values()].sort((a, b) => a.slot - b.slot || a.reporter - b.reporter);
  }

  /** The hash reporters expected for `m`: players and spectators in it, not still catching up. */
  reporters(m: HostMatch): number[] {
    return this.list().filter((s) => s.inMatch && !s.syncing && (s.spectator || m.players.isActive(s.slot))).map((s) => s.reporter);
  }

  /** The hash reporter number a new session of `slot` reports under. */
  reporterFor(slot: number): number {
    return slot === SPECTATOR_SLOT ? SPECTATOR_BASE + this.spectatorsJoined++ : slot;
  }

  add(s: HostSession): void {
    this.byAddr.set(s.addr, s);
  }

  /** `s` is gone; a player of the running match (`keepSlot`) may take its slot back with its token. */
  remove(s: HostSession, keepSlot: boolean): void {
    this.byAddr.delete(s.addr);
    if (keepSlot) this.detached.set(s.token, { slot: s.slot, name: s.name, reporter: s.reporter });
  }

  /** The room closed: no session is read or sent to again. */
  clear(): void {
    this.byAddr.clear();
  }

  /** A kicked session: its address and token are refused for the room's life. */
  ban(s: HostSession): void {
    this.banned.add(s.addr);
    this.banned.add(`token:${s.token}`);
  }

  /** True when a JOIN from `from` (carrying `token`, a rejoin) comes from a kicked session. */
  isBanned(from: string, token: number | undefined): boolean {
    return this.banned.has(from) || (token !== undefined && this.banned.has(`token:${token >>> 0}`));
  }

  /** The detached slot of `token` (or of its successionTag `tag`), if any. */
  detachedOf(token: number, tag: number): DetachedSlot | undefined {
    return this.detached.get(token) ?? this.detachedTags.get(tag);
  }

  /** The slot of `token` (`tag`) is taken back: it is no longer detached. */
  reattach(token: number, tag: number): void {
    this.detached.delete(token);
    this.detachedTags.delete(tag);
  }

  /** The predecessor's player with this successionTag claimed its slot here. */
  forgetTag(tag: number): void {
    this.detachedTags.delete(tag);
  }

  /** A successor knows its predecessor's away players by their tokens' successionTags. */
  detachByTag(tag: number, d: DetachedSlot): void {
    this.detachedTags.set(tag, d);
  }

  /** Names of the slots detached by token (a joiner's name must differ from them). */
  detachedNames(): string[] {
    return [...this.detached.values()].map((d) => d.name);
  }

  /** Detached slots with the successionTag each is known by (`tagOf` a token's). */
  detachedTagged(tagOf: (token: number) => number): { readonly slot: number; readonly tag: number }[] {
    const out = [...this.detachedTags].map(([tag, d]) => ({ slot: d.slot, tag }));
    for (const [token, d] of this.detached) out.push({ slot: d.slot, tag: tagOf(token) });
    return out;
  }

  /** The match ended: its detached slots go. */
  matchEnded(): void {
    this.detached.clear();
    this.detachedTags.clear();
  }
}
