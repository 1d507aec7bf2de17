/**
 * The first-run question "what should others call you?", shown on the main menu until the player
 * has saved a name (SettingsResult.nameChosen). It does not block the menu: everything works with
 * the default name, but two players who never chose one would both be "Player".
 */
import { errorText, t } from '../../i18n';
import type { AppContext } from '../App';
import { h } from '../dom';
import { nameField } from './nameField';

export function firstNamePrompt(ctx: AppContext): HTMLElement {
  const status = h('p', { className: 'status', testId: 'first-name-status' });
  const ok = h('button', { className: 'menu-button', testId: 'first-name-save' }, t('firstName.save'));
  const name = nameField('', 'first-name', (valid) => (ok.disabled = !valid));
  const save = async (): Promise<void> => {
    const chosen = name.value();
    if (chosen === null) return;
    ok.disabled = true;
    try {
      const saved = await ctx.bridge.request('settings:set', { ...ctx.settings, name: chosen });
      ctx.settings = saved.settings;
      ctx.nameChosen = saved.nameChosen;
      ctx.rerender();
    } catch (e) {
      ok.disabled = false;
      status.textContent = t('firstName.failed', { reason: errorText(e) });
    }
  };
  ok.addEventListener('click', () => void save());
  name.input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.isComposing) void save();
  });
  return h(
    'section',
    { className: 'panel first-name', testId: 'first-name-prompt', attrs: { 'aria-labelledby': 'first-name-title' } },
    h('h2', { attrs: { id: 'first-name-title' } }, t('firstName.title')),
    h('p', {}, t('firstName.hint')),
    h('div', { className: 'row' }, name.el, ok),
    status,
  );
}
