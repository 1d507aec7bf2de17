/**
 * The match loading screen's body, ready for the networked phase: one progress bar per player
 * (colour, name, percent), as the session reports everyone's loading progress (seed 002: the match
 * starts when all reach 100 %, or after a timeout). Names are text.
 */
import { t } from '../../i18n';
import { h } from '../dom';

export interface LoadingPlayer {
  readonly slot: number;
  readonly name: string;
  readonly color: string;
  /** 0..1 */
  readonly progress: number;
}

export class LoadingView {
  readonly el: HTMLElement;
  private readonly list = h('div', { className: 'loading-list', testId: 'loading-players' });

  constructor() {
    this.el = h('div', { className: 'panel loading', testId: 'loading' }, h('h2', {}, t('loading.title')), this.list);
  }

  update(players: readonly LoadingPlayer[]): void {
    this.list.replaceChildren(
      ...players.map((p) => {
        const pct = Math.round(Math.max(0, Math.min(1, p.progress)) * 100);
        const fill = h('div', { className: 'bar-fill' });
        fill.style.width = `${pct}%`;
        fill.style.background = p.color;
        return h('div', { className: 'loading-row', testId: `loading-player-${p.slot}` }, h('span', { className: 'name' }, p.name), h('div', { className: 'bar' }, fill), h('span', { testId: `loading-pct-${p.slot}` }, `${pct}%`));
      }),
    );
  }
}
