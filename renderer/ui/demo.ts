/**
 * Shows the networked phase's components (lobby, loading bars, wait dialog) with data handed in
 * through the test hook (`__bb.demo(kind, data)`), so they are exercised end to end before the
 * lockstep and discovery services are bridged. `demo('close', null)` removes the overlay.
 */
import { LoadingView, type LoadingPlayer } from './components/LoadingView';
import { LobbyView, type LobbyState } from './components/LobbyView';
import { WaitDialog, type WaitState } from '../hud/WaitDialog';
import type { TestHook } from './App';
import { h } from './dom';

/** Installs `hook.demo`; components live in one overlay appended to `body`. */
export function installDemo(hook: TestHook): void {
  let overlay: HTMLElement | null = null;
  let lobby: LobbyView | null = null;
  let loading: LoadingView | null = null;
  let wait: WaitDialog | null = null;
  const events: string[] = [];
  const mount = (el: HTMLElement): void => {
    if (!overlay) document.body.append((overlay = h('div', { className: 'demo-overlay', testId: 'demo' })));
    if (el.parentElement !== overlay) overlay.append(el);
  };
  hook.demo = (kind, data) => {
    if (kind === 'close') {
      overlay?.remove();
      overlay = lobby = loading = wait = null;
    } else if (kind === 'lobby') {
      lobby ??= new LobbyView({ start: () => events.push('start'), ready: () => events.push('ready'), leave: () => events.push('leave') });
      mount(lobby.el);
      lobby.update(data as LobbyState);
    } else if (kind === 'loading') {
      loading ??= new LoadingView();
      mount(loading.el);
      loading.update(data as LoadingPlayer[]);
    } else if (kind === 'wait') {
      wait ??= new WaitDialog((slots) => events.push(`drop:${slots.join(',')}`));
      mount(wait.el);
      wait.update(data as WaitState | null);
    }
    hook.demoEvents = events;
  };
}
