/**
 * The game's UDP socket on the main side: bind (default port 47777, falling back to a free port
 * when taken), send, close through dgram-as-promised; datagrams are read from the underlying
 * socket's 'message' events into our own bounded queue (dgram-as-promised's pull API loses
 * datagrams that arrive while no recv() is pending) and handed to one subscriber in batches.
 * Invariants: the receive buffer is raised to 4 MiB; datagrams over MAX_DATAGRAM_BYTES and
 * arrivals beyond the queue bound are dropped and counted; send never throws (errors are counted).
 * Addresses are "ip:port" strings ("[v6]:port" for IPv6), the form core/lockstep uses.
 * With a `sealer` (Sealer, the game's sockets) every datagram is sealed on its way out and
 * opened on its way in, before anyone reads it; without one (the test relays) bytes pass as they are.
 */
import { randomInt } from 'node:crypto';
import DgramAsPromised from 'dgram-as-promised';
import type { SocketAsPromised } from 'dgram-as-promised';
import { addressKey, DEFAULT_GAME_PORT, MAX_DATAGRAM_BYTES, parseAddress } from '../../../core/net';
import { inSubnet } from '../discovery';
import type { NetInterface } from '../discovery';
import type { GroupAddress } from './secure/groupSeal';
import type { Sealer } from './secure/Sealer';

export { DEFAULT_GAME_PORT };
export const RECV_BUFFER_BYTES = 4 * 1024 * 1024;
export const DEFAULT_QUEUE_LIMIT = 8192;
/** The port of the hosts' multicast groups (each host picks its own group address in 239.255.0.0/16). */
export const GROUP_PORT = 47779;
/** Longest close() waits for sends still in flight (ms). */
const CLOSE_FLUSH_LIMIT_MS = 200;

export interface Datagram {
  readonly bytes: Uint8Array;
  /** "ip:port" of the sender. */
  readonly from: string;
}

export interface UdpTransportOptions {
  /** Port to bind; default 47777; 0 = any free port. */
  readonly port?: number;
  /** Address to bind; default 0.0.0.0 (tests: 127.0.0.1). */
  readonly address?: string;
  /** When the port is taken, bind a free one instead of failing (default true). */
  readonly fallback?: boolean;
  readonly queueLimit?: number;
  /** Seals and opens every datagram (issue 17); the game's sockets have one. */
  readonly sealer?: Sealer;
  /**
   * Hosting on a LAN (v10, needs `sealer`): the address of the interface whose LAN the host's group
   * frames are multicast on (once a release for every peer that listens). Only where LAN
   * discovery is on: it is multicast on a real interface.
   */
  readonly groupInterface?: string;
  /**
   * Joining: the interfaces on which this app may join a host's group (LAN discovery's, never
   * when discovery is off). It joins the group of a host whose address is on one of their subnets.
   */
  readonly groupInterfaces?: readonly Pick<NetInterface, 'address' | 'netmask'>[];
}

export interface UdpCounters {
  received: number;
  receivedBytes: number;
  oversize: number;
  queueFull: number;
  sent: number;
  sentBytes: number;
  sendErrors: number;
  socketErrors: number;
  /** Datagrams sent to our group (hosting), and received on joined groups (before the sealer checks them). */
  groupSent: number;
  groupReceived: number;
}

export class UdpTransport {
  readonly counters: UdpCounters = { received: 0, receivedBytes: 0, oversize: 0, queueFull: 0, sent: 0, sentBytes: 0, sendErrors: 0, socketErrors: 0, groupSent: 0, groupReceived: 0 };
  private queue: Datagram[] = [];
  private drainScheduled = false;
  private handler: ((batch: readonly Datagram[]) => void) | null = null;
  private closed = false;
  /** Sends not yet handed to the OS (close waits for them). */
  private readonly pending = new Set<Promise<void>>();
  /** Hosting: where group frames go. */
  private group: GroupAddress | null = null;
  /** Joined hosts' groups: their sockets, by host address ("ip:port"), once the membership holds. */
  private readonly groups = new Map<string, SocketAsPromised>();

  private constructor(
    private readonly sock: SocketAsPromised,
    readonly port: number,
    readonly address: string,
    private readonly queueLimit: number,
    readonly sealer: Sealer | null,
    private readonly groupInterfaces: readonly Pick<NetInterface, 'address' | 'netmask'>[],
  ) {
    sock.socket.on('message', (msg: Buffer, rinfo: { address: string; port: number }) => this.onMessage(msg, rinfo));
    sock.socket.on('error', () => this.counters.socketErrors++);
    if (sealer) sealer.group.onAnnounce = (host, group) => void this.joinGroup(host, group);
  }

  /** Binds a socket (see UdpTransportOptions). */
  static async open(opts: UdpTransportOptions = {}): Promise<UdpTransport> {
    const address = opts.address ?? '0.0.0.0';
    const wanted = opts.port ?? DEFAULT_GAME_PORT;
    const type = address.includes(':') ? 'udp6' : 'udp4';
    const tryBind = async (port: number): Promise<{ sock: SocketAsPromised; port: number }> => {
      const sock = DgramAsPromised.createSocket({ type });
      try {
        const info = await sock.bind(port, address);
        return { sock, port: info.port };
      } catch (e) {
        sock.destroy();
        throw e;
      }
    };
    let bound: { sock: SocketAsPromised; port: number };
    try {
      bound = await tryBind(wanted);
    } catch (e) {
      if (wanted === 0 || opts.fallback === false || (e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
      bound = await tryBind(0);
    }
    try {
      bound.sock.setRecvBufferSize(RECV_BUFFER_BYTES);
    } catch {
      // Some systems cap the buffer (net.core.rmem_max); the default still works, just less burst-proof.
    }
    const t = new UdpTransport(bound.sock, bound.port, address, opts.queueLimit ?? DEFAULT_QUEUE_LIMIT, opts.sealer ?? null, opts.groupInterfaces ?? []);
    if (opts.groupInterface !== undefined && opts.sealer) t.hostGroup(opts.groupInterface, opts.sealer);
    return t;
  }

  /** Group frames leave by `iface` to a group of our own (TTL 1: they never leave the LAN). */
  private hostGroup(iface: string, sealer: Sealer): void {
    const s = this.sock.socket;
    s.setMulticastInterface(iface);
    s.setMulticastTTL(1);
    s.setMulticastLoopback(true);
    this.group = { address: `239.255.${randomInt(1, 255)}.${randomInt(1, 255)}`, port: GROUP_PORT };
    sealer.group.host(this.group);
  }

  /** True once this transport multicasts group frames (`sendGroup` does something). */
  get hostsGroup(): boolean {
    return this.group !== null;
  }

  /** Sends `bytes` (a group frame) once to our group, signed. Never throws. */
  sendGroup(bytes: Uint8Array): void {
    const sealed = this.group ? this.sealer?.group.seal(bytes) : null;
    if (!sealed || !this.group) return;
    this.counters.groupSent++;
    this.sendRaw(`${this.group.address}:${this.group.port}`, sealed);
  }

  /** Whether this transport receives the group of the host at `host` (ClientOptions.groupListening). */
  listensTo(host: string): boolean {
    return this.groups.has(host);
  }

  /**
   * The host at `host` announced its group: joined on the interface of ours whose subnet holds the
   * host's address, if we may join groups there. The socket is bound to the group address itself,
   * so it hears that group only; several apps on one machine share the port. A failure leaves the
   * peer on its own frames (its transport just does not listen).
   */
  private async joinGroup(host: string, group: GroupAddress): Promise<void> {
    const ip = parseAddress(host)?.address ?? '';
    const iface = this.groupInterfaces.find((i) => inSubnet(ip, i));
    if (!iface || this.closed || this.groups.has(host)) return;
    const sock = DgramAsPromised.createSocket({ type: 'udp4', reuseAddr: true });
    try {
      await sock.bind(group.port, group.address);
      sock.socket.addMembership(group.address, iface.address);
      sock.setRecvBufferSize(RECV_BUFFER_BYTES);
    } catch {
      this.counters.socketErrors++;
      await sock.close().catch(() => undefined);
      return;
    }
    if (this.closed) return void (await sock.close().catch(() => undefined));
    sock.socket.on('message', (msg: Buffer) => {
      if (!this.admits(msg)) return;
      this.counters.groupReceived++;
      const bytes = this.sealer?.group.open(host, new Uint8Array(msg.buffer, msg.byteOffset, msg.length));
      if (bytes) this.enqueue({ bytes, from: host });
    });
    sock.socket.on('error', () => this.counters.socketErrors++);
    this.groups.set(host, sock);
  }

  /** The receive buffer the kernel granted (bytes; Linux reports double the set value). */
  recvBufferSize(): number {
    return this.sock.getRecvBufferSize();
  }

  /** Sets the one subscriber; it gets every queued datagram, in arrival order, in batches. */
  onDatagrams(handler: (batch: readonly Datagram[]) => void): void {
    this.handler = handler;
    if (this.queue.length > 0) this.scheduleDrain();
  }

  /** Whether a datagram that arrived may be queued: open, not oversize, room in the queue (refusals counted). */
  private admits(msg: Buffer): boolean {
    if (this.closed) return false;
    if (msg.length > MAX_DATAGRAM_BYTES) this.counters.oversize++;
    else if (this.queue.length >= this.queueLimit) this.counters.queueFull++;
    else return true;
    return false;
  }

  private enqueue(d: Datagram): void {
    this.queue.push(d);
    this.scheduleDrain();
  }

  private onMessage(msg: Buffer, rinfo: { address: string; port: number }): void {
    if (!this.admits(msg)) return;
    this.counters.received++;
    this.counters.receivedBytes += msg.length;
    const from = addressKey(rinfo.address, rinfo.port);
    let bytes: Uint8Array = new Uint8Array(msg.buffer, msg.byteOffset, msg.length);
    if (this.sealer) {
      const opened = this.sealer.open(from, bytes);
      if (opened.reply) this.sendRaw(from, opened.reply);
      if (!opened.deliver) return;
      bytes = opened.deliver;
    }
    this.enqueue({ bytes, from });
  }

  private scheduleDrain(): void {
    if (this.drainScheduled || !this.handler) return;
    this.drainScheduled = true;
    setImmediate(() => {
      this.drainScheduled = false;
      const batch = this.queue;
      this.queue = [];
      if (batch.length > 0 && this.handler && !this.closed) this.handler(batch);
    });
  }

  /** Sends `bytes` to "ip:port". Never throws; failures are counted. */
  send(to: string, bytes: Uint8Array): void {
    const sealed = this.sealer ? this.sealer.seal(to, bytes) : bytes;
    if (sealed) this.sendRaw(to, sealed);
  }

  private sendRaw(to: string, bytes: Uint8Array): void {
    const a = parseAddress(to);
    if (!a || this.closed || bytes.length > MAX_DATAGRAM_BYTES) return void this.counters.sendErrors++;
    this.counters.sent++;
    this.counters.sentBytes += bytes.length;
    const sent = this.sock.send(bytes, a.port, a.address).then(
      () => undefined,
      () => void this.counters.sendErrors++,
    );
    this.pending.add(sent);
    void sent.finally(() => this.pending.delete(sent));
  }

  /**
   * Closes the socket once the datagrams already sent have left it (idempotent: dgram-as-promised
   * throws on a second close). Waiting matters: dgram resolves the address asynchronously, so a
   * socket closed in the same turn as a send drops that datagram — a LEAVE or the host's goodbye.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.queue = [];
    await Promise.race([Promise.all(this.pending), new Promise((r) => setTimeout(r, CLOSE_FLUSH_LIMIT_MS))]);
    await Promise.all([this.sock, ...this.groups.values()].map((s) => s.close().catch(() => undefined)));
    this.groups.clear();
  }
}
