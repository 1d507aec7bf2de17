/**
 * The Join screen's list: turns the app's DiscoveryService's rows and status (AppDiscovery, whose
 * mode is read when browsing starts, so a changed setting applies the next time the Join screen
 * opens) into the bridge contract's `LanList` and pushes every change to the renderer as a
 * `lan:list` event. Probing a typed address needs no discovery socket and works in every mode,
 * including 'off'.
 */
import type { DiscoveryInfo, DiscoverySource, LanGame, LanList, MechanismInfo, ProbeResult, Reason } from '../../contract';
import type { AppDiscovery } from './AppDiscovery';
import type { DiscoveryService } from './discoveryService';
import type { GameAdvert } from './advert';
import type { GameRow } from './gameList';
import { manualJoin } from './manualJoin';
import type { ManualJoinResult } from './manualJoin';
import type { DiscoveryStatus, MechanismStatus } from './status';

/** Whether this app holds a stored session token for the host at "ip:port". */
export type HasToken = (address: string) => boolean;

/** Rejoin is offered for a running, compatible match in which this app holds a session token. */
function rejoinable(g: Omit<LanGame, 'rejoin'>, hasToken: HasToken): boolean {
  return g.compatible && g.state === 'match' && hasToken(`${g.address}:${g.port}`);
}

function gameOf(row: GameRow, hasToken: HasToken): LanGame {
  const { gameId, room, map, players, maxPlayers, state, appVersion, address, port, pingMs, portAnswers, compatible, reason, via } = row;
  const game = { gameId, room, map, players, maxPlayers, state, appVersion, address, port, pingMs, portAnswers, compatible, reason, via: [...via] };
  return { ...game, rejoin: rejoinable(game, hasToken) };
}

function mechanism(s: MechanismStatus): MechanismInfo {
  if (s.state === 'ok') return { state: s.state, interfaces: [...s.interfaces], problems: [...s.problems] };
  return { state: s.state, interfaces: [], problems: s.state === 'unavailable' ? [s.reason] : [] };
}

function infoOf(s: DiscoveryStatus, source: DiscoverySource): DiscoveryInfo {
  return {
    mode: s.mode,
    source,
    mdns: mechanism(s.mdns),
    broadcast: mechanism(s.broadcast),
    skipped: [...s.skipped],
    hearing: s.hearing.map((h) => ({ ...h })),
    notes: s.notes.map((detail) => ({ code: 'discovery-note', params: { detail } })),
  };
}

/** A failed probe as a reason the page words (the typed address and the OS's detail are data). */
function probeReason(r: Extract<ManualJoinResult, { ok: false }>, address: string): Reason {
  switch (r.reason) {
    case 'invalid':
      return r.joinCode ? { code: `probe-code-${r.joinCode.problem}`, params: { code: address, address: r.joinCode.address ?? '' } } : { code: 'probe-invalid', params: { address } };
    case 'timeout': return r.seen ? { code: 'probe-port-silent', params: { address, room: r.seen.room, port: String(r.seen.port) } } : { code: 'probe-timeout', params: { address } };
    case 'refused': return { code: 'probe-refused', params: { address } };
    case 'version': return { code: 'probe-version', params: { version: r.advert?.appVersion || '?' } };
    case 'error': return { code: 'probe-error', params: { address, detail: r.message } };
  }
}

function probedGame(address: string, port: number, advert: GameAdvert, pingMs: number, hasToken: HasToken): LanGame {
  const { gameId, room, map, players, maxPlayers, state, appVersion } = advert;
  const game = { gameId, room, map, players, maxPlayers, state, appVersion, address, port, pingMs, portAnswers: true, compatible: true, reason: null, via: ['manual'] };
  return { ...game, rejoin: rejoinable(game, hasToken) };
}

export class JoinList {
  private browsing: { readonly service: DiscoveryService; readonly off: (() => void)[] } | null = null;
  /** Game ids of the hosts probed by address ("ip:port"). */
  private readonly probed = new Map<string, string>();

  constructor(
    private readonly discovery: AppDiscovery,
    private readonly emit: (list: LanList) => void,
    private readonly hasToken: HasToken = () => false,
  ) {}

  private list(): LanList {
    const s = this.browsing?.service;
    const source = this.discovery.effective().source;
    if (!s) return { games: [], discovery: infoOf({ mode: 'idle', interfaces: [], skipped: [], hearing: [], mdns: { state: 'idle' }, broadcast: { state: 'idle' }, manual: { state: 'ok' }, notes: [] }, source) };
    return { games: s.rows().map((r) => gameOf(r, this.hasToken)), discovery: infoOf(s.status(), source) };
  }

  /** Starts or stops browsing; starting twice is harmless. */
  async browse(on: boolean): Promise<LanList> {
    if (!on) {
      await this.close();
      return this.list();
    }
    if (!this.browsing) {
      const service = await this.discovery.acquire();
      const off = [service.onRows(() => this.emit(this.list())), service.onStatus(() => this.emit(this.list()))];
      this.browsing = { service, off };
      await service.startBrowsing();
    }
    return this.list();
  }

  async probe(address: string): Promise<ProbeResult> {
    // While browsing, the service tells a listed host whose port is silent from nobody at all.
    const r = await (this.browsing?.service.manualJoin(address) ?? manualJoin(address));
    if (r.ok) {
      this.probed.set(`${r.address}:${r.port}`, r.advert.gameId);
      return { ok: true, game: probedGame(r.address, r.port, r.advert, r.pingMs, this.hasToken) };
    }
    return { ok: false, reason: r.reason, message: probeReason(r, address.trim().slice(0, 64)) };
  }

  /** The game id of the host at "ip:port", as listed or probed (null: unknown). */
  gameIdAt(address: string): string | null {
    const listed = this.browsing?.service.rows().find((r) => `${r.address}:${r.port}` === address);
    return listed?.gameId ?? this.probed.get(address) ?? null;
  }

  /** Stops browsing (the service itself stays the app's). */
  async close(): Promise<void> {
    const b = this.browsing;
    this.browsing = null;
    if (!b) return;
    for (const off of b.off) off();
    await b.service.stopBrowsing();
    this.discovery.release(b.service);
  }
}
