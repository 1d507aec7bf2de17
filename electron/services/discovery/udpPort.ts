/**
 * A bound UDP socket reduced to what discovery needs (send, receive, close), so the same code runs
 * on real sockets and on the in-memory test bus.
 *
 * Invariants: `send` never throws or rejects (errors go to the error listeners); a datagram larger than
 * MAX_DATAGRAM_BYTES is dropped before any handler sees it; a handler that throws is reported,
 * never crashes the app; `close` may be called more than once.
 */
import DgramAsPromised from 'dgram-as-promised';
import { MAX_DATAGRAM_BYTES } from '../../../core/net';

export interface Datagram {
  readonly bytes: Uint8Array;
  readonly address: string;
  readonly port: number;
}

export interface DatagramPort {
  /** The bound port (the ephemeral one when 0 was asked for). */
  readonly port: number;
  /** Resolves once the datagram has left (or failed: then the error listeners hear of it). Never rejects. */
  send(bytes: Uint8Array, port: number, address: string): Promise<void>;
  onMessage(fn: (d: Datagram) => void): void;
  onError(fn: (err: Error) => void): void;
  close(): Promise<void>;
}

export interface DatagramOptions {
  readonly address: string;
  readonly port: number;
  /** SO_REUSEADDR: several apps on one machine can listen for the beacon. */
  readonly reuseAddr?: boolean;
  /** SO_BROADCAST: needed to send to a broadcast address. */
  readonly broadcast?: boolean;
}

/** Opens a bound socket; rejects with the bind error (EADDRINUSE, EACCES, ...). */
export type OpenDatagram = (opts: DatagramOptions) => Promise<DatagramPort>;

/** Dispatches to listeners, keeping one listener's exception from reaching the others or the socket. */
export class Listeners<T> {
  private readonly fns: Array<(value: T) => void> = [];
  /** Adds a listener; returns its removal. */
  add(fn: (value: T) => void): () => void {
    this.fns.push(fn);
    return () => {
      const i = this.fns.indexOf(fn);
      if (i >= 0) this.fns.splice(i, 1);
    };
  }
  emit(value: T, onFault: (err: unknown) => void = () => {}): void {
    for (const fn of this.fns) {
      try {
        fn(value);
      } catch (err) {
        onFault(err);
      }
    }
  }
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/** A real UDP socket: dgram-as-promised for bind/send/close, its socket's events for input. */
export const openUdp: OpenDatagram = async (opts) => {
  const s = DgramAsPromised.createSocket({ type: 'udp4', reuseAddr: opts.reuseAddr ?? false });
  const messages = new Listeners<Datagram>();
  const errors = new Listeners<Error>();
  s.socket.on('error', (err) => errors.emit(err));
  try {
    await s.bind(opts.port, opts.address);
    if (opts.broadcast) s.setBroadcast(true);
  } catch (err) {
    try { s.socket.close(); } catch { /* never bound: nothing to close */ }
    throw err;
  }
  s.socket.on('message', (msg, rinfo) => {
    if (msg.length > MAX_DATAGRAM_BYTES) return;
    messages.emit({ bytes: msg, address: rinfo.address, port: rinfo.port }, (e) => errors.emit(asError(e)));
  });
  let closing: Promise<void> | null = null;
  return {
    port: s.address().port,
    send(bytes, port, address) {
      if (closing) return Promise.resolve();
      return s.send(bytes, port, address).then(
        () => {},
        (err: unknown) => errors.emit(asError(err)),
      );
    },
    onMessage: (fn) => messages.add(fn),
    onError: (fn) => errors.add(fn),
    close() {
      closing ??= s.close().catch(() => {});
      return closing;
    },
  };
};

/** A socket error as a sentence for the Join screen, e.g. "UDP port 5353 is in use by another program (EADDRINUSE)". */
export function describeSocketError(err: unknown, what: string): string {
  const code = typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : '';
  if (code === 'EADDRINUSE') return `${what} is in use by another program (EADDRINUSE)`;
  if (code === 'EACCES' || code === 'EPERM') return `permission denied for ${what} (${code})`;
  if (code === 'EADDRNOTAVAIL') return `${what}: address not available (EADDRNOTAVAIL)`;
  if (code === 'ENETUNREACH' || code === 'EHOSTUNREACH') return `${what}: network unreachable (${code})`;
  const message = err instanceof Error ? err.message : String(err);
  return `${what}: ${code || message}`;
}
