/** The stand-in for a menu entry whose capability has not landed yet: says what brings it. */
import { t, type MessageKey } from '../../i18n';
import type { Screen } from '../App';
import { h } from '../dom';

const MESSAGES: Record<string, MessageKey> = {
  offline: 'arrives.offline',
  host: 'arrives.host',
  join: 'arrives.join',
  replays: 'arrives.replays',
};

export const arrivesScreen: Screen = (root, ctx, params) => {
  const key = MESSAGES[params['feature'] ?? ''] ?? 'arrives.offline';
  root.append(
    h(
      'main',
      { className: 'panel', testId: `arrives-${params['feature'] ?? ''}` },
      h('p', { className: 'arrives' }, t(key)),
      h('button', { className: 'menu-button', testId: 'back', onClick: () => ctx.show('menu') }, t('common.back')),
    ),
  );
};
