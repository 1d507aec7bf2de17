/**
 * How to play, from the main menu: the controls as the player has bound them in Settings and the
 * rules in short (hud/HowToPlay.ts draws both; the match's Escape menu shows the same). The body
 * scrolls and Back stays in view below it at any window height, as in Settings.
 */
import { t } from '../../i18n';
import { howToPlay } from '../../hud/HowToPlay';
import type { Screen } from '../App';
import { h } from '../dom';

export const helpScreen: Screen = (root, ctx) => {
  root.append(
    h(
      'main',
      { className: 'panel help', testId: 'help' },
      h('h2', {}, t('help.title')),
      howToPlay(ctx.settings.keys),
      h('div', { className: 'help-actions' }, h('div', { className: 'row' }, h('button', { className: 'menu-button secondary', testId: 'back', onClick: () => ctx.show('menu') }, t('common.back')))),
    ),
  );
};
