/**
 * The screen router. Each screen is a function that renders into the app root and may return a
 * cleanup; switching language re-renders the current screen and tells the tests' hook
 * (testHook.ts) which screen is up.
 */
import type { AppInfo, Bridge, Settings, SettingsResult } from '../../electron/contract';
import type { MatchResults, OfflineSetup } from '../game/results';
import { clear } from './dom';
import type { ScreenName, TestHook } from './testHook';

export type { NetScreenName, ReplayScreenName, ScreenName } from './testHook';

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
