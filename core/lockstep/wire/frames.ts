/**
 * The lockstep datagrams as values: their types, the limits their fields are decoded against, and
 * the message-type bytes. The byte layout is documented in codec.ts; decodeFrames.ts and
 * encodeFrames.ts read and write the two frame kinds, codec.ts dispatches and does the handshake.
 */
import type { PlayerInput } from '../../sim';
import { MAX_SLOTS } from '../types';
import type { HostStatus, KeyUpdate } from '../types';

/** `Challenge` is the sealer's (electron/services/lockstep/secure): it never reaches core. */
export const LockstepType = { Join: 0x10, Accept: 0x11, Reject: 0x12, Snap: 0x13, SnapAck: 0x14, Succeed: 0x15, Challenge: 0x16, ClientFrame: 0x20, HostFrame: 0x21, GroupFrame: 0x22 } as const;

/**
 * True for the datagram types a host reads (a probe, JOIN, SNAPACK, a client frame, a succession
 * report): a peer that took over as host (issue 13) reads these on the socket its player uses,
 * which gets the rest.
 */
export function hostBound(type: number): boolean {
  return type < LockstepType.Join || type === LockstepType.Join || type === LockstepType.SnapAck || type === LockstepType.Succeed || type === LockstepType.ClientFrame;
}

export const MAX_APP_VERSION_BYTES = 32;
export const MAX_CTL_BYTES = 1100;
export const MAX_CTL_PER_FRAME = 32;
export const MAX_LIST = 64;

/**
 * `token` set: a rejoin — the session token of the slot to take back (the name is then empty).
 * `cancel`: the joiner left before its ACCEPT came (it holds no token yet to sign a LEAVE with):
 * the host forgets the session that JOIN, the one with this nonce from this address, created.
 */
export interface JoinMsg { readonly type: 'join'; readonly nonce: number; readonly spectate: boolean; readonly name: string; readonly appVersion: string; readonly token?: number; readonly cancel?: boolean }
export interface AcceptMsg { readonly type: 'accept'; readonly nonce: number; readonly slot: number; readonly token: number; readonly owner: boolean }
export interface RejectMsg { readonly type: 'reject'; readonly nonce: number; readonly reason: number; readonly appVersion: string }
export interface ControlSection { readonly firstSeq: number; readonly msgs: readonly Uint8Array[] }
export interface UplinkInput { readonly key: number; readonly slot: number; readonly input: PlayerInput }
export interface ClientFrame {
  readonly type: 'cframe';
  readonly token: number;
  readonly progress?: { readonly recvKey: number; readonly closedThrough: number };
  readonly hash?: { readonly key: number; readonly hash: number };
  readonly inputs?: readonly UplinkInput[];
  readonly ctl?: ControlSection;
  readonly ctlAck?: number;
  /** Measurements; `echo` answers the host's last ping. */
  readonly report?: { readonly echo?: { readonly ts: number; readonly holdMs: number }; readonly lossPct: number; readonly slackMs: number; readonly behindMs: number };
  /** 1-3 for a redundant copy of a key-frame datagram (absent on the original). */
  readonly copy?: number;
}
export interface HostFrame {
  readonly type: 'hframe';
  readonly updates?: readonly KeyUpdate[];
  readonly inputAck?: number;
  readonly status?: HostStatus;
  readonly ctl?: ControlSection;
  readonly ctlAck?: number;
  /** `earlyMs`: a phase shift to make once (0: none), see MatchPlayers.takeShift. */
  readonly ping?: { readonly ts: number; readonly rttMs: number; readonly lossPct: number; readonly earlyMs: number };
  /** 1-3 for a redundant copy of a key-frame datagram (absent on the original). */
  readonly copy?: number;
  /**
   * Set on a group frame (GFRAME, one datagram to the host's multicast group for every peer): the
   * slots that must not read it, because their own copy comes to them alone with control
   * messages that have to be read first.
   */
  readonly held?: readonly number[];
}
export type LockstepMsg = JoinMsg | AcceptMsg | RejectMsg | ClientFrame | HostFrame;
export type DecodeFailure = 'short' | 'magic' | 'version' | 'probe' | 'type' | 'malformed';
export type DecodeResult = { readonly ok: true; readonly msg: LockstepMsg } | { readonly ok: false; readonly reason: DecodeFailure; readonly version?: number };

/** What an encoder put into a frame (the rest waits for the next datagram). */
export interface Encoded { readonly bytes: Uint8Array; readonly updates: number; readonly ctl: number }

/** An UPDATE's count bits above this (57-63): the inputs' slots are a bitmask of (bits − 56) bytes. */
export const MASK_FORM = 56;
/** Longest slot bitmask (bytes). */
export const MAX_MASK_BYTES = Math.ceil(MAX_SLOTS / 8);
