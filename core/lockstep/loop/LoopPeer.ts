/**
 * What a match loop needs from its peer, wherever the peer lives: the ClientPeer itself (headless
 * players, the hosting app's verifier, test rooms) or a RemotePort in front of one on the other
 * side of the bridge (the page). The runner begins keys and reports progress through it
 * (LockstepPort); the desync reporter reads the confirmed updates and sends sub-hashes; the
 * player's own input goes in as intent.
 */
import type { PlayerInput } from '../../sim';
import type { KeyUpdate, MatchStart } from '../types';
import type { LockstepPort } from './LockstepRunner';

/** The match as a link holds it. */
export interface PeerMatch {
  readonly start: MatchStart;
  readonly lastKey: number;
  /** Newest key whose update is here (contiguous from the key the loop started at). */
  readonly recvKey: number;
  /** Input delay (ms) in effect. */
  readonly delay: number;
  /** Confirmed updates by key (sparse below the key a resumed loop started at). */
  readonly updates: readonly KeyUpdate[];
}

export interface LoopPeer extends LockstepPort {
  /** My lobby slot, or SPECTATOR_SLOT. */
  readonly slot: number;
  readonly match: PeerMatch | null;
  /** The local player's current intent (persistent; a dash fires once). */
  setIntent(input: PlayerInput): void;
  /** My per-component state hashes at `key`, after the host named a desync there. */
  sendSubhashes(key: number, hashes: readonly number[]): void;
}
