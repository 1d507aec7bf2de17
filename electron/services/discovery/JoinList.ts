/**
 * The Join screen's side of LAN discovery: turns the DiscoveryService's rows and status into the
 * bridge contract's `LanList` and pushes every change to the renderer as a `lan:list` event.
 *
 * The discovery mode comes from the command line, the environment and the player's setting
 * (resolveDiscoveryMode: flag > BB_DISCOVERY > setting > all), read when browsing starts, so a
 * changed setting applies the next time the Join screen opens. Probing a typed address needs no
 * discovery socket and works in every mode, including 'off'.
 */
import type { DiscoveryInfo, LanGame, LanList, ProbeResult } from '../../contract';
import { DiscoveryService, describeStatus, manualJoin, resolveDiscoveryMode, type DiscoveryStatus, type GameAdvert, type GameRow, type MechanismStatus } from './';

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
  private service: DiscoveryService | null = null;

  constructor(
    private readonly argv: readonly string[],
    private readonly env: Readonly<Record<string, string | undefined>>,
    private readonly setting: () => string,
    private readonly emit: (list: LanList) => void,
    private readonly hasToken: HasToken = () => false,
  ) {}

  private list(): LanList {
    const s = this.service;
    if (!s) return { games: [], discovery: infoOf({ mode: 'idle', interfaces: [], mdns: { state: 'idle' }, broadcast: { state: 'idle' }, manual: { state: 'ok' }, notes: [] }) };
    return { games: s.rows().map((r) => gameOf(r, this.hasToken)), discovery: infoOf(s.status()) };
  }

  /** Starts or stops browsing; starting twice is harmless. */
  async browse(on: boolean): Promise<LanList> {
    if (!on) {
      await this.close();
      return this.list();
    }
    if (!this.service) {
      const { mode, warnings } = resolveDiscoveryMode(this.argv, this.env, this.setting());
      const service = new DiscoveryService({ mode, notes: warnings });
      service.onRows(() => this.emit(this.list()));
      service.onStatus(() => this.emit(this.list()));
      this.service = service;
      await service.startBrowsing();
    }
    return this.list();
  }

  async probe(address: string): Promise<ProbeResult> {
    const r = await manualJoin(address);
    if (r.ok) return { ok: true, game: probedGame(r.address, r.port, r.advert, r.pingMs, this.hasToken) };
    return { ok: false, reason: r.reason, message: r.message };
  }

  async close(): Promise<void> {
    const s = this.service;
    this.service = null;
    await s?.close();
  }
}
