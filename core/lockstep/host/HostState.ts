/**
 * The room as the host holds it: the lobby table, the sessions (HostSessions: by address, bans,
 * detached slots), the phase and the running match, counters. HostAuthority is composed of parts that share
 * this one object — HostSender (what goes out), HostRoom (the lifecycle), HostResync (joining a
 * running match), HostInbox (what comes in) — so each part says what it changes and none inherits
 * another's internals.
 * Invariants: see HostSessions.
 */
import { HostRefusals } from './HostRefusals';
import { defaultTreeSet } from '../../ai';
import type { TreeSet } from '../../ai';
import type { SlotSpec } from '../wire';
import type { HostLoading } from './HostLoading';
import { HostLobby } from './HostLobby';
import type { HostMatch } from './HostMatch';
import type { HostSession } from './HostSession';
import { HostSessions } from './HostSessions';
import type { RoomSettings } from '../types';

export interface HostOptions {
  readonly appVersion: string;
  readonly send: (to: string, bytes: Uint8Array) => void;
  /** Source of session tokens and match seeds (crypto on the main side, seeded in tests). */
  readonly random32: () => number;
  readonly ownerAddress?: string;
  /**
   * Peers in the host's own process besides the owner (a hosting app's verifier, on its loopback):
   * they go with the host, so they are never its successors.
   */
  readonly localPeers?: readonly string[];
  readonly settings?: Partial<RoomSettings>;
  /** Answers discovery probes (header types 0x01-0x0f); null = no reply. */
  readonly probe?: (bytes: Uint8Array, from: string) => Uint8Array | null;
  readonly maxSpectators?: number;
  /** Pins the match seed (reproducible test runs); default: a fresh random seed per match. */
  readonly seed?: number;
  /** Pins the input delay (ms) instead of adapting it: reproducible test runs. */
  readonly fixedDelay?: number;
  /**
   * Every key waits for every active player's closure, however late (the rule before issue 34:
   * the slowest link sets the pace). Benchmarks' baselines only (HostMatch.waitForLate).
   */
  readonly waitForLate?: boolean;
  /**
   * The latest key-frame snapshot a simulating peer holds (state before that key's inputs), for
   * rejoining players and spectators joining a running match. The authority does not simulate;
   * without a source (or while it returns null) late joiners replay the match from key 0.
   */
  readonly snapshots?: SnapshotSource;
  /**
   * The bot trees every peer's matches run (the host's resources/ai files, core/ai loadBotBrains);
   * peers whose trees differ are sent these. Default: the built-in trees.
   */
  readonly trees?: TreeSet;
  /**
   * The sealer's verdict on a rejoin (electron/services/lockstep/secure): the JOIN `nonce`
   * from `from` was sealed with the key `token` is held with here — the key it was accepted for,
   * or at a successor the key of the peer it claimed with that token ('proven') — or with another
   * key ('unproven': refused), or `token` holds no key here ('unkeyed': a player away when the
   * host went, or no such token; the token alone names the slot). A proven rejoin is never rate
   * limited. Without it (the simulator, a loopback) every token is unkeyed.
   */
  readonly rejoinProof?: (token: number, from: string, nonce: number) => RejoinProof;
  /**
   * The public key the sealer holds for the peer at `addr` (null: none, a loopback). The
   * successors are told every match peer's and the others the successors' (`keys`), so what a
   * successor and its peers say to each other after a takeover is sealed too.
   */
  readonly keyOf?: (addr: string) => Uint8Array | null;
  /**
   * Sends one datagram to the host's multicast group on the LAN (the sealer signs it). With
   * it, a release costs one group frame for the peers that listen (the control message `group`)
   * instead of a datagram each; a peer it misses gets its keys alone (HostSender). Without it
   * (discovery off, loopback, a successor) every peer gets its own frames.
   */
  readonly group?: (bytes: Uint8Array) => void;
  /** A match session silent this long (ms) is removed, its slot kept for a rejoin (default MATCH_TIMEOUT_MS, 120 s). */
  readonly matchTimeoutMs?: number;
}

/** See HostOptions.rejoinProof. */
export type RejoinProof = 'proven' | 'unproven' | 'unkeyed';

/** See HostOptions.snapshots. */
export type SnapshotSource = () => { readonly key: number; readonly bytes: Uint8Array } | null;

/** Datagrams received, and those dropped by reason. */
export interface HostCounters {
  received: number;
  notOurs: number;
  version: number;
  probes: number;
  malformed: number;
  unknownAddress: number;
  wrongToken: number;
  wrongSlot: number;
  inactiveInputs: number;
  duplicate: number;
  /** Requests the sender may not make: an edit by a non-owner, a team line from a spectator or in a free-for-all room. */
  notOwner: number;
  rejectedJoins: number;
  /** Group frames sent (HostOptions.group), and the times a listening peer lacked one and got its keys alone. */
  groupFrames: number;
  groupRepairs: number;
  /** Rejoin JOINs whose token names no slot of the running match. */
  badRejoin: number;
  /** Rejoin JOINs dropped unanswered: their IP had too many refused in a row (RejoinLimiter). */
  rejoinLimited: number;
  /** Rejoins refused: the JOIN was not sealed with the key its token is held with (HostOptions.rejoinProof). */
  unproven: number;
  /** Peers sent the state because they were out of step (HostResync.heal), and peers dropped for going out of step again soon after. */
  healed: number;
  outOfStep: number;
  /** Succession reports refused (not from the order, wrong token, not addressed to this host, ahead of the match). */
  badSucceed: number;
  /** Times this host raised its succession fence (it may have been replaced: HostSuccession). */
  fences: number;
  /** Fresh JOINs from the address of a session still talking (forged: see HostInbox.onJoin). */
  addressInUse: number;
  /** JOIN cancels that matched no session of that address and nonce (a stray or forged one). */
  badCancel: number;
  /** SNAPACKs that were malformed, had a wrong token, or matched no transfer. */
  badSnapAck: number;
  /** Snapshot chunks sent (first copies and resends). */
  snapChunks: number;
  /** Tree chunks queued to peers whose trees differ, and their bytes (first copies). */
  treeChunks: number;
  treeBytes: number;
  /** Tree reports beyond a session's MAX_TREE_SENDS (or trees that could not be sent). */
  badTrees: number;
  sent: number;
  sentBytes: number;
}

export type HostPhase = 'lobby' | 'loading' | 'running';

/** How the last match ended. */
export interface MatchEnd {
  readonly lastKey: number;
  readonly hash: number;
  readonly agreed: boolean;
}

export class HostState {
  readonly lobby: HostLobby;
  readonly counters: HostCounters = { received: 0, notOurs: 0, version: 0, probes: 0, malformed: 0, unknownAddress: 0, wrongToken: 0, wrongSlot: 0, inactiveInputs: 0, duplicate: 0, notOwner: 0, rejectedJoins: 0, groupFrames: 0, groupRepairs: 0, badRejoin: 0, rejoinLimited: 0, unproven: 0, healed: 0, outOfStep: 0, addressInUse: 0, badSucceed: 0, fences: 0, badCancel: 0, badSnapAck: 0, snapChunks: 0, treeChunks: 0, treeBytes: 0, badTrees: 0, sent: 0, sentBytes: 0 };
  phase: HostPhase = 'lobby';
  match: HostMatch | null = null;
  loading: HostLoading | null = null;
  lastResult: MatchEnd | null = null;
  /** The last finished match (its stall and desync figures stay readable). */
  lastMatch: HostMatch | null = null;
  /** The sessions, bans and detached slots (HostSessions owns every change to them). */
  readonly sessions = new HostSessions();
  /** The JOINs refused lately (the owner's lobby says who and why). */
  readonly refusals = new HostRefusals();
  /** The running match's seed and starting roster (late joiners get the roster as of their key). */
  matchStart: { readonly seed: number; readonly slots: readonly SlotSpec[] } | null = null;
  /** Where snapshots come from (settable: the verifier may be created after the host). */
  snapshotSource: SnapshotSource | null;
  closed = false;
  /** The room's bot trees (HostOptions.trees), for its whole life. */
  readonly trees: TreeSet;

  constructor(readonly opts: HostOptions) {
    this.lobby = new HostLobby(opts.settings);
    this.snapshotSource = opts.snapshots ?? null;
    this.trees = opts.trees ?? defaultTreeSet();
  }

  /** Sessions, ordered by slot (spectators last). */
  sessionList(): HostSession[] {
    return this.sessions.list();
  }
}
