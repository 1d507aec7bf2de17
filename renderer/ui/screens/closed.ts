/**
 * The page after the game process went away (the browser shell's Quit, or the process stopped):
 * it says so and offers nothing to press, since nothing on the page can work any more.
 */
import { t } from '../../i18n';
import type { Screen } from '../App';
import { h } from '../dom';

export const closedScreen: Screen = (root) => {
  document.title = `${t('app.title')} — ${t('quit.title')}`;
  root.append(h('main', { className: 'panel closed', testId: 'closed' }, h('h2', {}, t('quit.title')), h('p', { className: 'arrives' }, t('quit.browser'))));
};
