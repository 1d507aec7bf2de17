/**
 * The hosted room on LAN discovery: builds the GameAdvert from the host authority's lobby (room
 * name, map, human players, slots, lobby/loading/match) and republishes it when it changes. The
 * same DiscoveryService answers the probes arriving on the game port, so join-by-address works in
 * every discovery mode ('off' publishes nothing and opens no discovery socket). A discovery
 * failure never stops hosting: it shows in the Join screen's status line instead.
 */
import { PROTOCOL_VERSION } from '../../../core/net';
import { APP_VERSION } from '../../../core/version';
import { newGameId } from '../discovery';
import type { DiscoveryService, GameAdvert } from '../discovery';
import type { HostAuthority } from '../../../core/lockstep';

const STATES = { lobby: 'lobby', loading: 'loading', running: 'match' } as const;

export class HostAdvert {
  private last = '';

  constructor(
    private readonly discovery: DiscoveryService,
    /** The room's host and its game port (a LockstepNode's authority, from the start or since a takeover). */
    private readonly service: { readonly host: HostAuthority; readonly port: number },
    /** A new room's fresh id, or the id of the room a client took over (issue 13). */
    private readonly gameId: string = newGameId(),
  ) {}

  current(): GameAdvert {
    const h = this.service.host;
    const s = h.lobby.settings;
    return {
      gameId: this.gameId,
      room: s.roomName,
      map: s.map,
      players: h.lobby.humans(),
      maxPlayers: s.maxSlots,
      state: STATES[h.phase],
      protocolVersion: PROTOCOL_VERSION,
      appVersion: APP_VERSION,
      port: this.service.port,
    };
  }

  /** Starts answering probes and advertising. */
  async publish(): Promise<void> {
    const a = this.current();
    this.last = JSON.stringify(a);
    await this.discovery.host(a).catch(() => undefined);
  }

  /**
   * Republishes when the room changed (call every ~100 ms). A room closed under this app (its
   * peers elected another host: issue 13) is withdrawn, so the Join list shows the new host's only.
   */
  refresh(): void {
    if (this.service.host.closed) {
      if (this.last !== '') void this.close();
      this.last = '';
      return;
    }
    const a = this.current();
    const json = JSON.stringify(a);
    if (json === this.last) return;
    this.last = json;
    void this.discovery.updateAdvert(a).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.discovery.stopHosting().catch(() => undefined);
  }
}
