/**
 * The Join screen's list: turns the app's DiscoveryService's rows and status (AppDiscovery, whose
 * mode is read when browsing starts, so a changed setting applies the next time the Join screen
 * opens) into the bridge contract's `LanList` and pushes every change to the renderer as a
 * `lan:list` event. Probing a typed address needs no discovery socket and works in every mode,
 * including 'off'.
 */
import type { DiscoveryInfo, LanGame, LanList, ProbeResult } from '../../contract';
import type { AppDiscovery } from './AppDiscovery';
import type { DiscoveryService } from './discoveryService';
import type { GameAdvert } from './advert';
import type { GameRow } from './gameList';
import { manualJoin } from './manualJoin';
import { describeStatus } from './status';
import type { DiscoveryStatus, MechanismStatus } from './status';

/** Whether this app holds a stored session token for the host at "ip:port". */
export type HasToken = (address: string) => boolean;

/** Rejoin is offered for a running, compatible match in which this app holds a session token. */
function rejoinable(g: Omit<LanGame, 'rejoin'>, hasToken: HasToken): boolean {
  return g.compatible && g.state === 'match' && hasToken(`${g.address}:${g.port}`);
}

function gameOf(row: GameRow, hasToken: HasToken): LanGame {
  const { gameId, room, map, players, maxPlayers, state, appVersion, address, port, pingMs, compatible, reason, via } = row;
  const game = { gameId, room, map, players, maxPlayers, state, appVersion, address, port, pingMs, compatible, reason, via: [...via] };
  return { ...game, rejoin: rejoinable(game, hasToken) };
}

function mechanism(name: string, s: MechanismStatus): DiscoveryInfo['mdns'] {
  return { state: s.state, text: describeStatus(name, s) };
}

function infoOf(s: DiscoveryStatus): DiscoveryInfo {
  return { mode: s.mode, mdns: mechanism('mDNS', s.mdns), broadcast: mechanism('Broadcast', s.broadcast), notes: [...s.notes] };
}

function probedGame(address: string, port: number, advert: GameAdvert, pingMs: number, hasToken: HasToken): LanGame {
  const { gameId, room, map, players, maxPlayers, state, appVersion } = advert;
  const game = { gameId, room, map, players, maxPlayers, state, appVersion, address, port, pingMs, compatible: true, reason: null, via: ['manual'] };
  return { ...game, rejoin: rejoinable(game, hasToken) };
}

export class JoinList {
  private browsing: { readonly service: DiscoveryService; readonly off: (() => void)[] } | null = null;

  constructor(
    private readonly discovery: AppDiscovery,
    private readonly emit: (list: LanList) => void,
    private readonly hasToken: HasToken = () => false,
  ) {}

  private list(): LanList {
    const s = this.browsing?.service;
    if (!s) return { games: [], discovery: infoOf({ mode: 'idle', interfaces: [], mdns: { state: 'idle' }, broadcast: { state: 'idle' }, manual: { state: 'ok' }, notes: [] }) };
    return { games: s.rows().map((r) => gameOf(r, this.hasToken)), discovery: infoOf(s.status()) };
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
    const r = await manualJoin(address);
    if (r.ok) return { ok: true, game: probedGame(r.address, r.port, r.advert, r.pingMs, this.hasToken) };
    return { ok: false, reason: r.reason, message: r.message };
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
