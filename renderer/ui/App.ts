/**
 * The screen router. Each screen is a function that renders into the app root and may return a
 * cleanup; switching language re-renders the current screen. `window.__bb` is the end-to-end
 * tests' hook: it exposes which screen is up (tests wait on state, never on time).
 */
import type { AppInfo, Bridge, Settings } from '../../electron/contract';
import { clear } from './dom';

export type ScreenName = 'menu' | 'settings' | 'arrives';

export interface AppContext {
  readonly bridge: Bridge;
  readonly info: AppInfo;
  settings: Settings;
  show(screen: ScreenName, params?: Record<string, string>): void;
  rerender(): void;
}

export type Screen = (root: HTMLElement, ctx: AppContext, params: Record<string, string>) => (() => void) | void;

export interface TestHook {
  screen: ScreenName | 'error' | 'loading';
  info?: AppInfo;
}

declare global {
  interface Window {
    __bb?: TestHook;
  }
}

export class App implements AppContext {
  private cleanup: (() => void) | undefined;
  private current: { screen: ScreenName; params: Record<string, string> } = { screen: 'menu', params: {} };

  constructor(
    private readonly root: HTMLElement,
    readonly bridge: Bridge,
    readonly info: AppInfo,
    public settings: Settings,
    private readonly screens: Record<ScreenName, Screen>,
    private readonly hook: TestHook,
  ) {}

  show(screen: ScreenName, params: Record<string, string> = {}): void {
    this.current = { screen, params };
    this.rerender();
  }

  rerender(): void {
    this.cleanup?.();
    clear(this.root);
    const { screen, params } = this.current;
    this.cleanup = this.screens[screen](this.root, this, params) ?? undefined;
    this.hook.screen = screen;
  }
}
