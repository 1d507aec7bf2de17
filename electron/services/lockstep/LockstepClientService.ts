/**
 * Runs a ClientPeer against a remote host on a real UDP socket with real timers (main side only).
 * The match loop runs wherever the simulation runs — the page (through the session link) or the
 * same process for headless clients — and talks to `peer` as its PeerLink.
 * Time: performance.now() ms. The protocol's timer (retransmissions, closures, NACKs, keep-alives)
 * ticks every `tickMs` (default 5 ms) while a match runs and every IDLE_TICK_MS otherwise, when
 * nothing is due sooner than tens of ms. `onActivity` runs after every datagram batch and every
 * tick, so a driver pushes what changed at once instead of polling.
 * When the host is gone and the peers elect this one ('succeed'), `takeOver` runs the match's new
 * HostAuthority on this same socket (host-bound datagram types go to it, the rest to the peer),
 * with this app's player as its owner over an in-process loopback, as LockstepHostService does.
 */
import { performance } from 'node:perf_hooks';
import type { TreeSet } from '../../../core/ai';
import { ClientPeer, HostAuthority, hostBound } from '../../../core/lockstep';
import type { SnapshotSource, TakeoverState } from '../../../core/lockstep';
import { readHeader } from '../../../core/net';
import { APP_VERSION } from '../../../core/version';
import { randomU32 } from './random';
import { parseAddress } from '../../../core/net';
import { UdpTransport } from './UdpTransport';
import type { UdpTransportOptions } from './UdpTransport';
import { identityFrom, newIdentity } from './secure/keys';
import { hostLinkOptions, SecureLink } from './secure/SecureLink';

export interface ClientServiceOptions extends UdpTransportOptions {
  /** The host's "ip:port". */
  readonly host: string;
  /** This app's bot trees (loadTrees); the host's replace them where they differ (ClientOptions.trees). */
  readonly trees: TreeSet;
  readonly name: string;
  readonly spectate?: boolean;
  readonly appVersion?: string;
  readonly tickMs?: number;
  /** See ClientOptions.lockClosures (reproducible headless runs). */
  readonly lockClosures?: boolean;
  /** Rejoin a running match with the session token an earlier ACCEPT gave (ClientOptions.rejoinToken). */
  readonly rejoinToken?: number;
  /**
   * The private key (32 bytes) this app joined with, stored beside the token: a rejoin must prove
   * it (SecureLink). Default: a new key.
   */
  readonly identity?: Uint8Array;
  /** Called after every datagram batch and every tick (the peer may have new events). */
  readonly onActivity?: () => void;
}

/** The protocol timer's period outside a match (ms): lobby keep-alives and acks need no more. */
export const IDLE_TICK_MS = 25;
/** After a takeover: this app's player as its HostAuthority names it, and the host as the player names it. */
const OWNER_LOOPBACK = 'loopback:owner';
const HOST_LOOPBACK = 'loopback:host';

export class LockstepClientService {
  readonly peer: ClientPeer;
  /** The match's host since this peer took over from one that is gone (`takeOver`). */
  auth: HostAuthority | null = null;
  private readonly appVersion: string;
  private readonly onActivity: () => void;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The timer runs at the idle period (no match running). */
  private idle = true;
  private closed = false;

  private constructor(
    readonly transport: UdpTransport,
    opts: ClientServiceOptions,
  ) {
    this.appVersion = opts.appVersion ?? APP_VERSION;
    this.onActivity = opts.onActivity ?? (() => undefined);
    this.peer = new ClientPeer({
      appVersion: this.appVersion,
      name: opts.name,
      spectate: opts.spectate === true,
      lockClosures: opts.lockClosures === true,
      ...(opts.rejoinToken !== undefined ? { rejoinToken: opts.rejoinToken } : {}),
      host: opts.host,
      trees: opts.trees,
      takeOverOnSilence: process.env['BB_TAKE_OVER'] !== '0',
      random32: randomU32,
      onKeys: (keys) => {
        for (const k of keys) transport.link?.vouch(k.addr, k.key);
      },
      groupListening: (host) => transport.listensTo(host),
      send: (to, bytes) => (to === HOST_LOOPBACK ? this.deliver((b) => this.auth?.receive(this.now(), b, OWNER_LOOPBACK), bytes) : transport.send(to, bytes)),
    });
    const tickMs = opts.tickMs ?? 5;
    const next = (): void => {
      if (this.closed) return;
      this.tick();
      opts.onActivity?.();
      this.idle = this.peer.phase !== 'running';
      this.timer = setTimeout(next, this.idle ? Math.max(tickMs, IDLE_TICK_MS) : tickMs);
    };
    transport.onDatagrams((batch) => {
      const now = this.now();
      for (const d of batch) {
        const h = readHeader(d.bytes);
        if (this.auth && h.ok && hostBound(h.type)) this.auth.receive(now, d.bytes, d.from);
        else this.peer.receive(now, d.bytes, d.from);
      }
      opts.onActivity?.();
      // A match just started: the protocol's timer goes to match pace now, not after an idle period.
      if (this.idle && this.peer.phase === 'running' && this.timer) {
        clearTimeout(this.timer);
        this.idle = false;
        this.timer = setTimeout(next, 0);
      }
    });
    this.peer.join(this.now());
    this.timer = setTimeout(next, tickMs);
  }

  /** Opens a socket on a free port (unless one is given) and sends JOIN to `opts.host`. */
  static async connect(opts: ClientServiceOptions): Promise<LockstepClientService> {
    if (!parseAddress(opts.host)) throw new Error(`not an "ip:port" address: ${opts.host}`);
    const identity = opts.identity ? identityFrom(opts.identity) : newIdentity();
    return new LockstepClientService(await UdpTransport.open({ port: 0, ...opts, link: new SecureLink(identity, () => performance.now()) }), opts);
  }

  now(): number {
    return performance.now();
  }

  /** The private key this app joined with (to store beside the session token). */
  get identity(): Uint8Array {
    return this.transport.link?.identity.seed ?? new Uint8Array(0);
  }

  tick(): void {
    if (this.closed) return;
    const now = this.now();
    this.auth?.tick(now);
    this.peer.tick(now);
  }

  /**
   * The peers elected this one to host the match whose host is gone (the peer's 'succeed' event):
   * the new HostAuthority answers on this socket from now on, and this app's player is its owner.
   * `snapshots`: where its rejoiners' snapshots come from (the first host's verifier died with it).
   */
  takeOver(state: TakeoverState, trees: TreeSet, snapshots: SnapshotSource, probe?: (bytes: Uint8Array) => Uint8Array | null): void {
    if (this.closed || this.auth) return;
    const now = this.now();
    this.auth = HostAuthority.succeed(
      {
        appVersion: this.appVersion,
        random32: randomU32,
        ownerAddress: OWNER_LOOPBACK,
        trees,
        snapshots,
        ...(probe ? { probe } : {}),
        ...hostLinkOptions(this.transport.link),
        send: (to, bytes) => (to === OWNER_LOOPBACK ? this.deliver((b) => this.peer.receive(this.now(), b, HOST_LOOPBACK), bytes) : this.transport.send(to, bytes)),
      },
      now,
      state,
    );
    this.peer.hostedByMe(now, HOST_LOOPBACK, state.oldHost);
  }

  /** An in-process datagram (a copy), delivered on the next turn of the event loop like a socket's. */
  private deliver(to: (bytes: Uint8Array) => void, bytes: Uint8Array): void {
    const copy = bytes.slice();
    setImmediate(() => {
      if (this.closed) return;
      to(copy);
      this.onActivity();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.peer.leave(this.now());
    // Hosting since a takeover: every session gets the goodbye, as when any host closes its room.
    this.auth?.close(this.now());
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.transport.close();
  }
}
