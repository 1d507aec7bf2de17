/**
 * The end-to-end tests' hook, `window.__bb`, as a leaf every part of the page may fill in
 * without importing the screen router: which screen is up, the running match
 * (renderer/ui/match/matchHook.ts), the LAN room (renderer/ui/session/roomHook.ts), the
 * replay viewer, the last results. Tests wait on this state, never on time.
 */
import type { AppInfo } from '../../electron/contract';
import type { Cue } from '../audio/cues';
import type { MatchHook } from './match/matchHook';

export type ScreenName = 'welcome' | 'menu' | 'settings' | 'help' | 'offline' | 'match' | 'results' | 'join' | 'closed' | NetScreenName | ReplayScreenName;
/** The Replays list and the replay viewer (renderer/ui/screens/replays*.ts). */
export type ReplayScreenName = 'replays' | 'replay';
/** The LAN room's screens (renderer/ui/session/PageRoom.ts moves between them by phase). */
export type NetScreenName = 'host' | 'lobby' | 'netLoading' | 'netMatch';

/** What tests read and drive (`window.__bb.replay`). */
export interface ReplayHook {
  state(): { frame: number; endFrames: number; hash: number; playing: boolean; ended: boolean; speed: number; following: number | null; checked: number; mismatch: { key: number; frame: number } | null; grid: boolean };
  seek(frame: number): void;
  setSpeed(times: number): void;
  play(on: boolean): void;
  follow(slot: number | null): void;
}

export interface RoomHook {
  /** The session phase ('idle' before host/join). */
  readonly phase: string;
  readonly slot: number;
  readonly owner: boolean;
  /** The address others type to join this host ("ip:port"), on the hosting page. */
  readonly address: string | null;
  readonly message: string | null;
  readonly roomName: string;
  readonly slots: readonly { kind: number; name: string; colour: number; ready: boolean; team: number }[];
  readonly progress: readonly { slot: number; percent: number }[];
  readonly paused: boolean;
  /** Lobby chat lines received (from slot, text). */
  readonly chat: readonly { from: number; text: string }[];
  /** The key a match joined running (rejoin, spectator) started at; null for a match from its start. */
  readonly resumedFrom: number | null;
  /** Next logic frame of the running match (-1 when none runs). */
  readonly frame: number;
  /** Key and state hash of the last key begun (null before the first). */
  readonly lastHash: { key: number; hash: number } | null;
  /** My state hash before key `key` (null when not run yet). */
  keyHash(key: number): number | null;
  /** performance.now() when the loop blocked (null while it runs). */
  readonly blockedSince: number | null;
  /** Whom the host waits for, as its last status says. */
  readonly waiting: readonly { slot: number; name: string; cause: 'network' | 'slow' }[];
  readonly dialogShown: boolean;
  /** Last opening of the wait dialog: performance.now() and ms after the loop blocked. */
  readonly dialogOpened: { at: number; afterBlockedMs: number } | null;
  readonly dialogClosedAt: number | null;
  /** The HUD's networked notice (desync, drops). */
  readonly notice: string | null;
}

/** What the results screen reports to tests. */
export interface ResultsHook {
  players: number;
  rows: { rank: number; slot: number; name: string; mass: number; kills: number; deaths: number }[];
  /** Team standings, best first (empty in free-for-all). */
  teams: { rank: number; team: number; mass: number; kills: number; alive: number; players: number[] }[];
  /** The winner's line as shown. */
  headline: string;
  /** Lines drawn on the mass chart, and samples per line. */
  chartSeries: number;
  chartSamples: number;
}

export interface TestHook {
  screen: ScreenName | 'error' | 'loading';
  /** Cues sent to the speakers so far (per cue), mute, and the AudioContext's state; set by the first match. */
  sound?: () => { played: Record<Cue, number>; muted: boolean; state: string };
  info?: AppInfo;
  /** Set while a match is on screen. */
  match?: MatchHook;
  /** Set while the results screen is up. */
  results?: ResultsHook;
  /** performance.now() of the last "start match" click (start-latency measurement). */
  startClickAt?: number;
  /** Goes straight to a screen (tests and benchmarks: e.g. a match with a given setup). */
  go?: (screen: ScreenName, params?: Record<string, string>) => void;
  /**
   * The LAN room, live (renderer/ui/session/roomHook.ts): phase, slot, owner, address (on the host),
   * message, roomName, slots, progress, paused, chat; in a match frame, lastHash {key, hash},
   * keyHash(key), blockedSince, waiting [{slot, name, cause}] (the host's status), dialogShown,
   * dialogOpened {at, afterBlockedMs} (the wait dialog's last opening, and the local stall then),
   * dialogClosedAt, notice. Times are performance.now().
   */
  net?: RoomHook;
  /** Fault injection: true freezes this page's lockstep loop (no frames, no begin/intent), false resumes. */
  freezeNet?: (on: boolean) => void;
  /** The replay viewer: state (frame, endFrames, hash, playing, speed, following, checked, mismatch, grid) and knobs. */
  replay?: ReplayHook;
  /** The Replays screen's list, once loaded. */
  replays?: { id: string; map: string; players: number; seconds: number; winner: string | null; error: { code: string } | null }[];
  /** Replays saved by matches on this page: ids, or `error: …`. */
  savedReplays?: string[];
}

/**
 * What the end-to-end tests set before any of the page's scripts run (page.addInitScript):
 * `draw: false` starts every match with drawing off (the match hook's setRender(true) turns it
 * on). A player's page never has it, so its matches draw.
 */
export interface TestInit {
  readonly draw?: boolean;
}

/** Whether a match starts drawing: yes, unless the tests' init flag says otherwise. */
export function drawsAtStart(): boolean {
  return window.__bbInit?.draw !== false;
}

declare global {
  interface Window {
    __bb?: TestHook;
    __bbInit?: TestInit;
  }
}

