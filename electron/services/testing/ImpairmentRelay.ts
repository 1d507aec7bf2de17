/**
 * A userspace UDP impairment relay for tests (this kernel has no netem): clients send to the
 * relay's front port as if it were the host; each client gets its own back socket towards the
 * host (so the host sees one address per client). Every datagram, both ways, is lost with
 * probability `loss` or delayed by delayMs ± jitterMs (uniform), decisions drawn from a seeded
 * PRNG. Also exposes the back sockets so a test can inject datagrams "from" a client's address
 * (spoofing, as a hostile machine on the LAN could) and the tokens it has seen in client frames.
 * Traffic stays on the given address (127.0.0.1 in tests).
 */
import { Prng } from '../../../core/math/Prng';
import { UdpTransport } from '../lockstep/UdpTransport';

export interface RelayOptions {
  /** The host's "ip:port". */
  readonly target: string;
  readonly seed: number;
  readonly delayMs: number;
  readonly jitterMs: number;
  readonly loss: number;
  readonly address?: string;
}

interface Back {
  readonly client: string;
  readonly socket: UdpTransport;
  token: number | null;
}

export class ImpairmentRelay {
  readonly counters = { forwarded: 0, lost: 0 };
  private readonly backs = new Map<string, Back>();
  private readonly opening = new Map<string, Promise<Back>>();
  private readonly rng: Prng;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;

  private constructor(
    private readonly front: UdpTransport,
    private readonly o: RelayOptions,
  ) {
    this.rng = new Prng(o.seed);
    front.onDatagrams((batch) => {
      for (const d of batch) void this.fromClient(d.from, d.bytes);
    });
  }

  static async open(o: RelayOptions): Promise<ImpairmentRelay> {
    return new ImpairmentRelay(await UdpTransport.open({ port: 0, address: o.address ?? '127.0.0.1' }), o);
  }

  get port(): number {
    return this.front.port;
  }

  /** Clients seen so far, in order of first datagram, with the session token sniffed from their frames. */
  clients(): { client: string; backPort: number; token: number | null }[] {
    return [...this.backs.values()].map((b) => ({ client: b.client, backPort: b.socket.port, token: b.token }));
  }

  /** Sends `bytes` to the host from client `client`'s back socket, unimpaired. */
  inject(client: string, bytes: Uint8Array): void {
    this.backs.get(client)?.socket.send(this.o.target, bytes);
  }

  private async back(client: string): Promise<Back> {
    const have = this.backs.get(client);
    if (have) return have;
    let p = this.opening.get(client);
    if (!p) {
      p = UdpTransport.open({ port: 0, address: this.o.address ?? '127.0.0.1' }).then((socket) => {
        const b: Back = { client, socket, token: null };
        socket.onDatagrams((batch) => {
          for (const d of batch) this.impair(() => this.front.send(client, d.bytes));
        });
        this.backs.set(client, b);
        return b;
      });
      this.opening.set(client, p);
    }
    return p;
  }

  private async fromClient(client: string, bytes: Uint8Array): Promise<void> {
    const b = await this.back(client);
    if (bytes[3] === 0x20 && bytes.length >= 8) b.token = ((bytes[4] ?? 0) | ((bytes[5] ?? 0) << 8) | ((bytes[6] ?? 0) << 16) | ((bytes[7] ?? 0) << 24)) >>> 0;
    this.impair(() => b.socket.send(this.o.target, bytes));
  }

  private impair(deliver: () => void): void {
    if (this.closed) return;
    if (this.rng.chance(this.o.loss)) return void this.counters.lost++;
    const delay = Math.max(0, this.o.delayMs - this.o.jitterMs + this.rng.int(2 * this.o.jitterMs + 1));
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.counters.forwarded++;
      deliver();
    }, delay);
    this.timers.add(t);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    await Promise.all([this.front.close(), ...[...this.backs.values()].map((b) => b.socket.close())]);
  }
}
