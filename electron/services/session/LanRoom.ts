/**
 * The main side of networked play: a room (this app's stay in one) is one LockstepNode (the game socket) whose player
 * is this app's ClientPeer, the owner of the room the node hosts or a player of a room elsewhere,
 * carried to the page over the net channel. The simulation runs in the page: it sends its intent
 * and key-frame hashes up the net channel (`loop`), and receives the room view, the match start and the
 * confirmed updates down it as they happen — the node calls back after every datagram batch,
 * loopback delivery and timer step, and push.ts sends whatever changed (no polling timer here).
 * While this app hosts (from the start, or elected after its host went), the node's verifier
 * simulates the match so rejoiners and late spectators get its latest key-frame snapshot, and the
 * room is on LAN discovery.
 * Bot trees: every host / join reads this app's resources/ai files afresh (loadTrees); hosting,
 * they are the room's trees (owner and verifier hold them, joiners whose trees differ are sent
 * them); joining, the host's replace them where they differ. Files that fell back to the built-in
 * trees show in the room view as data (NetTrees.fallbacks).
 * A joined player's session token is kept in the user data folder (rejoinTokens.ts) for
 * `net:join {rejoin}`. The hosted room is published on the app's one DiscoveryService (the advert
 * follows room name, map, players and state), and the game port answers discovery probes in every
 * mode, 'off' included.
 * Switches: --game-port N / BB_GAME_PORT (default 47777, 0 = any free port; a taken port falls
 * back to a free one) and --game-bind IP / BB_GAME_BIND (default 0.0.0.0; tests: 127.0.0.1).
 * Group frames (one multicast release for the whole LAN, issue 15) go on the interfaces LAN
 * discovery uses, so --discovery=off turns them off too (gameSocket.ts `groupOptions`).
 * A room outlives its page (issue 32): when the last page on the net channel goes (a closed tab,
 * a reload), this app's ball stands still — the neutral intent, and the page counted away, so my
 * keys close as the updates arrive and nobody waits — and a page that starts within PAGE_GONE_MS
 * takes the room back (`attach`): the room view and, in a running match, a resume from the
 * verifier's snapshot (or from key 0 where this app does not host), as a rejoin gets. No page by
 * then: this app leaves the room as a closed app does (hosting a match, it hands it over; in the
 * lobby, it closes it); the stored rejoin token stays.
 * Time: performance.now() ms, the clock the lockstep node uses.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ClientPeer } from '../../../core/lockstep';
import { STOP_INPUT } from '../../../core/sim';
import type { BridgeEvents, NetDown, NetUp, RequestOf, ResponseOf } from '../../contract';
import type { NetService } from '../bridge/services';
import type { AppDiscovery, DiscoveryService } from '../discovery';
import { hostReach, lanAddresses, usableInterfaces } from '../discovery';
import { writeDesyncReport } from '../lockstep/desyncReport';
import type { HeadlessPlayer } from '../lockstep/HeadlessPlayer';
import { mapLoader } from '../lockstep/loadMap';
import { LockstepNode } from '../lockstep/LockstepNode';
import type { NodeOptions } from '../lockstep/nodeOptions';
import { loadTrees } from '../lockstep/loadTrees';
import type { LoadedTrees } from '../lockstep/loadTrees';
import { groupOptions, resolveGameSocket } from './gameSocket';
import type { GameSocket } from './gameSocket';
import { HostAdvert } from './HostAdvert';
import { pushAttached, pushRoom } from './push';
import type { PushedRoom } from './push';
import { followToken, TokenStore } from './rejoinTokens';
import type { SessionToken } from './rejoinTokens';
import { RoomView, StatusMeter } from './RoomView';
import { ReasonError } from '../reasonError';

export interface LanRoomOptions {
  readonly userDataDir: string;
  /** Pushes a message to the page on the net channel. */
  readonly send: (m: NetDown) => void;
  /** An app-level notice (a damaged token file). */
  readonly notice: (n: BridgeEvents['app:notice']) => void;
  /** The process's command line and environment (game port, bind address). */
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The app's one DiscoveryService, shared with the Join list. */
  readonly discovery: AppDiscovery;
  /** The game id the Join list knows for a host's "ip:port" (a successor advertises the room under it). */
  readonly gameIdOf?: (address: string) => string | null;
  /** Maps for the hosting app's verifier and this app's bot trees (default: the checkout's resources/). */
  readonly resourcesDir?: string;
}

interface Room extends PushedRoom {
  /** The game socket: this app's player, and the room's host while this app hosts it. */
  readonly node: LockstepNode;
  /** Where this app's rejoin token is kept (a joined player's session only), by its host's address. */
  readonly tokens: SessionToken | null;
  /** The owner's colour, sent once the host accepted the owner. */
  colour: number | null;
  /** The DiscoveryService the room's advert (PushedRoom.advert) is published on, while this app hosts. */
  discovery: DiscoveryService | null;
  /** The Join list's id of the room joined: a takeover advertises it under that id. */
  readonly gameId: string | undefined;
  /** A takeover's advert is being published. */
  advertising: boolean;
  /** Set while the room has no page: the timer that leaves it at PAGE_GONE_MS. */
  pageless: ReturnType<typeof setTimeout> | null;
}

/**
 * How long a room waits for its page to come back (ms): a reload, or a closed tab reopened from the
 * browser's history, takes a few seconds; a player who closed it for good has gone, and the
 * others see the usual line 10 s later.
 */
export const PAGE_GONE_MS = 10_000;

export class LanRoom implements NetService {
  /**
   * For tests and logs: loop messages ignored because they did not fit the match (stale key, no
   * match), updates of a match the page was not told about, faults of a link sink.
   */
  readonly counters = { ignoredLoop: 0, emittedUpdates: 0, unforwarded: 0, faults: 0, verifierErrors: 0 };
  readonly socket: GameSocket;
  readonly tokens: TokenStore;
  private readonly loadMap: ReturnType<typeof mapLoader>;
  private room: Room | null = null;
  /** Bumped by every host/join/leave, so a superseded start closes what it opened. */
  private generation = 0;

  constructor(private readonly opts: LanRoomOptions) {
    this.socket = resolveGameSocket(opts.argv, opts.env);
    this.tokens = new TokenStore(opts.userDataDir);
    this.loadMap = mapLoader(opts.resourcesDir);
  }

  private now(): number {
    return performance.now();
  }

  /** The current room's game socket (tests read its verifier's hashes and catch-up). */
  get node(): LockstepNode | null {
    return this.room?.node ?? null;
  }

  /** The verifier of the room this app hosts. */
  get verifier(): HeadlessPlayer | null {
    return this.room?.node.verifier ?? null;
  }

  async host(req: RequestOf<'net:host'>): Promise<ResponseOf<'net:host'>> {
    const gen = await this.restart();
    const trees = loadTrees(this.opts.resourcesDir);
    const discovery = await this.opts.discovery.acquire();
    const node = await this.open(trees, { port: this.socket.port, address: this.socket.bind, ...groupOptions('host', this.socket.bind, this.opts.discovery.lanInterfaces()) }).catch((e: unknown) => {
      this.opts.discovery.release(discovery);
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE' || code === 'EACCES') throw new ReasonError('host-port', (e as Error).message, { port: this.socket.port, detail: code });
      throw e;
    });
    const host = node.host({ settings: req.settings, owner: { name: req.name } });
    const owner = node.player;
    if (gen !== this.generation || !owner) {
      await node.close();
      this.opts.discovery.release(discovery);
      throw new ReasonError('superseded', 'superseded by another request');
    }
    const lan = this.socket.bind === '0.0.0.0' ? usableInterfaces() : null;
    const addresses = (lan ? lanAddresses(discovery.mode, lan) : [this.socket.bind]).map((ip) => `${ip}:${node.port}`);
    const address = addresses[0]!;
    const room = this.room$(node, owner, address, null, trees, addresses, () => host.replacedBy);
    if (lan) room.view.reach = hostReach(lan);
    const advert = new HostAdvert(discovery, { host, port: node.port });
    room.discovery = discovery;
    room.advert = advert;
    room.colour = req.colour;
    // Registered before publishing, so a leave that arrives meanwhile closes both.
    this.begin(room);
    await advert.publish();
    return { address };
  }

  async join(req: RequestOf<'net:join'>): Promise<null> {
    const rejoinToken = req.rejoin === true ? this.tokens.get(req.address) : null;
    if (req.rejoin === true && rejoinToken === null) throw new ReasonError('no-rejoin', `no stored session for ${req.address} to rejoin`, { address: req.address });
    const rejoinKey = rejoinToken !== null ? this.tokens.key(req.address) : null;
    const gameId = this.opts.gameIdOf?.(req.address) ?? undefined;
    const gen = await this.restart();
    const trees = loadTrees(this.opts.resourcesDir);
    const node = await this.open(trees, {
      port: 0,
      ...(this.socket.bind !== '0.0.0.0' ? { address: this.socket.bind } : {}),
      ...groupOptions('join', this.socket.bind, this.opts.discovery.lanInterfaces()),
      // The key the token was given to: the host asks the rejoin to prove it.
      ...(rejoinKey ? { identity: rejoinKey } : {}),
    });
    if (gen !== this.generation) {
      await node.close();
      throw new ReasonError('superseded', 'superseded by another request');
    }
    const peer = node.join({ host: req.address, name: req.name, spectate: req.spectate && rejoinToken === null, ...(rejoinToken !== null ? { rejoinToken } : {}) });
    this.begin(this.room$(node, peer, req.address, !req.spectate || rejoinToken !== null ? node.identity : null, trees, [req.address], undefined, gameId));
    return null;
  }

  /** A normal leave: the match is given up, so its rejoin token goes too. */
  async leave(): Promise<null> {
    this.room?.tokens?.remove();
    await this.restart();
    return null;
  }

  /** Stops everything (app close). A stored rejoin token stays: closing the window is not giving up. */
  async close(): Promise<void> {
    await this.restart();
  }

  act(a: RequestOf<'net:act'>): null {
    const peer = this.room?.peer;
    if (!peer) throw new ReasonError('not-in-room', 'not in a room');
    switch (a.t) {
      case 'ready': peer.setReady(a.ready); break;
      case 'colour': peer.setColour(a.colour); break;
      case 'chat': peer.chat(a.text, a.team); break;
      case 'settings': peer.configure(a.settings); break;
      case 'slot': peer.setSlot(a.slot, a.kind, a.difficulty); break;
      case 'kick': peer.kick(a.slot); break;
      case 'team': peer.setTeam(a.slot, a.team); break;
      case 'start': peer.startMatch(); break;
      case 'progress': peer.loadProgress(a.percent); break;
      case 'vote': peer.voteDrop(a.slot); break;
      case 'pause': peer.requestPause(a.pause); break;
    }
    return null;
  }

  /** The page's match loop, on the net channel. Never throws: a message that does not fit the match is counted and ignored. */
  loop(m: NetUp): void {
    if (m.t === 'attach') return this.attach();
    const peer = this.room?.peer;
    const match = peer?.match;
    if (!peer || !match || peer.phase !== 'running') return void this.counters.ignoredLoop++;
    const now = this.now();
    switch (m.t) {
      case 'intent': peer.setIntent(m.input); break;
      case 'begin':
        // The update was pushed to the page, so it is here; a stale or repeated key is a no-op.
        if (m.key <= match.execKey || peer.update(m.key) === undefined) this.counters.ignoredLoop++;
        else peer.beginKey(now, m.key, m.hash, now - (m.lateMs ?? 0));
        break;
      case 'finish': peer.finish(now, m.hash); break;
      case 'blocked': peer.noteBlocked(now); break;
      case 'subhashes': peer.sendSubhashes(m.key, m.hashes); break;
      case 'away': peer.setAway(now, m.hidden); break;
    }
    this.sync();
  }

  /**
   * The room's last page went away: my ball stands still, and my keys close as the updates arrive
   * (the page counted away, as a hidden one), until a page takes the room back or PAGE_GONE_MS
   * passes and this app leaves the room.
   */
  pageGone(): void {
    const s = this.room;
    if (!s || s.pageless) return;
    s.peer.setIntent(STOP_INPUT);
    s.peer.setAway(this.now(), true);
    s.pageless = setTimeout(() => {
      if (this.room === s) void this.close();
    }, PAGE_GONE_MS);
    this.push(s);
  }

  /**
   * A page started (its `attach`): if the room has lost its page, this one takes it back — the room
   * view, and a running match resumed from the verifier's latest snapshot where this app hosts
   * (else from key 0: every update is held). A room still shown by another page stays with it. A
   * match that cannot be rebuilt here (joined running, and no snapshot) is left, token kept: the
   * page's Join offers Rejoin.
   */
  private attach(): void {
    const s = this.room;
    if (!s?.pageless) return;
    clearTimeout(s.pageless);
    s.pageless = null;
    const now = this.now();
    const ok = pushAttached(s, this.opts.send, now, this.counters, s.node.verifier?.latestSnapshot() ?? null);
    if (!ok) return void this.close();
    // The new page's loop restores and catches up: my closures follow the updates until it runs in phase.
    s.peer.setAway(now, false);
  }

  async desyncReport(r: RequestOf<'net:desyncReport'>): Promise<ResponseOf<'net:desyncReport'>> {
    return { file: await writeDesyncReport(path.join(this.opts.userDataDir, 'desync-reports'), r) };
  }

  /** Ends the current room (if any) and returns the generation a new one must still match. */
  private async restart(): Promise<number> {
    const gen = ++this.generation;
    const s = this.room;
    this.room = null;
    if (s) {
      if (s.pageless) clearTimeout(s.pageless);
      this.push(s);
      await this.closeSession(s);
      const v = s.view.changed();
      if (v) this.opts.send({ t: 'session', session: v });
    }
    return gen;
  }

  /**
   * The game socket of a new room. The verifier's errors are counted; discovery probes are
   * answered while this app hosts (the advert refreshed first, so a probe sees the room as it is).
   */
  private async open(trees: LoadedTrees, socket: Omit<NodeOptions, 'trees'>): Promise<LockstepNode> {
    let node: LockstepNode | null = null;
    const mine = (): Room | null => (node && this.room?.node === node ? this.room : null);
    node = await LockstepNode.open({
      ...socket,
      trees: trees.trees,
      verifier: { loadMap: this.loadMap, log: (e) => void (e['ev'] === 'error' && this.counters.verifierErrors++) },
      probe: (bytes) => {
        const s = mine();
        s?.advert?.refresh();
        return s?.discovery?.answerProbe(bytes) ?? null;
      },
      onActivity: () => {
        const s = mine();
        if (s) this.activity(s);
      },
    });
    return node;
  }

  /** After every datagram batch, loopback delivery and timer step of the room's node. */
  private activity(s: Room): void {
    const host = s.node.authority;
    // Replaced while this app stood still (issue 13): the Join screen offers Rejoin at the new host.
    const at = host?.replacedBy;
    if (at && this.tokens.get(at) === null) this.tokens.set(at, s.peer.sessionToken);
    // Elected to host the match whose host is gone: the room is on LAN discovery again, here.
    if (host && !s.discovery && !s.advertising) {
      s.advertising = true;
      void this.opts.discovery.acquire().then(async (discovery) => {
        if (this.room !== s) return this.opts.discovery.release(discovery);
        // The room's own game id: the Join list shows it once, at its new host.
        const advert = new HostAdvert(discovery, { host, port: s.node.port }, s.gameId);
        s.discovery = discovery;
        s.advert = advert;
        await advert.publish();
      });
    }
    this.push(s);
  }

  /** The player leaves (hosting: every session gets the goodbye), the socket closes once it has left, the advert goes. */
  private async closeSession(s: Room): Promise<void> {
    await s.node.close();
    await s.advert?.close();
    if (s.discovery) this.opts.discovery.release(s.discovery);
  }

  /**
   * A room's initial state. `address`: the host's; `keepToken`: the private key a joined
   * player's token is stored with (null: keep none); `addresses`: where others join (a hosting
   * app lists one per LAN interface).
   */
  private room$(node: LockstepNode, peer: ClientPeer, address: string, keepToken: Uint8Array | null, trees: LoadedTrees, addresses: readonly string[] = [address], rejoinAt?: () => string | null, gameId?: string): Room {
    const s: Room = {
      node,
      gameId,
      advertising: false,
      pageless: null,
      peer,
      view: new RoomView(peer, addresses, trees.fallbacks, rejoinAt, () => node.authority?.refused() ?? null),
      meter: new StatusMeter(peer),
      advert: null,
      discovery: null,
      colour: null,
      lastPhase: '',
      statusAt: 0,
      statusKey: '',
      shown: null,
      started: null,
      sentKey: -1,
      tokens: keepToken ? this.tokens.at(address, keepToken) : null,
      follow: (e) => {
        if (s.tokens) followToken(s.tokens, e, peer);
        if (e.t === 'accepted' && s.colour !== null) {
          peer.setColour(s.colour);
          s.colour = null;
        }
      },
    };
    return s;
  }

  private begin(s: Room): void {
    this.room = s;
    this.push(s);
    const notice = this.tokens.notice;
    if (notice) {
      this.tokens.notice = null;
      this.opts.notice({ level: 'warn', text: notice });
    }
  }

  /** Pushes what changed in the current room (the services call this after every activity). */
  private sync(): void {
    const s = this.room;
    if (s) this.push(s);
  }

  private push(s: Room): void {
    try {
      pushRoom(s, this.opts.send, this.now(), this.counters);
    } catch {
      // A throwing link sink (a shell bug) must not take the main process down with it.
      this.counters.faults++;
    }
  }
}
