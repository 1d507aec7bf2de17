/**
 * The main side of networked play (issue 5): runs this app's ClientPeer — over the in-process
 * loopback of a LockstepHostService when hosting, or a LockstepClientService when joining — and
 * carries it across the bridge. The simulation runs in the renderer: it sends its intent and
 * key-frame hashes (net:loop) and receives the confirmed updates (net:updates).
 *
 * Events: every PUMP_MS the peer's event queue is drained in order; consecutive 'updates' are
 * batched into one net:updates (each KeyUpdate exactly once, in key order, after its net:start);
 * 'start' becomes net:start; every other event goes out as net:event; net:session is emitted when
 * the session view changes; net:status every STATUS_MS during a match. When hosting, the room is
 * published on LAN discovery (the advert follows room name, map, players and state) and the game
 * port answers discovery probes in every mode, 'off' included.
 * Switches: --game-port N / BB_GAME_PORT (default 47777, 0 = any free port; a taken port falls
 * back to a free one) and --game-bind IP / BB_GAME_BIND (default 0.0.0.0; tests: 127.0.0.1).
 * Time: performance.now() ms, the clock the lockstep services use.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ClientPeer } from '../../core/lockstep/ClientPeer';
import type { KeyUpdate } from '../../core/lockstep/types';
import type { BridgeEvents, EventChannel, RequestOf, ResponseOf } from '../contract';
import { DiscoveryService, resolveDiscoveryMode } from './discovery';
import { HostAdvert, lanAddress } from './netBridgeAdvert';
import { resolveGameSocket } from './netBridgeArgs';
import type { GameSocket } from './netBridgeArgs';
import { SessionView, StatusMeter } from './netBridgeView';
import type { NetService } from './netValidate';
import { writeDesyncReport } from './net/desyncReport';
import { LockstepClientService } from './net/LockstepClientService';
import { LockstepHostService } from './net/LockstepHostService';

export const PUMP_MS = 5;
export const STATUS_MS = 100;
/** How long a leaving client keeps its socket open so the LEAVE datagram goes out. */
const LEAVE_FLUSH_MS = 30;

export interface NetBridgeOptions {
  readonly userDataDir: string;
  readonly emit: <E extends EventChannel>(channel: E, payload: BridgeEvents[E]) => void;
  /** The process's command line and environment (game port, bind address, discovery mode). */
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The player's discovery setting ('off', 'all' or an interface name). */
  readonly discoverySetting: () => string;
}

interface Session {
  readonly peer: ClientPeer;
  readonly view: SessionView;
  readonly meter: StatusMeter;
  readonly close: () => Promise<void>;
  readonly advert: HostAdvert | null;
  /** The owner's colour, sent once the host accepted the owner. */
  colour: number | null;
  lastPhase: string;
  statusAt: number;
}

export class NetBridge implements NetService {
  /**
   * For tests and logs: loop messages ignored because they did not fit the match (stale key, no
   * match), and peer events with no bridge form (not sent).
   */
  readonly counters = { ignoredLoop: 0, emittedUpdates: 0, unforwarded: 0, faults: 0 };
  readonly socket: GameSocket;
  private session: Session | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Bumped by every host/join/leave, so a superseded start closes what it opened. */
  private generation = 0;

  constructor(private readonly opts: NetBridgeOptions) {
    this.socket = resolveGameSocket(opts.argv, opts.env);
  }

  private now(): number {
    return performance.now();
  }

  async host(req: RequestOf<'net:host'>): Promise<ResponseOf<'net:host'>> {
    const gen = await this.restart();
    const { mode, warnings } = resolveDiscoveryMode(this.opts.argv, this.opts.env, this.opts.discoverySetting());
    const discovery = new DiscoveryService({ mode, notes: warnings });
    let advert: HostAdvert | null = null;
    const service = await LockstepHostService.start({
      port: this.socket.port,
      address: this.socket.bind,
      settings: req.settings,
      owner: { name: req.name },
      // The advert is refreshed first so a probe always sees the room as it is now.
      probe: (bytes) => {
        advert?.refresh();
        return discovery.answerProbe(bytes);
      },
    }).catch(async (e: unknown) => {
      await discovery.close();
      throw e;
    });
    const owner = service.owner;
    if (gen !== this.generation || !owner) {
      await Promise.all([service.close(), discovery.close()]);
      throw new Error('superseded by another request');
    }
    const address = `${this.socket.bind === '0.0.0.0' ? lanAddress(mode) : this.socket.bind}:${service.port}`;
    const published = new HostAdvert(discovery, service);
    advert = published;
    // Registered before publishing, so a leave that arrives meanwhile closes both.
    this.begin({
      peer: owner,
      view: new SessionView(owner, address),
      meter: new StatusMeter(owner),
      close: async () => {
        await service.close();
        await published.close();
      },
      advert: published,
      colour: req.colour,
      lastPhase: '',
      statusAt: 0,
    });
    await published.publish();
    return { address };
  }

  async join(req: RequestOf<'net:join'>): Promise<null> {
    const gen = await this.restart();
    const service = await LockstepClientService.connect({
      host: req.address,
      name: req.name,
      spectate: req.spectate,
      port: 0,
      ...(this.socket.bind !== '0.0.0.0' ? { address: this.socket.bind } : {}),
    });
    if (gen !== this.generation) {
      await service.close();
      throw new Error('superseded by another request');
    }
    const peer = service.peer;
    const close = async (): Promise<void> => {
      // dgram resolves even an IP literal asynchronously: closing at once would drop the LEAVE.
      peer.leave(service.now());
      await new Promise((r) => setTimeout(r, LEAVE_FLUSH_MS));
      await service.close();
    };
    this.begin({ peer, view: new SessionView(peer, req.address), meter: new StatusMeter(peer), close, advert: null, colour: null, lastPhase: '', statusAt: 0 });
    return null;
  }

  async leave(): Promise<null> {
    await this.restart();
    return null;
  }

  /** Stops everything (app close). */
  async close(): Promise<void> {
    await this.restart();
  }

  act(a: RequestOf<'net:act'>): null {
    const peer = this.session?.peer;
    if (!peer) throw new Error('not in a room');
    switch (a.t) {
      case 'ready': peer.setReady(a.ready); break;
      case 'colour': peer.setColour(a.colour); break;
      case 'chat': peer.chat(a.text); break;
      case 'settings': peer.configure(a.settings); break;
      case 'slot': peer.setSlot(a.slot, a.kind, a.difficulty); break;
      case 'kick': peer.kick(a.slot); break;
      case 'start': peer.startMatch(); break;
      case 'progress': peer.loadProgress(a.percent); break;
      case 'vote': peer.voteDrop(a.slot); break;
      case 'pause': peer.requestPause(a.pause); break;
    }
    return null;
  }

  /** The renderer's game loop. Never throws: a message that does not fit the match is counted and ignored. */
  loop(m: RequestOf<'net:loop'>): null {
    const peer = this.session?.peer;
    const match = peer?.match;
    if (!peer || !match || peer.phase !== 'running') {
      this.counters.ignoredLoop++;
      return null;
    }
    const now = this.now();
    switch (m.t) {
      case 'intent': peer.setIntent(m.input); break;
      case 'begin':
        // The update was pushed to the renderer, so it is here; a stale or repeated key is a no-op.
        if (m.key <= match.execKey || peer.update(m.key) === undefined) this.counters.ignoredLoop++;
        else peer.beginKey(now, m.key, m.hash);
        break;
      case 'finish': peer.finish(now, m.hash); break;
      case 'blocked': peer.noteBlocked(now); break;
      case 'subhashes': peer.sendSubhashes(m.key, m.hashes); break;
    }
    return null;
  }

  async desyncReport(r: RequestOf<'net:desyncReport'>): Promise<ResponseOf<'net:desyncReport'>> {
    return { file: await writeDesyncReport(path.join(this.opts.userDataDir, 'desync-reports'), r) };
  }

  /** Ends the current session (if any) and returns the generation a new one must still match. */
  private async restart(): Promise<number> {
    const gen = ++this.generation;
    const s = this.session;
    this.session = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (s) {
      this.pump(s);
      await s.close();
      const v = s.view.changed();
      if (v) this.opts.emit('net:session', v);
    }
    return gen;
  }

  private begin(s: Session): void {
    this.session = s;
    this.timer = setInterval(() => {
      if (this.session !== s) return;
      try {
        this.pump(s);
      } catch {
        // A throwing event sink (a shell bug) must not take the main process down with it.
        this.counters.faults++;
      }
    }, PUMP_MS);
    this.pump(s);
  }

  /** Drains the peer's events to the renderer; the session view, the advert and the status follow. */
  private pump(s: Session): void {
    const emit = this.opts.emit;
    const peer = s.peer;
    let updates: KeyUpdate[] = [];
    const flush = (): void => {
      if (updates.length === 0) return;
      this.counters.emittedUpdates += updates.length;
      emit('net:updates', { updates });
      updates = [];
    };
    let touched = false;
    for (const e of peer.events.splice(0)) {
      if (e.t === 'updates') {
        for (const u of e.updates) updates.push(u);
        continue;
      }
      flush();
      touched = true;
      s.view.onEvent(e);
      if (e.t === 'start') {
        emit('net:start', { start: e.match.start, slot: peer.slot, player: e.match.player, lastKey: e.match.lastKey });
        s.statusAt = 0;
        continue;
      }
      if ('match' in e) {
        // A live ClientMatch (a rejoin's 'resume', in progress elsewhere) has no bridge form yet.
        this.counters.unforwarded++;
        continue;
      }
      if (e.t === 'accepted' && s.colour !== null) {
        peer.setColour(s.colour);
        s.colour = null;
      }
      emit('net:event', e);
    }
    flush();
    if (touched || peer.phase !== s.lastPhase) {
      s.lastPhase = peer.phase;
      const v = s.view.changed();
      if (v) emit('net:session', v);
    }
    const now = this.now();
    if (now - s.statusAt < STATUS_MS) return;
    s.statusAt = now;
    s.advert?.refresh();
    if (peer.phase === 'running' && peer.match) emit('net:status', s.meter.sample(now));
  }
}
