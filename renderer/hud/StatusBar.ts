/**
 * The always-on HUD figures: your mass and rank (top left) and the match clock (top centre),
 * plus a "respawning" notice while your ball waits. Written only when a figure changes.
 */
import { t } from '../i18n';
import { h } from '../dom';
import { clockText, rankOf } from '../game/ranking';
import { FRAME_RATE, playerMass, type World } from '../game/simApi';
import { TextCell } from './TextCell';

export class StatusBar {
  readonly el: HTMLElement;
  private readonly mass = new TextCell();
  private readonly rank = new TextCell();
  private readonly clock = new TextCell();
  private readonly dead: HTMLElement;

  constructor(private readonly mySlot: number | null) {
    this.dead = h('div', { className: 'hud-dead', testId: 'hud-dead' }, t('hud.respawning'));
    // A spectator or a replay has no ball of its own: only the clock.
    this.dead.hidden = true;
    const me = h(
      'div',
      { className: 'hud-me' },
      h('span', { className: 'hud-label' }, t('hud.mass')),
      h('span', { className: 'hud-value', testId: 'hud-mass' }, this.mass.node),
      h('span', { className: 'hud-label' }, t('hud.rank')),
      h('span', { className: 'hud-value', testId: 'hud-rank' }, this.rank.node),
    );
    me.hidden = mySlot === null;
    this.el = h(
      'div',
      { className: 'hud-status' },
      me,
      h('div', { className: 'hud-clock', testId: 'hud-clock' }, this.clock.node),
      this.dead,
    );
  }

  update(w: World): void {
    const left = w.settings.lengthFrames - w.frame;
    if (this.clock.changed(Math.ceil(left / FRAME_RATE))) this.clock.write(clockText(left, FRAME_RATE));
    if (this.mySlot === null) return;
    this.mass.set(playerMass(w, this.mySlot));
    const rank = rankOf(w, this.mySlot);
    if (this.rank.changed(rank)) this.rank.write(`#${rank} / ${w.settings.players}`);
    const dead = w.players.alive[this.mySlot] === 0;
    if (this.dead.hidden === dead) this.dead.hidden = !dead;
  }
}
