/**
 * Shared vocabulary of the lockstep protocol: limits, slots, settings, key-frame updates, stall
 * and pause status. Plain data only, so every value can cross the bridge or be logged as JSON.
 * Units: key frames ("keys") are counted from 0 at match start; a key covers `keyInterval`
 * logic frames (30 Hz); times are milliseconds of the caller's clock.
 */
import type { SlotEvent } from '../match';
import type { SlotInput } from '../sim';

/** Logic frames per second (seed 003: 30 Hz logic). */
export const LOGIC_HZ = 30;
/** Default logic frames per key frame (10 Hz network), host-configurable within the bounds. */
export const DEFAULT_KEY_INTERVAL = 3;
export const MIN_KEY_INTERVAL = 2;
export const MAX_KEY_INTERVAL = 6;
/** Most player slots a room can have (slot numbers 0..MAX_SLOTS-1); equals core/sim's MAX_BALLS (tested). */
export const MAX_SLOTS = 50;
/** Most teams a room can have (core/sim MAX_TEAMS, tested). */
export const MAX_TEAMS = 4;
/** The highest bot difficulty (0 easy, 1 normal, 2 hard). */
export const MAX_DIFFICULTY = 2;
/** The slot number of a spectator session (it never holds the clock). */
export const SPECTATOR_SLOT = 255;
/**
 * Input delay: how long before a key frame begins a peer closes its inputs for it (ms). Not a
 * whole number of key frames: on a LAN a change made up to ~20 ms before a key still makes it.
 * On the wire in DELAY_UNIT_MS steps (u8).
 */
/**
 * Phase alignment: a peer the host finds running ahead of the room's latest phase is told, once,
 * how far (ms); it runs its loop at this speed until it has moved back that much. The host does not
 * judge its phase again until the move is done and fresh closures have been measured.
 */
export const PHASE_SHIFT_PACE = 0.8;
export const DELAY_UNIT_MS = 5;
export const MIN_DELAY_MS = 5;
export const MAX_DELAY_MS = 255 * DELAY_UNIT_MS;

/** Keys a peer may close ahead of the key it is running, for a delay of `delayMs`. */
export function delayKeys(delayMs: number, keyMs: number): number {
  return Math.max(1, Math.ceil(delayMs / keyMs));
}

/** `ms` clamped to the delay bounds and rounded to whole wire units. */
export function clampDelay(ms: number): number {
  const u = Math.round((Number.isFinite(ms) ? ms : MIN_DELAY_MS) / DELAY_UNIT_MS) * DELAY_UNIT_MS;
  return Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, u));
}
/** How far beyond the last released key a client may close its inputs (absurd values are dropped). */
export const MAX_CLOSE_AHEAD = 32;
/** Chat and map id limits, in UTF-8 bytes (names: names.ts). */
export const MAX_CHAT_BYTES = 200;
export const MAX_MAP_BYTES = 64;
/** Pauses a non-host player may take per match. */
export const PLAYER_PAUSES = 3;
/** A slot number meaning "the host/system" in chat and pause notices. */
export const SYSTEM_SLOT = 254;

export const SlotKind = { Open: 0, Closed: 1, Human: 2, Bot: 3 } as const;
export type SlotKind = (typeof SlotKind)[keyof typeof SlotKind];

/** One lobby slot as every peer sees it. */
export interface LobbySlot {
  readonly kind: SlotKind;
  /** Bot difficulty 0 easy, 1 normal, 2 hard (meaningful for bots; a dropped player's bot is normal). */
  readonly difficulty: number;
  /** Palette index 0..255. */
  readonly colour: number;
  readonly ready: boolean;
  readonly name: string;
  /** Team 0..settings.teams-1 (v13; 0 in free-for-all, meaningless there). */
  readonly team: number;
}

/** Host-only settings of a room. */
export interface RoomSettings {
  readonly roomName: string;
  readonly map: string;
  /** Match length in seconds of game time. */
  readonly matchSeconds: number;
  /** Logic frames per key frame, MIN_KEY_INTERVAL..MAX_KEY_INTERVAL. */
  readonly keyInterval: number;
  /** Number of usable slots, 1..MAX_SLOTS. */
  readonly maxSlots: number;
  /** Seconds of stall before players may vote to drop the waited-for player. */
  readonly dropVoteSeconds: number;
  /** Seconds of stall after which the host drops without a vote. */
  readonly forceDropSeconds: number;
  /** Seconds the loading screen waits before starting with those who are ready. */
  readonly loadTimeoutSeconds: number;
  /** 0 = free-for-all, 2..MAX_TEAMS = a team match (v13; core/sim teams.ts). */
  readonly teams: number;
  /** Last ball standing: no respawn, the area closes in (v13; core/sim closingArea.ts). */
  readonly lastStanding: boolean;
}

export const DEFAULT_SETTINGS: RoomSettings = Object.freeze({
  roomName: 'Ball Brawl',
  map: 'arena-small',
  matchSeconds: 600,
  keyInterval: DEFAULT_KEY_INTERVAL,
  maxSlots: 8,
  dropVoteSeconds: 30,
  forceDropSeconds: 60,
  loadTimeoutSeconds: 30,
  teams: 0,
  lastStanding: false,
});

/** Last key of a match: keys 0..lastKey run, i.e. (lastKey+1) × keyInterval logic frames. */
export function lastKeyOf(s: Pick<RoomSettings, 'matchSeconds' | 'keyInterval'>): number {
  const frames = s.matchSeconds * LOGIC_HZ;
  return Math.max(0, Math.ceil(frames / s.keyInterval) - 1);
}

export { SlotEventKind } from '../match';
export type { SlotEvent } from '../match';

/**
 * The host's UPDATE for one key frame: the input changes of every player for that key (sorted by
 * slot; slots without a change keep their intent) and slot-control events. `delayMs`, when present,
 * is the input delay every peer uses from this key on.
 */
export interface KeyUpdate {
  readonly key: number;
  readonly inputs: readonly SlotInput[];
  readonly events: readonly SlotEvent[];
  readonly delayMs?: number;
}

/** The roster a match starts with: each slot's controller (open/closed slots absent). */
export interface MatchStart {
  readonly seed: number;
  readonly delayMs: number;
  readonly settings: RoomSettings;
  /** `team`: the slot's team for the whole match (v13; 0 in free-for-all). */
  readonly slots: readonly { readonly slot: number; readonly kind: SlotKind; readonly difficulty: number; readonly team: number }[];
  /**
   * Fingerprint of the bot trees the match runs (core/ai BotBrains.fingerprint): the host's. Every
   * peer simulates with trees of exactly this fingerprint (SimGame refuses others).
   */
  readonly trees: number;
}

export const StallCause = { Network: 1, Slow: 2 } as const;
export type StallCause = (typeof StallCause)[keyof typeof StallCause];

/** One player the host is waiting for. */
export interface WaitedPlayer {
  readonly slot: number;
  readonly cause: StallCause;
  /** Votes cast so far to drop this player. */
  readonly votes: number;
}

/** What the host tells every peer while the clock is held. */
export interface HostStatus {
  /** 0 running, 1 waiting for players, 2 paused. */
  readonly state: 0 | 1 | 2;
  /** Key being held. */
  readonly key: number;
  /** Milliseconds the key has been held. */
  readonly heldMs: number;
  /** Votes needed for a majority among those who may vote. */
  readonly votesNeeded: number;
  /** Milliseconds until voting opens (0 = open). */
  readonly voteInMs: number;
  /** Milliseconds until the host drops without a vote. */
  readonly forceInMs: number;
  readonly waiting: readonly WaitedPlayer[];
  /** Who paused (when state is 2). */
  readonly pausedBy: number;
}

/** Why a JOIN was refused. */
export const RejectReason = { Full: 1, Version: 2, Running: 3, Kicked: 4, BadName: 5, UnknownToken: 6 } as const;
export type RejectReason = (typeof RejectReason)[keyof typeof RejectReason];

/** A peer of the match beyond the succession order: it votes, never hosts. */
export interface Voter {
  readonly slot: number;
  readonly tag: number;
}

/** A player who may rejoin a successor (away, or catching up): its slot and its token's successionTag. */
export interface Rejoiner {
  readonly slot: number;
  readonly tag: number;
}

/** One peer in the host's succession order (the wire's SuccessionEntry). */
export interface SuccessorEntry {
  readonly slot: number;
  /** Its address as the host saw it ("ip:port"). */
  readonly addr: string;
  /** successionTag of its session token (core/lockstep/wire/successionWire.ts). */
  readonly tag: number;
}

/**
 * What a peer that takes over as host hands its new HostAuthority (issue 13): the room and the
 * match as it holds them, the succession it was elected from, and the peers that reported the
 * host lost to it (their tokens checked against the order's tags).
 */
export interface TakeoverState {
  readonly settings: RoomSettings;
  readonly slots: readonly LobbySlot[];
  readonly start: MatchStart;
  /** Every update the successor holds, by key (a late joiner's below its base are missing). */
  readonly updates: readonly (KeyUpdate | undefined)[];
  readonly me: { readonly slot: number; readonly token: number; readonly name: string };
  /** The gone host's slot (SPECTATOR_SLOT: it had no player) and address (told it was replaced if it comes back). */
  readonly oldHost: number;
  readonly oldHostAddr: string;
  /** successionTag of the old host's player's token (0: none): that player may rejoin. */
  readonly oldHostTag: number;
  readonly order: readonly SuccessorEntry[];
  /** The other peers of the match: they vote and re-attach, but never host. */
  readonly voters: readonly Voter[];
  /** Players away or catching up when the host went: they may rejoin the successor with their token. */
  readonly rejoiners: readonly Rejoiner[];
  /** My index in `order`: claims carry it. */
  readonly index: number;
  readonly reports: readonly { readonly addr: string; readonly token: number; readonly slot: number; readonly recvKey: number }[];
  /** How long the room had been held at the key after the successor's last one when the host went (ms; 0: not held). */
  readonly heldMs: number;
}
