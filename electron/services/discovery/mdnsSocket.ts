/**
 * The UDP socket handed to multicast-dns (through bonjour-service's options), wrapped so nothing
 * a packet or the OS does can escape as an exception.
 *
 * Why: multicast-dns dispatches every packet synchronously into bonjour-service's handlers, and a
 * bind error reaches an emitter that throws when nobody listens. Owning the socket lets us attach
 * error listeners before anything happens, drop packets from outside the interface's subnet (so
 * one responder per interface really serves that interface), and catch whatever a hostile packet
 * makes the library throw.
 *
 * Invariants: every event re-emitted by the guard runs inside try/catch; faults go to `onFault`.
 */
import dgram from 'node:dgram';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';

/** Node's own listener type: multicast-dns attaches listeners with varying parameters. */
type Listener = (...args: any[]) => void;

export interface RemoteAddress {
  readonly address: string;
  readonly port: number;
}

/** What multicast-dns calls on the socket it is given. */
export interface MdnsSocketLike {
  on(event: string, listener: Listener): unknown;
  once(event: string, listener: Listener): unknown;
  removeListener(event: string, listener: Listener): unknown;
  bind(port: number, address?: string, callback?: () => void): unknown;
  send(msg: Uint8Array, offset: number, length: number, port: number, address: string, callback?: (err: Error | null) => void): void;
  close(callback?: () => void): unknown;
  address(): AddressInfo;
  addMembership(group: string, iface?: string): void;
  dropMembership(group: string, iface?: string): void;
  setMulticastTTL(ttl: number): unknown;
  setMulticastLoopback(flag: boolean): unknown;
  setMulticastInterface(iface: string): void;
}

export interface GuardOptions {
  /** Packets from sources this rejects are dropped before multicast-dns sees them. */
  readonly accept: (from: RemoteAddress) => boolean;
  readonly onFault: (err: unknown) => void;
  /** Told the outcome of every send, so a firewall or unreachable network shows up in the status. */
  readonly onSendResult?: (err: Error | null) => void;
}

/** The wrapper multicast-dns sees instead of the real socket. */
class GuardedSocket extends EventEmitter implements MdnsSocketLike {
  constructor(
    private readonly inner: MdnsSocketLike,
    private readonly opts: GuardOptions,
  ) {
    super();
    inner.on('message', (msg: Uint8Array, rinfo: RemoteAddress) => {
      if (opts.accept(rinfo)) this.safeEmit('message', msg, rinfo);
    });
    inner.on('listening', () => this.safeEmit('listening'));
    inner.on('close', () => this.safeEmit('close'));
    inner.on('error', (err: unknown) => this.safeEmit('error', err));
  }

  private safeEmit(event: string, ...args: unknown[]): void {
    try {
      if (event === 'error' && this.listenerCount('error') === 0) this.opts.onFault(args[0]);
      else this.emit(event, ...args);
    } catch (err) {
      this.opts.onFault(err);
    }
  }

  private attempt<T>(fn: () => T, fallback: T): T {
    try {
      return fn();
    } catch (err) {
      this.opts.onFault(err);
      return fallback;
    }
  }

  bind(port: number, address?: string, callback?: () => void): this {
    try {
      this.inner.bind(port, address, callback);
    } catch (err) {
      setImmediate(() => this.safeEmit('error', err));
    }
    return this;
  }

  send(msg: Uint8Array, offset: number, length: number, port: number, address: string, callback?: (err: Error | null) => void): void {
    const done = (err: Error | null): void => {
      this.opts.onSendResult?.(err ?? null);
      callback?.(err ?? null);
    };
    try {
      this.inner.send(msg, offset, length, port, address, done);
    } catch (err) {
      done(err instanceof Error ? err : new Error(String(err)));
    }
  }

  close(callback?: () => void): this {
    this.attempt(() => this.inner.close(callback), undefined);
    return this;
  }

  address(): AddressInfo {
    return this.attempt(() => this.inner.address(), { address: '0.0.0.0', family: 'IPv4', port: 0 });
  }

  // multicast-dns catches these itself and reports them as warnings.
  addMembership(group: string, iface?: string): void {
    this.inner.addMembership(group, iface);
  }
  dropMembership(group: string, iface?: string): void {
    this.inner.dropMembership(group, iface);
  }

  // multicast-dns calls these from its 'listening' handler without a try.
  setMulticastTTL(ttl: number): this {
    this.attempt(() => this.inner.setMulticastTTL(ttl), undefined);
    return this;
  }
  setMulticastLoopback(flag: boolean): this {
    this.attempt(() => this.inner.setMulticastLoopback(flag), undefined);
    return this;
  }
  setMulticastInterface(iface: string): void {
    this.inner.setMulticastInterface(iface); // multicast-dns wraps this one in try
  }
}

/** Wraps `inner` for multicast-dns; see the file header for why. */
export function guardSocket(inner: MdnsSocketLike, opts: GuardOptions): MdnsSocketLike {
  return new GuardedSocket(inner, opts);
}

/** A real UDP socket for mDNS: reuseAddr so it can share port 5353 with other responders. */
export function nodeMdnsSocket(): MdnsSocketLike {
  return dgram.createSocket({ type: 'udp4', reuseAddr: true });
}
