/**
 * What a LockstepNode is opened and told with: its options, how it starts hosting, whom its
 * player joins, and the loopback names its in-process peers and authority know each other by
 * (never a network "ip:port", so no datagram can claim one).
 */
import type { TreeSet } from '../../../core/ai';
import type { RoomSettings, TakeoverState } from '../../../core/lockstep';
import type { GameMap } from '../../../core/map';
import type { UdpTransportOptions } from './UdpTransport';

/** The room's owner as the node's authority names it (never a network "ip:port"). */
export const OWNER_LOOPBACK = 'loopback:owner';
/** The verifier as the node's authority names it. */
export const VERIFIER_LOOPBACK = 'loopback:verifier';
/** The node's authority as its in-process peers name it. */
export const HOST_LOOPBACK = 'loopback:host';
/** The protocol's period outside a match (ms): lobby keep-alives and acks need no more. */
export const IDLE_TICK_MS = 25;

export interface NodeOptions extends UdpTransportOptions {
  /** This app's bot trees (loadTrees): a room it hosts runs them; joining, the host's replace them where they differ. */
  readonly trees: TreeSet;
  readonly appVersion?: string;
  /** The protocol's period while a match runs (ms). */
  readonly tickMs?: number;
  /** How long a match session the node hosts may be silent before it is removed (HostOptions.matchTimeoutMs; tests shorten it). */
  readonly matchTimeoutMs?: number;
  /** The private key (32 bytes) to join with: a rejoin must prove the key its token was given to. Default: a new key. */
  readonly identity?: Uint8Array;
  /** Answers discovery probes that reach the node's authority (null: no answer). */
  readonly probe?: (bytes: Uint8Array) => Uint8Array | null;
  /**
   * The verifier's maps, name, log and desync reports; null runs none (`npm run host --no-verify`:
   * rejoiners then replay the match from key 0). Default: the checkout's maps, silent.
   */
  readonly verifier?: VerifierOptions | null;
  /** Called after every datagram batch, loopback delivery and step (a peer may have new events). */
  readonly onActivity?: () => void;
}

export interface VerifierOptions {
  readonly loadMap?: (id: string) => GameMap;
  /** Its name in the room (the dedicated host's verifier is its owner, 'host'). */
  readonly name?: string;
  readonly log?: (entry: Record<string, unknown>) => void;
  readonly reportsDir?: string;
}

/** How the node starts hosting: a new room, or the match its player was elected to take over. */
export type HostStart =
  | {
      readonly settings?: Partial<RoomSettings>;
      /** Pins the input delay (ms) and the match seed (reproducible tests). */
      readonly fixedDelay?: number;
      readonly seed?: number;
      /** See HostOptions.waitForLate (with the clients' lockClosures: the same inputs every run). */
      readonly waitForLate?: boolean;
      /** The room's owner, this app's player; without one the verifier owns the room. */
      readonly owner?: { readonly name: string; readonly spectate?: boolean };
    }
  | { readonly takeover: TakeoverState; readonly trees: TreeSet };

export interface JoinTarget {
  /** The host's "ip:port". */
  readonly host: string;
  readonly name: string;
  readonly spectate?: boolean;
  /**
   * See ClientOptions.lockClosures (reproducible headless runs, with a host that waits for every
   * closure): the loop then never catches up on its own waits either (ClientOptions.catchUpLate).
   */
  readonly lockClosures?: boolean;
  /** Rejoin a running match with the session token an earlier ACCEPT gave (ClientOptions.rejoinToken). */
  readonly rejoinToken?: number;
}
