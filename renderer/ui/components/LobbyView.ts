/**
 * The LAN lobby's body, ready for the networked phase: the room name, the chosen map, one row
 * per player (colour, name, host mark, ready) and the host's Start button, enabled when everyone
 * is ready. Pure view: `update` takes the lobby state the session will provide; every name and
 * room string is set as text.
 */
import { t } from '../../i18n';
import { h } from '../dom';

export interface LobbyPlayer {
  readonly slot: number;
  readonly name: string;
  readonly color: string;
  readonly ready: boolean;
  readonly host: boolean;
}

export interface LobbyState {
  readonly room: string;
  readonly mapName: string;
  readonly players: readonly LobbyPlayer[];
  readonly isHost: boolean;
}

export class LobbyView {
  readonly el: HTMLElement;
  private readonly title = h('h2', { testId: 'lobby-room' });
  private readonly map = h('p', { className: 'status', testId: 'lobby-map' });
  private readonly list = h('div', { className: 'lobby-list', testId: 'lobby-players' });
  private readonly start: HTMLButtonElement;
  private readonly ready: HTMLButtonElement;

  constructor(actions: { start: () => void; ready: () => void; leave: () => void }) {
    this.start = h('button', { className: 'menu-button', testId: 'lobby-start', onClick: actions.start }, t('lobby.start'));
    this.ready = h('button', { className: 'menu-button', testId: 'lobby-ready', onClick: actions.ready }, t('lobby.ready'));
    this.el = h('div', { className: 'panel lobby', testId: 'lobby' }, this.title, this.map, this.list, h('div', { className: 'row' }, this.ready, this.start, h('button', { className: 'menu-button secondary', testId: 'lobby-leave', onClick: actions.leave }, t('lobby.leave'))));
  }

  update(s: LobbyState): void {
    this.title.textContent = s.room;
    this.map.textContent = t('lobby.map', { map: s.mapName });
    this.list.replaceChildren(
      ...s.players.map((p) => {
        const swatch = h('span', { className: 'swatch' });
        swatch.style.background = p.color;
        return h('div', { className: 'lobby-row', testId: `lobby-player-${p.slot}` }, swatch, h('span', { className: 'name' }, p.name), p.host ? h('span', { className: 'tag' }, t('lobby.host')) : null, h('span', { className: p.ready ? 'ready' : 'waiting' }, t(p.ready ? 'lobby.isReady' : 'lobby.notReady')));
      }),
    );
    this.start.hidden = !s.isHost;
    this.start.disabled = !s.players.every((p) => p.ready || p.host);
  }
}
