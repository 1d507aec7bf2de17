/**
 * The app's one DiscoveryService: the Join list browses with it, a hosted room is published on it,
 * and the game port's probes are answered from its advert. Its mode (--discovery > BB_DISCOVERY >
 * the player's setting > all, see resolveDiscoveryMode) is read each time browsing or hosting
 * starts; a changed setting takes effect once nobody uses the current service (a running browse or
 * room keeps its sockets rather than dropping them mid-way).
 * Invariants: at most one DiscoveryService exists at a time, so the app never opens two mDNS
 * endpoints on the same interface; mode 'off' opens no discovery socket at all.
 */
import { DiscoveryService } from './discoveryService';
import type { DiscoveryDeps } from './discoveryService';
import { byPreference, describeMode, interfaceKind, resolveDiscoveryMode, selectInterfaces, usableInterfaces } from './interfaces';
import type { NetInterface } from './interfaces';
import type { DiscoveryInForce } from '../../contract';

export class AppDiscovery {
  private current: { readonly service: DiscoveryService; readonly key: string; users: number } | null = null;

  constructor(
    private readonly argv: readonly string[],
    private readonly env: Readonly<Record<string, string | undefined>>,
    /** The player's discovery setting ('off', 'all' or an interface name). */
    private readonly setting: () => string,
    private readonly deps?: Partial<DiscoveryDeps>,
  ) {}

  /**
   * The mode in force now and who chose it (the Settings screen shows a forced 'off' as such), and
   * the machine's interfaces in the order a hosted room offers them (lanAddresses: the named one,
   * else LAN interfaces before virtual adapters), each with its kind.
   */
  effective(): DiscoveryInForce {
    const { mode, source } = resolveDiscoveryMode(this.argv, this.env, this.setting());
    const all = this.deps?.listInterfaces?.() ?? usableInterfaces();
    const named = typeof mode === 'string' ? [] : all.filter((i) => i.name === mode.interface);
    const ordered = [...new Set([...named, ...byPreference(all)])];
    return { mode: typeof mode === 'string' ? mode : mode.interface, source, interfaces: ordered.map((i) => ({ name: i.name, address: i.address, kind: interfaceKind(i) })) };
  }

  /**
   * The interfaces the mode in force selects (none when discovery is off): where this app may
   * multicast and hear a host's group frames, the LAN traffic discovery already sends.
   */
  lanInterfaces(): NetInterface[] {
    const { mode } = resolveDiscoveryMode(this.argv, this.env, this.setting());
    return selectInterfaces(mode, this.deps?.listInterfaces?.() ?? usableInterfaces()).interfaces;
  }

  /** The service for one more user (browsing or hosting); call `release` when done with it. */
  async acquire(): Promise<DiscoveryService> {
    const { mode, warnings } = resolveDiscoveryMode(this.argv, this.env, this.setting());
    const key = describeMode(mode);
    const cur = this.current;
    if (cur && (cur.key === key || cur.users > 0)) {
      cur.users++;
      return cur.service;
    }
    this.current = null;
    await cur?.service.close();
    const service = new DiscoveryService({ mode, notes: warnings, ...(this.deps ? { deps: this.deps } : {}) });
    this.current = { service, key, users: 1 };
    return service;
  }

  /** One user is done (it stopped browsing or hosting on the service itself). */
  release(service: DiscoveryService): void {
    const cur = this.current;
    if (cur && cur.service === service && cur.users > 0) cur.users--;
  }

  async close(): Promise<void> {
    const cur = this.current;
    this.current = null;
    await cur?.service.close();
  }
}
