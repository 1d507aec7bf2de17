/**
 * Key bindings editor for Settings: one button per action showing its key as printed on it ("W",
 * not "KeyW"; the code is its data-code); click it, press a key,
 * and that key is bound (a key already used by another action moves over: the two swap).
 * Only codes the settings validator accepts (letters and digits, e.g. "KeyW", "F3") are taken.
 * Edits stay local until Settings is saved.
 */
import type { Action } from '../../../electron/contract';
import { t, type MessageKey } from '../../i18n';
import { keyName } from '../../i18n/words';
import { h } from '../dom';

const KEY_CODE = /^[A-Za-z0-9]{1,24}$/;

export interface KeyBindingsEditor {
  readonly el: HTMLElement;
  /** The bindings as edited. */
  value(): Record<Action, string>;
  /** Stops a capture in progress (screen left). */
  dispose(): void;
}

export function keyBindings(initial: Readonly<Record<Action, string>>): KeyBindingsEditor {
  const keys = { ...initial };
  const buttons = new Map<Action, HTMLButtonElement>();
  let stopCapture: (() => void) | null = null;
  const label = (a: Action): void => {
    const b = buttons.get(a)!;
    b.textContent = keyName(keys[a]);
    b.dataset['code'] = keys[a];
  };

  const capture = (action: Action): void => {
    stopCapture?.();
    const button = buttons.get(action)!;
    button.textContent = t('keys.press');
    button.classList.add('capturing');
    const onKey = (e: KeyboardEvent): void => {
      e.preventDefault();
      e.stopPropagation();
      if (!KEY_CODE.test(e.code)) return;
      const other = (Object.keys(keys) as Action[]).find((a) => a !== action && keys[a] === e.code);
      if (other) {
        keys[other] = keys[action];
        label(other);
      }
      keys[action] = e.code;
      stopCapture?.();
    };
    window.addEventListener('keydown', onKey, true);
    stopCapture = () => {
      window.removeEventListener('keydown', onKey, true);
      button.classList.remove('capturing');
      label(action);
      stopCapture = null;
    };
  };

  const rows = (Object.keys(keys) as Action[]).map((a) => {
    const b = h('button', { className: 'key-button', testId: `key-${a}`, onClick: () => capture(a) });
    buttons.set(a, b);
    label(a);
    return h('div', { className: 'key-row' }, h('span', {}, t(`action.${a}` as MessageKey)), b);
  });
  return {
    el: h('fieldset', { className: 'keys' }, h('legend', {}, t('settings.keys')), ...rows),
    value: () => ({ ...keys }),
    dispose: () => stopCapture?.(),
  };
}
