/**
 * A userspace UDP impairment relay for tests (this kernel has no netem): clients send to the
 * relay's front port as if it were the host; each client gets its own back socket towards the
 * host (so the host sees one address per client). Every datagram, both ways, meets the link's
 * impairment (./LinkModel.ts): loss, delay ± jitter, and optionally the Wi-Fi profile's latency
 * spikes and bursty loss (`{ ...WIFI_PROFILE }`). Loss and delay are drawn from one Prng seeded
 * with the relay's seed, datagram after datagram as they come (as this relay always did, so a plain
 * link draws exactly what it drew before); the Wi-Fi parts repeat per client whatever the traffic
 * of the others: its spike phase and each direction's Gilbert–Elliott chain (a Prng of its own)
 * are drawn when the client first speaks, and its two directions share the spike schedule. With
 * spikes, datagrams of one direction are delivered in the order of their arrival times (ties in
 * the order sent), so a spike's held datagrams come out in order; without, each has its own timer,
 * as before the profile (the hostile process test's final hash changed with the queue: not yet
 * understood, see the closing note). Also exposes the back sockets so a test can inject datagrams "from" a client's address
 * (spoofing, as a hostile machine on the LAN could) and the tokens it has seen in client frames.
 * Traffic stays on the given address (127.0.0.1 in tests).
 */
import { performance } from 'node:perf_hooks';
import { Prng } from '../../../core/math/Prng';
import { UdpTransport } from '../lockstep/UdpTransport';
import { checkLinkSpec, LinkModel, SpikeSchedule } from './LinkModel';
import type { LinkSpec } from './LinkModel';

export interface RelayOptions extends LinkSpec {
  /** The host's "ip:port". */
  readonly target: string;
  readonly seed: number;
  readonly address?: string;
}

/** One direction of one client's link: its model and the datagrams on their way, by arrival time. */
interface Direction {
  readonly link: LinkModel;
  readonly queue: { readonly at: number; readonly deliver: () => void }[];
}

interface Back {
  readonly client: string;
  readonly socket: UdpTransport;
  readonly schedule: SpikeSchedule | null;
  readonly up: Direction;
  readonly down: Direction;
  token: number | null;
}

export class ImpairmentRelay {
  /** `spiked`: datagrams not lost that left during a spike (held `extraMs`). */
  readonly counters = { forwarded: 0, lost: 0, spiked: 0 };
  private readonly backs = new Map<string, Back>();
  private readonly opening = new Map<string, Promise<Back>>();
  private readonly rng: Prng;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly t0 = performance.now();
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

  /** Opens the relay; throws a one-line reason for impairment figures the model cannot honour. */
  static async open(o: RelayOptions): Promise<ImpairmentRelay> {
    checkLinkSpec(o);
    return new ImpairmentRelay(await UdpTransport.open({ port: 0, address: o.address ?? '127.0.0.1' }), o);
  }

  get port(): number {
    return this.front.port;
  }

  /** Milliseconds since the relay opened: the clock its spike schedules run on. */
  now(): number {
    return performance.now() - this.t0;
  }

  /** Clients seen so far, in order of first datagram, with the session token sniffed from their frames. */
  clients(): { client: string; backPort: number; token: number | null }[] {
    return [...this.backs.values()].map((b) => ({ client: b.client, backPort: b.socket.port, token: b.token }));
  }

  /** Where client `client`'s spikes fall (on the clock of `now()`), once it has spoken; null without spikes. */
  spikes(client: string): SpikeSchedule | null {
    return this.backs.get(client)?.schedule ?? null;
  }

  /** Sends `bytes` to the host from client `client`'s back socket, unimpaired. */
  inject(client: string, bytes: Uint8Array): void {
    this.backs.get(client)?.socket.send(this.o.target, bytes);
  }

  private direction(schedule: SpikeSchedule | null): Direction {
    return { link: new LinkModel(this.o, this.rng, schedule, this.o.burst ? new Prng(this.rng.u32()) : this.rng), queue: [] };
  }

  private async back(client: string): Promise<Back> {
    const have = this.backs.get(client);
    if (have) return have;
    let p = this.opening.get(client);
    if (!p) {
      // Drawn before the socket opens, so a client's Wi-Fi draws depend only on the order clients speak.
      const schedule = this.o.spikes ? SpikeSchedule.seeded(this.o.spikes, this.rng) : null;
      const up = this.direction(schedule);
      const down = this.direction(schedule);
      p = UdpTransport.open({ port: 0, address: this.o.address ?? '127.0.0.1' }).then((socket) => {
        const b: Back = { client, socket, schedule, up, down, token: null };
        socket.onDatagrams((batch) => {
          for (const d of batch) this.impair(down, () => this.front.send(client, d.bytes));
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
    this.impair(b.up, () => b.socket.send(this.o.target, bytes));
  }

  private impair(dir: Direction, deliver: () => void): void {
    if (this.closed) return;
    const now = this.now();
    const at = dir.link.arrival(now);
    if (at === null) return void this.counters.lost++;
    if (!this.o.spikes) return this.later(at - now, deliver); // a plain link: each datagram on its own timer, as this relay always did
    if (dir.link.spiking(now)) this.counters.spiked++;
    const item = { at, deliver };
    const q = dir.queue;
    let i = q.length;
    while (i > 0 && (q[i - 1]?.at ?? 0) > at) i--;
    q.splice(i, 0, item);
    this.arm(q, item);
  }

  private later(ms: number, deliver: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.counters.forwarded++;
      deliver();
    }, ms);
    this.timers.add(t);
  }

  /**
   * Delivers `item` at its time and, first, whatever of its direction is due before it: timers of
   * close times may fire out of order. A timer counts from the loop's cached clock and may fire
   * early: then it waits again, so no datagram arrives sooner than its model says.
   */
  private arm(q: Direction['queue'], item: Direction['queue'][number]): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (this.closed) return;
      if (item.at > this.now()) return this.arm(q, item);
      const upTo = q.indexOf(item);
      for (const due of upTo < 0 ? [] : q.splice(0, upTo + 1)) {
        this.counters.forwarded++;
        due.deliver();
      }
    }, Math.max(0, Math.ceil(item.at - this.now())));
    this.timers.add(t);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    await Promise.all([this.front.close(), ...[...this.backs.values()].map((b) => b.socket.close())]);
  }
}
