/**
 * The match HUD, laid over the 3D view: status (mass, rank, clock), minimap, kill feed, the
 * death card while you are out, scoreboard (Tab), F3 panel, grid readout, chat, pause banner,
 * Escape menu (with How to play, for the keys as bound) and the wait dialog.
 * `update` runs every display frame and writes the DOM only where something changed.
 */
import type { Action } from '../../electron/contract';
import type { Match } from '../game/match';
import { EventKind } from '../game/simApi';
import { t } from '../i18n';
import { keyName } from '../i18n/words';
import { h } from '../dom';
import type { MatchView } from '../view/MatchView';
import { ChatBox } from './ChatBox';
import { DeathCard } from './DeathCard';
import { KillFeed } from './KillFeed';
import { MatchMenu } from './MatchMenu';
import { Minimap } from './Minimap';
import { NetPanel, type FrameCosts } from './NetPanel';
import { Readout } from './Readout';
import { Scoreboard } from './Scoreboard';
import { StatusBar } from './StatusBar';
import { WaitDialog } from './WaitDialog';

export class Hud {
  readonly el: HTMLElement;
  readonly status: StatusBar;
  readonly minimap: Minimap;
  readonly feed: KillFeed;
  readonly death: DeathCard;
  readonly scoreboard: Scoreboard;
  readonly net = new NetPanel();
  readonly readout: Readout;
  readonly chat: ChatBox;
  readonly menu: MatchMenu;
  readonly wait: WaitDialog;
  /** Shown while sound is muted (with the mute key as bound). */
  readonly muted: HTMLElement;
  /** Networked notices (desync, drops); set as text. */
  readonly notice = h('div', { className: 'hud-notice', testId: 'net-notice' });

  constructor(
    private readonly session: Match,
    keys: Readonly<Record<Action, string>>,
    actions: { resume: () => void; leave: () => void; drop: (slots: number[]) => void },
  ) {
    const { map, players, mySlot } = session;
    this.status = new StatusBar(mySlot);
    this.minimap = new Minimap(map, players, mySlot);
    this.feed = new KillFeed(players, mySlot);
    this.death = new DeathCard(players, mySlot, session.world.settings.mode.lastStanding);
    this.scoreboard = new Scoreboard(players, mySlot);
    this.readout = new Readout(map);
    this.chat = new ChatBox(session);
    this.menu = new MatchMenu(keys, actions.resume, actions.leave);
    this.muted = h('div', { className: 'hud-muted', testId: 'hud-muted' }, t('hud.muted', { key: keyName(keys.mute) }));
    this.wait = new WaitDialog(actions.drop, actions.leave);
    this.notice.hidden = true;
    this.el = h(
      'div',
      { className: 'hud', testId: 'hud' },
      this.status.el,
      h('div', { className: 'hud-right' }, this.minimap.el),
      h('div', { className: 'hud-left' }, this.net.el, this.feed.el),
      this.death.el,
      this.scoreboard.el,
      this.readout.el,
      this.chat.el,
      this.menu.pauseBanner,
      this.notice,
      this.muted,
      this.menu.el,
      this.wait.el,
    );
  }

  setMuted(muted: boolean): void {
    this.muted.hidden = !muted;
  }

  /** Reads one logic frame's events (call after every step). */
  onStep(nowMs: number): void {
    const w = this.session.world;
    const ev = w.events;
    for (let i = 0; i < ev.count; i++) {
      const k = ev.kind(i);
      if (k === EventKind.PlayerEaten) this.feed.add(ev.arg(i, 0), ev.arg(i, 1), nowMs);
      else if (k === EventKind.OutOfArea) this.feed.addOut(ev.arg(i, 0), nowMs);
    }
    this.death.onStep(w);
  }

  /** Per display frame. */
  update(view: MatchView, costs: FrameCosts, nowMs: number): void {
    this.minimap.update(this.session.world, view.display, view.cells.shown, view.viewBounds, nowMs);
    this.updatePanels(costs, nowMs);
  }

  /** Everything but the minimap (a picture of what the view shows): also while nothing is drawn. */
  updatePanels(costs: FrameCosts, nowMs: number): void {
    const w = this.session.world;
    this.status.update(w);
    this.death.update(w);
    this.feed.update(nowMs);
    this.scoreboard.update(w, nowMs);
    this.net.update(this.session.net(), costs, nowMs);
    this.updateOverlays(nowMs);
  }

  /** Chat and the networked overlays (wait dialog, pause banner, notice): also while nothing is drawn. */
  updateOverlays(nowMs: number): void {
    this.chat.update();
    const o = this.session.overlay?.(nowMs);
    if (o) {
      this.wait.update(o.wait);
      if (this.menu.pauseBanner.hidden === o.paused) this.menu.pauseBanner.hidden = !o.paused;
      if (this.notice.textContent !== (o.notice ?? '')) this.notice.textContent = o.notice ?? '';
      this.notice.hidden = o.notice === null;
    }
  }
}
