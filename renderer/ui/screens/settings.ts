/**
 * Settings: name, colour, language (switches at once, no restart), graphics, key bindings,
 * discovery (with the mode in force and who forced it), replays, own-ball prediction, sound. The main
 * side validates and stores them; a refusal highlights the fields it names and says so in the
 * page's words.
 */
import type { Language, Settings, SettingsResult } from '../../../electron/contract';
import { errorText, setLanguage, t } from '../../i18n';
import type { AppContext, Screen } from '../App';
import { keyBindings } from '../components/keyBindings';
import { nameField } from '../components/nameField';
import { h } from '../dom';
import { softwareGl } from '../../view/sharedRenderer';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

function field(label: string, input: HTMLElement): HTMLLabelElement {
  return h('label', { className: 'field' }, h('span', {}, label), input);
}

function input(type: string, value: string, testId: string, attrs: Record<string, string> = {}): HTMLInputElement {
  const el = h('input', { testId, attrs: { type, ...attrs } });
  el.value = value;
  return el;
}

/** The settings fields main's validator names (settings.ts fieldsOf), by the test id of their input. */
const FIELD_INPUTS: Readonly<Record<string, string>> = {
  name: 'settings-name',
  color: 'settings-color',
  language: 'settings-language',
  graphics: 'settings-pixel-ratio',
  discovery: 'settings-discovery',
  keepReplays: 'settings-keep-replays',
  sound: 'settings-master',
};

/** Marks the fields a refusal names (their labels turn red) and returns their labels, in the page's words. */
function markInvalid(root: HTMLElement, fields: string): string {
  const labels: string[] = [];
  for (const f of fields.split(',')) {
    const field = root.querySelector(`[data-testid="${FIELD_INPUTS[f] ?? ''}"]`)?.closest('.field');
    field?.classList.add('invalid');
    const label = field?.querySelector('span')?.textContent;
    if (label) labels.push(label);
  }
  return labels.join(', ');
}

/** Saves through the main side (which validates); re-renders in the (maybe new) language. */
async function saveSettings(ctx: AppContext, root: HTMLElement, status: HTMLElement, next: Settings): Promise<void> {
  for (const el of root.querySelectorAll('.field.invalid')) el.classList.remove('invalid');
  try {
    const r = await ctx.bridge.request('settings:set', next);
    ctx.settings = r.settings;
    ctx.nameChosen = r.nameChosen;
    ctx.discovery = r.discovery;
    setLanguage(ctx.settings.language);
    ctx.rerender();
    root.querySelector('[data-testid="settings-status"]')!.textContent = t('common.saved');
  } catch (e) {
    const reason = (e as { reason?: { code: string; params?: Record<string, string | number> } }).reason;
    status.textContent = reason?.code === 'settings-invalid' ? t('reason.settings-invalid', { fields: markInvalid(root, String(reason.params?.['fields'] ?? '')) }) : errorText(e);
  }
}

/** The discovery mode in force and who chose it, under the setting (a forced mode wins over it). */
function discoveryNote(d: SettingsResult['discovery'] | null): HTMLElement | null {
  if (!d) return null;
  const mode = d.mode === 'off' || d.mode === 'all' ? t(`discovery.mode.${d.mode}`) : t('discovery.mode.interface', { name: d.mode });
  const forced = d.source === 'flag' || d.source === 'env';
  return h('p', { className: 'field-note', testId: 'settings-discovery-state' }, t('settings.discoveryInForce', { mode, by: t(`discovery.by.${d.source}`) }), forced ? ` ${t('settings.discoveryForced')}` : '');
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
  const master = input('range', String(s.sound.master), 'settings-master', { min: '0', max: '100', step: '1' });
  const effects = input('range', String(s.sound.effects), 'settings-effects', { min: '0', max: '100', step: '1' });
  const muted = input('checkbox', '', 'settings-muted');
  muted.checked = s.sound.muted;
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
      sound: { master: Number(master.value), effects: Number(effects.value), muted: muted.checked },
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
      softwareGl() ? h('p', { className: 'field-note', testId: 'settings-software-gl' }, t('settings.softwareGl')) : null,
      field(t('settings.pixelRatio'), ratio),
      field(t('settings.discovery'), discovery),
      discoveryNote(ctx.discovery),
      field(t('settings.keepReplays'), keep),
      field(t('settings.predict'), predict),
      field(t('settings.master'), master),
      field(t('settings.effects'), effects),
      field(t('settings.muted'), muted),
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
