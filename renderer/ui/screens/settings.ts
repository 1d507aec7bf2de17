/**
 * Settings: name, colour, language (switches at once, no restart), graphics, key bindings,
 * discovery, replays, own-ball prediction. The main side validates and stores them; a refusal is shown with its reasons.
 */
import type { Language, Settings } from '../../../electron/contract';
import { setLanguage, t } from '../../i18n';
import type { AppContext, Screen } from '../App';
import { keyBindings } from '../components/keyBindings';
import { nameField } from '../components/nameField';
import { h } from '../dom';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

function field(label: string, input: HTMLElement): HTMLLabelElement {
  return h('label', { className: 'field' }, h('span', {}, label), input);
}

function input(type: string, value: string, testId: string, attrs: Record<string, string> = {}): HTMLInputElement {
  const el = h('input', { testId, attrs: { type, ...attrs } });
  el.value = value;
  return el;
}

/** Saves through the main side (which validates); re-renders in the (maybe new) language. */
async function saveSettings(ctx: AppContext, root: HTMLElement, status: HTMLElement, next: Settings): Promise<void> {
  try {
    const saved = await ctx.bridge.request('settings:set', next);
    ctx.settings = saved.settings;
    ctx.nameChosen = saved.nameChosen;
    setLanguage(ctx.settings.language);
    ctx.rerender();
    root.querySelector('[data-testid="settings-status"]')!.textContent = t('common.saved');
  } catch (e) {
    status.textContent = (e as Error).message;
  }
}

export const settingsScreen: Screen = (root, ctx) => {
  const s = ctx.settings;
  const saveButton = h('button', { className: 'menu-button', testId: 'settings-save', onClick: () => void save() }, t('common.save'));
  // The name rule is enforced as the user types: a refused name cannot be saved.
  const name = nameField(s.name, 'settings-name', (ok) => (saveButton.disabled = !ok));
  const color = input('color', s.color, 'settings-color');
  const lang = h('select', { testId: 'settings-language' }, ...(Object.keys(LANGUAGE_NAMES) as Language[]).map((l) => h('option', { attrs: { value: l } }, LANGUAGE_NAMES[l])));
  lang.value = s.language;
  const shadows = input('checkbox', '', 'settings-shadows');
  shadows.checked = s.graphics.shadows;
  const ratio = input('number', String(s.graphics.pixelRatio), 'settings-pixel-ratio', { min: '0.5', max: '2', step: '0.25' });
  const discovery = input('text', s.discovery, 'settings-discovery');
  const keep = input('number', String(s.keepReplays), 'settings-keep-replays', { min: '1', max: '1000' });
  const predict = input('checkbox', '', 'settings-predict');
  predict.checked = s.predictMyBall;
  const keys = keyBindings(s.keys);
  const status = h('p', { className: 'status', testId: 'settings-status' });

  const save = (): Promise<void> =>
    saveSettings(ctx, root, status, {
      ...s,
      name: name.value() ?? s.name,
      color: color.value,
      language: lang.value as Language,
      graphics: { shadows: shadows.checked, pixelRatio: Number(ratio.value) },
      discovery: discovery.value.trim(),
      keepReplays: Number(keep.value),
      predictMyBall: predict.checked,
      keys: keys.value(),
    });

  root.append(
    h(
      'main',
      { className: 'panel settings' },
      h('h2', {}, t('settings.title')),
      field(t('settings.name'), name.el),
      field(t('settings.color'), color),
      field(t('settings.language'), lang),
      field(t('settings.shadows'), shadows),
      field(t('settings.pixelRatio'), ratio),
      field(t('settings.discovery'), discovery),
      field(t('settings.keepReplays'), keep),
      field(t('settings.predict'), predict),
      keys.el,
      h(
        'div',
        { className: 'row' },
        saveButton,
        h('button', { className: 'menu-button secondary', testId: 'back', onClick: () => ctx.show('menu') }, t('common.back')),
      ),
      status,
    ),
  );
  return () => keys.dispose();
};
