/**
 * The War3-style "waiting for players" dialog, for networked matches: a modal that appears once
 * the simulation has been stalled for SHOW_AFTER_MS, lists each awaited player (colour, name,
 * seconds waited, cause: network or slow machine) and offers a Drop button, blocked (saying why)
 * until the countdown ends, that votes to drop them, and Leave. A host that stopped answering is
 * listed as "not responding", with no Drop (nobody can vote the host out). It closes the moment
 * frames resume (update(null)).
 * Driven by the lockstep session (LockstepMatch.overlay → waitState.ts) every display frame.
 */
import { t } from '../i18n';
import { h, setBlocked } from '../dom';
import type { WaitState } from '../game/waitState';

/** Stall length before the dialog shows. */
export const SHOW_AFTER_MS = 500;

const CAUSE_KEY = { network: 'wait.network', slow: 'wait.slow', host: 'wait.host' } as const;

export class WaitDialog {
  readonly el: HTMLElement;
  private readonly list: HTMLElement;
  private readonly countdown: HTMLElement;
  private readonly drop: HTMLButtonElement;
  /** performance.now() of the last opening and closing, and the stall length when it opened (tests measure the delay). */
  openedAt: number | null = null;
  closedAt: number | null = null;
  openedAfterMs: number | null = null;
  private voted = false;

  constructor(onDrop: (slots: number[]) => void, onLeave: () => void) {
    this.list = h('div', { className: 'wait-list', testId: 'wait-list' });
    this.countdown = h('p', { className: 'status', testId: 'wait-countdown' });
    this.drop = h('button', {
      className: 'menu-button secondary',
      testId: 'wait-drop',
      onClick: () => {
        this.voted = true;
        setBlocked(this.drop, null);
        this.drop.disabled = true;
        this.drop.textContent = t('wait.voted');
        onDrop(Array.from(this.list.children).map((c) => Number((c as HTMLElement).dataset['slot'])));
      },
    }, t('wait.drop'));
    const leave = h('button', { className: 'menu-button secondary', testId: 'wait-leave', onClick: onLeave }, t('lobby.leave'));
    this.el = h('div', { className: 'hud-modal', testId: 'wait-dialog' }, h('div', { className: 'panel' }, h('h2', {}, t('wait.title')), this.list, this.countdown, h('div', { className: 'row' }, this.drop, leave)));
    this.el.hidden = true;
  }

  get isOpen(): boolean {
    return !this.el.hidden;
  }

  /** Shows the stall (once past SHOW_AFTER_MS), or closes at once for null (frames flow again). */
  update(state: WaitState | null): void {
    if (!state || state.stalledMs < SHOW_AFTER_MS || state.awaited.length === 0) {
      if (!this.el.hidden) this.closedAt = performance.now();
      this.el.hidden = true;
      this.voted = false;
      return;
    }
    if (this.el.hidden) {
      this.openedAt = performance.now();
      this.openedAfterMs = state.stalledMs;
    }
    this.el.hidden = false;
    this.list.replaceChildren(
      ...state.awaited.map((p) => {
        const swatch = h('span', { className: 'swatch' });
        swatch.style.background = p.color;
        const row = h('div', { className: 'wait-row' }, swatch, h('span', { className: 'name' }, p.name), h('span', {}, t('wait.seconds', { s: Math.floor(p.waitingMs / 1000) })), h('span', { className: 'cause' }, t(CAUSE_KEY[p.cause])));
        row.dataset['slot'] = String(p.slot);
        return row;
      }),
    );
    const left = Math.ceil((state.dropAfterMs - state.stalledMs) / 1000);
    this.drop.hidden = !Number.isFinite(left);
    this.countdown.textContent = left > 0 && Number.isFinite(left) ? t('wait.dropIn', { s: left }) : '';
    if (!this.voted) {
      this.drop.disabled = false;
      setBlocked(this.drop, left > 0 ? t('wait.dropWhy', { total: Math.round(state.dropAfterMs / 1000), s: left }) : null);
      this.drop.textContent = t('wait.drop');
    }
  }
}
