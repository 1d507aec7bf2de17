/**
 * An in-memory IPv4 LAN for unit tests: sockets that multicast-dns (and so bonjour-service) and our
 * own code accept, delivering unicast, multicast and broadcast between "machines" with no real
 * network at all — so unit tests never put mDNS or broadcast on this machine's interfaces.
 *
 * Model: each machine has one interface (address/24 by default). Ports are per machine; binding a
 * taken port fails with EADDRINUSE unless both sockets asked for reuseAddr; `failBind` injects
 * bind errors (EADDRINUSE, EACCES). Multicast reaches every socket that joined the group on that
 * port (the sender too: loopback); broadcast (x.x.x.255) every socket bound to that port;
 * unicast the socket bound to that machine and port. Sending and delivery are asynchronous
 * (setImmediate), and a send still pending when its socket closes is lost, as in Node.
 * `settled` tells a test when every datagram sent so far has been delivered and handled: the
 * moment an absence ("X was not listed") means something, instead of a sleep.
 * Test support only: production code never imports this.
 */
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { DiscoveryDeps } from '../discoveryService';
import type { NetInterface } from '../interfaces';
import { broadcastAddress } from '../interfaces';
import type { MdnsSocketLike } from '../mdnsSocket';
import type { Datagram, DatagramPort, OpenDatagram } from '../udpPort';
import { Listeners } from '../udpPort';

function errnoError(code: string, syscall: string): Error {
  return Object.assign(new Error(`${syscall} ${code}`), { code, syscall });
}

export class BusSocket extends EventEmitter implements MdnsSocketLike {
  boundAddress: string | null = null;
  port = 0;
  closed = false;
  loopback = true;
  readonly memberships = new Set<string>();

  constructor(
    private readonly bus: MemoryBus,
    readonly host: string,
    readonly reuse: boolean,
  ) {
    super();
  }

  bind(port: number, address?: string, callback?: () => void): this {
    setImmediate(() => {
      const err = this.bus.tryBind(this, port, address ?? '0.0.0.0');
      if (err) return void this.emit('error', err);
      if (callback) this.once('listening', callback);
      this.emit('listening');
    });
    return this;
  }

  send(msg: Uint8Array, offset: number, length: number, port: number, address: string, callback?: (err: Error | null) => void): void {
    if (this.closed) throw errnoError('ERR_SOCKET_DGRAM_NOT_RUNNING', 'send');
    const err = this.bus.sendFault(this, address);
    const bytes = Buffer.from(msg.subarray(offset, offset + length));
    // As in Node, the datagram leaves asynchronously: closing the socket first cancels it.
    this.bus.later(() => {
      if (!err && !this.closed) this.bus.deliver(this, bytes, port, address);
      callback?.(err);
    });
  }

  close(callback?: () => void): this {
    if (this.closed) throw errnoError('ERR_SOCKET_DGRAM_NOT_RUNNING', 'close');
    this.closed = true;
    this.bus.remove(this);
    setImmediate(() => {
      this.emit('close');
      callback?.();
    });
    return this;
  }

  address(): AddressInfo {
    return { address: this.boundAddress ?? '0.0.0.0', family: 'IPv4', port: this.port };
  }
  addMembership(group: string): void {
    this.memberships.add(group);
  }
  dropMembership(group: string): void {
    this.memberships.delete(group);
  }
  setMulticastTTL(): this {
    return this;
  }
  setMulticastLoopback(flag: boolean): this {
    this.loopback = flag;
    return this;
  }
  setMulticastInterface(): void {}
}

/** One machine on the bus: its interface and socket factories, ready to plug into DiscoveryService. */
export interface BusMachine {
  readonly iface: NetInterface;
  mdnsSocket(): BusSocket;
  readonly openDatagram: OpenDatagram;
  /** Counts of sockets this machine opened, by kind, for "opens nothing" assertions. */
  readonly opened: { mdns: number; datagram: number };
  deps(extra?: Partial<DiscoveryDeps>): Partial<DiscoveryDeps>;
}

export class MemoryBus {
  private readonly sockets = new Set<BusSocket>();
  private readonly bindFaults = new Map<string, string>();
  private nextPort = 40000;
  dropMulticast = false;
  dropBroadcast = false;
  /** A send error code per machine address (e.g. a firewall's EPERM). */
  readonly sendFaults = new Map<string, string>();
  /** Machines whose cable is pulled (or whose app froze): nothing in, nothing out. */
  readonly unplugged = new Set<string>();
  /** Every datagram sent: [from host, to address, to port]. */
  readonly log: Array<[string, string, number]> = [];
  /** Sends and deliveries scheduled whose handlers have not run yet. */
  private inFlight = 0;

  /** True when every datagram sent so far has been delivered and its listeners have run. */
  get settled(): boolean {
    return this.inFlight === 0;
  }

  /** Runs `fn` on a later turn, counted in `settled` until it has run. */
  later(fn: () => void): void {
    this.inFlight++;
    setImmediate(() => {
      try {
        fn();
      } finally {
        this.inFlight--;
      }
    });
  }

  machine(address: string, name = 'eth0', netmask = '255.255.255.0'): BusMachine {
    const iface: NetInterface = { name, address, netmask, broadcast: broadcastAddress(address, netmask) };
    const opened = { mdns: 0, datagram: 0 };
    const openDatagram: OpenDatagram = async (opts) => {
      opened.datagram++;
      return this.openPort(address, opts);
    };
    const mdnsSocket = (): BusSocket => {
      opened.mdns++;
      return new BusSocket(this, address, true);
    };
    return {
      iface,
      opened,
      openDatagram,
      mdnsSocket,
      deps: (extra) => ({ listInterfaces: () => [iface], mdnsSocket, openDatagram, ...extra }),
    };
  }

  /** The next bind of `port` on machine `host` fails with `code`. */
  failBind(host: string, port: number, code: 'EADDRINUSE' | 'EACCES'): void {
    this.bindFaults.set(`${host}:${port}`, code);
  }

  tryBind(s: BusSocket, port: number, address: string): Error | null {
    const fault = this.bindFaults.get(`${s.host}:${port}`);
    if (fault) return errnoError(fault, 'bind');
    if (address !== '0.0.0.0' && address !== s.host) return errnoError('EADDRNOTAVAIL', 'bind');
    const chosen = port === 0 ? this.nextPort++ : port;
    for (const other of this.sockets) {
      if (other.host !== s.host || other.port !== chosen || other.closed) continue;
      if (!(other.reuse && s.reuse)) return errnoError('EADDRINUSE', 'bind');
    }
    s.port = chosen;
    s.boundAddress = address;
    this.sockets.add(s);
    return null;
  }

  sendFault(s: BusSocket, to: string): Error | null {
    const code = this.sendFaults.get(s.host);
    return code ? errnoError(code, `send ${to}`) : null;
  }

  remove(s: BusSocket): void {
    this.sockets.delete(s);
  }

  deliver(from: BusSocket, bytes: Uint8Array, port: number, address: string): void {
    this.log.push([from.host, address, port]);
    if (this.unplugged.has(from.host)) return;
    const copy = Buffer.from(bytes);
    const rinfo = { address: from.host, family: 'IPv4', port: from.port, size: copy.length };
    for (const target of this.targets(from, port, address)) {
      this.later(() => {
        if (!target.closed && !this.unplugged.has(target.host)) target.emit('message', copy, rinfo);
      });
    }
  }

  private targets(from: BusSocket, port: number, address: string): BusSocket[] {
    const first = Number(address.split('.')[0]);
    const all = [...this.sockets].filter((s) => s.port === port && !s.closed);
    if (first >= 224 && first <= 239) {
      if (this.dropMulticast) return [];
      return all.filter((s) => s.memberships.has(address) && (s !== from || from.loopback));
    }
    if (address.endsWith('.255')) return this.dropBroadcast ? [] : all.filter((s) => s.boundAddress === '0.0.0.0');
    return all.filter((s) => s.host === address).slice(0, 1);
  }

  private async openPort(host: string, opts: Parameters<OpenDatagram>[0]): Promise<DatagramPort> {
    const s = new BusSocket(this, host, opts.reuseAddr ?? false);
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.bind(opts.port, opts.address, () => resolve());
    });
    const messages = new Listeners<Datagram>();
    const errors = new Listeners<Error>();
    s.on('message', (msg: Buffer, rinfo: { address: string; port: number }) => messages.emit({ bytes: msg, address: rinfo.address, port: rinfo.port }));
    return {
      port: s.port,
      send: (bytes, port, address) =>
        new Promise<void>((resolve) => {
          if (s.closed) return resolve();
          s.send(bytes, 0, bytes.length, port, address, (err) => {
            if (err) errors.emit(err);
            resolve();
          });
        }),
      onMessage: (fn) => messages.add(fn),
      onError: (fn) => errors.add(fn),
      close: async () => {
        if (!s.closed) s.close();
      },
    };
  }
}
