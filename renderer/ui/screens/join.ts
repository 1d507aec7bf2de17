/**
 * Join LAN game: the live list of games found on the LAN (mDNS and the broadcast beacon, refreshed
 * by `lan:list` events), a line per discovery mechanism saying whether it works and why not, a line
 * for each listed host whose game port does not answer (seen, but a firewall drops the port), after
 * a few seconds of an empty list what the app heard on each interface and so the likely cause, and
 * join by address or by a host's join code, which always works. Every text from the network is set as text, never HTML.
 * Join (or Spectate) sends `net:join`; the lobby follows with the session, and a refusal comes
 * back here as `notice` (text) with the `address` that was tried, still in the box for a retry;
 * a room that was full or already playing comes with `offerSpectate`: a button joins it as a
 * spectator at once. A running match in which this app holds a stored session token
 * (main says so: LanGame.rejoin) offers Rejoin, which takes the old slot back mid-match.
 */
import type { DiscoveryInfo, LanGame, LanList, MechanismInfo } from '../../../electron/contract';
import { errorText, reasonText, t } from '../../i18n';
import { mapName } from '../../i18n/words';
import type { Screen } from '../App';
import { clear, h } from '../dom';
import { pageRoom } from '../session/PageRoom';

/** One discovery mechanism's line, in the page's words (interface names and the OS's problems are data). */
function mechanismLine(name: string, m: MechanismInfo, source: DiscoveryInfo['source']): string {
  const problems = m.problems.join('; ');
  switch (m.state) {
    case 'off': return source === 'flag' || source === 'env' ? t('discovery.offBy', { name, by: t(`discovery.by.${source}`) }) : t('discovery.off', { name });
    case 'ok': return t(m.problems.length > 0 ? 'discovery.okPartly' : 'discovery.ok', { name, interfaces: m.interfaces.join(', '), problems });
    case 'unavailable': return t('discovery.unavailable', { name, problems });
    default: return t(`discovery.${m.state}`, { name });
  }
}

/** How long the list may stay empty before the screen says why it probably is. */
const EXPLAIN_AFTER_MS = 4000;

/** Why no game is listed, as far as the app can tell: a sentence per interface mDNS looks on, and the networks it skips. */
function emptyListWhy(d: DiscoveryInfo): string[] {
  const lines = d.hearing.map((x) => t(!x.own ? 'join.why.noLoop' : x.others ? 'join.why.heard' : 'join.why.silent', { name: x.interface }));
  if (d.skipped.length > 0 && d.hearing.length > 0) lines.push(t('join.why.skipped', { looked: d.hearing.map((x) => x.interface).join(t('list.sep')), skipped: d.skipped.join(t('list.sep')) }));
  return lines;
}

function gameRow(game: LanGame, join: (g: LanGame, rejoin: boolean) => void): HTMLTableRowElement {
  const ping = game.pingMs !== null ? `${Math.round(game.pingMs)} ms` : game.portAnswers === false ? t('join.noAnswer') : '…';
  const row = h(
    'tr',
    { className: game.compatible ? 'lan-game' : 'lan-game incompatible', testId: 'lan-game' },
    h('td', { className: 'room' }, game.room),
    h('td', { className: 'map' }, mapName(game.map)),
    h('td', {}, `${game.players}/${game.maxPlayers}`),
    h('td', {}, t(`join.state.${game.state}`)),
    h('td', {}, ping),
    h(
      'td',
      {},
      ...(game.compatible
        ? [
            ...(game.rejoin ? [h('button', { className: 'menu-button small', testId: 'lan-rejoin', onClick: () => join(game, true) }, t('join.rejoin'))] : []),
            h('button', { className: game.rejoin ? 'menu-button small secondary' : 'menu-button small', testId: 'lan-join', onClick: () => join(game, false) }, t('join.join')),
          ]
        : [t('join.incompatibleVersion', { version: game.appVersion || '?' })]),
    ),
  );
  row.title = `${game.address}:${game.port} · ${game.via.join(', ')}`;
  return row;
}

export const joinScreen: Screen = (root, ctx, params) => {
  const tbody = h('tbody', { testId: 'lan-games' });
  const status = h('ul', { className: 'lan-status', testId: 'lan-status' });
  const message = h('p', { className: 'status', testId: 'join-message' }, params['notice'] ?? '');
  const address = h('input', { testId: 'join-address', attrs: { type: 'text', placeholder: t('join.addressHint'), maxlength: '64' } });
  address.value = params['address'] ?? '';

  const spectate = h('input', { testId: 'join-spectate', attrs: { type: 'checkbox' } });
  const join = (g: LanGame, rejoin: boolean): void => {
    message.textContent = t(rejoin ? 'join.rejoining' : 'join.joining', { room: g.room });
    // The lobby (or, rejoining, the match) comes with the session; a refusal comes back here as a notice.
    pageRoom(ctx).join(`${g.address}:${g.port}`, spectate.checked && !rejoin, rejoin).catch((e: Error) => (message.textContent = t('join.failed', { reason: errorText(e) })));
  };
  const openedAt = performance.now();
  let last: LanList | null = null;
  const render = (list: LanList): void => {
    last = list;
    clear(tbody);
    if (list.games.length === 0) tbody.append(h('tr', {}, h('td', { className: 'empty', attrs: { colspan: '6' } }, t('join.none'))));
    for (const g of list.games) tbody.append(gameRow(g, join));
    clear(status);
    const d = list.discovery;
    status.append(
      h('li', { className: `lan-${d.mdns.state}` }, mechanismLine(t('discovery.mdns'), d.mdns, d.source)),
      h('li', { className: `lan-${d.broadcast.state}` }, mechanismLine(t('discovery.broadcast'), d.broadcast, d.source)),
      h('li', {}, t('join.manualOk')),
    );
    // Seen, but its game port is silent: where the path breaks, and what fixes it (never blocks Join).
    for (const g of list.games) if (g.portAnswers === false) status.append(h('li', { className: 'lan-unavailable', testId: 'lan-port-silent' }, t('join.portSilent', { room: g.room, port: g.port })));
    for (const n of d.notes) status.append(h('li', {}, reasonText(n)));
    if (list.games.length === 0 && performance.now() - openedAt >= EXPLAIN_AFTER_MS) for (const why of emptyListWhy(d)) status.append(h('li', { className: 'lan-why', testId: 'lan-why' }, why));
  };
  const explain = setTimeout(() => last && render(last), EXPLAIN_AFTER_MS);
  const probe = async (): Promise<void> => {
    message.textContent = t('join.probing');
    const r = await ctx.bridge.request('lan:probe', { address: address.value.trim() });
    if (!r.ok) {
      message.textContent = reasonText(r.message);
      return;
    }
    clear(tbody);
    tbody.append(gameRow(r.game, join));
    message.textContent = t('join.found', { room: r.game.room });
    // Found: join it straight away (a running match this app left is taken back: Rejoin).
    join(r.game, r.game.rejoin);
  };

  // Refused because the room is full or playing: watching is still open.
  const tried = params['address'];
  const spectateTried = (): void => {
    if (!tried) return;
    message.textContent = t('join.joining', { room: tried });
    pageRoom(ctx).join(tried, true).catch((e: Error) => (message.textContent = t('join.failed', { reason: errorText(e) })));
  };
  const watch = params['offerSpectate'] && tried ? h('button', { className: 'menu-button small', testId: 'join-as-spectator', onClick: spectateTried }, t('join.spectate')) : null;

  address.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') void probe();
  });
  const off = ctx.bridge.on('lan:list', render);
  void ctx.bridge.request('lan:browse', { on: true }).then(render, (e: Error) => (message.textContent = errorText(e)));
  root.append(
    h(
      'main',
      { className: 'panel join' },
      h('h2', {}, t('join.title')),
      h('table', { className: 'lan-table' }, h('thead', {}, h('tr', {}, ...(['join.room', 'join.map', 'join.players', 'join.state', 'join.ping', 'join.action'] as const).map((k) => h('th', {}, t(k))))), tbody),
      status,
      h(
        'div',
        { className: 'row' },
        address,
        h('button', { className: 'menu-button small', testId: 'join-probe', onClick: () => void probe() }, t('join.byAddress')),
      ),
      h('label', { className: 'field' }, h('span', {}, t('join.spectate')), spectate),
      h('div', { className: 'join-message' }, message, watch),
      h('div', { className: 'row' }, h('button', { className: 'menu-button secondary', testId: 'back', onClick: () => ctx.show('menu') }, t('common.back'))),
    ),
  );
  return () => {
    clearTimeout(explain);
    off();
    void ctx.bridge.request('lan:browse', { on: false });
  };
};
