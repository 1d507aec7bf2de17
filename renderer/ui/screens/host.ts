/**
 * Host LAN game: the room settings (room name, map with preview, match length, key-frame
 * interval, slots; the match length starts as offline's), then `net:host` with my Settings name
 * and colour. The session (phase lobby) moves to the lobby; a failure stays here and says why.
 */
import { paletteIndexOf } from '../../game/colors';
import { DEFAULT_SETTINGS } from '../../game/simApi';
import { errorText, t } from '../../i18n';
import { prewarmRenderer } from '../../view/sharedRenderer';
import type { Screen } from '../App';
import { RoomForm } from '../components/roomForm';
import { h } from '../dom';
import { pageRoom } from '../session/PageRoom';
import { DEFAULT_MATCH_MINUTES } from './offlineSetup';

export const hostScreen: Screen = (root, ctx) => {
  const net = pageRoom(ctx);
  const create = h('button', { className: 'menu-button', testId: 'host-create' }, t('host.create'));
  // A longest name plus "'s room" fits ROOM_NAME_BYTES, so the default is never refused or cut.
  // As long as an offline match unless the host picks another length (core's DEFAULT_SETTINGS keeps
  // 10 minutes for the headless tools and the protocol's tests).
  const defaults = { ...DEFAULT_SETTINGS, matchSeconds: DEFAULT_MATCH_MINUTES * 60, roomName: t('host.defaultRoom', { name: ctx.settings.name }) };
  const form = new RoomForm(ctx.bridge, defaults, (ok) => (create.disabled = !ok));
  const status = h('p', { className: 'status', testId: 'host-status' });
  prewarmRenderer();
  create.addEventListener('click', () => {
    create.disabled = true;
    status.textContent = t('host.creating');
    net.host({ name: ctx.settings.name, colour: paletteIndexOf(ctx.settings.color), settings: form.value() }).then(
      () => {
        // The lobby comes with the session's first update (PageRoom routes it); nothing else to do.
        if (net.session?.phase === 'lobby' && ctx.hook.screen === 'host') ctx.show('lobby');
      },
      (e: Error) => {
        create.disabled = false;
        status.textContent = t('host.failed', { reason: errorText(e) });
      },
    );
  });
  root.append(
    h(
      'main',
      { className: 'panel setup', testId: 'host-setup' },
      h('h2', {}, t('host.title')),
      h('div', { className: 'setup-grid' }, form.el, form.preview),
      status,
      h('div', { className: 'row' }, create, h('button', { className: 'menu-button secondary', testId: 'back', onClick: () => ctx.show('menu') }, t('common.back'))),
    ),
  );
  return () => form.dispose();
};
