/**
 * The always-on HUD figures: your mass (massText: 8 400) and rank (top left) and the match clock
 * (top centre). Written only when a figure changes. While you are out, DeathCard says so.
 */
import { t } from '../i18n';
import { h } from '../dom';
import { clockText, massText, rankOf } from '../game/ranking';
import { FRAME_RATE, playerMass, type World } from '../game/simApi';
import { TextCell } from './TextCell';

export class StatusBar {
  readonly el: HTMLElement;
  private readonly mass = new TextCell();
  private readonly rank = new TextCell();
  private readonly clock = new TextCell();

  constructor(private readonly mySlot: number | null) {
    const me = h(
      'div',
      { className: 'hud-me' },
      h('span', { className: 'hud-label' }, t('hud.mass')),
      h('span', { className: 'hud-value', testId: 'hud-mass' }, this.mass.node),
      h('span', { className: 'hud-label' }, t('hud.rank')),
      h('span', { className: 'hud-value', testId: 'hud-rank' }, this.rank.node),
    );
    // A spectator or a replay has no ball of its own: only the clock.
    me.hidden = mySlot === null;
    this.el = h(
      'div',
      { className: 'hud-status' },
      me,
      h('div', { className: 'hud-clock', testId: 'hud-clock' }, this.clock.node),
    );
  }

  update(w: World): void {
    const left = w.settings.lengthFrames - w.frame;
    if (this.clock.changed(Math.ceil(left / FRAME_RATE))) this.clock.write(clockText(left, FRAME_RATE));
    if (this.mySlot === null) return;
    const mass = playerMass(w, this.mySlot);
    if (this.mass.changed(mass)) this.mass.write(massText(mass));
    const rank = rankOf(w, this.mySlot);
    if (this.rank.changed(rank)) this.rank.write(`#${rank} / ${w.settings.players}`);
  }
}
