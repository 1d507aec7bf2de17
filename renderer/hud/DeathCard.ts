/**
 * The death card: while your player is out, a short card in the middle of the view says who ate
 * you and how big they were then — "Eaten by Bo (8 400)", the eater's name in its colour and its
 * mass as the scoreboard shows it at that frame — and that you are coming back; it goes when you
 * respawn. Your death's kill-feed line can scroll away among others; this card cannot. Out with no
 * eater seen (a match joined or a replay seeked while you were out) it says only that you were
 * eaten. Spectators have no card. In last ball standing nobody comes back: the card says you are
 * out (eaten, or caught outside the closing area) and that the camera follows those still in.
 */
import { t } from '../i18n';
import { fillTemplate, h } from '../dom';
import type { PlayerInfo } from '../game/match';
import { massText } from '../game/ranking';
import { EventKind, playerMass, type SimEvents, type World } from '../game/simApi';

/** The slot that ate `slot`'s last cell in the frame of `ev`, or -1 (its PlayerEaten event). */
export function eaterOf(ev: SimEvents, slot: number): number {
  for (let i = 0; i < ev.count; i++) if (ev.kind(i) === EventKind.PlayerEaten && ev.arg(i, 1) === slot) return ev.arg(i, 0);
  return -1;
}

/** Whether `slot` was caught outside the closing area in the frame of `ev` (last ball standing). */
export function outOfArea(ev: SimEvents, slot: number): boolean {
  for (let i = 0; i < ev.count; i++) if (ev.kind(i) === EventKind.OutOfArea && ev.arg(i, 0) === slot) return true;
  return false;
}

export class DeathCard {
  readonly el: HTMLElement;
  private readonly by = h('div', { className: 'death-by', testId: 'death-by' });
  private readonly wait: HTMLElement;

  constructor(
    private readonly players: readonly PlayerInfo[],
    private readonly mySlot: number | null,
    private readonly lastStanding = false,
  ) {
    this.wait = h('div', { className: 'death-wait', testId: 'death-wait' }, t(lastStanding ? 'death.out' : 'death.respawning'));
    this.el = h('div', { className: 'death-card', testId: 'death-card' }, this.by, this.wait);
    this.el.hidden = true;
  }

  /** Reads one logic frame's events (after every step). */
  onStep(w: World): void {
    if (this.mySlot === null) return;
    const eater = eaterOf(w.events, this.mySlot);
    if (eater < 0 && this.lastStanding && outOfArea(w.events, this.mySlot)) {
      this.by.textContent = t('death.outOfArea');
      this.wait.hidden = false;
      this.el.hidden = false;
      return;
    }
    if (eater < 0) return;
    const p = this.players[eater];
    const name = h('span', { className: 'feed-name' }, p?.name ?? '?');
    if (p) name.style.color = p.color;
    this.by.replaceChildren(...fillTemplate(t('death.eatenBy'), { eater: name, mass: document.createTextNode(massText(playerMass(w, eater))) }));
    this.wait.hidden = false;
    this.el.hidden = false;
  }

  /** Per display frame: hidden while you play; out with no eater seen, the plain notice. */
  update(w: World): void {
    if (this.mySlot === null) return;
    const out = w.players.alive[this.mySlot] === 0;
    if (out === !this.el.hidden) return;
    this.el.hidden = !out;
    if (out) {
      this.by.textContent = t(this.lastStanding ? 'death.outPlain' : 'hud.respawning');
      this.wait.hidden = !this.lastStanding;
    }
  }
}
