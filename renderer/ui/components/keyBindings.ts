/**
 * Key bindings editor for Settings: one button per action showing its key as printed on it ("W",
 * not "KeyW"; the code is its data-code); click it, press a key, and that key is bound. The rules
 * of a press are keyEdit.ts's: Esc cancels, a key of another action is shown as a conflict and
 * the player chooses — swap the two, or keep both as they were — and "Default keys" puts every
 * action back on its default (main's, from the settings answer). Works over whatever actions
 * the settings hold. Edits stay local until Settings is saved.
 */
import type { Action } from '../../../electron/contract';
import { t, type MessageKey } from '../../i18n';
import { keyName } from '../../i18n/words';
import { h } from '../dom';
import { pressKey, swapKeys } from './keyEdit';

export interface KeyBindingsEditor {
  readonly el: HTMLElement;
  /** The bindings as edited. */
  value(): Record<Action, string>;
  /** Stops a capture in progress (screen left). */
  dispose(): void;
}

const actionName = (a: Action): string => t(`action.${a}` as MessageKey);

/** `onChange` hears every edit (Settings tells unsaved changes). */
export function keyBindings(initial: Readonly<Record<Action, string>>, defaults: Readonly<Record<Action, string>> | null, onChange: () => void = () => undefined): KeyBindingsEditor {
  let keys: Readonly<Record<Action, string>> = { ...initial };
  const actions = Object.keys(keys) as Action[];
  const buttons = new Map<Action, HTMLButtonElement>();
  const conflict = h('div', { className: 'key-conflict', testId: 'key-conflict', attrs: { role: 'alert' } });
  conflict.hidden = true;
  let stopCapture: (() => void) | null = null;
  const label = (a: Action): void => {
    const b = buttons.get(a)!;
    b.textContent = keyName(keys[a]);
    b.dataset['code'] = keys[a];
  };
  const set = (next: Readonly<Record<Action, string>>): void => {
    keys = next;
    for (const a of actions) label(a);
    onChange();
  };
  const closeConflict = (): void => {
    conflict.hidden = true;
    conflict.replaceChildren();
  };
  /** `code`, pressed for `action`, is `other`'s key: say so and let the player choose. */
  const ask = (action: Action, other: Action, code: string): void => {
    const swap = h('button', { className: 'menu-button small', testId: 'key-conflict-swap', onClick: () => (closeConflict(), set(swapKeys(keys, action, other, code))) }, t('keys.swap', { action: actionName(other), key: keyName(keys[action]) }));
    const keep = h('button', { className: 'menu-button small secondary', testId: 'key-conflict-keep', onClick: () => closeConflict() }, t('keys.keep'));
    conflict.replaceChildren(h('p', {}, t('keys.conflict', { key: keyName(code), action: actionName(other), mine: actionName(action) })), h('div', { className: 'row' }, swap, keep));
    conflict.hidden = false;
    swap.focus();
  };

  const capture = (action: Action): void => {
    stopCapture?.();
    closeConflict();
    const button = buttons.get(action)!;
    button.textContent = t('keys.press');
    button.classList.add('capturing');
    const onKey = (e: KeyboardEvent): void => {
      e.preventDefault();
      e.stopPropagation();
      const r = pressKey(keys, action, e.code);
      if (r.t === 'ignored') return;
      stopCapture?.();
      if (r.t === 'bound') set(r.keys);
      else if (r.t === 'conflict') ask(action, r.other, r.code);
    };
    window.addEventListener('keydown', onKey, true);
    stopCapture = () => {
      window.removeEventListener('keydown', onKey, true);
      button.classList.remove('capturing');
      label(action);
      stopCapture = null;
    };
  };

  const rows = actions.map((a) => {
    const b = h('button', { className: 'key-button', testId: `key-${a}`, onClick: () => capture(a) });
    buttons.set(a, b);
    label(a);
    return h('div', { className: 'key-row' }, h('span', {}, actionName(a)), b);
  });
  const reset = defaults
    ? h('button', { className: 'small-button', testId: 'keys-defaults', onClick: () => (stopCapture?.(), closeConflict(), set({ ...keys, ...defaults })) }, t('keys.defaults'))
    : null;
  return {
    el: h('fieldset', { className: 'keys' }, h('legend', {}, t('settings.keys')), ...rows, conflict, reset ? h('div', { className: 'key-tools' }, reset) : null),
    value: () => ({ ...keys }),
    dispose: () => stopCapture?.(),
  };
}
