/**
 * The in-match overlays: the pause banner (P) and the Escape menu — Resume, or Leave match,
 * which asks for confirmation first (leaving cannot be undone).
 */
import { t } from '../i18n';
import { h } from '../dom';

export class MatchMenu {
  readonly el: HTMLElement;
  readonly pauseBanner: HTMLElement;
  private readonly main: HTMLElement;
  private readonly confirm: HTMLElement;
  private readonly stay: HTMLButtonElement;

  constructor(onResume: () => void, onLeave: () => void) {
    this.pauseBanner = h('div', { className: 'hud-paused', testId: 'paused' }, t('hud.paused'));
    this.pauseBanner.hidden = true;
    this.main = h(
      'div',
      { className: 'menu-buttons' },
      h('button', { className: 'menu-button', testId: 'menu-resume', onClick: () => onResume() }, t('match.resume')),
      h('button', { className: 'menu-button secondary', testId: 'menu-leave', onClick: () => this.ask(true) }, t('match.leave')),
    );
    // Staying is the highlighted, focused choice: a reflexive Enter must not end the match.
    this.stay = h('button', { className: 'menu-button', testId: 'leave-no', onClick: () => this.ask(false) }, t('match.leaveNo'));
    this.confirm = h(
      'div',
      { className: 'menu-buttons' },
      h('p', {}, t('match.leaveConfirm')),
      this.stay,
      h('button', { className: 'menu-button danger', testId: 'leave-yes', onClick: () => onLeave() }, t('match.leaveYes')),
    );
    this.el = h('div', { className: 'hud-modal', testId: 'match-menu' }, h('div', { className: 'panel' }, h('h2', {}, t('match.menu')), this.main, this.confirm));
    this.close();
  }

  get isOpen(): boolean {
    return !this.el.hidden;
  }

  open(): void {
    this.el.hidden = false;
    this.ask(false);
  }

  close(): void {
    this.el.hidden = true;
  }

  private ask(on: boolean): void {
    this.main.hidden = on;
    this.confirm.hidden = !on;
    if (on) this.stay.focus();
  }
}
