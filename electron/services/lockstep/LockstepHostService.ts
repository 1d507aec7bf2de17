/**
 * Runs a HostAuthority on a real UDP socket with real timers (main side only). The host's own
 * player, if any, is an ordinary ClientPeer joined over an in-process loopback (LOOPBACK): the
 * same datagrams, the same code path, no special case. Probe datagrams (types 0x01-0x0f) go to
 * the discovery service's `answerProbe` when one is given.
 * Time: performance.now() ms. The protocol's timer ticks every `tickMs` (default 5 ms) while a
 * match runs and every IDLE_TICK_MS otherwise; `onActivity` runs after every datagram batch,
 * loopback delivery and tick, so a driver pushes what changed at once instead of polling.
 */
import { performance } from 'node:perf_hooks';
import type { TreeSet } from '../../../core/ai';
import { ClientPeer } from '../../../core/lockstep';
import { HostAuthority } from '../../../core/lockstep';
import type { SnapshotSource } from '../../../core/lockstep';
import type { RoomSettings } from '../../../core/lockstep';
import { APP_VERSION } from '../../../core/version';
import { randomU32 } from './random';
import { IDLE_TICK_MS } from './LockstepClientService';
import { UdpTransport } from './UdpTransport';
import type { UdpTransportOptions } from './UdpTransport';
import { newIdentity } from './secure/keys';
import { hostLinkOptions, SecureLink } from './secure/SecureLink';


/** The owner's in-process address (never a network "ip:port"). */
export const LOOPBACK = 'loopback:owner';
/** The in-process verifier's address (a spectating peer that simulates; see `verifier`). */
export const VERIFIER_LOOPBACK = 'loopback:verifier';

export interface HostServiceOptions extends UdpTransportOptions {
  /**
   * The room's bot trees (loadTrees: this app's resources/ai files): every peer's matches run them;
   * the owner and the verifier hold them too, and peers whose trees differ are sent them.
   */
  readonly trees: TreeSet;
  readonly settings?: Partial<RoomSettings>;
  readonly appVersion?: string;
  /** The host's own player (a name), or a spectating verifier, or nobody (dedicated host). */
  readonly owner?: { readonly name: string; readonly spectate?: boolean };
  /**
   * Also join a spectating peer over a second in-process loopback, for a game loop on this machine
   * that verifies hashes and serves rejoin snapshots while the owner plays elsewhere (an app's
   * renderer). The dedicated host needs none: its owner is its verifier.
   */
  readonly verifier?: boolean;
  readonly probe?: (bytes: Uint8Array) => Uint8Array | null;
  readonly tickMs?: number;
  /** Pins the input delay (ms) and the match seed (reproducible tests). */
  readonly fixedDelay?: number;
  readonly seed?: number;
  /** Latest key-frame snapshot of a simulating peer, for rejoins (see HostOptions.snapshots). */
  readonly snapshotSource?: SnapshotSource;
  /** Called after every datagram batch, loopback delivery and tick (a peer may have new events). */
  readonly onActivity?: () => void;
}

export class LockstepHostService {
  readonly host: HostAuthority;
  readonly owner: ClientPeer | null;
  readonly verifier: ClientPeer | null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly onActivity: () => void;

  private constructor(
    readonly transport: UdpTransport,
    opts: HostServiceOptions,
  ) {
    const appVersion = opts.appVersion ?? APP_VERSION;
    this.host = new HostAuthority({
      appVersion,
      random32: randomU32,
      ownerAddress: LOOPBACK,
      localPeers: [VERIFIER_LOOPBACK],
      send: (to, bytes) => (to === LOOPBACK ? this.toPeer(this.owner, LOOPBACK, bytes) : to === VERIFIER_LOOPBACK ? this.toPeer(this.verifier, VERIFIER_LOOPBACK, bytes) : transport.send(to, bytes)),
      ...(opts.settings ? { settings: opts.settings } : {}),
      ...(opts.fixedDelay !== undefined ? { fixedDelay: opts.fixedDelay } : {}),
      ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
      ...(opts.probe ? { probe: (b: Uint8Array) => opts.probe?.(b) ?? null } : {}),
      ...(opts.snapshotSource ? { snapshots: opts.snapshotSource } : {}),
      trees: opts.trees,
      ...hostLinkOptions(transport.link),
      ...(transport.hostsGroup ? { group: (bytes: Uint8Array) => transport.sendGroup(bytes) } : {}),
    });
    const trees = opts.trees;
    this.owner = opts.owner
      ? new ClientPeer({ appVersion, name: opts.owner.name, spectate: opts.owner.spectate === true, host: LOOPBACK, random32: randomU32, trees, send: (_to, bytes) => this.toHost(LOOPBACK, bytes) })
      : null;
    this.verifier = opts.verifier
      ? new ClientPeer({ appVersion, name: 'verifier', spectate: true, host: VERIFIER_LOOPBACK, random32: randomU32, trees, send: (_to, bytes) => this.toHost(VERIFIER_LOOPBACK, bytes) })
      : null;
    this.onActivity = opts.onActivity ?? (() => undefined);
    transport.onDatagrams((batch) => {
      const now = this.now();
      for (const d of batch) this.host.receive(now, d.bytes, d.from);
      this.onActivity();
    });
    const tickMs = opts.tickMs ?? 5;
    const next = (): void => {
      if (this.closed) return;
      this.tick();
      this.onActivity();
      // Outside a match nothing is due sooner than tens of ms (keep-alives, loading progress).
      this.timer = setTimeout(next, this.host.phase === 'running' ? tickMs : Math.max(tickMs, IDLE_TICK_MS));
    };
    this.timer = setTimeout(next, tickMs);
    this.owner?.join(this.now());
    this.verifier?.join(this.now());
  }

  /** Binds the game port and starts hosting. */
  static async start(opts: HostServiceOptions): Promise<LockstepHostService> {
    return new LockstepHostService(await UdpTransport.open({ ...opts, link: new SecureLink(newIdentity(), () => performance.now()) }), opts);
  }

  /**
   * Where rejoining players and late spectators get their snapshot from: the peer that runs the
   * simulation on this machine (the owner's game loop, or the dedicated host's verifier). Without
   * one they replay the match from key 0.
   */
  setSnapshotSource(source: SnapshotSource | null): void {
    this.host.snapshotSource = source;
  }

  get port(): number {
    return this.transport.port;
  }

  now(): number {
    return performance.now();
  }

  /** One timer step (also callable by a game loop that wants tighter timing). */
  tick(): void {
    if (this.closed) return;
    const now = this.now();
    this.host.tick(now);
    this.owner?.tick(now);
    this.verifier?.tick(now);
  }

  private toPeer(peer: ClientPeer | null, address: string, bytes: Uint8Array): void {
    const copy = bytes.slice();
    setImmediate(() => {
      if (this.closed) return;
      peer?.receive(this.now(), copy, address);
      this.onActivity();
    });
  }

  private toHost(from: string, bytes: Uint8Array): void {
    const copy = bytes.slice();
    setImmediate(() => {
      if (!this.closed) this.host.receive(this.now(), copy, from);
    });
  }

  /**
   * Stops hosting: every session gets the host's goodbye in a final burst (HostAuthority.close) and
   * ends at once instead of after its silence timeout; then the socket closes, once the burst has
   * left it (UdpTransport.close waits for sends in flight).
   */
  async close(reason?: string): Promise<void> {
    if (this.closed) return;
    this.owner?.leave(this.now());
    this.verifier?.leave(this.now());
    this.host.close(this.now(), reason);
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.transport.close();
  }
}
