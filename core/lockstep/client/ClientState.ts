/**
 * A peer's side of a room as it holds it: phase, slot, the host's settings and slot table, the
 * running match, the latest stall status, the control stream, link measurements and the events
 * for the game loop and the UI. ClientPeer is composed of parts sharing this one object —
 * ClientUplink (what goes to the host, and the handshake), ClientInbox (what comes from it, handed
 * to its owner), ClientResync (a running match's snapshot), ClientTrees, ClientSuccession — so each
 * part says what it changes and none inherits another's internals; what the host's pings say is
 * HostPings', the running match's schedule ClientMatch's.
 * Invariants: every datagram goes to the host's address and, after ACCEPT, carries the token
 * (a succession report goes to the successor it addresses).
 */
import type { TreeSet } from '../../ai';
import type { SnapshotReceiver } from '../link';
import { LossMeter, ReliableChannel, RttEstimator } from '../link';
import { encodeClientControl } from '../wire';
import type { ClientControl, HostControl, HostEvent, PeerKey } from '../wire';
import { DEFAULT_SETTINGS } from '../types';
import type { HostStatus, KeyUpdate, LobbySlot, RoomSettings, TakeoverState } from '../types';
import type { ClientMatch } from './ClientMatch';
import { HostPings } from './HostPings';

export interface ClientOptions {
  readonly appVersion: string;
  readonly name: string;
  /** The host's address as the transport names it ("ip:port", or the owner's loopback name). */
  readonly host: string;
  readonly send: (to: string, bytes: Uint8Array) => void;
  readonly random32: () => number;
  readonly spectate?: boolean;
  /**
   * Rejoin: the session token an earlier ACCEPT gave this app (stored across a crash). The JOIN
   * then names the slot by it instead of a name, and the host puts us back into the running match.
   */
  readonly rejoinToken?: number;
  /**
   * Close inputs only when the loop begins a key (for the keys the delay spans), never between
   * keys. Then which key an input lands in depends on frames, not on wall-clock moments, so a bot
   * client with a pinned delay plays the same inputs on every run (reproducible tests). Costs up
   * to a key period of latency.
   */
  readonly lockClosures?: boolean;
  /**
   * False: a loop my own link left behind the room stays behind (the rule before issue 34, when
   * every wait was the whole room's; benchmarks' baselines). See HostPings.late.
   */
  readonly catchUpLate?: boolean;
  /**
   * Take part in electing a new host when the host goes silent mid-match (ClientSuccession). On by
   * default; false leaves only a host that leaves handing over (BB_TAKE_OVER=0 in the app).
   */
  readonly takeOverOnSilence?: boolean;
  /**
   * My bot trees (core/ai loadBotBrains over my resources/ai files), reported to the host; a match
   * runs the host's, received when they differ (ClientTrees). Default: the built-in trees.
   */
  readonly trees?: TreeSet;
  /**
   * The host's `keys` (v9): peers' public keys, which the sealer (electron/…/secure) seals
   * what this peer and a successor say to each other with. Opaque here.
   */
  readonly onKeys?: (keys: readonly PeerKey[]) => void;
  /**
   * Whether this app receives the multicast group of the host at `host` (the sealer joined
   * the group that host announced). Told to the host (control `group`): then its group frames
   * stand for my own. Default: never.
   */
  readonly groupListening?: (host: string) => boolean;
}

/** Where the peer's bot trees stand (ClientTrees): no fingerprint announced yet, trees matching it, a transfer running, none yet, given up. */
export type TreeState = 'unknown' | 'ready' | 'receiving' | 'waiting' | 'failed';
/** Whose trees the peer holds: its own files', the host's (received), or the built-in ones. */
export type TreeSource = 'own' | 'host' | 'builtin';
/** Why the last transfer was refused: broken chunks, trees that do not compile, another fingerprint. */
export type TreeFailure = 'garbled' | 'invalid' | 'mismatch';

/** The trees as the UI shows them (plain data). */
export interface TreeStatus {
  readonly state: TreeState;
  readonly source: TreeSource;
  /** The match's fingerprint as the host last announced it (null: not yet). */
  readonly hostPrint: number | null;
  readonly failure: TreeFailure | null;
  /** The loader's message for 'invalid' (file, node, problem); else null. */
  readonly problem: string | null;
}

/** 'failed': the host did not answer, stopped answering, or closed the room (event 'failed' / 'closed'). */
export type PeerPhase = 'idle' | 'joining' | 'lobby' | 'loading' | 'running' | 'rejected' | 'kicked' | 'failed' | 'left';

/** What happened, for the UI and the game loop (drain `events`). */
export type PeerEvent =
  | { readonly t: 'accepted'; readonly slot: number; readonly owner: boolean }
  | { readonly t: 'rejected'; readonly reason: number; readonly hostVersion: string }
  | { readonly t: 'failed'; readonly reason: string }
  /** A host control message declared an event (wire/control.ts `event: true`), as it came. */
  | HostEvent
  /** The match starts; simulate it with `trees` (their fingerprint is the match start's). */
  | { readonly t: 'start'; readonly match: ClientMatch; readonly trees: TreeSet }
  /**
   * Joined a running match (a rejoin, a late loader, a spectator): build the game, restore
   * `snapshot` (the state before key `key`'s inputs; null: a fresh game, key 0) and run it from
   * `key` (LockstepRunner option fromKey). A player takes its ball back at a later 'takeover'.
   */
  | { readonly t: 'resume'; readonly match: ClientMatch; readonly key: number; readonly snapshot: Uint8Array | null; readonly trees: TreeSet }
  /** The bot trees' status changed (ClientTrees): whose trees, and why none fit if so. */
  | { readonly t: 'treeStatus'; readonly status: TreeStatus }
  /** New confirmed updates, in key order (for a game loop on the other side of a bridge). */
  | { readonly t: 'updates'; readonly updates: readonly KeyUpdate[] }
  /**
   * The host is gone and the peers elected me (ClientSuccession): build a HostAuthority with
   * HostAuthority.succeed from `state` and the match's `trees`, route host-bound datagrams to it,
   * and call ClientPeer.hostedByMe.
   */
  | { readonly t: 'succeed'; readonly state: TakeoverState; readonly trees: TreeSet }
  /** Another peer hosts the match now (`slot`; SPECTATOR_SLOT: a spectator); `left` was the host. */
  | { readonly t: 'hosting'; readonly slot: number; readonly left: number; readonly me: boolean };

/** Datagram counters of one peer. */
export interface PeerStats {
  sent: number;
  sentBytes: number;
  received: number;
  receivedBytes: number;
  nacks: number;
  foreign: number;
  malformed: number;
  snapChunks: number;
  snapRejected: number;
  /** Group frames not read: my slot is held (my own copy comes alone), or I do not listen. */
  groupSkipped: number;
  /** Succession datagrams refused (a report or claim from outside the order, with a wrong token, or out of turn). */
  succeedRefused: number;
  /** Bytes of the host's trees received (chunk payloads accepted), and tree chunks or transfers refused. */
  treeBytes: number;
  treeRejected: number;
  /** My inputs that reached the host after their key was released, and the keys they landed late in all (v14: `landed`). */
  lateInputs: number;
  lateKeys: number;
}

/**
 * A gap between two of my ticks counts as host silence for at most this long (ms): a longer one
 * means my own process stood still (building a match, a stop), and the datagrams that came
 * meanwhile are not read yet, so that silence is mine, not the host's. A busy process whose ticks
 * come 400 ms apart still finds a dead host, after a few ticks instead of never.
 */
export const OWN_STALL_MS = 300;

export class ClientState {
  phase: PeerPhase = 'idle';
  slot = -1;
  owner = false;
  settings: RoomSettings = DEFAULT_SETTINGS;
  slots: LobbySlot[] = [];
  match: ClientMatch | null = null;
  status: HostStatus | undefined;
  readonly events: PeerEvent[] = [];
  ctl = new ReliableChannel();
  readonly rtt = new RttEstimator();
  readonly stats: PeerStats = { sent: 0, sentBytes: 0, received: 0, receivedBytes: 0, nacks: 0, foreign: 0, malformed: 0, snapChunks: 0, snapRejected: 0, groupSkipped: 0, succeedRefused: 0, treeBytes: 0, treeRejected: 0, lateInputs: 0, lateKeys: 0 };
  token = 0;
  nonce = 0;
  lastSentAt = -1e15;
  lastHeardAt = 0;
  /**
   * The host's silence (ms) as my own ticks count it (`countSilence`, OWN_STALL_MS): what the
   * host-lost report and the give-up go by, so a peer that stood still itself blames nobody.
   */
  hostSilence = 0;
  private silenceTickAt = -1e15;
  private silenceHeardAt = -1e15;
  /** What the host's pings said: the echo owed, my uplink's loss, its RTT, a phase shift. */
  readonly pings = new HostPings();
  /** When the game loop found its next key missing (null: not blocked). */
  blockedSince: number | null = null;
  /** Loss of the host's frames to me (measured; the host's word on mine is in `pings`). */
  readonly downLoss = new LossMeter();
  /** The snapshot transfer of a running match joined late, while one runs (ClientResync). */
  snap: SnapshotReceiver | null = null;
  /** What the host was last told of my group listening (control `group`): group frames are read only while it is true. */
  groupTold = false;
  /** When a group frame last stood for my own frame (ClientPeer.framesBy). */
  groupReadAt = -Infinity;
  /** The host's address: `opts.host`, until a peer takes over from a host that is gone (ClientSuccession). */
  host: string;

  constructor(readonly opts: ClientOptions) {
    this.host = opts.host;
  }

  get connected(): boolean {
    return this.phase === 'lobby' || this.phase === 'loading' || this.phase === 'running';
  }

  /** The room runs match `m` now (from its start, or joined late). */
  run(m: ClientMatch): ClientMatch {
    this.match = m;
    this.phase = 'running';
    this.blockedSince = null;
    return m;
  }

  /** Counts the host's silence at one of my ticks (ClientPeer.tick, before the parts read it). */
  countSilence(now: number): void {
    const gap = Math.min(now - this.silenceTickAt, OWN_STALL_MS);
    this.silenceTickAt = now;
    const heard = this.lastHeardAt > this.silenceHeardAt;
    this.silenceHeardAt = this.lastHeardAt;
    this.hostSilence = heard ? Math.min(now - this.lastHeardAt, OWN_STALL_MS) : this.hostSilence + gap;
  }

  /** The session ends on this side (refused, gone, closed): a terminal phase and its event. */
  fail(e: PeerEvent, phase: PeerPhase): void {
    this.phase = phase;
    this.events.push(e);
  }

  /** Queues a control message for the host (reliable, ordered; sent with the next frame). */
  control(c: ClientControl): void {
    if (this.connected) this.ctl.push(encodeClientControl(c));
  }

  out(bytes: Uint8Array): void {
    this.stats.sent++;
    this.stats.sentBytes += bytes.length;
    this.opts.send(this.host, bytes);
  }

  /** A datagram to another peer (a succession report), counted with the rest. */
  outTo(to: string, bytes: Uint8Array): void {
    this.stats.sent++;
    this.stats.sentBytes += bytes.length;
    this.opts.send(to, bytes);
  }
}
