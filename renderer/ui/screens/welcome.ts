/**
 * The first run: before the menu, the game asks the two things a LAN party needs to know — the
 * language (preselected from the system locale by renderer/main.ts; switching redraws the screen
 * at once) and the name others will see. It cannot be skipped: the menu sends a player without a
 * saved name here (menu.ts), and Play stays blocked, saying why, until the name rule accepts
 * what is typed. Both are saved with the other settings (`settings:set`). Params: `name` (the
 * name typed so far, kept across a language switch), `notice` (why we are here again, e.g. the
 * saved name is no longer allowed).
 */
import { MAX_NAME_BYTES } from '../../../core/lockstep';
import type { Language } from '../../../electron/contract';
import { errorText, language, setLanguage, t } from '../../i18n';
import type { Screen } from '../App';
import { nameField } from '../components/nameField';
import { LANGUAGE_NAMES } from '../components/languageNames';
import { h, setBlocked } from '../dom';

export const welcomeScreen: Screen = (root, ctx, params) => {
  const status = h('p', { className: 'status error', testId: 'first-name-status' }, params['notice'] ?? '');
  const play = h('button', { className: 'menu-button', testId: 'first-name-save' }, t('welcome.play'));
  const name = nameField(params['name'] ?? '', 'first-name', (ok) => setBlocked(play, ok ? null : t('welcome.needName')));
  const lang = h('select', { testId: 'first-language' }, ...(Object.keys(LANGUAGE_NAMES) as Language[]).map((l) => h('option', { attrs: { value: l } }, LANGUAGE_NAMES[l])));
  lang.value = language();
  lang.addEventListener('change', () => {
    setLanguage(lang.value as Language);
    ctx.show('welcome', { ...params, name: name.input.value });
  });

  let saving = false;
  const save = async (): Promise<void> => {
    const chosen = name.value();
    if (chosen === null || saving) return;
    saving = true;
    try {
      const saved = await ctx.bridge.request('settings:set', { ...ctx.settings, name: chosen, language: lang.value as Language });
      ctx.settings = saved.settings;
      ctx.nameChosen = saved.nameChosen;
      setLanguage(saved.settings.language);
      ctx.show('menu');
    } catch (e) {
      saving = false;
      status.textContent = t('firstName.failed', { reason: errorText(e) });
    }
  };
  play.addEventListener('click', () => void save());
  name.input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.isComposing) void save();
  });
  root.append(
    h(
      'main',
      { className: 'panel welcome', testId: 'first-name-prompt', attrs: { 'aria-labelledby': 'welcome-title' } },
      h('h1', { className: 'welcome-title', attrs: { id: 'welcome-title' } }, t('app.title')),
      h('p', { className: 'tagline' }, t('welcome.intro')),
      h('label', { className: 'field' }, h('span', {}, t('settings.language')), lang),
      h('h2', {}, t('firstName.title')),
      h('p', { className: 'field-note' }, t('firstName.hint'), ' ', t('name.limits', { max: MAX_NAME_BYTES, cjk: Math.floor(MAX_NAME_BYTES / 3) })),
      h('div', { className: 'welcome-name' }, name.el),
      status,
      h('div', { className: 'row' }, play),
    ),
  );
  name.input.focus();
};
