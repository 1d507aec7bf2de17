/**
 * The screen router. Each screen is a function that renders into the app root and may return a
 * cleanup; switching language re-renders the current screen. `window.__bb` is the end-to-end
 * tests' hook: which screen is up, the running match (renderer/ui/match/matchHook.ts), the LAN
 * session (renderer/ui/session/sessionHook.ts), the last results — tests wait on this state, never on time.
 */
import type { AppInfo, Bridge, Settings, SettingsResult } from '../../electron/contract';
import type { Cue } from '../audio/cues';
import type { MatchResults, OfflineSetup } from '../game/results';
import { clear } from './dom';
import type { MatchHook } from './match/matchHook';
import type { SessionHook } from './session/sessionHook';
import type { ReplayHook } from './screens/replaysControls';

export type ScreenName = 'welcome' | 'menu' | 'settings' | 'arrives' | 'offline' | 'match' | 'results' | 'join' | 'closed' | NetScreenName | ReplayScreenName;
/** The Replays list and the replay viewer (renderer/ui/screens/replays*.ts). */
export type ReplayScreenName = 'replays' | 'replay';
/** The LAN session's screens (renderer/ui/session/SessionClient.ts moves between them by phase). */
export type NetScreenName = 'host' | 'lobby' | 'netLoading' | 'netMatch';

export interface AppContext {
  readonly bridge: Bridge;
  readonly info: AppInfo;
  settings: Settings;
  /** False until the player has saved a name (the welcome screen asks for one before the menu). */
  nameChosen: boolean;
  /** The LAN discovery mode in force and who chose it (main says, with the settings). */
  discovery: SettingsResult['discovery'] | null;
  /** Every action's default key (main says, with the settings). */
  defaultKeys: SettingsResult['defaultKeys'] | null;
  /** Results of the last match (the results screen shows them). */
  results: MatchResults | null;
  /** The last offline setup (the setup screen starts from it). */
  lastSetup: OfflineSetup | null;
  readonly hook: TestHook;
  show(screen: ScreenName, params?: Record<string, string>): void;
  rerender(): void;
}

export type Screen = (root: HTMLElement, ctx: AppContext, params: Record<string, string>) => (() => void) | void;

/** What the results screen reports to tests. */
export interface ResultsHook {
  players: number;
  rows: { rank: number; slot: number; name: string; mass: number; kills: number; deaths: number }[];
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
   * The LAN session, live (renderer/ui/session/sessionHook.ts): phase, slot, owner, address (on the host),
   * message, roomName, slots, progress, paused, chat; in a match frame, lastHash {key, hash},
   * keyHash(key), blockedSince, waiting [{slot, name, cause}] (the host's status), dialogShown,
   * dialogOpened {at, afterBlockedMs} (the wait dialog's last opening, and the local stall then),
   * dialogClosedAt, notice. Times are performance.now().
   */
  net?: SessionHook;
  /** Fault injection: true freezes this page's lockstep loop (no frames, no begin/intent), false resumes. */
  freezeNet?: (on: boolean) => void;
  /** The replay viewer: state (frame, endFrames, hash, playing, speed, following, checked, mismatch, grid) and knobs. */
  replay?: ReplayHook;
  /** The Replays screen's list, once loaded. */
  replays?: { id: string; map: string; players: number; seconds: number; winner: string | null; error: string | null }[];
  /** Replays saved by matches on this page: ids, or `error: …`. */
  savedReplays?: string[];
}

declare global {
  interface Window {
    __bb?: TestHook;
  }
}

export class App implements AppContext {
  nameChosen = true;
  results: MatchResults | null = null;
  discovery: SettingsResult['discovery'] | null = null;
  defaultKeys: SettingsResult['defaultKeys'] | null = null;
  lastSetup: OfflineSetup | null = null;
  private cleanup: (() => void) | undefined;
  private current: { screen: ScreenName; params: Record<string, string> } = { screen: 'menu', params: {} };

  constructor(
    private readonly root: HTMLElement,
    readonly bridge: Bridge,
    readonly info: AppInfo,
    public settings: Settings,
    private readonly screens: Record<ScreenName, Screen>,
    readonly hook: TestHook,
  ) {
    hook.go = (screen, params) => this.show(screen, params);
  }

  show(screen: ScreenName, params: Record<string, string> = {}): void {
    this.current = { screen, params };
    this.rerender();
  }

  rerender(): void {
    const cleanup = this.cleanup;
    this.cleanup = undefined;
    cleanup?.();
    clear(this.root);
    const { screen, params } = this.current;
    this.hook.screen = screen;
    this.cleanup = this.screens[screen](this.root, this, params) ?? undefined;
  }
}
