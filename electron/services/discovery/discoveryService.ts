/**
 * DiscoveryService: mDNS (publish + browse), the broadcast beacon, our UDP liveness probe and
 * join-by-address, combined behind one object the main side drives from the Join and Host screens.
 *
 * Invariants: mode 'off' opens no socket at all (no multicast, no broadcast, no probe socket) — only
 * `answerProbe` and `manualJoin` work, as they need no discovery; a failure of one mechanism (port
 * 5353 taken, no interface, permission denied) shows in `status()` and never stops the others or
 * the app; the mDNS goodbye goes out before the endpoints close; our own game never lists itself.
 */
import type { GameAdvert } from './advert';
import { BEACON_PORT, BeaconListener, BeaconSender } from './beacon';
import { MdnsBrowser } from './browser';
import { GameList } from './gameList';
import type { GameRow } from './gameList';
import type { DiscoveryMode, NetInterface } from './interfaces';
import { describeMode, selectInterfaces, usableInterfaces } from './interfaces';
import { LivenessProber } from './liveness';
import { manualJoin, parseJoinAddress } from './manualJoin';
import type { ManualJoinOptions, ManualJoinResult } from './manualJoin';
import { MdnsEndpoint } from './mdnsEndpoint';
import type { MdnsSocketLike } from './mdnsSocket';
import { nodeMdnsSocket } from './mdnsSocket';
import { MdnsPublisher } from './publisher';
import { answerProbe } from './responder';
import { realScheduler } from './scheduler';
import type { Scheduler } from './scheduler';
import { combineParts } from './status';
import type { DiscoveryStatus, LabelledPart } from './status';
import { describeSocketError, Listeners, openUdp } from './udpPort';
import type { DatagramPort, OpenDatagram } from './udpPort';

/** Everything that touches the OS, injectable so tests run on an in-memory network. */
export interface DiscoveryDeps {
  readonly listInterfaces: () => NetInterface[];
  readonly mdnsSocket: (iface: NetInterface) => MdnsSocketLike;
  readonly openDatagram: OpenDatagram;
  readonly scheduler: Scheduler;
  /** Unexpected exceptions caught at the edges (library bugs, hostile packets): for the log. */
  readonly onFault: (err: unknown) => void;
}

export interface DiscoveryOptions {
  readonly mode: DiscoveryMode;
  readonly beaconPort?: number;
  readonly beaconIntervalMs?: number;
  readonly probeIntervalMs?: number;
  /** A host silent this long is dropped from the list. */
  readonly expireMs?: number;
  readonly sweepMs?: number;
  /** Lines to show with the status from the start, e.g. resolveDiscoveryMode's warnings. */
  readonly notes?: readonly string[];
  readonly deps?: Partial<DiscoveryDeps>;
}

interface Browsing {
  readonly browser: MdnsBrowser;
  readonly prober: LivenessProber | null;
  readonly probeSocket: DatagramPort | null;
  readonly listener: BeaconListener;
}

interface Hosting {
  readonly publisher: MdnsPublisher;
  readonly sender: BeaconSender;
}

export class DiscoveryService {
  private readonly deps: DiscoveryDeps;
  private readonly list: GameList;
  private readonly statusFns = new Listeners<DiscoveryStatus>();
  private readonly rowFns = new Listeners<readonly GameRow[]>();
  private interfaces: NetInterface[] = [];
  private skipped: string[] = [];
  private interfaceProblem: string | null = null;
  private endpoints: MdnsEndpoint[] = [];
  private endpointFailures: LabelledPart[] = [];
  private browsing: Browsing | null = null;
  private browseStarting = false;
  private hosting: Hosting | null = null;
  private advert: GameAdvert | null = null;
  private notes: string[] = [];
  private lastStatus = '';

  constructor(private readonly opts: DiscoveryOptions) {
    const onFault = opts.deps?.onFault ?? (() => {});
    this.deps = {
      listInterfaces: () => usableInterfaces(),
      mdnsSocket: () => nodeMdnsSocket(),
      openDatagram: openUdp,
      scheduler: realScheduler(onFault),
      onFault,
      ...opts.deps,
    };
    this.notes = [...(opts.notes ?? [])];
    this.list = new GameList(() => this.deps.scheduler.now(), opts.expireMs ?? 3000, (id) => id === this.advert?.gameId);
    this.list.onChange((rows) => this.rowFns.emit(rows, this.deps.onFault));
  }

  /** Calls `fn` whenever the list changes; returns the unsubscribe. */
  onRows(fn: (rows: readonly GameRow[]) => void): () => void {
    return this.rowFns.add(fn);
  }
  /** Calls `fn` whenever the status changes; returns the unsubscribe. */
  onStatus(fn: (s: DiscoveryStatus) => void): () => void {
    return this.statusFns.add(fn);
  }

  /** The mode this service was made for. */
  get mode(): DiscoveryMode {
    return this.opts.mode;
  }
  rows(): readonly GameRow[] {
    return this.list.rows();
  }

  /** The advert being hosted, or null. */
  currentAdvert(): GameAdvert | null {
    return this.advert;
  }

  /** The reply for a probe datagram on the game port (see responder.ts); works in every mode. */
  answerProbe(datagram: Uint8Array): Uint8Array | null {
    return answerProbe(datagram, this.advert);
  }

  /**
   * Join by address; needs no discovery socket, so it works in every mode and every fault. A probe
   * nobody answered, at an address discovery lists a game at, says so (`seen`): the host is there,
   * its game port is not reachable.
   */
  async manualJoin(text: string, opts?: ManualJoinOptions): Promise<ManualJoinResult> {
    const r = await manualJoin(text, opts);
    if (r.ok || r.reason !== 'timeout') return r;
    const parsed = parseJoinAddress(text, opts?.defaultPort);
    const row = parsed.ok ? this.list.rowAt(parsed.address, parsed.port) : undefined;
    return row ? { ...r, seen: { room: row.room, port: row.port } } : r;
  }

  /** Lists games until stopBrowsing(). */
  async startBrowsing(): Promise<void> {
    if (this.browsing !== null || this.browseStarting || this.opts.mode === 'off') return;
    this.browseStarting = true;
    try {
      await this.beginBrowsing();
    } finally {
      this.browseStarting = false;
    }
  }

  private async beginBrowsing(): Promise<void> {
    this.ensureEndpoints();
    const listener = new BeaconListener(this.interfaces, this.deps.openDatagram, this.list, this.opts.beaconPort ?? BEACON_PORT);
    const browser = new MdnsBrowser(this.endpoints, this.list, this.deps.scheduler, this.deps.onFault);
    const probeSocket = this.interfaces.length === 0 ? null : await this.openProbeSocket();
    const prober = probeSocket && new LivenessProber(this.list, probeSocket, this.deps.scheduler, {
      intervalMs: this.opts.probeIntervalMs ?? 1000,
      sweepMs: this.opts.sweepMs ?? 250,
      expireMs: this.opts.expireMs ?? 3000,
    }, (names) => { for (const n of names) browser.forget(n); });
    this.browsing = { browser, prober, probeSocket, listener };
    if (this.interfaces.length > 0) await listener.start();
    browser.start();
    prober?.start();
    this.emitStatus();
  }

  private async openProbeSocket(): Promise<DatagramPort | null> {
    try {
      return await this.deps.openDatagram({ address: '0.0.0.0', port: 0 });
    } catch (err) {
      this.notes.push(`ping and liveness unavailable: ${describeSocketError(err, 'a UDP socket')}`);
      return null;
    }
  }

  async stopBrowsing(): Promise<void> {
    const b = this.browsing;
    if (b === null) return;
    this.browsing = null;
    b.prober?.stop();
    b.browser.stop();
    await Promise.all([b.listener.stop(), b.probeSocket?.close()]);
    this.list.clear();
    await this.releaseEndpoints();
  }

  /** Advertises `advert` (its port must already answer probes, see answerProbe). */
  async host(advert: GameAdvert): Promise<void> {
    if (this.hosting !== null) await this.stopHosting();
    this.advert = advert;
    if (this.opts.mode === 'off') return;
    this.ensureEndpoints();
    const publisher = new MdnsPublisher(this.endpoints, this.deps.onFault);
    const sender = new BeaconSender(this.interfaces, this.deps.openDatagram, this.deps.scheduler, {
      port: this.opts.beaconPort ?? BEACON_PORT,
      intervalMs: this.opts.beaconIntervalMs ?? 1000,
    }, () => this.emitStatus());
    this.hosting = { publisher, sender };
    publisher.publish(advert);
    await sender.start(advert);
  }

  /** The hosted game changed (players, state, map…): PONGs, TXT and beacons carry it from now on. */
  async updateAdvert(advert: GameAdvert): Promise<void> {
    this.advert = advert;
    if (this.hosting === null) return;
    this.hosting.sender.update(advert);
    await this.hosting.publisher.update(advert);
  }

  /** Goodbye on mDNS, BYE on the beacon, then the sockets close. */
  async stopHosting(): Promise<void> {
    const h = this.hosting;
    this.hosting = null;
    this.advert = null;
    if (h === null) return;
    await h.publisher.stop();
    await h.sender.stop();
    await this.releaseEndpoints();
  }

  async close(): Promise<void> {
    await this.stopHosting();
    await this.stopBrowsing();
  }

  private ensureEndpoints(): void {
    if (this.endpoints.length > 0 || this.endpointFailures.length > 0) return;
    const all = this.deps.listInterfaces();
    const selected = selectInterfaces(this.opts.mode, all);
    this.interfaces = selected.interfaces;
    this.skipped = [...new Set(all.filter((i) => !selected.interfaces.includes(i)).map((i) => i.name))];
    this.interfaceProblem = selected.problem;
    for (const iface of this.interfaces) {
      try {
        const endpoint = new MdnsEndpoint(iface, this.deps.mdnsSocket(iface), () => this.deps.scheduler.now(), this.deps.onFault);
        endpoint.onChange(() => this.emitStatus());
        this.endpoints.push(endpoint);
      } catch (err) {
        this.endpointFailures.push({ label: iface.name, part: { state: 'unavailable', reason: describeSocketError(err, 'mDNS') } });
      }
    }
  }

  private async releaseEndpoints(): Promise<void> {
    if (this.browsing !== null || this.hosting !== null) return this.emitStatus();
    const endpoints = this.endpoints;
    this.endpoints = [];
    this.endpointFailures = [];
    await Promise.all(endpoints.map((e) => e.destroy()));
    this.emitStatus();
  }

  /** Which discovery works and why not, for the Join screen. */
  status(): DiscoveryStatus {
    const base = {
      mode: describeMode(this.opts.mode),
      interfaces: this.interfaces.map((i) => `${i.name} ${i.address}`),
      skipped: [...this.skipped],
      hearing: this.endpoints.map((e) => ({ interface: e.iface.name, ...e.hearing() })),
      manual: { state: 'ok' } as const,
      notes: [...this.notes],
    };
    if (this.opts.mode === 'off') return { ...base, mdns: { state: 'off' }, broadcast: { state: 'off' } };
    if (this.browsing === null && this.hosting === null) return { ...base, mdns: { state: 'idle' }, broadcast: { state: 'idle' } };
    const none = this.interfaceProblem ?? 'no usable network interface';
    const mdnsParts = [...this.endpoints.map((e) => ({ label: e.iface.name, part: e.part() })), ...this.endpointFailures];
    return { ...base, mdns: combineParts(mdnsParts, none), broadcast: combineParts(this.beaconParts(), none) };
  }

  /** The beacon listener counts once per selected interface (it serves them all), plus each sender link. */
  private beaconParts(): LabelledPart[] {
    const listener = this.browsing?.listener.part();
    const listening = listener ? this.interfaces.map((i) => ({ label: i.name, part: listener })) : [];
    return [...listening, ...(this.hosting?.sender.parts() ?? [])];
  }

  private emitStatus(): void {
    const s = this.status();
    const json = JSON.stringify(s);
    if (json === this.lastStatus) return;
    this.lastStatus = json;
    this.statusFns.emit(s, this.deps.onFault);
  }
}
