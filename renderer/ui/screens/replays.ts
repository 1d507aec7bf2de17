/**
 * The Replays screen: every replay in the user data folder, newest first, with its date, map,
 * players, length and winner; Watch opens the viewer. A damaged or incompatible file is listed
 * greyed with its message (from core/replay's reader) and cannot be opened. Names and messages come
 * from files: they are set as text, never HTML.
 */
import type { ReplayEntry } from '../../../electron/contract';
import { errorText, language, t } from '../../i18n';
import { mapName } from '../../i18n/words';
import type { Screen } from '../App';
import { h } from '../dom';
import { problemText } from './replayProblem';

/** m:ss of a length in seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function dateText(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(language(), { dateStyle: 'medium', timeStyle: 'short' });
}

function row(e: ReplayEntry, open: (id: string) => void): HTMLTableRowElement {
  const players = h('td', { className: 'players' }, String(e.players.length));
  players.title = e.players.join(', ');
  const action = e.error
    ? h('td', { className: 'replay-error error', testId: `replay-error-${e.id}` }, t('replays.damaged', { reason: problemText(e.error) }))
    : h('td', {}, h('button', { className: 'small-button', testId: `replay-open-${e.id}`, onClick: () => open(e.id) }, t('replays.watch')));
  return h(
    'tr',
    { className: e.error ? 'replay-row damaged' : 'replay-row', testId: `replay-row-${e.id}` },
    h('td', {}, dateText(e.date)),
    h('td', {}, e.mapId || e.map ? mapName(e.mapId, e.map) : '—'),
    players,
    h('td', {}, e.error ? '—' : clock(e.seconds)),
    h('td', { className: 'name' }, e.winner ?? '—'),
    action,
  );
}

export const replaysScreen: Screen = (root, ctx) => {
  const body = h('tbody');
  const status = h('p', { className: 'status', testId: 'replays-status' }, t('replays.loading'));
  const back = h('button', { className: 'menu-button secondary', testId: 'back', onClick: () => ctx.show('menu') }, t('common.back'));
  const head = h('thead', {}, h('tr', {}, ...(['replays.date', 'replays.map', 'replays.players', 'replays.length', 'replays.winner'] as const).map((k) => h('th', {}, t(k))), h('th', {})));
  root.append(h('main', { className: 'panel replays', testId: 'replays' }, h('h2', {}, t('replays.title')), status, h('table', { className: 'ranking replays-table', testId: 'replays-list' }, head, body), h('div', { className: 'row' }, back)));
  let alive = true;
  ctx.bridge.request('replays:list', null).then(
    (list) => {
      if (!alive) return;
      ctx.hook.replays = list.map((e) => ({ id: e.id, map: e.map, players: e.players.length, seconds: e.seconds, winner: e.winner, error: e.error }));
      status.textContent = list.length === 0 ? t('replays.empty') : '';
      body.replaceChildren(...list.map((e) => row(e, (id) => ctx.show('replay', { id }))));
    },
    (e: Error) => {
      if (alive) status.replaceChildren(h('span', { className: 'error' }, t('replays.failed', { reason: errorText(e) })));
    },
  );
  return () => {
    alive = false;
    delete ctx.hook.replays;
  };
};
