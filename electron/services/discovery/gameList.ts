/**
 * The Join screen's list of games: one row per game id, fed by mDNS, the broadcast beacon and
 * PONG replies; rows expire when the host has been silent too long.
 *
 * A game may be seen at more than one address: one host through two interfaces, or a room whose
 * host is gone and whose successor advertises it under the same id (issue 13). Each address is an
 * entry of its own (pinged, expiring on its own); the row shows the first one seen that still
 * answers, so a live host never flips between its interfaces, and a room taken over is listed once,
 * at its new host, as soon as the old one misses its pings.
 *
 * Invariants: a row exists only for a validated advert; its connect address is the source address
 * of the datagram that revealed it (never an advertised address list); `lastSeen` only moves on
 * evidence from the host itself (a response, a beacon, a PONG); listeners hear of visible changes only.
 */
import { PROTOCOL_VERSION } from '../../../core/net';
import { APP_VERSION } from '../../../core/version';
import type { AdvertDecode, GameAdvert } from './advert';

export type Via = 'mdns' | 'beacon';

/** One game as the Join screen lists it. Text fields are plain text: show with textContent. */
export interface GameRow {
  readonly gameId: string;
  readonly room: string;
  readonly map: string;
  readonly players: number;
  readonly maxPlayers: number;
  readonly state: GameAdvert['state'];
  readonly protocolVersion: number;
  readonly appVersion: string;
  /** Where to send JOIN: the source address the host answered from, and its game port. */
  readonly address: string;
  readonly port: number;
  /** Last measured round trip of our UDP probe, null until the first PONG. */
  readonly pingMs: number | null;
  /**
   * Whether the host's game port answers our probes: true once a PONG came, false when the host has
   * been seen (mDNS, beacon) for PORT_SILENT_MS without one — its firewall most likely drops the
   * game port — and null before that.
   */
  readonly portAnswers: boolean | null;
  /** False for a host of another protocol version: shown greyed out with `reason`. */
  readonly compatible: boolean;
  readonly reason: string | null;
  /** How the game was found. */
  readonly via: readonly Via[];
}

/** Two liveness pings (one a second) without a PONG: long enough on any LAN, short enough to tell the player. */
export const PORT_SILENT_MS = 2500;

export interface Sighting {
  readonly via: Via;
  readonly address: string;
  readonly port: number;
  readonly advert: AdvertDecode;
  /** mDNS instance fqdn, so a goodbye can find the row. */
  readonly serviceName?: string;
}

interface Entry {
  readonly gameId: string;
  /** When this address was first seen for the game: the first still answering is listed. */
  readonly addedAt: number;
  advert: GameAdvert;
  address: string;
  port: number;
  pingMs: number | null;
  compatible: boolean;
  lastSeen: number;
  via: Set<Via>;
  serviceNames: Set<string>;
}

/** Why a row is greyed out: the versions on both sides, in words. */
export function incompatibleReason(a: GameAdvert): string {
  const theirs = a.appVersion === '' ? '' : ` (app ${a.appVersion})`;
  return `Different game version: host speaks protocol v${a.protocolVersion}${theirs}, this app v${PROTOCOL_VERSION} (app ${APP_VERSION})`;
}

/** An entry's key: the game and the address it was seen at. */
const keyOf = (gameId: string, address: string): string => `${gameId} ${address}`;

export class GameList {
  private readonly entries = new Map<string, Entry>();
  private readonly changeFns: Array<(rows: readonly GameRow[]) => void> = [];
  private readonly addFns: Array<(gameId: string, address: string, port: number) => void> = [];
  private lastEmitted = '[]';

  constructor(
    private readonly now: () => number,
    private readonly expireMs: number,
    /** Games never listed (our own, while hosting). */
    private readonly ignore: (gameId: string) => boolean = () => false,
  ) {}

  onChange(fn: (rows: readonly GameRow[]) => void): void {
    this.changeFns.push(fn);
  }
  /** A game was first seen at an address. */
  onAdd(fn: (gameId: string, address: string, port: number) => void): void {
    this.addFns.push(fn);
  }

  /** A host revealed itself (mDNS answer or beacon). Invalid adverts are ignored. */
  sight(s: Sighting): void {
    if (!s.advert.ok || this.ignore(s.advert.advert.gameId)) return;
    const { advert, compatible } = s.advert;
    const existing = this.entries.get(keyOf(advert.gameId, s.address));
    if (existing) {
      existing.advert = { ...advert, port: existing.port };
      existing.compatible = compatible;
      existing.lastSeen = this.now();
      existing.via.add(s.via);
      if (s.serviceName !== undefined) existing.serviceNames.add(s.serviceName);
    } else {
      const now = this.now();
      this.entries.set(keyOf(advert.gameId, s.address), {
        gameId: advert.gameId, addedAt: now, advert, address: s.address, port: s.port, pingMs: null, compatible, lastSeen: now,
        via: new Set([s.via]), serviceNames: new Set(s.serviceName === undefined ? [] : [s.serviceName]),
      });
      for (const fn of this.addFns) fn(advert.gameId, s.address, s.port);
    }
    this.emitIfChanged();
  }

  /** A PONG from `from` answered our PING for `gameId` after `rttMs`. */
  pong(gameId: string, from: { address: string; port: number }, advert: AdvertDecode, rttMs: number): void {
    const e = this.entries.get(keyOf(gameId, from.address));
    if (!e || e.port !== from.port) return;
    if (advert.ok && advert.advert.gameId !== gameId) return; // another game now owns that port
    e.lastSeen = this.now();
    e.pingMs = Math.max(0, Math.round(rttMs));
    if (advert.ok) {
      e.advert = advert.advert;
      e.compatible = advert.compatible;
    }
    this.emitIfChanged();
  }

  /** The mDNS goodbye for `serviceName`: drop the game at once. */
  goodbyeService(serviceName: string): void {
    for (const [id, e] of this.entries) if (e.serviceNames.has(serviceName)) this.entries.delete(id);
    this.emitIfChanged();
  }

  /** A beacon BYE from `address`: drop that game there. */
  bye(gameId: string, address: string): void {
    this.entries.delete(keyOf(gameId, address));
    this.emitIfChanged();
  }

  /** Removes rows silent for longer than the expiry; returns their mDNS service names. */
  sweep(): string[] {
    const names: string[] = [];
    const now = this.now();
    for (const [id, e] of this.entries) {
      if (now - e.lastSeen <= this.expireMs) continue;
      this.entries.delete(id);
      names.push(...e.serviceNames);
    }
    this.emitIfChanged();
    return names;
  }

  /** Where to send PINGs: every address of every game. */
  targets(): Array<{ gameId: string; address: string; port: number }> {
    return [...this.entries.values()].map((e) => ({ gameId: e.gameId, address: e.address, port: e.port }));
  }

  clear(): void {
    this.entries.clear();
    this.emitIfChanged();
  }

  /** Rows sorted by room, then game id, so the list does not jump around. */
  rows(): GameRow[] {
    const shown = new Map<string, Entry>();
    for (const e of this.entries.values()) {
      const best = shown.get(e.gameId);
      if (!best || this.before(e, best)) shown.set(e.gameId, e);
    }
    return [...shown.values()]
      .map((e) => ({
        ...e.advert, address: e.address, port: e.port, pingMs: e.pingMs, portAnswers: this.portAnswers(e), compatible: e.compatible,
        reason: e.compatible ? null : incompatibleReason(e.advert), via: [...e.via].sort(),
      }))
      .sort((a, b) => a.room.localeCompare(b.room) || a.gameId.localeCompare(b.gameId));
  }

  private portAnswers(e: Entry): boolean | null {
    if (e.pingMs !== null) return true;
    return this.now() - e.addedAt >= PORT_SILENT_MS ? false : null;
  }

  /** The row listed at `address`:`port`, if one is. */
  rowAt(address: string, port: number): GameRow | undefined {
    return this.rows().find((r) => r.address === address && r.port === port);
  }

  /**
   * Whether `a` is listed rather than `b` (one game at two addresses): the first seen of those
   * still answering (heard within half the expiry, a ping and a half), else the last heard.
   */
  private before(a: Entry, b: Entry): boolean {
    const now = this.now();
    const aLive = now - a.lastSeen <= this.expireMs / 2;
    const bLive = now - b.lastSeen <= this.expireMs / 2;
    if (aLive !== bLive) return aLive;
    return aLive ? a.addedAt < b.addedAt : a.lastSeen > b.lastSeen;
  }

  private emitIfChanged(): void {
    const rows = this.rows();
    const json = JSON.stringify(rows);
    if (json === this.lastEmitted) return;
    this.lastEmitted = json;
    for (const fn of this.changeFns) fn(rows);
  }
}
