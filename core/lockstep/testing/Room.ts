/**
 * Test harness: a whole room on a NetSim — one HostAuthority, the owner's ClientPeer on an
 * in-process loopback (client 0), more players and spectators on impaired links — each client
 * running a ToyGame (or the game the options make) through the product's MatchLoop at 60 render
 * ticks a second, with a seeded InputScript as its player. Deterministic for a given seed. Used by tests and benchmarks.
 */
import type { TreeSet } from '../../ai';
import { Prng } from '../../math';
import { APP_VERSION } from '../../version';
import { ClientPeer } from '../client';
import type { PeerEvent } from '../client';
import { HostAuthority } from '../host';
import type { HostOptions } from '../host';
import { readHeader } from '../../net';
import { hostBound } from '../wire';
import type { PeerKey } from '../wire';
import { InputScript, MatchLoop } from '../loop';
import type { BotDriver, DesyncReport, LockstepGame, LockstepRunner, RunnerOptions } from '../loop';
import { SlotKind } from '../types';
import type { MatchStart, RoomSettings, TakeoverState } from '../types';
import { NetSim, PERFECT_LINK } from './NetSim';
import type { LinkSpec } from './NetSim';
import { Stall } from './Stall';
import { ToyBots, ToyGame } from './ToyGame';

export interface RoomOptions {
  readonly seed: number;
  /** Human players, the owner (client 0) included. */
  readonly humans: number;
  readonly spectators?: number;
  /** Lobby bot slots, after the humans. */
  readonly bots?: number;
  readonly settings?: Partial<RoomSettings>;
  /** Link between the host and every remote client, both directions. */
  readonly link?: LinkSpec;
  /** Intent changes per second per human (default 2). */
  readonly inputRate?: number;
  readonly hostTickMs?: number;
  readonly keepSnapshots?: number;
  /** Pins the input delay (ms). */
  readonly fixedDelay?: number;
  /** The rule before issue 34: every key waits for every closure, no loop catches up (HostOptions.waitForLate, ClientOptions.catchUpLate; baselines). */
  readonly waitForLate?: boolean;
  /**
   * The game client `addr` runs, with the trees its peer settled on (default: a ToyGame with toy
   * bots), and what is told each key as it begins (a replay recorder).
   */
  readonly game?: (start: MatchStart, trees: TreeSet, addr: string) => { game: LockstepGame; bots?: BotDriver; onBegin?: RunnerOptions['onBegin'] };
  /** The host's bot trees (default: the built-in ones). */
  readonly hostTrees?: TreeSet;
  /** Client `i`'s own bot trees (default: the built-in ones). */
  readonly clientTrees?: (i: number) => TreeSet | undefined;
  /** The host takes rejoin snapshots from client 0's loop (the verifier's role); else none. */
  readonly snapshots?: boolean;
  /** The first host's secure-link keys (HostOptions.keyOf); each client keeps what it is told in `keys`. */
  readonly keyOf?: HostOptions['keyOf'];
  /** The host multicasts its releases (HostOptions.group) and every client but the owner listens. */
  readonly group?: boolean;
}

/** Extra frames a resumed loop runs per render tick while far behind (LockstepRunner fastForward). */
export const FAST_FORWARD_FRAMES = 300;

export const HOST = 'host';
/** The clients' network timer period (ms), as the services' 5 ms timer. */
export const NET_TICK_MS = 4;
export const OWNER = 'owner';

export class RoomClient {
  loop: MatchLoop | null = null;
  /** The toy game, when the room runs toy games. */
  game: ToyGame | null = null;
  anyGame: LockstepGame | null = null;
  /** Stops ticking, sending and receiving (a crashed or unplugged machine). */
  silent = false;
  /** The machine's process standing still for a while (`Room.stallHost`). */
  readonly stall = new Stall();
  /** The game loop does not run before this time (a stuck simulation); the network side does. */
  frozenUntil = 0;
  /** The page draws at most once in this many ms (a slow machine's page: its render ticks, and so its loop, come that far apart); 0: every tick. */
  drawEveryMs = 0;
  readonly log: PeerEvent[] = [];
  readonly reports: DesyncReport[] = [];
  /** State hash before each key, by key (filled when the room records hashes). */
  readonly keyHashes: number[] = [];
  /** Virtual time each key was begun. */
  readonly keyTimes: number[] = [];
  /** A late join: when the snapshot arrived ('resume'), and a restore failure if any. */
  resumedAt: number | null = null;
  resumeError: string | null = null;
  /** The trees the game was built with (null before a start or resume). */
  trees: TreeSet | null = null;
  /** The HostAuthority this client runs since it took over from a host that is gone (issue 13). */
  auth: HostAuthority | null = null;
  /** Where this client's datagrams go out (the room rewires it when the client takes over). */
  send: (to: string, bytes: Uint8Array) => void = () => {};
  /** The peers' keys its host told it (RoomOptions.keyOf). */
  readonly keys: PeerKey[] = [];
  /** Called when the peers elected this client to take over ('succeed'). */
  onSucceed: ((state: TakeoverState, trees: TreeSet) => void) | null = null;
  private lastTick = 0;
  private now = 0;

  constructor(
    readonly addr: string,
    readonly peer: ClientPeer,
    readonly script: InputScript,
    private readonly keepSnapshots: number,
    private readonly factory: RoomOptions['game'],
  ) {}

  /** Does not report loading progress by itself (a late loader: call peer.loadProgress(100)). */
  lateLoader = false;

  /** The running match's loop's runner (null before the match). */
  get runner(): LockstepRunner | null {
    return this.loop?.runner ?? null;
  }

  private begin(start: MatchStart, trees: TreeSet, fromKey: number, snapshot: Uint8Array | null, resumed: boolean): void {
    this.trees = trees;
    const made: ReturnType<NonNullable<RoomOptions['game']>> = this.factory ? this.factory(start, trees, this.addr) : toy();
    try {
      this.loop = new MatchLoop({
        peer: this.peer,
        game: made.game,
        ...(made.bots ? { bots: made.bots } : {}),
        ...(made.onBegin ? { onBegin: made.onBegin } : {}),
        resume: resumed ? { fromKey, snapshot } : null,
        fastForward: FAST_FORWARD_FRAMES,
        keepSnapshots: this.keepSnapshots,
        onKey: (key, hash) => {
          this.keyHashes[key] = hash;
          this.keyTimes[key] = this.now;
        },
        reports: { appVersion: APP_VERSION, name: this.addr, onReport: (r) => this.reports.push(r) },
      });
    } catch (err) {
      this.resumeError = (err as Error).message;
      return;
    }
    this.game = made.game instanceof ToyGame ? made.game : null;
    this.anyGame = made.game;
  }

  /** The longest wait (ms) between two keys this client began, from `fromKey` on: the freeze its player saw. */
  longestWait(fromKey: number): number {
    let gap = 0;
    for (let k = Math.max(1, fromKey); k < this.keyTimes.length; k++) {
      const a = this.keyTimes[k - 1];
      const b = this.keyTimes[k];
      if (a !== undefined && b !== undefined) gap = Math.max(gap, b - a);
    }
    return gap;
  }

  /** A datagram at this client's address: to its HostAuthority if it hosts and the type is host-bound. */
  receive(now: number, bytes: Uint8Array, from: string): void {
    if (this.silent || this.stall.hold(now, bytes, from)) return;
    const h = readHeader(bytes);
    if (this.auth && h.ok && hostBound(h.type) && from !== `${this.addr}~host`) this.auth.receive(now, bytes, from);
    else this.peer.receive(now, bytes, from);
  }

  /** The network side's timer (every few ms, like the main process's). */
  tickNet(now: number): void {
    if (!this.silent && this.awake(now)) this.peer.tick(now);
  }

  private awake(now: number): boolean {
    return this.stall.wake((b, from) => this.receive(now, b, from), now, () => this.peer.tick(now));
  }

  /** A render tick: events, intent, game loop. */
  tick(now: number): void {
    if (this.silent || !this.awake(now) || now - this.lastTick < this.drawEveryMs) return;
    this.now = now;
    for (const e of this.peer.events.splice(0)) {
      if (e.t === 'updates') continue;
      this.log.push(e);
      this.loop?.onEvent(now, e);
      if (e.t === 'loading' && !this.lateLoader) this.peer.loadProgress(100);
      if (e.t === 'succeed') this.onSucceed?.(e.state, e.trees);
      if (e.t === 'start') this.begin(e.match.start, e.trees, 0, null, false);
      if (e.t === 'resume') {
        this.resumedAt = now;
        this.begin(e.match.start, e.trees, e.key, e.snapshot, true);
      }
    }
    const dt = now - this.lastTick;
    this.lastTick = now;
    if (!this.loop || now < this.frozenUntil) return;
    this.peer.setIntent(this.script.next(dt));
    this.loop.tick(now);
  }
}

function toy(): { game: ToyGame; bots: BotDriver } {
  const game = new ToyGame();
  return { game, bots: new ToyBots(game) };
}

export class Room {
  readonly sim: NetSim;
  /** The room's host: the first, or the client that took over from it (`crashHost`). */
  host: HostAuthority;
  private hostGone = false;
  readonly clients: RoomClient[] = [];

  constructor(readonly opts: RoomOptions) {
    const sim = new NetSim(opts.seed, opts.link ?? PERFECT_LINK);
    this.sim = sim;
    const ids = new Prng(opts.seed ^ 0x9e3779b9);
    this.host = new HostAuthority({ appVersion: APP_VERSION, send: sim.sender(HOST), random32: () => ids.u32(), ownerAddress: OWNER, settings: { maxSlots: 8, ...opts.settings }, ...(opts.fixedDelay !== undefined ? { fixedDelay: opts.fixedDelay } : {}), ...(opts.waitForLate ? { waitForLate: true } : {}), ...(opts.hostTrees ? { trees: opts.hostTrees } : {}), ...(opts.keyOf ? { keyOf: opts.keyOf } : {}), ...(opts.group ? { group: sim.groupSender(HOST) } : {}) });
    const first = this.host;
    sim.addNode(HOST, (now, b, from) => (this.hostStall.hold(now, b, from) ? undefined : first.receive(now, b, from)));
    sim.setLink(OWNER, HOST, PERFECT_LINK);
    sim.setLink(HOST, OWNER, PERFECT_LINK);
    this.ids = ids;
    const total = opts.humans + (opts.spectators ?? 0);
    for (let i = 0; i < total; i++) this.addClient(i, i >= opts.humans);
    sim.every(0, opts.hostTickMs ?? 5, (now) => {
      if (this.hostGone) return false;
      if (this.hostStall.wake((b, from) => first.receive(now, b, from), now)) first.tick(now);
    });
    if (opts.snapshots) {
      this.host.snapshotSource = () => {
        const s = this.clients[0]?.runner?.snapshots.at(-1);
        return s ? { key: s.key, bytes: s.bytes } : null;
      };
    }
  }

  private readonly ids: Prng;
  private readonly hostStall = new Stall();
  private rejoins = 0;

  private addClient(i: number, spectate: boolean, addr = i === 0 ? OWNER : `c${i}`, rejoinToken?: number, at = i * 2, host = HOST): RoomClient {
    const ids = this.ids;
    const trees = this.opts.clientTrees?.(i);
    const peer = new ClientPeer({ appVersion: APP_VERSION, name: `P${i}`, host, takeOverOnSilence: true, send: (to, b) => c.send(to, b), random32: () => ids.u32(), spectate, ...(this.opts.waitForLate ? { catchUpLate: false } : {}), ...(rejoinToken !== undefined ? { rejoinToken } : {}), ...(trees ? { trees } : {}), onKeys: (k) => c.keys.push(...k), groupListening: (h) => h === HOST && this.sim.groupMembers.has(addr) });
    const keep = i === 0 && this.opts.snapshots ? Math.max(2, this.opts.keepSnapshots ?? 0) : (this.opts.keepSnapshots ?? 0);
    const c = new RoomClient(addr, peer, new InputScript(this.opts.seed * 31 + i, this.opts.inputRate ?? 2), keep, this.opts.game);
    c.send = this.sim.sender(addr);
    c.onSucceed = (state, trees) => this.takeOver(c, state, trees);
    this.clients[i] = c;
    this.sim.addNode(addr, (now, b, from) => c.receive(now, b, from));
    if (this.opts.group && addr !== OWNER) this.sim.groupMembers.add(addr);
    // Clients join one after another (slot order = client order) and tick at 60 Hz, out of phase.
    this.sim.at(at, () => peer.join(this.sim.now));
    this.sim.every(at + 1, 1000 / 60, (now) => (c.silent ? false : c.tick(now)));
    this.sim.every(at + 1 - i, NET_TICK_MS, (now) => (c.silent ? false : c.tickNet(now)));
    return c;
  }

  /** Client `i`'s machine goes silent (a crash or a pulled cable): no ticks, nothing sent or received. */
  crash(i: number): RoomClient {
    const c = this.client(i);
    c.silent = true;
    this.sim.removeNode(c.addr);
    this.sim.removeNode(`${c.addr}~host`);
    this.sim.groupMembers.delete(c.addr);
    return c;
  }

  /** The host leaves (HostAuthority.close: a running match is handed over), then its machine goes quiet. */
  leaveHost(): void {
    this.host.close(this.sim.now);
    this.crashHost();
  }

  /** The host's machine (the first host and its player) stands still for `ms`, then runs on. */
  stallHost(ms: number): void {
    this.hostStall.until = this.sim.now + ms;
    this.client(0).stall.until = this.sim.now + ms;
  }

  /** The host's machine dies with its player (client 0, or the client that hosts now). */
  crashHost(): void {
    const hosting = this.clients.find((c) => c.auth === this.host && !c.silent);
    if (hosting) return void this.crash(this.clients.indexOf(hosting));
    this.hostGone = true;
    this.sim.removeNode(HOST);
    this.crash(0);
  }

  /**
   * Client `c` was elected to take over: it runs a HostAuthority on its own address (host-bound
   * datagrams go to it, RoomClient.receive), and its own peer reaches it over a loopback pair —
   * `addr~own` as the host names its owner, `addr~host` as the peer names its host.
   */
  private takeOver(c: RoomClient, state: TakeoverState, trees: TreeSet): void {
    const sim = this.sim;
    const own = `${c.addr}~own`;
    const hostName = `${c.addr}~host`;
    const toPeer = sim.sender(hostName);
    const fromSocket = sim.sender(c.addr);
    const auth = HostAuthority.succeed(
      {
        appVersion: APP_VERSION,
        send: (to, b) => (to === own ? toPeer(c.addr, b) : fromSocket(to, b)),
        random32: () => this.ids.u32(),
        ownerAddress: own,
        trees,
        ...(this.opts.fixedDelay !== undefined ? { fixedDelay: this.opts.fixedDelay } : {}),
        ...(this.opts.waitForLate ? { waitForLate: true } : {}),
        snapshots: () => {
          const s = c.runner?.snapshots.at(-1);
          return s ? { key: s.key, bytes: s.bytes } : null;
        },
      },
      sim.now,
      state,
    );
    c.auth = auth;
    this.host = auth;
    const toHost = sim.sender(own);
    c.send = (to, b) => (to === hostName ? toHost(hostName, b) : fromSocket(to, b));
    sim.setLink(own, hostName, PERFECT_LINK);
    sim.setLink(hostName, c.addr, PERFECT_LINK);
    sim.addNode(hostName, (now, b, from) => (c.silent ? undefined : auth.receive(now, b, from)));
    sim.every(sim.now, this.opts.hostTickMs ?? 5, (now) => (c.silent ? false : auth.tick(now)));
    c.peer.hostedByMe(sim.now, hostName, state.oldHost);
  }

  /**
   * Client `i` restarts (new address) and rejoins with its stored session token, at the room's
   * first host or at `host` (one that took over); replaces it in `clients`.
   */
  rejoin(i: number, host = HOST): RoomClient {
    const old = this.client(i);
    if (!old.silent) this.crash(i);
    return this.addClient(i, false, `${old.addr}-r${++this.rejoins}`, old.peer.sessionToken, this.sim.now, host);
  }

  /** A new spectator joins now (in the lobby or a running match); returns it. */
  addSpectator(): RoomClient {
    return this.addClient(this.clients.length, true, `s${this.clients.length}`, undefined, this.sim.now);
  }

  /** Runs until every client is in the lobby; then adds the lobby bots. */
  joinAll(limitMs = 5000): boolean {
    this.sim.run(this.sim.now + limitMs, () => this.clients.every((c) => c.peer.phase === 'lobby'));
    const ok = this.clients.every((c) => c.peer.phase === 'lobby');
    for (let b = 0; b < (this.opts.bots ?? 0); b++) this.host.setSlot(this.opts.humans + b, SlotKind.Bot, b % 4);
    return ok;
  }

  /** The owner starts the match; runs until every client runs it. */
  start(limitMs = 5000): boolean {
    this.clients[0]?.peer.startMatch();
    this.sim.run(this.sim.now + limitMs, () => this.clients.every((c) => c.runner !== null || c.silent));
    return this.clients.every((c) => c.runner !== null);
  }

  /** Runs until the host announced the end (or `limitMs` passed). */
  runToEnd(limitMs: number): boolean {
    this.sim.run(this.sim.now + limitMs, () => this.host.lastResult !== null);
    return this.host.lastResult !== null;
  }

  /** Runs for `ms` of virtual time. */
  run(ms: number, stop?: () => boolean): void {
    this.sim.run(this.sim.now + ms, stop);
  }

  client(i: number): RoomClient {
    const c = this.clients[i];
    if (!c) throw new Error(`no client ${i}`);
    return c;
  }
}

/**
 * A peer outside the room's roster joining at `addr` (handshake, kick and ban tests): ticked on
 * the room's clock while it is joining or in the lobby.
 */
export function extraPeer(room: Room, addr: string, opts: { appVersion?: string; name?: string; rejoinToken?: number } = {}): ClientPeer {
  const p = new ClientPeer({ appVersion: opts.appVersion ?? APP_VERSION, name: opts.name ?? addr, host: HOST, send: room.sim.sender(addr), random32: () => 77, ...(opts.rejoinToken !== undefined ? { rejoinToken: opts.rejoinToken } : {}) });
  room.sim.addNode(addr, (now, b, from) => p.receive(now, b, from));
  room.sim.every(room.sim.now, 10, (now) => {
    p.tick(now);
    return p.phase === 'joining' || p.phase === 'lobby';
  });
  p.join(room.sim.now);
  return p;
}
