/**
 * core/lockstep on one game socket (main side only): the node owns the UdpTransport, the one
 * timer and the loopback router; it holds an optional HostAuthority, this app's player (a
 * ClientPeer joined to a host elsewhere or to the node's own authority) and the verifier (a
 * spectating HeadlessPlayer that simulates the match, so rejoiners get its latest key-frame
 * snapshot). `host` is the one way to host: called by the app at the start, and by the node
 * itself when the peers elect its player to succeed a host that is gone ('succeed' event).
 *
 * Routing: a datagram goes to the authority when the node hosts and it is host-bound (JOIN,
 * client frames, SNAPACK, succession reports, probes) or unreadable; everything else goes to the
 * player. In-process peers talk to the authority over loopback names (nodeOptions.ts); a loopback
 * datagram is a copy delivered on the next turn of the event loop, like a socket's.
 * The verifier is the room's owner when the node hosts without a player (the dedicated host);
 * after a takeover it joins the new authority as a spectator and replays the match from its start
 * (nothing else here holds a snapshot), and `verifierCatchUp` says how long that took.
 *
 * Time: performance.now() ms. One timer: `step` runs what is due — the protocol (every `tickMs`,
 * default 5 ms, while a match runs; every IDLE_TICK_MS otherwise) and, on the same runs, the
 * headless game loops (about 60 Hz while a match runs) — and returns the next deadline. `onActivity` runs after every
 * datagram batch, loopback delivery and step, so a driver pushes what changed at once.
 */
import { performance } from 'node:perf_hooks';
import type { TreeSet } from '../../../core/ai';
import { ClientPeer, HostAuthority, hostBound } from '../../../core/lockstep';
import type { TakeoverState } from '../../../core/lockstep';
import { parseAddress, readHeader } from '../../../core/net';
import { APP_VERSION } from '../../../core/version';
import { HeadlessPlayer } from './HeadlessPlayer';
import { mapLoader } from './loadMap';
import { randomU32 } from './random';
import { identityFrom, newIdentity } from './secure/keys';
import { hostSealOptions, Sealer } from './secure/Sealer';
import { HOST_LOOPBACK, IDLE_TICK_MS, OWNER_LOOPBACK, VERIFIER_LOOPBACK } from './nodeOptions';
import type { HostStart, JoinTarget, NodeOptions } from './nodeOptions';
import { UdpTransport } from './UdpTransport';

/** A headless game loop's period while it plays a match (ms): 60 Hz, as a display's. */
const LOOP_MS = 1000 / 60;
/** Frames per loop tick the verifier replays while it catches up after a takeover (RESUME_FAST_FORWARD is 120). */
const VERIFIER_FAST_FORWARD = 20;

export class LockstepNode {
  authority: HostAuthority | null = null;
  /** This app's player: joined to a host elsewhere, or the owner of the node's own authority. */
  player: ClientPeer | null = null;
  verifier: HeadlessPlayer | null = null;
  /** After a takeover: when the verifier started replaying, and how long it took to reach the match (null while it replays). */
  verifierCatchUp: { readonly since: number; ms: number | null; keys: number } | null = null;
  /** The in-process peers by the loopback name the authority knows them by. */
  private readonly local = new Map<string, ClientPeer>();
  /** The player and the in-process peers, each once. */
  private readonly all: ClientPeer[] = [];
  private readonly appVersion: string;
  private readonly tickMs: number;
  /** The game loops the node's timer runs, and when each is due next (0: at the next run). */
  private readonly loops: { readonly loop: HeadlessPlayer; nextAt: number }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private protocolAt = 0;
  private closed = false;

  private constructor(
    readonly transport: UdpTransport,
    private readonly opts: NodeOptions,
  ) {
    this.appVersion = opts.appVersion ?? APP_VERSION;
    this.tickMs = opts.tickMs ?? 5;
    transport.onDatagrams((batch) => {
      const now = this.now();
      for (const d of batch) this.route(d.bytes).receive(now, d.bytes, d.from);
      this.afterActivity(now);
      // A match just started: the protocol goes to match pace now, not after an idle period.
      if (this.running() && this.protocolAt - now > this.tickMs) this.arm((this.protocolAt = now));
    });
    this.arm((this.protocolAt = this.now() + this.tickMs));
  }

  /** Binds the game socket (a free port when `port` is 0) with its sealer. */
  static async open(opts: NodeOptions): Promise<LockstepNode> {
    const identity = opts.identity ? identityFrom(opts.identity) : newIdentity();
    return new LockstepNode(await UdpTransport.open({ ...opts, sealer: new Sealer(identity, () => performance.now()) }), opts);
  }

  get port(): number {
    return this.transport.port;
  }

  /** The private key this node joins with (to store beside a session token). */
  get identity(): Uint8Array {
    return this.transport.sealer?.identity.seed ?? new Uint8Array(0);
  }

  now(): number {
    return performance.now();
  }

  /**
   * Hosts on this socket: a new room (its owner, if any, is this app's player, joined over the
   * loopback), or — called by the node when its player is elected — the match whose host is gone,
   * with the player as its owner. The verifier joins either way.
   */
  host(start: HostStart): HostAuthority {
    if (this.closed || this.authority) throw new Error('LockstepNode.host: already hosting or closed'); // caller bug
    const now = this.now();
    const takeover = 'takeover' in start ? start : null;
    const trees = takeover ? takeover.trees : this.opts.trees;
    const opts = {
      appVersion: this.appVersion,
      random32: randomU32,
      ownerAddress: OWNER_LOOPBACK,
      localPeers: [VERIFIER_LOOPBACK],
      trees,
      send: (to: string, bytes: Uint8Array) => this.fromAuthority(to, bytes),
      probe: (bytes: Uint8Array) => this.opts.probe?.(bytes) ?? null,
      ...hostSealOptions(this.transport.sealer),
      ...(this.opts.matchTimeoutMs !== undefined ? { matchTimeoutMs: this.opts.matchTimeoutMs } : {}),
    };
    if (takeover) {
      this.authority = HostAuthority.succeed(opts, now, takeover.takeover);
      if (this.player) {
        this.local.set(OWNER_LOOPBACK, this.player);
        this.player.hostedByMe(now, HOST_LOOPBACK, takeover.takeover.oldHost);
      }
    } else {
      const room = start as Exclude<HostStart, { takeover: TakeoverState }>;
      this.authority = new HostAuthority({
        ...opts,
        ...(room.settings ? { settings: room.settings } : {}),
        ...(room.fixedDelay !== undefined ? { fixedDelay: room.fixedDelay } : {}),
        ...(room.seed !== undefined ? { seed: room.seed } : {}),
        ...(room.waitForLate === true ? { waitForLate: true } : {}),
        ...(this.transport.hostsGroup ? { group: (bytes: Uint8Array) => this.transport.sendGroup(bytes) } : {}),
      });
      if (room.owner) this.player = this.peer(OWNER_LOOPBACK, room.owner.name, room.owner.spectate === true, trees);
      this.player?.join(now);
    }
    this.startVerifier(now, trees, takeover !== null);
    return this.authority;
  }

  /** Joins the room at `to.host` ("ip:port") as this app's player. */
  join(to: JoinTarget): ClientPeer {
    if (this.closed || this.player) throw new Error('LockstepNode.join: already joined or closed'); // caller bug
    if (!parseAddress(to.host)) throw new Error(`not an "ip:port" address: ${to.host}`);
    const t = this.transport;
    this.player = new ClientPeer({
      appVersion: this.appVersion,
      name: to.name,
      spectate: to.spectate === true,
      lockClosures: to.lockClosures === true,
      ...(to.lockClosures === true ? { catchUpLate: false } : {}),
      ...(to.rejoinToken !== undefined ? { rejoinToken: to.rejoinToken } : {}),
      host: to.host,
      trees: this.opts.trees,
      takeOverOnSilence: process.env['BB_TAKE_OVER'] !== '0',
      random32: randomU32,
      onKeys: (keys) => {
        for (const k of keys) t.sealer?.vouch(k.addr, k.key);
      },
      groupListening: (host) => t.listensTo(host),
      send: (dest, bytes) => (dest === HOST_LOOPBACK ? this.loopback(() => this.authority, bytes, OWNER_LOOPBACK, false) : t.send(dest, bytes)),
    });
    this.all.push(this.player);
    this.player.join(this.now());
    return this.player;
  }

  /** Runs a headless game loop (this node's player's, in a headless client) on the node's timer. */
  drive(loop: HeadlessPlayer): void {
    this.loops.push({ loop, nextAt: 0 });
  }

  /**
   * Stops: the player leaves, a hosted room's sessions get the host's goodbye in a final burst
   * (HostAuthority.close: handed over in a running match), then the socket closes once the burst
   * has left it.
   */
  async close(reason?: string): Promise<void> {
    if (this.closed) return;
    const now = this.now();
    for (const p of this.all) p.leave(now);
    this.authority?.close(now, reason);
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.transport.close();
  }

  /** One run of the timer: what is due at `now`; returns the next deadline. */
  step(now: number): number {
    if (now >= this.protocolAt) {
      this.authority?.tick(now);
      for (const p of this.all) p.tick(now);
      this.protocolAt = now + (this.running() ? this.tickMs : Math.max(this.tickMs, IDLE_TICK_MS));
      this.electedHost();
      // The loops ride on the protocol's runs, so the timer wakes once for both (200 times a second
      // in a match, 40 outside one): a loop plays on the run within half a tick of its time, and
      // outside a match takes its events on every run.
      for (const l of this.loops) {
        if (now < l.nextAt - this.tickMs / 2) continue;
        l.loop.tick();
        l.nextAt = l.loop.playing ? now + LOOP_MS : 0;
      }
    }
    this.afterActivity(now);
    return this.protocolAt;
  }

  /** Sets the one timer for `deadline` (ms); each run sets it again for the deadline `step` returns. */
  private arm(deadline: number): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.closed) this.arm(this.step(this.now()));
    }, Math.max(0, deadline - this.now()));
  }

  private running(): boolean {
    return this.authority?.phase === 'running' || this.player?.phase === 'running';
  }

  private route(bytes: Uint8Array): { receive(now: number, bytes: Uint8Array, from: string): void } {
    const a = this.authority;
    if (!a) return this.player ?? NOBODY;
    const h = readHeader(bytes);
    return !h.ok || hostBound(h.type) || !this.player ? a : this.player;
  }

  private fromAuthority(to: string, bytes: Uint8Array): void {
    if (this.local.has(to)) this.loopback(() => this.local.get(to) ?? null, bytes, HOST_LOOPBACK);
    else this.transport.send(to, bytes);
  }

  /**
   * An in-process datagram (a copy), delivered on the next turn of the event loop like a socket's.
   * One to a local peer tells the driver, as a socket's batch does; the authority's answers do that.
   */
  private loopback(to: () => { receive(now: number, bytes: Uint8Array, from: string): void } | null, bytes: Uint8Array, from: string, tell = true): void {
    const copy = bytes.slice();
    setImmediate(() => {
      if (this.closed) return;
      const now = this.now();
      to()?.receive(now, copy, from);
      if (tell) this.afterActivity(now);
    });
  }

  private afterActivity(now: number): void {
    this.electedHost();
    this.measureCatchUp(now);
    this.opts.onActivity?.();
  }

  /** The peers elected this node's player to succeed a host that is gone: host the match here. */
  private electedHost(): void {
    if (this.authority || this.closed) return;
    const e = this.player?.events.find((x) => x.t === 'succeed');
    if (e?.t === 'succeed') this.host({ takeover: e.state, trees: e.trees });
  }

  /** An in-process peer of the node's authority, known to it as `address`. */
  private peer(address: string, name: string, spectate: boolean, trees: TreeSet): ClientPeer {
    const p = new ClientPeer({ appVersion: this.appVersion, name, spectate, host: HOST_LOOPBACK, random32: randomU32, trees, send: (_to, bytes) => this.loopback(() => this.authority, bytes, address, false) });
    this.local.set(address, p);
    this.all.push(p);
    return p;
  }

  private startVerifier(now: number, trees: TreeSet, takeover: boolean): void {
    const v = this.opts.verifier === undefined ? {} : this.opts.verifier;
    const a = this.authority;
    if (!v || !a) return;
    const name = v.name ?? 'verifier';
    const peer = this.peer(this.player ? VERIFIER_LOOPBACK : OWNER_LOOPBACK, name, true, trees);
    const player = new HeadlessPlayer({
      peer,
      now: () => this.now(),
      loadMap: v.loadMap ?? mapLoader(),
      input: 'none',
      name,
      log: v.log ?? (() => undefined),
      ...(v.reportsDir !== undefined ? { reportsDir: v.reportsDir } : {}),
      ...(takeover ? { fastForward: VERIFIER_FAST_FORWARD } : {}),
    });
    this.verifier = player;
    a.snapshotSource = () => player.latestSnapshot();
    peer.join(now);
    if (takeover) this.verifierCatchUp = { since: now, ms: null, keys: 0 };
    this.drive(player);
  }

  private measureCatchUp(now: number): void {
    const c = this.verifierCatchUp;
    const released = this.authority?.match?.released;
    if (!c || c.ms !== null || released === undefined) return;
    const latest = this.verifier?.latestSnapshot();
    if (!latest || latest.key < released - 1) return;
    c.ms = now - c.since;
    c.keys = latest.key;
    this.opts.verifier?.log?.({ ev: 'verifier-caught-up', ms: Math.round(c.ms), keys: c.keys });
  }
}

const NOBODY = { receive: (): void => undefined };
