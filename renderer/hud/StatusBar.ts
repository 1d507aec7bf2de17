/**
 * The always-on HUD figures: your mass (massText: 8 400) and rank (top left) and the match clock
 * (top centre). Written only when a figure changes. While you are out, DeathCard says so.
 * In last ball standing a line under the clock counts down to the area closing in, then says it is
 * closing, then that it has closed.
 */
import { t } from '../i18n';
import { h } from '../dom';
import { clockText, massText, rankOf } from '../game/ranking';
import { FRAME_RATE, areaAt, framesUntilClosing, playerMass, type World } from '../game/simApi';
import { TextCell } from './TextCell';

export class StatusBar {
  readonly el: HTMLElement;
  private readonly mass = new TextCell();
  private readonly rank = new TextCell();
  private readonly clock = new TextCell();
  private readonly area = new TextCell();
  private readonly areaEl = h('div', { className: 'hud-area', testId: 'hud-area' }, this.area.node);

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
      h('div', { className: 'hud-clock-box' }, h('div', { className: 'hud-clock', testId: 'hud-clock' }, this.clock.node), this.areaEl),
    );
    this.areaEl.hidden = true;
  }

  /** The closing area's line (last ball standing only). */
  private updateArea(w: World): void {
    if (!w.settings.mode.lastStanding) return;
    this.areaEl.hidden = false;
    const wait = framesUntilClosing(w.settings, w.frame);
    const closed = areaAt(w.info, w.settings, w.frame).radius === areaAt(w.info, w.settings, w.settings.lengthFrames).radius;
    // Keys: the seconds left while waiting; -1 closing; -2 closed.
    const key = wait > 0 ? Math.ceil(wait / FRAME_RATE) : closed ? -2 : -1;
    if (!this.area.changed(key)) return;
    this.area.write(key >= 0 ? t('hud.areaIn', { time: clockText(wait, FRAME_RATE) }) : key === -1 ? t('hud.areaClosing') : t('hud.areaClosed'));
  }

  update(w: World): void {
    const left = w.settings.lengthFrames - w.frame;
    if (this.clock.changed(Math.ceil(left / FRAME_RATE))) this.clock.write(clockText(left, FRAME_RATE));
    this.updateArea(w);
    if (this.mySlot === null) return;
    const mass = playerMass(w, this.mySlot);
    if (this.mass.changed(mass)) this.mass.write(massText(mass));
    const rank = rankOf(w, this.mySlot);
    if (this.rank.changed(rank)) this.rank.write(`#${rank} / ${w.settings.players}`);
  }
}
