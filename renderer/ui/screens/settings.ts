/**
 * Settings: name, colour, language (switches at once, no restart), graphics, key bindings,
 * discovery (with the mode in force and who forced it), replays, own-ball prediction, sound. The main
 * side validates and stores them; a refusal highlights the fields it names and says so in the
 * page's words. Save and Back stay in view below the scrolling fields at any window height; Back
 * with unsaved edits asks first (save, discard, or keep editing). On a computer drawing without a
 * graphics card the shadows box shows what is in force — off, and not offered — while the saved
 * preference is kept for a machine that can draw them.
 */
import type { Language, Settings, SettingsResult } from '../../../electron/contract';
import { errorText, setLanguage, t } from '../../i18n';
import { keyName } from '../../i18n/words';
import type { AppContext, Screen } from '../App';
import { keyBindings } from '../components/keyBindings';
import { LANGUAGE_NAMES } from '../components/languageNames';
import { nameField } from '../components/nameField';
import { h } from '../dom';
import { softwareGl } from '../../view/sharedRenderer';

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

/** Saves through the main side (which validates) and sets the page's language; whether it saved (a refusal is shown). */
async function saveSettings(ctx: AppContext, root: HTMLElement, status: HTMLElement, next: Settings): Promise<boolean> {
  for (const el of root.querySelectorAll('.field.invalid')) el.classList.remove('invalid');
  try {
    const r = await ctx.bridge.request('settings:set', next);
    ctx.settings = r.settings;
    ctx.nameChosen = r.nameChosen;
    ctx.discovery = r.discovery;
    ctx.defaultKeys = r.defaultKeys;
    setLanguage(ctx.settings.language);
    return true;
  } catch (e) {
    const reason = (e as { reason?: { code: string; params?: Record<string, string | number> } }).reason;
    status.textContent = reason?.code === 'settings-invalid' ? t('reason.settings-invalid', { fields: markInvalid(root, String(reason.params?.['fields'] ?? '')) }) : errorText(e);
    return false;
  }
}

/** The discovery mode in force and who chose it, under the setting (a forced mode wins over it). */
function discoveryNote(d: SettingsResult['discovery'] | null): HTMLElement | null {
  if (!d) return null;
  const mode = d.mode === 'off' || d.mode === 'all' ? t(`discovery.mode.${d.mode}`) : t('discovery.mode.interface', { name: d.mode });
  const forced = d.source === 'flag' || d.source === 'env';
  const first = d.interfaces[0];
  const virtual = d.interfaces.filter((i) => i.kind === 'virtual').map((i) => i.name);
  return h(
    'div',
    {},
    h('p', { className: 'field-note', testId: 'settings-discovery-state' }, t('settings.discoveryInForce', { mode, by: t(`discovery.by.${d.source}`) }), forced ? t('common.sentenceSep') + t('settings.discoveryForced') : ''),
    // Which address a hosted room offers first (its join code), and why: the choice is visible.
    h(
      'p',
      { className: 'field-note', testId: 'settings-discovery-interfaces' },
      first ? t('settings.hostedAt', { address: first.address, name: first.name, kind: t(`discovery.kind.${first.kind}`) }) : t('settings.noInterface'),
      virtual.length > 0 && first?.kind !== 'virtual' ? t('common.sentenceSep') + t('settings.virtualLast', { names: virtual.join(t('list.sep')) }) : '',
    ),
  );
}

/** The discovery setting as a choice (off, every interface, one named interface), not a word to type. */
function discoveryPicker(value: string): { el: HTMLElement; value(): string } {
  const mode = h(
    'select',
    { testId: 'settings-discovery' },
    h('option', { attrs: { value: 'off' } }, t('settings.discoveryOff')),
    h('option', { attrs: { value: 'all' } }, t('settings.discoveryAll')),
    h('option', { attrs: { value: 'one' } }, t('settings.discoveryOne')),
  );
  const one = value !== 'off' && value !== 'all';
  mode.value = one ? 'one' : value;
  const name = input('text', one ? value : '', 'settings-discovery-interface', { placeholder: t('settings.discoveryInterface'), maxlength: '32', spellcheck: 'false' });
  const show = (): void => void (name.hidden = mode.value !== 'one');
  mode.addEventListener('change', show);
  show();
  return { el: h('span', { className: 'discovery-picker' }, mode, name), value: () => (mode.value === 'one' ? name.value.trim() : mode.value) };
}

export const settingsScreen: Screen = (root, ctx, params) => {
  const s = ctx.settings;
  const saveButton = h('button', { className: 'menu-button', testId: 'settings-save', onClick: () => void save() }, t('common.save'));
  // The name rule is enforced as the user types: a refused name cannot be saved.
  const name = nameField(s.name, 'settings-name', (ok) => (saveButton.disabled = !ok));
  const color = input('color', s.color, 'settings-color');
  const lang = h('select', { testId: 'settings-language' }, ...(Object.keys(LANGUAGE_NAMES) as Language[]).map((l) => h('option', { attrs: { value: l } }, LANGUAGE_NAMES[l])));
  lang.value = s.language;
  // Shadows that cannot be drawn here are shown off and not offered; the preference itself is kept.
  const noShadows = softwareGl();
  const shadows = input('checkbox', '', 'settings-shadows');
  shadows.checked = s.graphics.shadows && !noShadows;
  shadows.disabled = noShadows;
  const ratio = input('number', String(s.graphics.pixelRatio), 'settings-pixel-ratio', { min: '0.5', max: '2', step: '0.25' });
  const discovery = discoveryPicker(s.discovery);
  const keep = input('number', String(s.keepReplays), 'settings-keep-replays', { min: '1', max: '1000' });
  const predict = input('checkbox', '', 'settings-predict');
  predict.checked = s.predictMyBall;
  const master = input('range', String(s.sound.master), 'settings-master', { min: '0', max: '100', step: '1' });
  const effects = input('range', String(s.sound.effects), 'settings-effects', { min: '0', max: '100', step: '1' });
  const muted = input('checkbox', '', 'settings-muted');
  muted.checked = s.sound.muted;
  const keys = keyBindings(s.keys, ctx.defaultKeys);
  const status = h('p', { className: 'status', testId: 'settings-status' }, params['saved'] ? t('common.saved') : '');

  /** The settings as edited (a name the rule refuses stays the saved one here: `unsaved` tells it apart). */
  const edited = (): Settings => ({
    ...s,
    name: name.value() ?? s.name,
    color: color.value,
    language: lang.value as Language,
    graphics: { shadows: noShadows ? s.graphics.shadows : shadows.checked, pixelRatio: Number(ratio.value) },
    discovery: discovery.value(),
    keepReplays: Number(keep.value),
    predictMyBall: predict.checked,
    sound: { master: Number(master.value), effects: Number(effects.value), muted: muted.checked },
    keys: keys.value(),
  });
  const unsaved = (): boolean => name.input.value.trim() !== s.name || JSON.stringify(edited()) !== JSON.stringify(s);
  /** Saves, then shows Settings again saying so (in the language maybe just chosen), or the menu. */
  const save = async (then: 'settings' | 'menu' = 'settings'): Promise<void> => {
    if (await saveSettings(ctx, root, status, edited())) ctx.show(then, then === 'settings' ? { saved: '1' } : {});
  };

  // Back with unsaved edits asks first; keeping on editing is the highlighted, focused choice. A
  // save the main side refuses closes the question, so the highlighted fields and reason show.
  const keepEditing = h('button', { className: 'menu-button', testId: 'unsaved-keep', onClick: () => void (confirm.hidden = true) }, t('settings.keepEditing'));
  const confirm = h(
    'div',
    { className: 'modal', testId: 'unsaved', attrs: { role: 'dialog', 'aria-modal': 'true' } },
    h(
      'div',
      { className: 'panel' },
      h('p', {}, t('settings.unsaved')),
      h(
        'div',
        { className: 'row' },
        keepEditing,
        h('button', { className: 'menu-button secondary', testId: 'unsaved-save', onClick: () => ((confirm.hidden = true), void save('menu')) }, t('settings.saveAndBack')),
        h('button', { className: 'menu-button danger', testId: 'unsaved-discard', onClick: () => ctx.show('menu') }, t('settings.discard')),
      ),
    ),
  );
  confirm.hidden = true;
  const back = (): void => {
    if (!unsaved()) return ctx.show('menu');
    confirm.hidden = false;
    keepEditing.focus();
  };

  root.append(
    h(
      'main',
      { className: 'panel settings' },
      h('h2', {}, t('settings.title')),
      h(
        'div',
        { className: 'settings-fields', testId: 'settings-fields' },
        field(t('settings.name'), name.el),
        field(t('settings.color'), color),
        field(t('settings.language'), lang),
        field(t('settings.shadows'), shadows),
        noShadows ? h('p', { className: 'field-note', testId: 'settings-software-gl' }, t('settings.softwareGl')) : null,
        field(t('settings.pixelRatio'), ratio),
        field(t('settings.discovery'), discovery.el),
        discoveryNote(ctx.discovery),
        field(t('settings.keepReplays'), keep),
        field(t('settings.predict'), predict),
        field(t('settings.master'), master),
        field(t('settings.effects'), effects),
        field(t('settings.muted', { key: keyName(s.keys.mute) }), muted),
        keys.el,
      ),
      h('div', { className: 'settings-actions' }, h('div', { className: 'row' }, saveButton, h('button', { className: 'menu-button secondary', testId: 'back', onClick: back }, t('common.back'))), status),
      confirm,
    ),
  );
  return () => keys.dispose();
};
