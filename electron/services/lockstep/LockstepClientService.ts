/**
 * Runs a ClientPeer against a remote host on a real UDP socket with real timers (main side only).
 * The game loop (LockstepRunner) runs wherever the simulation runs — the renderer, a worker, or
 * the same process for headless clients — and talks to `peer` through the LockstepPort surface.
 * Time: performance.now() ms; the tick timer runs every `tickMs` (default 5 ms).
 */
import { performance } from 'node:perf_hooks';
import { ClientPeer } from '../../../core/lockstep';
import { APP_VERSION } from '../../../core/version';
import { randomU32 } from './random';
import { parseAddress, UdpTransport } from './UdpTransport';
import type { UdpTransportOptions } from './UdpTransport';

export interface ClientServiceOptions extends UdpTransportOptions {
  /** The host's "ip:port". */
  readonly host: string;
  readonly name: string;
  readonly spectate?: boolean;
  readonly appVersion?: string;
  readonly tickMs?: number;
  /** See ClientOptions.lockClosures (reproducible headless runs). */
  readonly lockClosures?: boolean;
  /** Rejoin a running match with the session token an earlier ACCEPT gave (ClientOptions.rejoinToken). */
  readonly rejoinToken?: number;
}

export class LockstepClientService {
  readonly peer: ClientPeer;
  private readonly timer: ReturnType<typeof setInterval>;
  private closed = false;

  private constructor(
    readonly transport: UdpTransport,
    opts: ClientServiceOptions,
  ) {
    this.peer = new ClientPeer({
      appVersion: opts.appVersion ?? APP_VERSION,
      name: opts.name,
      spectate: opts.spectate === true,
      lockClosures: opts.lockClosures === true,
      ...(opts.rejoinToken !== undefined ? { rejoinToken: opts.rejoinToken } : {}),
      host: opts.host,
      random32: randomU32,
      send: (to, bytes) => transport.send(to, bytes),
    });
    transport.onDatagrams((batch) => {
      const now = this.now();
      for (const d of batch) this.peer.receive(now, d.bytes, d.from);
    });
    this.timer = setInterval(() => this.tick(), opts.tickMs ?? 5);
    this.peer.join(this.now());
  }

  /** Opens a socket on a free port (unless one is given) and sends JOIN to `opts.host`. */
  static async connect(opts: ClientServiceOptions): Promise<LockstepClientService> {
    if (!parseAddress(opts.host)) throw new Error(`not an "ip:port" address: ${opts.host}`);
    return new LockstepClientService(await UdpTransport.open({ port: 0, ...opts }), opts);
  }

  now(): number {
    return performance.now();
  }

  tick(): void {
    if (!this.closed) this.peer.tick(this.now());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.peer.leave(this.now());
    this.closed = true;
    clearInterval(this.timer);
    await this.transport.close();
  }
}
