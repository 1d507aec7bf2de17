/**
 * The broadcast fallback for networks that drop multicast (as War3 and OpenRA do): the host sends
 * a small BEACON datagram to each selected interface's subnet broadcast address every interval;
 * browsers listen on the fixed discovery port and feed the same game list.
 *
 * Invariants: the sender binds to the interface address (so the beacon leaves by that interface
 * and its source address is the connect address); the listener binds with SO_REUSEADDR so several
 * apps on one machine can listen; only datagrams from a selected interface's subnet count; a BYE
 * goes out once when hosting stops; socket errors become the mechanism's status, never throws.
 */
import { decodeProbe, encodeBeacon, encodeBye } from '../../../core/net';
import type { GameAdvert } from './advert';
import type { Sighting } from './gameList';
import type { NetInterface } from './interfaces';
import { inSubnet } from './interfaces';
import type { Cancel, Scheduler } from './scheduler';
import type { LabelledPart, PartState } from './status';
import type { Datagram, DatagramPort, OpenDatagram } from './udpPort';
import { describeSocketError } from './udpPort';

/** Fixed discovery port for beacons (the game port is 47777). */
export const BEACON_PORT = 47778;

interface Link {
  readonly iface: NetInterface;
  socket: DatagramPort | null;
  bindError: string | null;
  sendError: { reason: string; at: number } | null;
}

export class BeaconSender {
  private links: Link[] = [];
  private advert: GameAdvert | null = null;
  private cancel: Cancel | null = null;

  constructor(
    private readonly interfaces: readonly NetInterface[],
    private readonly open: OpenDatagram,
    private readonly scheduler: Scheduler,
    private readonly opts: { readonly port: number; readonly intervalMs: number },
    private readonly onChange: () => void,
  ) {}

  /** Opens one broadcast socket per interface and starts beaconing `advert` at once. */
  async start(advert: GameAdvert): Promise<void> {
    this.advert = advert;
    this.links = await Promise.all(this.interfaces.map((iface) => this.openLink(iface)));
    void this.sendAll();
    this.cancel = this.scheduler.every(this.opts.intervalMs, () => void this.sendAll());
    this.onChange();
  }

  private async openLink(iface: NetInterface): Promise<Link> {
    const link: Link = { iface, socket: null, bindError: null, sendError: null };
    try {
      link.socket = await this.open({ address: iface.address, port: 0, broadcast: true });
      link.socket.onError((err) => {
        link.sendError = { reason: describeSocketError(err, `broadcast to ${iface.broadcast}`), at: this.scheduler.now() };
        this.onChange();
      });
    } catch (err) {
      link.bindError = describeSocketError(err, `a UDP socket on ${iface.address}`);
    }
    return link;
  }

  /** The next beacons carry `advert`; one goes out now so the lists refresh at once. */
  update(advert: GameAdvert): void {
    this.advert = advert;
    void this.sendAll();
  }

  private sendAll(frame?: Uint8Array): Promise<unknown> {
    if (this.advert === null) return Promise.resolve();
    const bytes = frame ?? encodeBeacon(this.advert);
    return Promise.all(this.links.map((link) => link.socket?.send(bytes, this.opts.port, link.iface.broadcast)));
  }

  /** Sends the BYE, waits until it has left (closing first would cancel it), closes the sockets. */
  async stop(): Promise<void> {
    this.cancel?.();
    this.cancel = null;
    if (this.advert !== null) await this.sendAll(encodeBye(this.advert));
    this.advert = null;
    const links = this.links;
    this.links = [];
    await Promise.all(links.map((l) => l.socket?.close()));
    this.onChange();
  }

  /** Per-interface status; a send error counts while it keeps recurring (two intervals). */
  parts(): LabelledPart[] {
    const now = this.scheduler.now();
    return this.links.map((l) => ({ label: l.iface.name, part: linkPart(l, now, this.opts.intervalMs * 2) }));
  }
}

function linkPart(l: Link, now: number, memoryMs: number): PartState {
  if (l.bindError !== null) return { state: 'unavailable', reason: l.bindError };
  if (l.sendError !== null && now - l.sendError.at <= memoryMs) return { state: 'unavailable', reason: l.sendError.reason };
  return { state: 'ok' };
}

export interface BeaconSink {
  sight(s: Sighting): void;
  bye(gameId: string, address: string): void;
}

export class BeaconListener {
  private socket: DatagramPort | null = null;
  private error: string | null = null;

  constructor(
    private readonly interfaces: readonly NetInterface[],
    private readonly open: OpenDatagram,
    private readonly sink: BeaconSink,
    private readonly port: number,
  ) {}

  async start(): Promise<void> {
    try {
      this.socket = await this.open({ address: '0.0.0.0', port: this.port, reuseAddr: true });
      this.socket.onMessage((d) => this.handle(d));
    } catch (err) {
      this.error = describeSocketError(err, `UDP port ${this.port} (broadcast discovery)`);
    }
  }

  /** One datagram on the discovery port: a BEACON or BYE from a selected subnet, else ignored. */
  handle(d: Datagram): void {
    if (!this.interfaces.some((iface) => inSubnet(d.address, iface))) return;
    const decoded = decodeProbe(d.bytes, d.port);
    if (!decoded.ok) return;
    const m = decoded.message;
    if (m.kind === 'beacon') this.sink.sight({ via: 'beacon', address: d.address, port: m.advert.ok ? m.advert.advert.port : 0, advert: m.advert });
    else if (m.kind === 'bye' && m.gameId !== null) this.sink.bye(m.gameId, d.address);
  }

  async stop(): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    await socket?.close();
  }

  /** The listener's status (one socket for all interfaces). */
  part(): PartState {
    if (this.error !== null) return { state: 'unavailable', reason: this.error };
    return this.socket === null ? { state: 'starting' } : { state: 'ok' };
  }
}
