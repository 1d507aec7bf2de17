/**
 * The in-match overlays: the pause banner (P) and the Escape menu — Resume, How to play (the
 * controls as bound and the rules, HowToPlay.ts, with a way back to the menu), or Leave match,
 * which asks for confirmation first (leaving cannot be undone).
 */
import type { Action } from '../../electron/contract';
import { t } from '../i18n';
import { keyName } from '../i18n/words';
import { h } from '../dom';
import { howToPlay } from './HowToPlay';

type View = 'main' | 'confirm' | 'help';

export class MatchMenu {
  readonly el: HTMLElement;
  readonly pauseBanner: HTMLElement;
  private readonly views: Record<View, HTMLElement>;
  private readonly panel: HTMLElement;
  private readonly title: HTMLElement;
  private readonly stay: HTMLButtonElement;
  private readonly helpBack: HTMLButtonElement;

  constructor(
    private readonly keys: Readonly<Record<Action, string>>,
    onResume: () => void,
    onLeave: () => void,
  ) {
    this.pauseBanner = h('div', { className: 'hud-paused', testId: 'paused' }, t('hud.paused', { key: keyName(keys.pause) }));
    this.pauseBanner.hidden = true;
    const main = h(
      'div',
      { className: 'menu-buttons' },
      h('button', { className: 'menu-button', testId: 'menu-resume', onClick: () => onResume() }, t('match.resume')),
      h('button', { className: 'menu-button secondary', testId: 'menu-help', onClick: () => this.show('help') }, t('menu.help')),
      h('button', { className: 'menu-button secondary', testId: 'menu-leave', onClick: () => this.show('confirm') }, t('match.leave')),
    );
    // Staying is the highlighted, focused choice: a reflexive Enter must not end the match.
    this.stay = h('button', { className: 'menu-button', testId: 'leave-no', onClick: () => this.show('main') }, t('match.leaveNo'));
    const confirm = h(
      'div',
      { className: 'menu-buttons' },
      h('p', {}, t('match.leaveConfirm')),
      this.stay,
      h('button', { className: 'menu-button danger', testId: 'leave-yes', onClick: () => onLeave() }, t('match.leaveYes')),
    );
    this.helpBack = h('button', { className: 'menu-button secondary', testId: 'help-back', onClick: () => this.show('main') }, t('common.back'));
    this.views = { main, confirm, help: h('div', { className: 'help-view' }) };
    this.title = h('h2', {}, t('match.menu'));
    this.panel = h('div', { className: 'panel' }, this.title, main, confirm, this.views.help);
    this.el = h('div', { className: 'hud-modal', testId: 'match-menu' }, this.panel);
    this.close();
  }

  get isOpen(): boolean {
    return !this.el.hidden;
  }

  open(): void {
    this.el.hidden = false;
    this.show('main');
  }

  close(): void {
    this.el.hidden = true;
  }

  private show(view: View): void {
    const help = this.views.help;
    // Drawn when first asked for: most matches never open it.
    if (view === 'help' && !help.firstChild) help.append(howToPlay(this.keys), h('div', { className: 'help-actions' }, h('div', { className: 'row' }, this.helpBack)));
    for (const v of Object.keys(this.views) as View[]) this.views[v].hidden = v !== view;
    this.title.textContent = t(view === 'help' ? 'help.title' : 'match.menu');
    this.panel.classList.toggle('help', view === 'help');
    if (view === 'confirm') this.stay.focus();
    if (view === 'help') this.helpBack.focus();
  }
}
