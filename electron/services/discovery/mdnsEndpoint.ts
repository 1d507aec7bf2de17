/**
 * One bonjour-service instance bound to one interface (`{ interface: <ipv4>, bind: '0.0.0.0' }`),
 * shared by the publisher and the browser on that interface, with its health as a PartState.
 *
 * This is the only file that touches bonjour-service internals (`server.mdns`, `server.registry`);
 * each access is checked at runtime and degrades to "unavailable" or to a slower path, never a
 * crash. Why we reach in: bind errors are emitted on the internal mdns emitter (which throws with
 * no listener), the library has no TXT update, and its records carry no cache-flush bit.
 */
import { EventEmitter } from 'node:events';
import Bonjour from 'bonjour-service';
import type { Service, ServiceConfig } from 'bonjour-service';
import type { NetInterface } from './interfaces';
import { inSubnet } from './interfaces';
import type { MdnsSocketLike } from './mdnsSocket';
import { guardSocket } from './mdnsSocket';
import type { PartState } from './status';
import { describeSocketError } from './udpPort';

interface MdnsEmitter extends EventEmitter {
  respond(res: { answers: unknown[]; additionals?: unknown[] }, cb?: (err?: Error | null) => void): void;
  query(q: unknown): void;
}

interface RegisteredRecord {
  name: string;
  type: string;
  data: unknown;
  flush?: boolean;
}

interface ServerInternals {
  mdns: MdnsEmitter;
  registry: Record<string, RegisteredRecord[] | undefined>;
}

/** A send error this recent still counts: announcements repeat, so a lasting failure stays visible. */
const SEND_ERROR_MEMORY_MS = 10_000;
const DESTROY_TIMEOUT_MS = 1000;

function serverOf(bonjour: Bonjour): ServerInternals {
  const server = (bonjour as unknown as { server?: Partial<ServerInternals> }).server;
  const mdns = server?.mdns;
  if (!(mdns instanceof EventEmitter) || typeof mdns.respond !== 'function' || typeof server?.registry !== 'object') {
    throw new Error('bonjour-service internals changed (server.mdns / server.registry)');
  }
  return server as ServerInternals;
}

export class MdnsEndpoint {
  readonly bonjour: Bonjour;
  private readonly server: ServerInternals;
  private bindError: string | null = null;
  private membershipError: string | null = null;
  private sendError: { reason: string; at: number } | null = null;
  private ready = false;
  private heardOwn = false;
  private heardOthers = false;
  private readonly changed = new EventEmitter();

  /** Throws only if bonjour-service itself cannot be constructed; the caller reports that. */
  constructor(
    readonly iface: NetInterface,
    socket: MdnsSocketLike,
    private readonly now: () => number,
    private readonly onFault: (err: unknown) => void,
  ) {
    const guarded = guardSocket(socket, {
      accept: (from) => {
        const ours = inSubnet(from.address, iface);
        if (ours) this.heard(from.address);
        return ours;
      },
      onFault,
      onSendResult: (err) => this.noteSend(err),
    });
    // bonjour-service passes its options to multicast-dns; its type only names ServiceConfig.
    const opts = { interface: iface.address, bind: '0.0.0.0', socket: guarded } as unknown as Partial<ServiceConfig>;
    this.bonjour = new Bonjour(opts, (err: unknown) => this.noteSend(err instanceof Error ? err : new Error(String(err))));
    this.server = serverOf(this.bonjour);
    const mdns = this.server.mdns;
    mdns.on('error', (err: unknown) => this.set(() => (this.bindError = describeSocketError(err, 'UDP port 5353 (mDNS)'))));
    mdns.on('warning', (err: unknown) => this.warning(err));
    mdns.on('ready', () => this.set(() => (this.ready = true)));
    mdns.on('networkInterface', () => this.set(() => (this.membershipError = null)));
  }

  /**
   * What mDNS this interface has heard since it opened: its own packets back (multicast loopback:
   * the socket is in the group on this interface) and any other device's (multicast arrives from
   * the network — a network that drops it, or a Wi-Fi access point isolating its clients, never does).
   */
  hearing(): { readonly own: boolean; readonly others: boolean } {
    return { own: this.heardOwn, others: this.heardOthers };
  }

  private heard(address: string): void {
    const own = address === this.iface.address;
    if (own ? this.heardOwn : this.heardOthers) return;
    this.set(() => (own ? (this.heardOwn = true) : (this.heardOthers = true)));
  }

  /** This interface's share of the mDNS status. */
  part(): PartState {
    if (this.bindError !== null) return { state: 'unavailable', reason: this.bindError };
    if (this.membershipError !== null) return { state: 'unavailable', reason: this.membershipError };
    if (this.sendError !== null && this.now() - this.sendError.at < SEND_ERROR_MEMORY_MS) {
      return { state: 'unavailable', reason: this.sendError.reason };
    }
    return this.ready ? { state: 'ok' } : { state: 'starting' };
  }

  onChange(fn: () => void): void {
    this.changed.on('change', fn);
  }

  private set(mutate: () => void): void {
    mutate();
    this.changed.emit('change');
  }

  private warning(err: unknown): void {
    const syscall = typeof err === 'object' && err !== null ? (err as { syscall?: unknown }).syscall : undefined;
    if (syscall === 'addMembership') {
      this.set(() => (this.membershipError = describeSocketError(err, 'joining the mDNS multicast group')));
    } // other warnings are undecodable packets: dropped, nothing to show
  }

  private noteSend(err: Error | null): void {
    const before = this.sendError;
    this.sendError = err === null ? null : { reason: describeSocketError(err, 'sending mDNS'), at: this.now() };
    if ((before === null) !== (this.sendError === null)) this.changed.emit('change');
  }

  /** Marks a published service's unique records (SRV, TXT, A) cache-flush, as RFC 6762 wants. */
  markUnique(service: Service): void {
    for (const record of this.recordsOf(service)) {
      if (record.type !== 'PTR') record.flush = true;
    }
  }

  /**
   * Replaces a published service's TXT data in place and announces the service again. In place,
   * because the library re-announces the record objects it registered (3 s, 9 s, 27 s … after publishing):
   * a re-registered copy would let those repeats resurrect the old TXT.
   */
  replaceTxt(service: Service, txt: Record<string, string>): void {
    service.txt = txt;
    const fresh = service.records().find((r) => r.type === 'TXT');
    const records = this.recordsOf(service);
    for (const record of records) if (record.type === 'TXT' && fresh) record.data = fresh.data;
    const answers = records.filter((r) => r.type !== 'A' && r.type !== 'AAAA');
    const additionals = records.filter((r) => r.type === 'A' || r.type === 'AAAA');
    this.server.mdns.respond({ answers, additionals }, (err) => this.noteSend(err ?? null));
  }

  /** The registered record objects that belong to `service` (PTR, SRV, TXT, A). */
  private recordsOf(service: Service): RegisteredRecord[] {
    const names = new Set([service.fqdn, service.host, `${service.type}.local`]);
    return Object.values(this.server.registry)
      .flatMap((list) => list ?? [])
      .filter((r) => names.has(r.name) && (r.type !== 'PTR' || r.data === service.fqdn));
  }

  /** Closes the socket. Unpublish first: destroy sends no goodbye. */
  destroy(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, DESTROY_TIMEOUT_MS);
      timer.unref();
      try {
        this.bonjour.destroy(() => {
          clearTimeout(timer);
          resolve();
        });
      } catch (err) {
        this.onFault(err);
        clearTimeout(timer);
        resolve();
      }
    });
  }
}
