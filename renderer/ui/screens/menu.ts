/**
 * The main menu: the first real screen, in both shells. Param `notice`: why a LAN room ended, shown as text. Until a name is saved there is no
 * menu: the first-run screen (welcome.ts) asks for the language and a name first.
 */
import { t, type MessageKey } from '../../i18n';
import type { Screen } from '../App';
import { h } from '../dom';

export const menuScreen: Screen = (root, ctx, params) => {
  if (!ctx.nameChosen) return void ctx.show('welcome', params);
  const entry = (key: MessageKey, testId: string, go: () => void): HTMLButtonElement =>
    h('button', { className: 'menu-button', testId, onClick: go }, t(key));
  root.append(
    h(
      'main',
      { className: 'menu' },
      h('div', { className: 'menu-balls', attrs: { 'aria-hidden': 'true' } }, ...[0, 1, 2, 3, 4].map((i) => h('span', { className: `ball ball-${i}` }))),
      h('h1', { className: 'title', testId: 'title' }, t('app.title')),
      h('p', { className: 'tagline' }, t('app.tagline')),
      // Why a LAN room ended (kicked, host gone…): from the network, so text only.
      params['notice'] ? h('p', { className: 'status error notice', testId: 'menu-notice' }, params['notice']) : null,
      h(
        'nav',
        { className: 'menu-buttons' },
        entry('menu.offline', 'menu-offline', () => ctx.show('offline')),
        entry('menu.host', 'menu-host', () => ctx.show('host')),
        entry('menu.join', 'menu-join', () => ctx.show('join')),
        entry('menu.replays', 'menu-replays', () => ctx.show('replays')),
        entry('menu.help', 'menu-help', () => ctx.show('help')),
        entry('menu.settings', 'menu-settings', () => ctx.show('settings')),
        // The game process stops: the bridge's close brings up the 'closed' page (renderer/main.ts).
        entry('menu.quit', 'menu-quit', () => void ctx.bridge.request('app:quit', null)),
      ),
      h('footer', { className: 'footer' }, t('footer.version', { version: ctx.info.appVersion, protocol: ctx.info.protocolVersion, shell: t(ctx.info.shell === 'browser' ? 'shell.browser' : 'shell.electron') })),
    ),
  );
};
